import { getQueryRunResult } from '../../api/query-runs.js';
import type { HttpClient } from '../../api/http.js';
import type { Query } from '../../api/schemas/queries.js';
import type { ChartChoice } from '../../output/chart-data.js';
import { checkFields } from '../../output/fields.js';
import { columnNames } from '../../workspace/query-runs.js';
import { chartPlanOf, resultColumns } from '../latest-data.js';

/**
 * `execute --wait --json a,b` picks columns of the result, and `-o chart` draws some, which exist only once
 * the run ends. When the query's last successful run came after its last change, its columns are the ones
 * this run will have: check the fields (and the chart's columns) against them before a run is started.
 */
export async function checkColumnsAhead(http: HttpClient, query: Query, wanted: { fields?: string[]; chart?: ChartChoice }): Promise<void> {
  if (!query.lastSuccessfulRunId) return;
  // a courtesy: a result that cannot be read (purged, a passing 5xx) leaves the check to after the run
  const last = await getQueryRunResult(http, query.lastSuccessfulRunId).catch(() => undefined);
  if (!last || Date.parse(last.createdAt) < Date.parse(query.updatedAt)) return;
  const names = columnNames(last.columnSchema, undefined);
  if (!names.length) return;
  if (wanted.fields) checkFields(wanted.fields, names);
  // no rows yet: names, and types where the server gives them
  if (wanted.chart) chartPlanOf(resultColumns(last.columnSchema, names), [], wanted.chart);
}
