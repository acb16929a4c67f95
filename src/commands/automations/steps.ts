import { getStepRuns } from '../../api/automation-runs.js';
import { onePage } from '../../api/paginate.js';
import { stepRunsOf } from '../../api/schemas/automation-runs.js';
import type { Context } from '../../context.js';
import { checkUuid } from './ids.js';
import { stepRunView } from './view.js';

export async function run(ctx: Context, [runId]: string[]): Promise<void> {
  checkUuid(runId!, 'automation run');
  const output = await ctx.output(stepRunView.fields);
  const body = await getStepRuns(ctx.http(), runId!);
  if ((output.format === 'json' || output.format === 'yaml') && !ctx.settings.jsonFields) return output.document(body);
  const stepRuns = stepRunsOf(body);
  await output.list({ key: 'stepRuns', offset: 0, pages: onePage(stepRuns), summarize: () => ({}) }, stepRunView);
}
