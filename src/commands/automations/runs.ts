import { listAutomationRunPages } from '../../api/automations.js';
import { findAutomationId } from '../../workspace/resolve.js';
import { Asking } from '../../cmdutil/pickers.js';
import type { Context } from '../../context.js';
import { moreHint, pageRequest } from '../../cmdutil/command.js';
import { automationRunView } from './shared/automation-view.js';
import type { AutomationRun } from '../../api/schemas/automation-runs.js';
import { plausibleDuration, span } from '../../duration.js';
import { runsAtAGlance } from '../../output/sparkline.js';
import type { Automations } from './declaration.js';

export async function run(ctx: Context, [given]: Automations['runs']['args'], opts: Automations['runs']['opts']): Promise<void> {
  const page = pageRequest(opts);
  const output = await ctx.output(automationRunView.fields);
  const asking = new Asking(ctx);
  const automation = await asking.automation(given);
  asking.printCommand([automation], opts);
  const http = ctx.http();
  const pages = listAutomationRunPages(http, await findAutomationId(http, automation), page);
  // on a terminal, a last line sums the runs up: their durations in time order, the median, the slowest, failures
  const footer = (runs: AutomationRun[], width: number) =>
    runsAtAGlance(
      runs.map((r) => ({ at: r.startedAt ?? r.createdAt, ms: plausibleDuration(span(r.startedAt, r.completedAt)), failed: r.state === 'failed' })),
      width,
    );
  await output.list({ key: 'runs', offset: page.offset, all: page.all, pages, moreHint: moreHint(page), footer }, automationRunView);
}
