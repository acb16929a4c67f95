/**
 * The MCP tool update_agent: the fields given replace the old values, the others stay; only with --allow-writes. With
 * ws mcp's own client against the emulator (test/helpers/mcp.ts).
 */
import { describe, expect, it } from 'vitest';
import { demoIds } from '../../../helpers/emulator.js';
import { mcpSessions, textOf } from '../../../helpers/mcp.js';

const { e, readOnly, writable } = mcpSessions();

describe('update_agent', () => {
  it('changes the fields given and keeps the others; the answer is the agent as it is now', async () => {
    const before = (await e.api('GET', `/agents/${demoIds.agents.reportWriter}`)).json;
    const answer = await writable.call('update_agent', { agent: 'report_writer', max_turns: 6, description: 'Writes a short report' });
    expect(answer.isError, textOf(answer)).toBeFalsy();
    const after = (await e.api('GET', `/agents/${demoIds.agents.reportWriter}`)).json;
    expect(after).toMatchObject({ maxTurns: 6, description: 'Writes a short report', systemPrompt: before.systemPrompt, kind: before.kind });
    expect((answer.structuredContent as { agent: unknown }).agent).toEqual(after);
  });

  it('with no field to change is refused, naming the fields, and nothing is sent; without --allow-writes too', async () => {
    await e.clearRequests();
    const empty = await writable.call('update_agent', { agent: 'report_writer' });
    expect(empty.isError).toBe(true);
    expect(textOf(empty)).toMatch(/^error: update_agent needs at least one field to change\nhint: its fields: description, kind, /);
    const refused = await readOnly.call('update_agent', { agent: 'report_writer', max_turns: 3 });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('update_agent changes the workspace, and this server was started without --allow-writes: nothing was sent');
    expect(await e.requests()).toEqual([]);
  });
});
