import { getAgent } from '../../api/agents.js';
import type { Context } from '../../context.js';
import { agentView } from './shared/agent-view.js';
import type { Agents } from './declaration.js';

export async function run(ctx: Context, [agent]: Agents['get']['args']): Promise<void> {
  const output = await ctx.output(agentView.fields);
  await output.item(await getAgent(ctx.http(), agent), agentView);
}
