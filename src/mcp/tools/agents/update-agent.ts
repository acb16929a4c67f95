import * as z from 'zod';
import { updateAgent } from '../../../api/agents.js';
import { Agent, UpdateAgentBody } from '../../../api/schemas/agents.js';
import { usageError } from '../../../errors.js';
import { bodyArguments, bodyFrom, boundedName, tool } from '../../tool.js';

const fields = {
  description: 'what the agent is for',
  kind: 'chat or sub',
  handlerType: 'database or code',
  systemPrompt: 'the system prompt, replaced whole',
  tools: 'the tools, replacing all: objects of name and config',
  subAgents: 'the names of its sub-agents, replacing all',
  skills: 'the slugs of its skills, replacing all',
  maxTurns: 'the most turns of one conversation',
  metadata: 'an object of metadata, replaced whole',
  inputSchema: 'the JSON Schema of its input',
  outputSchema: 'the JSON Schema of its output',
};

export const updateAgentTool = tool(
  {
    name: 'update_agent',
    description:
      'Changes an agent: the fields given replace the old values; the others stay. Returns the agent as it is now. Only with `ws mcp --allow-writes`.',
    inputSchema: z.strictObject({
      agent: boundedName(255, "an agent's name is 1-255 characters, by the API's limits").describe('the agent: its name or its id (UUID)'),
      ...bodyArguments(UpdateAgentBody, fields),
    }),
    outputSchema: z.object({ agent: Agent }),
    annotations: { title: 'Change an agent', readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    writes: true,
  },
  async (args, { http }) => {
    const body = bodyFrom(args, fields);
    if (!Object.keys(body).length) throw usageError('update_agent needs at least one field to change', `its fields: ${Object.keys(fields).join(', ')}`);
    return { data: { agent: await updateAgent(http(), args.agent, body as UpdateAgentBody) } };
  },
);
