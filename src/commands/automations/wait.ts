import { Asking } from '../../cmdutil/pickers.js';
import type { Context } from '../../context.js';
import { parseDuration } from '../../duration.js';
import { resumable } from '../../wait.js';
import { followRun } from './shared/live.js';
import { requireUuid } from '../../ids.js';
import { automationRunView, runDetailView } from './shared/automation-view.js';
import type { Automations } from './declaration.js';

/** Prints the final run as `trigger --wait` does, so that the wait it prints to resume one gives the same output. */
export async function run(ctx: Context, [given]: Automations['wait']['args'], opts: Automations['wait']['opts']): Promise<void> {
  const timeoutMs = parseDuration(opts.timeout, '--timeout');
  const output = await ctx.output(automationRunView.fields);
  const asking = new Asking(ctx);
  const runId = await asking.automationRun(given);
  asking.printCommand([runId], opts);
  requireUuid(runId, 'automation run');
  const detail = await resumable(
    followRun(ctx, ctx.http(), runId, { timeoutMs, cancelOnTimeout: opts.cancelOnTimeout }),
    ctx.printed.continuing('automations', 'wait', runId),
  );
  await output.item(detail.run, runDetailView(detail.stepRuns));
}
