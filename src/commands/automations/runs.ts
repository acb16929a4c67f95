import { listAutomationRunPages } from '../../api/automations.js';
import type { Context } from '../../context.js';
import { usageError } from '../../errors.js';
import { checkUuid } from './ids.js';
import { automationRunView } from './view.js';

export async function run(ctx: Context, [id]: string[], opts: { limit?: number; offset?: number; all?: boolean }): Promise<void> {
  checkUuid(id!, 'automation');
  if (opts.all && opts.limit !== undefined) throw usageError('--all and --limit cannot be used together');
  const output = await ctx.output(automationRunView.fields);
  const offset = opts.offset ?? 0;
  const pages = listAutomationRunPages(ctx.http(), id!, { limit: opts.limit, offset, all: Boolean(opts.all) });
  await output.list({ key: 'runs', offset, pages, moreHint: 'use --limit n or --all for more' }, automationRunView);
}
