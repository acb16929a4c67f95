import { getAutomationRun } from '../../api/automation-runs.js';
import { getQueryRun } from '../../api/query-runs.js';
import type { Context } from '../../context.js';
import { WsError } from '../../errors.js';
import { requireUuid } from '../../ids.js';
import { queryRunStatusView } from './view.js';

export async function run(ctx: Context, [runId]: string[]): Promise<void> {
  requireUuid(runId!, 'query run');
  const output = await ctx.output(queryRunStatusView.fields);
  const http = ctx.http();
  try {
    await output.item(await getQueryRun(http, runId!), queryRunStatusView);
  } catch (error) {
    if (error instanceof WsError && error.kind === 'not_found' && (await isAutomationRun(ctx, runId!))) {
      throw new WsError('not_found', `${runId} is an automation run, not a query run`, { hint: `see it with: ws automations get-run ${runId}` });
    }
    throw error;
  }
}

/** One cheap read tells an automation run id given where a query run id belongs; any failure means no. */
async function isAutomationRun(ctx: Context, runId: string): Promise<boolean> {
  try {
    await getAutomationRun(ctx.http(), runId);
    return true;
  } catch {
    return false;
  }
}
