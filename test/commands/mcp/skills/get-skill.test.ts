/**
 * The MCP tool get_skill: a skill by slug or id. With ws mcp's own client against the emulator (test/helpers/mcp.ts).
 */
import { describe, expect, it } from 'vitest';
import { demoIds } from '../../../helpers/emulator.js';
import { mcpSessions, textOf } from '../../../helpers/mcp.js';

const { e, readOnly } = mcpSessions();

describe('get_skill', () => {
  it('shows a skill by its slug: the whole skill in structuredContent, its knowledge in text', async () => {
    const answer = await readOnly.call('get_skill', { skill: 'revenue_analysis' });
    expect(answer.isError).toBeFalsy();
    const { skill } = answer.structuredContent as { skill: Record<string, any> };
    expect(skill).toEqual((await e.api('GET', `/skills/${demoIds.skills.revenueAnalysis}`)).json);
    expect(textOf(answer)).toContain('knowledge: Revenue counts orders with status paid only.');
  });

  it('an unknown skill is a tool error that says no tool lists the skills', async () => {
    const answer = await readOnly.call('get_skill', { skill: 'no_such_skill' });
    expect(answer.isError).toBe(true);
    expect(textOf(answer)).toMatch(/^error: .*\nhint: no tool lists the skills/);
  });
});
