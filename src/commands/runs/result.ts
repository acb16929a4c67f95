import { getQueryRunResult } from '../../api/query-runs.js';
import type { Context } from '../../context.js';
import { checkRunId } from './run-id.js';
import { queryRunResultView } from './view.js';

export async function run(ctx: Context, [runId]: string[]): Promise<void> {
  checkRunId(runId!);
  const output = await ctx.output(queryRunResultView.fields);
  await output.item(await getQueryRunResult(ctx.http(), runId!), queryRunResultView);
}
