import { usageError } from '../errors.js';

/** Fails with the valid field names when `--json a,b` names a field the resource does not have. */
export function checkFields(requested: string[], valid: readonly string[]): void {
  const unknown = requested.filter((field) => !valid.includes(field));
  if (unknown.length > 0) {
    throw usageError(`unknown JSON field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}; valid fields: ${valid.join(', ')}`);
  }
}

/** Keeps only the requested fields of an item, in the order they were asked for. */
export function pickFields(item: unknown, fields: string[] | undefined): unknown {
  if (fields === undefined || typeof item !== 'object' || item === null) return item;
  const record = item as Record<string, unknown>;
  return Object.fromEntries(fields.map((field) => [field, record[field] ?? null]));
}
