import { getQueryRunResult } from '../../api/query-runs.js';
import type { Context } from '../../context.js';
import { requireUuid } from '../../ids.js';
import { queryRunResultView } from '../../query-runs/views.js';
import type { Runs } from './declaration.js';

export async function run(ctx: Context, [runId]: Runs['result']['args']): Promise<void> {
  requireUuid(runId, 'query run');
  const output = await ctx.output(queryRunResultView.fields);
  await output.item(await getQueryRunResult(ctx.http(), runId), queryRunResultView);
}
