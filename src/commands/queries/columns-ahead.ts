import { getQueryRunResult } from '../../api/query-runs.js';
import type { HttpClient } from '../../api/http.js';
import type { Query } from '../../api/schemas/queries.js';
import { checkFields } from '../../output/fields.js';
import { columnNames } from '../../workspace/query-runs.js';

/**
 * `execute --wait --json a,b` picks columns of the result, which exist only once the run ends. When the
 * query's last successful run came after its last change, its columns are the ones this run will have:
 * check the fields against them before a run is started, not after.
 */
export async function checkColumnsAhead(http: HttpClient, query: Query, fields: string[]): Promise<void> {
  if (!query.lastSuccessfulRunId) return;
  // a courtesy: a result that cannot be read (purged, a passing 5xx) leaves the check to after the run
  const last = await getQueryRunResult(http, query.lastSuccessfulRunId).catch(() => undefined);
  if (!last || Date.parse(last.createdAt) < Date.parse(query.updatedAt)) return;
  const names = columnNames(last.columnSchema, undefined);
  if (names.length) checkFields(fields, names);
}
