import { plain } from './cells.js';

/** RFC 4180: fields with a comma, quote, CR or LF are quoted, quotes doubled; records end in CRLF. */
export function csvRecord(values: unknown[]): string {
  return `${values.map((value) => csvField(plain(value))).join(',')}\r\n`;
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** TSV (IANA text/tab-separated-values): no quoting, so tab, newline, CR and backslash are escaped. */
export function tsvRecord(values: unknown[]): string {
  return `${values.map((value) => tsvField(plain(value))).join('\t')}\n`;
}

function tsvField(text: string): string {
  return text.replace(/[\\\t\n\r]/g, (char) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[char]!);
}
