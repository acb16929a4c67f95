import { getQueryRunResult } from '../../api/query-runs.js';
import type { Context } from '../../context.js';
import { parseDuration } from '../../duration.js';
import { usageError } from '../../errors.js';
import { resumable } from '../../cmdutil/resumable.js';
import { printLatestData, rowOptions } from '../../cmdutil/latest-data.js';
import { awaitQueryRun, settleLatestRun } from '../../workspace/query-runs.js';
import { requireUuid } from '../../ids.js';
import { noteRunResult } from '../../cmdutil/run-summary.js';
import { queryRunStatusView } from '../../cmdutil/query-run-views.js';
import { chartChoice } from '../../cmdutil/command.js';
import type { Runs } from './declaration.js';

export async function run(ctx: Context, [runId]: Runs['wait']['args'], opts: Runs['wait']['opts']): Promise<void> {
  requireUuid(runId, 'query run');
  const timeoutMs = parseDuration(opts.timeout, '--timeout');
  if (opts.out !== undefined && !opts.data) throw usageError('--out writes the rows of the run: it needs --data');
  const output = await ctx.output(opts.data ? 'columns' : queryRunStatusView.fields, {}, opts.out);
  const chart = chartChoice(opts, output.format);
  const http = ctx.http();
  const resume = ctx.printed.continuing('runs', 'wait', runId, ...(opts.data ? ['--data', ...rowOptions(opts)] : []));
  const interruption = ctx.interruption();
  const finished = await resumable(awaitQueryRun(http, runId, timeoutMs, { ...ctx.waitProgress(), interruption }, resume), resume);
  // the wait is over: an export of the rows watches the signals itself
  interruption.dispose();
  const result = opts.data ? await getQueryRunResult(http, runId) : undefined;
  await noteRunResult(ctx, http, runId, result);
  if (!opts.data) return output.item(finished, queryRunStatusView);
  const { queryId } = result!;
  await settleLatestRun(http, queryId, runId);
  await printLatestData(ctx, http, output, queryId, { limit: opts.limit, offset: 0, all: false, expectedRunId: runId, queryRef: queryId, chart });
}
