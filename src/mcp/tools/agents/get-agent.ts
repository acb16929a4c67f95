import * as z from 'zod';
import { getAgent } from '../../../api/agents.js';
import { Agent } from '../../../api/schemas/agents.js';
import { boundedName, tool } from '../../tool.js';

export const getAgentTool = tool(
  {
    name: 'get_agent',
    description: 'Shows one agent: its kind, status, system prompt, tools, sub-agents, skills, maximum turns and input and output schemas.',
    inputSchema: z.strictObject({
      agent: boundedName(255, "an agent's name is 1-255 characters, by the API's limits").describe('the agent: its name or its id (UUID)'),
    }),
    outputSchema: z.object({ agent: Agent }),
    annotations: { title: 'Show an agent', readOnlyHint: true, idempotentHint: true },
  },
  async ({ agent }, { http }) => ({ data: { agent: await getAgent(http(), agent) } }),
);
