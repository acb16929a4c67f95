/**
 * The MCP tool get_agent: an agent by name or id. With ws mcp's own client against the emulator (test/helpers/mcp.ts).
 */
import { describe, expect, it } from 'vitest';
import { demoIds, routes } from '../../../helpers/emulator.js';
import { mcpSessions, textOf } from '../../../helpers/mcp.js';

const { e, readOnly } = mcpSessions();

describe('get_agent', () => {
  it('shows an agent by its name: the whole agent in structuredContent, its fields and system prompt in text', async () => {
    await e.clearRequests();
    const answer = await readOnly.call('get_agent', { agent: 'sql_helper' });
    expect(answer.isError).toBeFalsy();
    const { agent } = answer.structuredContent as { agent: Record<string, any> };
    expect(agent).toEqual((await e.api('GET', `/agents/${demoIds.agents.sqlHelper}`)).json);
    expect(agent).toMatchObject({ id: demoIds.agents.sqlHelper, kind: 'chat', subAgents: ['report_writer'] });
    expect(textOf(answer)).toContain('systemPrompt: You are a careful analyst.');
    expect(routes(await e.requests())[0]).toBe('GET /agents/sql_helper');
  });

  it('an unknown agent is a tool error that says no tool lists the agents', async () => {
    const answer = await readOnly.call('get_agent', { agent: 'no_such_agent' });
    expect(answer.isError).toBe(true);
    expect(textOf(answer)).toMatch(/^error: .*\nhint: no tool lists the agents/);
  });
});
