import { listAutomationRunPages } from '../../api/automations.js';
import type { Context } from '../../context.js';
import { pageRequest } from '../shared.js';
import { requireUuid } from '../../ids.js';
import { automationRunView } from './view.js';

export async function run(ctx: Context, [id]: string[], opts: { limit?: number; offset?: number; all?: boolean }): Promise<void> {
  requireUuid(id!, 'automation');
  const page = pageRequest(opts);
  const output = await ctx.output(automationRunView.fields);
  const pages = listAutomationRunPages(ctx.http(), id!, page);
  await output.list({ key: 'runs', offset: page.offset, all: page.all, pages, moreHint: 'use --limit n or --all for more' }, automationRunView);
}
