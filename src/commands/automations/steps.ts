import { getStepRuns, listStepRuns } from '../../api/automation-runs.js';
import { onePage } from '../../api/paginate.js';
import type { Context } from '../../context.js';
import { requireUuid } from '../../ids.js';
import { stepRunView } from './shared/automation-view.js';
import type { Automations } from './declaration.js';

export async function run(ctx: Context, [runId]: Automations['steps']['args']): Promise<void> {
  requireUuid(runId, 'automation run');
  const output = await ctx.output(stepRunView.fields);
  if ((output.format === 'json' || output.format === 'yaml') && !ctx.settings.jsonFields) return output.document(await getStepRuns(ctx.http(), runId));
  const stepRuns = await listStepRuns(ctx.http(), runId);
  await output.list({ key: 'stepRuns', offset: 0, pages: onePage(stepRuns), summarize: () => ({}) }, stepRunView);
}
