import { cancelAndConfirm } from '../../api/automation-runs.js';
import { Asking } from '../../cmdutil/pickers.js';
import type { Context } from '../../context.js';
import { printDryRun } from '../../cmdutil/dry-run.js';
import { requireUuid } from '../../ids.js';
import { printRunDetail, runDetailFields } from './shared/automation-view.js';
import type { Automations } from './declaration.js';

/** Cancels, then shows the run as it is now (the cancel response's shape is not shown by the API). */
export async function run(ctx: Context, [given]: Automations['cancel']['args'], opts: Automations['cancel']['opts']): Promise<void> {
  const asking = new Asking(ctx, 'no run was cancelled');
  const runId = await asking.automationRun(given);
  asking.printCommand([runId], opts);
  requireUuid(runId, 'automation run');
  if (opts.dryRun) return printDryRun(ctx, { method: 'POST', path: `/automation-runs/${runId}/cancel` });
  const output = await ctx.output(runDetailFields);
  const http = ctx.http();
  const { detail, refused } = await cancelAndConfirm(http, runId);
  await printRunDetail(output, detail);
  ctx.note(refused ? `Automation run ${runId} is cancelled (it already was, or the first answer was lost).` : `Cancelled automation run ${runId}.`);
}
