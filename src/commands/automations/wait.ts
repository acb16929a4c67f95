import type { Context } from '../../context.js';
import { parseDuration } from '../../duration.js';
import { awaitAutomationRun } from './await-run.js';
import { checkUuid } from './ids.js';
import { runDetailFields, runDetailView } from './view.js';

export async function run(ctx: Context, [runId]: string[], opts: { timeout: string }): Promise<void> {
  checkUuid(runId!, 'automation run');
  const timeoutMs = parseDuration(opts.timeout, '--timeout');
  const output = await ctx.output(runDetailFields);
  const detail = await awaitAutomationRun(ctx, ctx.http(), runId!, timeoutMs);
  if (output.format === 'table') return output.item(detail.run, runDetailView(detail.stepRuns));
  await output.document(detail);
}
