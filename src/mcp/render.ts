/** The text twin of a tool's structured answer, for clients that read text only: lines of fields, small tables. */

const cellWidth = 60;
const tableRows = 50;

/** SQL NULL is `NULL`, an empty string nothing, so that neither reads as the text `-`. */
function cell(value: unknown): string {
  const text = value === null ? 'NULL' : value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  const flat = text.replace(/\s+/g, ' ').replace(/\|/g, '\\|');
  return flat.length > cellWidth ? `${flat.slice(0, cellWidth - 1)}…` : flat;
}

/** A Markdown table of the first rows, with the columns given or those of the first row. */
export function table(rows: Record<string, unknown>[], columns: string[] = Object.keys(rows[0] ?? {})): string {
  if (!rows.length || !columns.length) return '(no rows)';
  const shown = rows.slice(0, tableRows);
  const lines = [
    `| ${columns.map(cell).join(' | ')} |`,
    `|${columns.map(() => ' --- ').join('|')}|`,
    ...shown.map((row) => `| ${columns.map((c) => cell(row[c])).join(' | ')} |`),
  ];
  const more = rows.length - shown.length;
  if (more > 0) lines.push(`(${more} more row${more === 1 ? '' : 's'} in the structured result)`);
  return lines.join('\n');
}

function isRecords(value: unknown): value is Record<string, unknown>[] {
  return Array.isArray(value) && value.length > 0 && value.every((item) => item !== null && typeof item === 'object' && !Array.isArray(item));
}

/**
 * Scalars as `name: value` lines, lists of objects as tables (rows under their `columns` when the answer
 * names them), and an object (a resource) as its own lines, with long texts (SQL, prompts) kept whole.
 */
export function render(data: Record<string, unknown>): string {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (key === 'columns') continue;
    if (isRecords(value)) lines.push(`${key}:`, table(value, key === 'rows' && Array.isArray(data.columns) ? (data.columns as string[]) : undefined));
    else if (value && typeof value === 'object' && !Array.isArray(value))
      lines.push(`${key}:`, ...Object.entries(value).map(([field, inner]) => `  ${field}: ${typeof inner === 'string' ? inner : JSON.stringify(inner)}`));
    else lines.push(`${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  return lines.join('\n');
}
