import * as z from 'zod';
import { executeQuery } from '../../../api/queries.js';
import { getQueryRun } from '../../../api/query-runs.js';
import { WsError } from '../../../errors.js';
import { awaitQueryRun, checkParameters } from '../../../workspace/query-runs.js';
import { failureWithCall, maxRowsArgument, runAnswer, runAnswerSchema } from '../../run-answer.js';
import { callText, queryArgument, tool } from '../../tool.js';
import { findQuery } from '../../../workspace/resolve.js';

export const executeQueryTool = tool(
  {
    name: 'execute_query',
    description:
      'Runs a saved query with parameter values, waits for it up to wait_seconds, and returns the run id, its state, the column names, the first max_rows rows (objects keyed by column), the total row count and `next`, the get_query_run call that reads the rows after these. A run still going after wait_seconds is a normal answer: call get_query_run with its run_id later. A FAILED run is an error with the reason. Parameters the query does not declare, or values that cannot be of the declared type, are refused before the run starts (see get_query for the parameters).',
    inputSchema: z.strictObject({
      query: queryArgument(),
      params: z
        .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
        .default({})
        .describe('parameter values by name, e.g. {"start_date": "2026-01-01", "min_amount": 100}'),
      max_rows: maxRowsArgument(),
      wait_seconds: z.int().min(0).max(600).default(60).describe('how long to wait for the run to end (default 60, at most 600; 0 returns at once)'),
    }),
    outputSchema: runAnswerSchema,
    // it starts a run: a new one at every call
    annotations: { title: 'Run a saved query', readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  },
  async ({ query: wanted, params, max_rows, wait_seconds }, { http, wait }) => {
    const client = http();
    const query = await findQuery(client, wanted);
    const values = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)]));
    // an assistant is pointed at the tool that shows the parameters
    checkParameters(query, values, {
      given: 'params',
      everyParameter: (slug) => `see every parameter: call ${callText({ tool: 'get_query', arguments: { query: slug } })}`,
    });
    const started = await executeQuery(client, query.id, { ...(Object.keys(values).length ? { parameters: values } : {}), userAgent: 'cli' });
    const runId = started.queryRunId;
    const run = await (wait_seconds === 0 ? getQueryRun(client, runId) : awaitQueryRun(client, runId, wait_seconds * 1000, wait)).catch(
      async (error: unknown) => {
        // a run still going is an answer; a failed one is the error awaitQueryRun made
        if (error instanceof WsError && error.kind === 'timeout') return getQueryRun(client, runId);
        if (error instanceof WsError && error.kind === 'remote_failure') throw failureWithCall(error, runId, query);
        throw error;
      },
    );
    return runAnswer(client, run, { ...query, params }, max_rows);
  },
);
