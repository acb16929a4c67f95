import { getAutomation } from '../../api/automations.js';
import type { Context } from '../../context.js';
import { requireUuid } from '../../ids.js';
import { automationView } from './view.js';

export async function run(ctx: Context, [id]: string[]): Promise<void> {
  requireUuid(id!, 'automation');
  const output = await ctx.output(automationView.fields);
  await output.item(await getAutomation(ctx.http(), id!), automationView);
}
