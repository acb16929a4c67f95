import * as z from 'zod';
import { listQueryRunPages } from '../../../api/queries.js';
import { QueryRun } from '../../../api/schemas/query-runs.js';
import { findQuery } from '../../../workspace/resolve.js';
import { limitArgument, queryArgument, tool } from '../../tool.js';

export const listQueryRuns = tool(
  {
    name: 'list_query_runs',
    description: 'Lists the runs of a saved query, newest first: id, status (PENDING, RUNNING, COMPLETED, FAILED, CANCELLED…), row count, execution time and error. Read one with get_query_run.',
    inputSchema: z.strictObject({ query: queryArgument(), limit: limitArgument(20, 100) }),
    outputSchema: z.object({ query_id: z.string(), runs: z.array(QueryRun), total: z.int() }),
    annotations: { title: 'List the runs of a query', readOnlyHint: true, idempotentHint: true },
  },
  async ({ query, limit }, { http }) => {
    const client = http();
    const { id } = await findQuery(client, query);
    const runs = [];
    let total = 0;
    for await (const page of listQueryRunPages(client, id, { limit, offset: 0, all: false })) {
      total = page.total;
      runs.push(...page.items);
    }
    return { data: { query_id: id, runs, total } };
  },
);
