import { numberText, plain } from './cells.js';

/**
 * RFC 4180 quoting: fields with a comma, quote, CR or LF are quoted, quotes doubled. Records end in LF, as
 * psql --csv and DuckDB write them, so that awk and cut read clean values; `--crlf` asks for RFC 4180's CRLF.
 * NULL (or a field not sent) is an empty field and the empty string `""`, as DuckDB's and psql's CSV write
 * them, so that a reader can tell the two apart (DuckDB's read_csv with allow_quoted_nulls = false).
 */
export function csvRecord(values: unknown[], lineEnd: '\n' | '\r\n' = '\n', safe: boolean | undefined = false): string {
  let text = '';
  for (let i = 0; i < values.length; i++) text += (i === 0 ? '' : ',') + csvField(values[i], safe);
  return text + lineEnd;
}

/** What a spreadsheet reads as a formula (OWASP, "CSV Injection"): a cell starting with one of these. */
const formulaStart = /^[=+\-@\t\r]/;

function csvField(value: unknown, safe: boolean): string {
  if (value === null || value === undefined) return '';
  let text = plain(value);
  if (text === '') return '""';
  // --csv-safe: text a spreadsheet would run as a formula is kept as text by a leading '; numbers stay numbers
  if (safe && typeof value === 'string' && formulaStart.test(text) && !numberText.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * TSV (IANA text/tab-separated-values): no quoting, so tab, newline, CR and backslash are escaped, and NULL is
 * `\N`, as in PostgreSQL's text format and COPY (the empty string is an empty field; a field not sent too).
 */
export function tsvRecord(values: unknown[]): string {
  let text = '';
  for (let i = 0; i < values.length; i++) text += (i === 0 ? '' : '\t') + tsvField(values[i]);
  return `${text}\n`;
}

function tsvField(value: unknown): string {
  if (value === null) return '\\N';
  return plain(value).replace(/[\\\t\n\r]/g, (char) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[char]!);
}
