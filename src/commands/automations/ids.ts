import { isUuid } from '../../api/resolve.js';
import { usageError } from '../../errors.js';

export function checkUuid(value: string, what: string): string {
  if (!isUuid(value)) throw usageError(`invalid ${what} id "${value}": must be a UUID`);
  return value;
}
