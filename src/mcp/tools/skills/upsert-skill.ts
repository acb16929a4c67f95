import * as z from 'zod';
import { applySkill } from '../../../api/skills.js';
import { ApplySkillBody, Skill } from '../../../api/schemas/skills.js';
import { bodyArguments, bodyFrom, tool } from '../../tool.js';

const fields = {
  slug: 'the skill slug (lower-case letters, digits, _): the skill of that slug is replaced, or created',
  name: 'the name people see',
  description: 'when an agent should use it',
  knowledge: 'the text an agent is given',
  tools: 'tool names',
  subAgents: 'sub-agent names',
  sections: 'an object of named sections',
};

export const upsertSkillTool = tool(
  {
    name: 'upsert_skill',
    description: 'Creates the skill of a slug, or replaces it whole if it exists, and returns it. Only with `ws mcp --allow-writes`.',
    inputSchema: z.strictObject(bodyArguments(ApplySkillBody, fields)),
    outputSchema: z.object({ skill: Skill }),
    annotations: { title: 'Create or replace a skill', readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    writes: true,
  },
  async (args, { http }) => ({ data: { skill: await applySkill(http(), { ...(bodyFrom(args, fields) as ApplySkillBody), userAgent: 'cli' }) } }),
);
