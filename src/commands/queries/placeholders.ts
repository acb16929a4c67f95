/**
 * `{{name}}` placeholders in saved SQL (the form Metabase, Mode, Redash and Hex use), as the emulator reads
 * them (src/emulator/sql-parameters.ts): letters, digits and _, spaces allowed inside the braces.
 */
const placeholder = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** The placeholders of `sql` that no parameter declares, each once, in order of appearance. */
export function undeclaredPlaceholders(sql: string, declared: readonly { name: string }[]): string[] {
  const names = new Set(declared.map((parameter) => parameter.name));
  return [...new Set([...sql.matchAll(placeholder)].map((match) => match[1]!))].filter((name) => !names.has(name));
}
