/**
 * Saved SQL names its parameters as `{{name}}`, the placeholder analysts know from Metabase, Mode,
 * Redash and Hex. Before running, each becomes a DuckDB named parameter `$name` and its value is
 * bound to the prepared statement: values are never spliced into the SQL text.
 */
const placeholder = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

export function placeholders(sql: string): string[] {
  return [...new Set([...sql.matchAll(placeholder)].map((match) => match[1]!))];
}

export function toBoundSql(sql: string): string {
  return sql.replace(placeholder, (_match, name: string) => `$${name}`);
}

export interface DeclaredParameter {
  name: string;
  type?: string | null;
  description?: string | null;
  defaultValue?: string | null;
}

export type BoundValue = string | number | boolean | null;

const numberTypes = new Set(['number', 'numeric', 'integer', 'int', 'float', 'double', 'decimal', 'bigint']);

/**
 * The value of each placeholder: the execute call's value (the empty string too), else the declared default, converted by the
 * declared type. Throws a readable message when one is missing or does not fit its type.
 */
export function bindValues(sql: string, declared: DeclaredParameter[], given: Record<string, unknown>): Record<string, BoundValue> {
  const values: Record<string, BoundValue> = {};
  for (const name of placeholders(sql)) {
    const declaration = declared.find((p) => p.name === name);
    // a value given, '' included, is the value; only a parameter left out takes the default (a default of '' is none)
    const raw = Object.hasOwn(given, name) ? given[name] : declaration?.defaultValue || undefined;
    if (raw === undefined) throw new Error(`parameter "${name}" has no value and no default`);
    const type = (declaration?.type ?? 'text').toLowerCase();
    values[name] = convert(name, raw, type);
  }
  return values;
}

function convert(name: string, raw: unknown, type: string): BoundValue {
  if (raw === null) return null;
  if (numberTypes.has(type)) {
    const number = typeof raw === 'number' ? raw : Number(String(raw).trim());
    if (String(raw).trim() === '' || !Number.isFinite(number)) throw new Error(`parameter "${name}" must be a number, got ${JSON.stringify(raw)}`);
    return number;
  }
  // DuckDB's CAST reads loosely ('2026-06-01 junk' is a date), so a date or time value must look like one.
  if (
    (type === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(String(raw))) ||
    ((type === 'timestamp' || type === 'datetime') && !/^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(String(raw)))
  ) {
    throw new Error(`parameter "${name}" must be a ${type} (YYYY-MM-DD${type === 'date' ? '' : ' hh:mm:ss'}), got ${JSON.stringify(raw)}`);
  }
  if (type === 'boolean' || type === 'bool') {
    if (raw === true || raw === 'true') return true;
    if (raw === false || raw === 'false') return false;
    throw new Error(`parameter "${name}" must be true or false, got ${JSON.stringify(raw)}`);
  }
  return typeof raw === 'string' ? raw : JSON.stringify(raw);
}
