import * as z from 'zod';
import { listQueryRunPages } from '../../../api/queries.js';
import { QueryRun } from '../../../api/schemas/query-runs.js';
import { table } from '../../render.js';
import { duration, limitArgument, queryArgument, tool } from '../../tool.js';
import { findQuery } from '../../../workspace/resolve.js';

export const listQueryRunsTool = tool(
  {
    name: 'list_query_runs',
    description:
      'Lists the runs of a saved query, newest first: id, status (PENDING, RUNNING, COMPLETED, FAILED, CANCELLED…), times, duration, row count and error (the text summarises; structuredContent has every field). Read one with get_query_run.',
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
    // the text: what an assistant reasons with; every field of every run stays in structuredContent
    const summary = runs.map((run) => ({
      id: run.id,
      status: run.status,
      created: run.createdAt,
      completed: run.completedAt ?? undefined,
      duration: duration(run.executionTimeMs),
      rows: run.rowCount ?? undefined,
      error: run.errorDetails ?? undefined,
    }));
    const text = [
      `query_id: ${id}`,
      `runs: ${runs.length} of ${total}, newest first`,
      table(summary, ['id', 'status', 'created', 'completed', 'duration', 'rows', 'error']),
      `read one: call get_query_run with {"run_id": …}`,
    ].join('\n');
    return { data: { query_id: id, runs, total }, text };
  },
);
