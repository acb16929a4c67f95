import { usageError } from '../errors.js';

/**
 * SQL that is empty or only whitespace is refused before anything is sent: saved, it would silently replace a
 * query's SQL (an empty pipe, an unset variable). `source` names where it came from: a flag, a file, a field.
 */
export function requireSql(sql: string, source: string, hint = 'check what is passed or piped in (an empty file, an unset variable)'): string {
  if (sql.trim() === '') throw usageError(`${source} is ${sql === '' ? 'empty' : 'only whitespace'}: a query needs SQL, nothing was sent`, hint);
  return sql;
}
