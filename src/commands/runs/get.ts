import { getAutomationRun } from '../../api/automation-runs.js';
import type { HttpClient } from '../../api/http.js';
import { getQueryRun } from '../../api/query-runs.js';
import type { Context } from '../../context.js';
import { WsError } from '../../errors.js';
import { requireUuid } from '../../ids.js';
import { queryRunStatusView } from '../../query-runs/views.js';
import type { Runs } from './declaration.js';

export async function run(ctx: Context, [runId]: Runs['get']['args']): Promise<void> {
  requireUuid(runId, 'query run');
  const output = await ctx.output(queryRunStatusView.fields);
  const http = ctx.http();
  const status = await getQueryRun(http, runId).catch(async (error: unknown) => {
    if (error instanceof WsError && error.kind === 'not_found' && (await isAutomationRun(http, runId))) {
      throw new WsError('not_found', `${runId} is an automation run, not a query run`, {
        hint: `see it with: ${ctx.printed.command('automations', 'get-run', runId)}`,
      });
    }
    throw error;
  });
  await output.item(status, queryRunStatusView);
}

/** One cheap read tells an automation run id given where a query run id belongs; any failure means no. */
async function isAutomationRun(http: HttpClient, runId: string): Promise<boolean> {
  return getAutomationRun(http, runId).then(
    () => true,
    () => false,
  );
}
