import { listAutomationPages } from '../../api/automations.js';
import { ListAutomationsParams } from '../../api/schemas/automations.js';
import { validateRequest } from '../../api/validate.js';
import type { Context } from '../../context.js';
import { moreHint, pageRequest } from '../../cmdutil/command.js';
import { automationView } from './shared/automation-view.js';
import type { Automations } from './declaration.js';

export async function run(ctx: Context, _args: Automations['list']['args'], opts: Automations['list']['opts']): Promise<void> {
  const page = pageRequest(opts);
  const params = validateRequest(
    ListAutomationsParams,
    {
      search: opts.search,
      sortBy: opts.sort,
      sortDirection: opts.direction,
      ownership: opts.ownership,
      createdById: opts.createdBy,
      include: opts.latestRun ? 'latestRun' : undefined,
    },
    { createdById: '--created-by' },
  );
  const output = await ctx.output(automationView.fields);
  const pages = listAutomationPages(ctx.http(), params, page);
  await output.list({ key: 'workflows', offset: page.offset, all: page.all, pages, moreHint: moreHint(page) }, automationView);
}
