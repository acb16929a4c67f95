import { getAutomationRun } from '../../api/automation-runs.js';
import type { Context } from '../../context.js';
import { checkUuid } from './ids.js';
import { runDetailFields, runDetailView } from './view.js';

/** One run with its step runs: a timeline in a table, the API's {run, stepRuns} body in JSON. */
export async function run(ctx: Context, [runId]: string[]): Promise<void> {
  checkUuid(runId!, 'automation run');
  const output = await ctx.output(runDetailFields);
  const detail = await getAutomationRun(ctx.http(), runId!);
  if (output.format === 'table') return output.item(detail.run, runDetailView(detail.stepRuns));
  await output.document(detail);
}
