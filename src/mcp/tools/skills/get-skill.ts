import * as z from 'zod';
import { getSkill } from '../../../api/skills.js';
import { Skill } from '../../../api/schemas/skills.js';
import { boundedName, tool } from '../../tool.js';

export const getSkillTool = tool(
  {
    name: 'get_skill',
    description: 'Shows one skill: its description, knowledge (the text an agent is given), tools, sub-agents and sections.',
    inputSchema: z.strictObject({
      skill: boundedName(255, "a skill's slug is 1-255 characters, by the API's limits").describe('the skill: its slug or its id (UUID)'),
    }),
    outputSchema: z.object({ skill: Skill }),
    annotations: { title: 'Show a skill', readOnlyHint: true, idempotentHint: true },
  },
  async ({ skill }, { http }) => ({ data: { skill: await getSkill(http(), skill) } }),
);
