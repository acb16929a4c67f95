import * as z from 'zod';
import { recentFailures } from '../../../workspace/recent-failures.js';
import { callText, tool } from '../../tool.js';

const runsEach = 20;

export const listRecentFailuresTool = tool(
  {
    name: 'list_recent_failures',
    description: `Lists the latest failed runs of the workspace, query runs and automation runs together, newest first ("what broke overnight?"): for each the query or automation, when, the error and the call that shows more. The API lists runs only per query and per automation, so this reads the ${runsEach} newest runs of the queries and automations that ran most recently, at most max_api_calls requests in all; \`scanned\` says what was read.`,
    inputSchema: z.strictObject({
      limit: z.int().min(1).max(100).default(20).describe('how many failures to return, at most 100 (default 20)'),
      max_api_calls: z
        .int()
        .min(3)
        .max(100)
        .default(30)
        .describe('the most API requests this call makes (default 30, at most 100): two lists, then one per query or automation'),
    }),
    outputSchema: z.object({
      failures: z.array(
        z.object({
          kind: z.enum(['query_run', 'automation_run']),
          run_id: z.string(),
          query: z.string().optional().describe('the slug of the query'),
          query_id: z.string().optional(),
          automation: z.string().optional().describe('the name of the automation'),
          automation_id: z.string().optional(),
          state: z.string(),
          at: z.string().nullable().describe('when it ended (or was created)'),
          error: z.string().nullable(),
        }),
      ),
      scanned: z.object({
        queries: z.int().describe('queries whose runs were read'),
        queries_total: z.int(),
        automations: z.int().describe('automations whose runs were read'),
        automations_total: z.int(),
        runs_each: z.int().describe('the newest runs read of each'),
        api_calls: z.int(),
        complete: z.boolean().describe('every query and automation that ever ran had its newest runs read'),
      }),
    }),
    annotations: { title: 'List recent failed runs', readOnlyHint: true, idempotentHint: true },
  },
  async ({ limit, max_api_calls }, { http }) => {
    const { failures, scanned } = await recentFailures(http(), { maxCalls: max_api_calls, runsEach });
    const shown = failures.slice(0, limit);
    // lines, not a table: the call to make must stay whole
    const lines = shown.map((failure) => {
      const what = failure.kind === 'query_run' ? `query ${failure.query}` : `automation "${failure.automation}"`;
      const call =
        failure.kind === 'query_run'
          ? { tool: 'get_query_run', arguments: { run_id: failure.run_id } }
          : { tool: 'get_automation_run', arguments: { run_id: failure.run_id } };
      return `- ${failure.at ?? '(no time)'} ${what}: run ${failure.run_id} ${failure.state}${failure.error ? `: ${failure.error.replace(/\s+/g, ' ')}` : ''}\n  more: ${callText(call)}`;
    });
    const text = [
      shown.length ? `failures: ${shown.length}${failures.length > shown.length ? ` of ${failures.length} found` : ''}, newest first` : 'failures: none found',
      ...lines,
      `scanned: the runs of ${scanned.queries} of ${scanned.queries_total} queries and ${scanned.automations} of ${scanned.automations_total} automations (the ${scanned.runs_each} newest of each, those that ran last first), in ${scanned.api_calls} API calls: ${scanned.complete ? 'every one that ever ran' : 'not all that ran, a larger max_api_calls reads more'}`,
    ].join('\n');
    return { data: { failures: shown, scanned }, text };
  },
);
