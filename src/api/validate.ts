import type { ZodType } from 'zod';
import { usageError } from '../errors.js';

function show(value: unknown): string {
  if (typeof value === 'string' && value.length > 60) return `${JSON.stringify(`${value.slice(0, 57)}...`)} (${value.length} characters)`;
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * Checks a request against its schema before anything is sent. A violation is a usage error (exit 2)
 * naming the flag (or field), the value and the rule. `flags` maps top-level field names to flag names.
 */
export function validateRequest<T>(schema: ZodType<T>, value: unknown, flags: Record<string, string> = {}): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      const where = issue.path.length ? ` in ${issue.path.map(String).join('.')}` : '';
      return `field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `"${key}"`).join(', ')}${where}: not a field of this request`;
    }
    const [first, ...rest] = issue.path.map(String);
    const flag = first === undefined ? 'request body' : flags[first];
    const name = flag ? (rest.length ? `${flag} (${[first, ...rest].join('.')})` : flag) : issue.path.map(String).join('.');
    const bad = valueAt(value, issue.path);
    return `${name}${bad === undefined ? '' : ` ${show(bad)}`}: ${issue.message}`;
  });
  const [head, ...more] = lines;
  return throwUsage(`invalid ${head}`, more);
}

function throwUsage(message: string, more: string[]): never {
  throw usageError(message, more.length ? `also: ${more.join('; ')}` : undefined);
}
