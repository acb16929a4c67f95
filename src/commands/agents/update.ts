import { agentPath, getAgent, updateAgent } from '../../api/agents.js';
import { UpdateAgentBody } from '../../api/schemas/agents.js';
import { validateRequest } from '../../api/validate.js';
import type { Context } from '../../context.js';
import { usageError } from '../../errors.js';
import { diffAgent, draftUpdate, printAgentDryRun, type UpdateOptions } from './changes.js';
import { agentView } from './view.js';

export async function run(ctx: Context, [agent]: string[], opts: UpdateOptions): Promise<void> {
  const draft = await draftUpdate(ctx, agent!, opts);
  const body = validateRequest(UpdateAgentBody, draft.body, draft.sources);
  if (Object.keys(body).length === 0) {
    throw usageError(
      'nothing to update',
      'pass --from-file agent.yaml, or at least one of --description, --kind, --handler, --system-prompt, --system-prompt-file, --tools-file, --sub-agent, --skill, --max-turns, --metadata, --input-schema-file, --output-schema-file',
    );
  }
  const request = { method: 'PATCH', path: agentPath(agent!), body };
  // The dry run reads the agent (a GET) to show what would change; it never sends the PATCH.
  if (opts.dryRun) return printAgentDryRun(ctx, request, diffAgent(await getAgent(ctx.http(), agent!), body));
  const output = await ctx.output(agentView.fields);
  const updated = await updateAgent(ctx.http(), agent!, body);
  await output.item(updated, agentView);
  ctx.note(`Updated agent ${updated.name}: ${Object.keys(body).join(', ')}`);
}
