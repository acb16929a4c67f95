import { isUuid } from '../../api/resolve.js';
import { usageError } from '../../errors.js';

export function checkRunId(runId: string, what = 'query run'): string {
  if (!isUuid(runId)) throw usageError(`invalid ${what} id "${runId}": must be a UUID`);
  return runId;
}
