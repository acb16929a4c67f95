import { usageError } from '../errors.js';

/**
 * SQL that is empty or only whitespace is refused before anything is sent: saved, it would silently replace a
 * query's SQL (an empty pipe, an unset variable). So is SQL with a NUL character: a database reading SQL as a C
 * string would run only the text before it. `source` names where it came from: a flag, a file, a field.
 */
export function requireSql(sql: string, source: string, hint = 'check what is passed or piped in (an empty file, an unset variable)'): string {
  if (sql.trim() === '') throw usageError(`${source} is ${sql === '' ? 'empty' : 'only whitespace'}: a query needs SQL, nothing was sent`, hint);
  const nul = nulAt(sql);
  if (nul)
    throw usageError(
      `${source} holds a NUL character (line ${nul.line}, column ${nul.column}): SQL cannot hold one; nothing was sent`,
      'remove it; a file full of them is UTF-16 or not text',
    );
  return sql;
}

/** Where SQL holds a NUL character, line and column from 1, if it does. */
export function nulAt(sql: string): { line: number; column: number } | undefined {
  const at = sql.indexOf('\0');
  if (at < 0) return undefined;
  const lines = sql.slice(0, at).split('\n');
  return { line: lines.length, column: [...lines.at(-1)!].length + 1 };
}

/**
 * SQL with one line end, LF: what ws sends from a file, writes to one and compares, so that a file saved with
 * Windows line ends (CRLF) is the same query as one with LF. A CR alone is left as it is.
 */
export function lfLineEnds(sql: string): string {
  return sql.replace(/\r\n/g, '\n');
}
