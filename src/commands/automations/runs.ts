import { listAutomationRunPages } from '../../api/automations.js';
import { resolveAutomationId } from '../../api/resolve.js';
import type { Context } from '../../context.js';
import { moreHint, pageRequest } from '../shared.js';
import { automationRunView } from './view.js';

export async function run(ctx: Context, [automation]: string[], opts: { limit?: number; offset?: number; all?: boolean }): Promise<void> {
  const page = pageRequest(opts);
  const output = await ctx.output(automationRunView.fields);
  const http = ctx.http();
  const pages = listAutomationRunPages(http, await resolveAutomationId(http, automation!), page);
  await output.list({ key: 'runs', offset: page.offset, all: page.all, pages, moreHint: moreHint(page) }, automationRunView);
}
