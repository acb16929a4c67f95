import { plain } from './cells.js';

/**
 * RFC 4180 quoting: fields with a comma, quote, CR or LF are quoted, quotes doubled. Records end in LF, as
 * psql --csv and DuckDB write them, so that awk and cut read clean values; `--crlf` asks for RFC 4180's CRLF.
 */
export function csvRecord(values: unknown[], lineEnd: '\n' | '\r\n' = '\n'): string {
  return `${values.map((value) => csvField(plain(value))).join(',')}${lineEnd}`;
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
