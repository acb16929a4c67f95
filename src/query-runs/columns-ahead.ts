import type { HttpClient } from '../api/http.js';
import type { Query } from '../api/schemas/queries.js';
import type { ChartChoice } from '../output/chart-data.js';
import type { Context } from '../context.js';
import type { Output } from '../output/output.js';
import { checkFields } from '../output/field-selection.js';
import { knownColumns } from '../workspace/query-columns.js';
import { chartPlanOf } from './rows.js';

/**
 * `execute --wait --json a,b` picks columns of the result, and `-o chart` draws some, which exist only once
 * the run ends. When the query's last successful run came after its last change, its columns are the ones
 * this run will have: check the fields (and the chart's columns) against them before a run is started.
 */
export async function checkColumnsAhead(ctx: Context, http: HttpClient, output: Output, query: Query, chart: ChartChoice): Promise<void> {
  const fields = ctx.settings.jsonFields;
  const drawn = output.format === 'chart';
  if (!fields && !drawn) return;
  // a courtesy: columns that cannot be read (a purged result, a passing 5xx) leave the check to after the run
  const known = await knownColumns(http, query).catch(() => undefined);
  if (!known?.columns?.length || known.changedSince) return;
  if (fields)
    checkFields(
      fields,
      known.columns.map((column) => column.name),
    );
  // no rows yet: names, and types where the server gives them
  if (drawn) chartPlanOf(known.columns, [], chart);
}
