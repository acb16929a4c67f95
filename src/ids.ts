import { usageError } from './errors.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Any UUID-shaped string (8-4-4-4-12 hex): the API promises no version or variant. */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

/** An id that must be a UUID, checked before any request: exit 2 naming what it should identify. */
export function requireUuid(value: string, what: string): string {
  if (!isUuid(value)) throw usageError(`invalid ${what} id "${value}": must be a UUID`);
  return value;
}
