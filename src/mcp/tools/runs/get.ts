import * as z from 'zod';
import { getQueryRun, getQueryRunResult } from '../../../api/query-runs.js';
import { getQuery } from '../../../api/queries.js';
import { maxRowsArgument, runAnswer, runAnswerSchema } from '../../run-answer.js';
import { tool } from '../../tool.js';

export const getQueryRunTool = tool(
  {
    name: 'get_query_run',
    description:
      'Shows a query run (from execute_query or list_query_runs): its state and, once COMPLETED, its column names, first max_rows rows (objects keyed by column) and total row count. A FAILED run is an error with the reason. Only the newest completed run of a query keeps its rows readable.',
    inputSchema: z.strictObject({ run_id: z.guid().describe('the query run id (UUID)'), max_rows: maxRowsArgument() }),
    outputSchema: runAnswerSchema,
    annotations: { title: 'Show a query run and its rows', readOnlyHint: true, idempotentHint: true },
  },
  async ({ run_id, max_rows }, { http }) => {
    const client = http();
    const run = await getQueryRun(client, run_id);
    if (run.status !== 'COMPLETED') return runAnswer(client, run, undefined, max_rows);
    const { queryId } = await getQueryRunResult(client, run_id);
    const { slug } = await getQuery(client, queryId);
    return runAnswer(client, run, { id: queryId, slug }, max_rows);
  },
);
