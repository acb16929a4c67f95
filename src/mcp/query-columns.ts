import * as z from 'zod';
import type { HttpClient } from '../api/http.js';
import type { Query } from '../api/schemas/queries.js';
import { WsError } from '../errors.js';
import { knownColumns, type KnownColumns } from '../workspace/query-columns.js';
import { callText } from './tool.js';

export const columnsSchema = () => z.array(z.object({ name: z.string(), type: z.string().optional() })).nullable();

/** The fields get_query (and list_queries, on request) add to a query: the columns of its last completed run. */
export const columnFields = {
  columns: columnsSchema().describe("the columns of the query's last completed run (name, and type where the API gives it); null when there is none"),
  columns_of_run: z.string().nullable().describe('the run the columns are of'),
  columns_may_differ: z.boolean().describe('the query was updated after that run: its SQL may have changed since, and the columns with it'),
  columns_note: z.string().optional(),
};

/** What an assistant is told of the columns it got (or did not). */
function note(query: Query, known: KnownColumns & { failure?: string }): string | undefined {
  if (known.failure) return `the columns of run ${known.runId} could not be read: ${known.failure}`;
  if (!known.runId)
    return `no completed run yet: the columns are known once one completes (${callText({ tool: 'execute_query', arguments: { query: query.slug } })})`;
  if (!known.columns) return `the server gives no columns for run ${known.runId}`;
  if (known.changedSince) return `the query was updated after that run completed (its SQL may have changed): the columns of a new run may differ`;
  return undefined;
}

export async function columnsOf(
  http: HttpClient,
  query: Query,
): Promise<{ columns: KnownColumns['columns']; columns_of_run: string | null; columns_may_differ: boolean; columns_note?: string }> {
  // the query is the answer; its columns are extra, and a failure to read them says so instead of failing it
  const known = await knownColumns(http, query).catch((error: unknown) => {
    if (!(error instanceof WsError)) throw error;
    return { columns: null, runId: query.lastSuccessfulRunId, changedSince: false, failure: error.message };
  });
  const said = note(query, known);
  return { columns: known.columns, columns_of_run: known.runId, columns_may_differ: known.changedSince, ...(said ? { columns_note: said } : {}) };
}

/** The columns in a line of text: `columns (of run …): order_id (BIGINT), status (VARCHAR)`. */
export function columnsLine(fields: Awaited<ReturnType<typeof columnsOf>>): string {
  const listed = fields.columns?.map((column) => (column.type ? `${column.name} (${column.type})` : column.name)).join(', ');
  return [
    listed ? `columns (of run ${fields.columns_of_run}): ${listed}` : 'columns: unknown',
    ...(fields.columns_note ? [`note: ${fields.columns_note}`] : []),
  ].join('\n');
}
