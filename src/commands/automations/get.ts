import { findAutomation } from '../../workspace/resolve.js';
import { Asking } from '../../cmdutil/pickers.js';
import type { Context } from '../../context.js';
import { automationView } from './shared/automation-view.js';
import type { Automations } from './declaration.js';

export async function run(ctx: Context, [given]: Automations['get']['args']): Promise<void> {
  const output = await ctx.output(automationView.fields);
  const asking = new Asking(ctx);
  const automation = await asking.automation(given);
  asking.printCommand([automation], {});
  await output.item(await findAutomation(ctx.http(), automation), automationView);
}
