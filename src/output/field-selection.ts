import { usageError } from '../errors.js';

/**
 * Whether `--json` may pick this name: a field, or a path into one as csv headers show it
 * (`lastQueryRun.status`).
 */
export function known(field: string, valid: readonly string[]): boolean {
  return valid.includes(field) || (field.includes('.') && valid.includes(field.slice(0, field.indexOf('.'))) && !field.split('.').includes(''));
}

/** Fails with the valid field names when `--json a,b` names a field the resource does not have. */
export function checkFields(requested: string[], valid: readonly string[]): void {
  const unknown = requested.filter((field) => !known(field, valid));
  if (unknown.length > 0) {
    throw usageError(`unknown JSON field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}; valid fields: ${valid.join(', ')}`);
  }
}

/** The value at a field or a dotted path (`lastQueryRun.status`); a key holding the dot itself wins. */
export function valueAt(item: unknown, path: string): unknown {
  if (typeof item !== 'object' || item === null) return undefined;
  const record = item as Record<string, unknown>;
  if (Object.hasOwn(record, path) || !path.includes('.')) return Object.hasOwn(record, path) ? record[path] : undefined;
  const dot = path.indexOf('.');
  return valueAt(record[path.slice(0, dot)], path.slice(dot + 1));
}

/** Keeps only the requested fields of an item, in the order asked; a path keeps its nesting. */
export function pickFields(item: unknown, fields: string[] | undefined): unknown {
  if (fields === undefined || typeof item !== 'object' || item === null) return item;
  const record = item as Record<string, unknown>;
  const picked: Record<string, unknown> = {};
  for (const field of fields) {
    if (Object.hasOwn(record, field) || !field.includes('.')) {
      picked[field] = record[field] ?? null;
      continue;
    }
    const [head, ...rest] = field.split('.');
    const inner = picked[head!];
    const nested = pickFields(record[head!], [rest.join('.')]);
    picked[head!] = typeof inner === 'object' && inner !== null && typeof nested === 'object' && nested !== null ? { ...inner, ...nested } : (nested ?? null);
  }
  return picked;
}
