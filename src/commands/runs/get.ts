import { getQueryRun } from '../../api/query-runs.js';
import type { Context } from '../../context.js';
import { requireUuid } from '../../ids.js';
import { queryRunStatusView } from './view.js';

export async function run(ctx: Context, [runId]: string[]): Promise<void> {
  requireUuid(runId!, 'query run');
  const output = await ctx.output(queryRunStatusView.fields);
  await output.item(await getQueryRun(ctx.http(), runId!), queryRunStatusView);
}
