import { agentPath, getAgent, updateAgent } from '../../api/agents.js';
import { UpdateAgentBody } from '../../api/schemas/agents.js';
import { validateRequest } from '../../api/validate.js';
import type { Context } from '../../context.js';
import { usageError } from '../../errors.js';
import { diffAgent, draftUpdate, printAgentDryRun } from './shared/changes.js';
import { agentView } from './shared/agent-view.js';
import type { Agents } from './declaration.js';

export async function run(ctx: Context, [agent]: Agents['update']['args'], opts: Agents['update']['opts']): Promise<void> {
  const draft = await draftUpdate(ctx, agent, opts);
  const body = validateRequest(UpdateAgentBody, draft.body, draft.sources);
  if (Object.keys(body).length === 0) {
    throw usageError(
      'nothing to update',
      'pass --from-file agent.yaml, or at least one of --description, --kind, --handler, --system-prompt, --system-prompt-file, --tools-file, --sub-agent, --skill, --max-turns, --metadata, --input-schema-file, --output-schema-file',
    );
  }
  const request = { method: 'PATCH', path: agentPath(agent), body };
  const output = opts.dryRun ? undefined : await ctx.output(agentView.fields);
  // The agent is read first, so that the report names only what changed (and a dry run shows it, sending no PATCH).
  const http = ctx.http();
  const before = await getAgent(http, agent);
  const diff = diffAgent(before, body);
  if (opts.dryRun || !output) return printAgentDryRun(ctx, request, diff);
  const changed = Object.keys(diff.changes);
  if (changed.length === 0) {
    await output.item(before, agentView);
    ctx.note(`Agent ${before.name} already has these values (${diff.unchanged.join(', ')}): no PATCH was sent`);
    return;
  }
  const updated = await updateAgent(http, agent, body);
  await output.item(updated, agentView);
  ctx.note(`Updated agent ${updated.name}: ${changed.join(', ')}${diff.unchanged.length ? ` (unchanged: ${diff.unchanged.join(', ')})` : ''}`);
}
