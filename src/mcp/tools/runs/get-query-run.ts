import * as z from 'zod';
import { getQueryRun, getQueryRunResult } from '../../../api/query-runs.js';
import { getQuery } from '../../../api/queries.js';
import { maxRowsArgument, offsetArgument, runAnswer, runAnswerSchema } from '../../run-answer.js';
import { tool } from '../../tool.js';

export const getQueryRunTool = tool(
  {
    name: 'get_query_run',
    description:
      'Shows a query run (from execute_query or list_query_runs): its state and, once COMPLETED, its column names, max_rows rows from `offset` (objects keyed by column) and total row count; any window of a result can be read this way, and `next` is the call for the rows after these. A FAILED run is an error with the reason. Only the newest completed run of a query keeps its rows readable: an older one names the run that has them now (`rows_replaced_by`).',
    inputSchema: z.strictObject({ run_id: z.guid().describe('the query run id (UUID)'), offset: offsetArgument(), max_rows: maxRowsArgument() }),
    outputSchema: runAnswerSchema,
    annotations: { title: 'Show a query run and its rows', readOnlyHint: true, idempotentHint: true },
  },
  async ({ run_id, offset, max_rows }, { http }) => {
    const client = http();
    const run = await getQueryRun(client, run_id);
    if (run.status !== 'COMPLETED') return runAnswer(client, run, undefined, max_rows, offset);
    const { queryId, rowCount } = await getQueryRunResult(client, run_id);
    const { slug } = await getQuery(client, queryId);
    return runAnswer(client, run, { id: queryId, slug, rowCount }, max_rows, offset);
  },
);
