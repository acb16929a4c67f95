import { findAutomation } from '../../workspace/resolve.js';
import type { Context } from '../../context.js';
import { automationView } from './shared/automation-view.js';
import type { Automations } from './shared/declaration.js';

export async function run(ctx: Context, [automation]: Automations['get']['args']): Promise<void> {
  const output = await ctx.output(automationView.fields);
  await output.item(await findAutomation(ctx.http(), automation), automationView);
}
