import { cancelAutomationRun, getAutomationRun } from '../../api/automation-runs.js';
import type { Context } from '../../context.js';
import { checkUuid } from './ids.js';
import { runDetailView } from './view.js';

/** Cancels, then shows the run as it is now (the cancel response's shape is not shown by the API). */
export async function run(ctx: Context, [runId]: string[]): Promise<void> {
  checkUuid(runId!, 'automation run');
  const output = await ctx.output();
  const http = ctx.http();
  await cancelAutomationRun(http, runId!);
  const detail = await getAutomationRun(http, runId!);
  if (output.format === 'table') await output.item(detail.run, runDetailView(detail.stepRuns));
  else await output.document(detail);
  ctx.note(`Cancelled automation run ${runId}.`);
}
