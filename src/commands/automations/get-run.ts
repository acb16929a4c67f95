import { getAutomationRun } from '../../api/automation-runs.js';
import { Asking } from '../../cmdutil/pickers.js';
import type { Context } from '../../context.js';
import { requireUuid } from '../../ids.js';
import { printRunDetail, runDetailFields } from './shared/automation-view.js';
import type { Automations } from './declaration.js';

/** One run with its step runs: a timeline in a table, the API's {run, stepRuns} body in JSON. */
export async function run(ctx: Context, [given]: Automations['get-run']['args']): Promise<void> {
  const output = await ctx.output(runDetailFields);
  const asking = new Asking(ctx);
  const runId = await asking.automationRun(given);
  asking.printCommand([runId], {});
  requireUuid(runId, 'automation run');
  const detail = await getAutomationRun(ctx.http(), runId);
  await printRunDetail(output, detail);
}
