import { getAgent } from '../../api/agents.js';
import type { Context } from '../../context.js';
import { agentView } from './shared/agent-view.js';

export async function run(ctx: Context, [agent]: string[]): Promise<void> {
  const output = await ctx.output(agentView.fields);
  await output.item(await getAgent(ctx.http(), agent!), agentView);
}
