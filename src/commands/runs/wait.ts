import { chartChoice } from '../../cmdutil/command.js';
import type { Context } from '../../context.js';
import { parseDuration } from '../../duration.js';
import { usageError } from '../../errors.js';
import { requireUuid } from '../../ids.js';
import { queryRunStatusView } from '../../query-runs/views.js';
import { waitAndPrintRows } from '../../query-runs/wait-and-print.js';
import type { Runs } from './declaration.js';

export async function run(ctx: Context, [runId]: Runs['wait']['args'], opts: Runs['wait']['opts']): Promise<void> {
  requireUuid(runId, 'query run');
  const timeoutMs = parseDuration(opts.timeout, '--timeout');
  if (opts.out !== undefined && !opts.data) throw usageError('--out writes the rows of the run: it needs --data');
  const output = await ctx.output(opts.data ? 'columns' : queryRunStatusView.fields, {}, opts.out);
  const chart = chartChoice(opts, output.format);
  await waitAndPrintRows(ctx, ctx.http(), output, { runId }, { ...opts, data: Boolean(opts.data), timeoutMs, chart });
}
