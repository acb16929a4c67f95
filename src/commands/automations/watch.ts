import { Asking } from '../../cmdutil/pickers.js';
import type { Context } from '../../context.js';
import { parseDuration } from '../../duration.js';
import { requireUuid } from '../../ids.js';
import { followRun } from './shared/live.js';
import { printRunDetail, runDetailFields } from './shared/automation-view.js';
import type { Automations } from './declaration.js';

/**
 * The run as it happens, on stderr (src/output/live-steps.ts). In a table the view is the output, so stdout
 * stays empty; `--json` or `-o json|yaml` prints the finished run with its steps there, as `get-run` does.
 */
export async function run(ctx: Context, [given]: Automations['watch']['args'], opts: Automations['watch']['opts']): Promise<void> {
  const timeoutMs = parseDuration(opts.timeout, '--timeout');
  const output = await ctx.output(runDetailFields);
  const asking = new Asking(ctx);
  const runId = await asking.automationRun(given);
  asking.printCommand([runId], opts);
  requireUuid(runId, 'automation run');
  // watched again, it prints the run with its steps as this one would
  const detail = await followRun(ctx, ctx.http(), runId, {
    timeoutMs,
    cancelOnTimeout: opts.cancelOnTimeout,
    live: true,
    resume: ctx.printed.continuing('automations', 'watch', runId),
  });
  if (output.format !== 'table') await printRunDetail(output, detail);
}
