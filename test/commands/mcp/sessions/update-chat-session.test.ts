/**
 * The MCP tool update_chat_session: a session's visibility, or keys merged into its meta; only with --allow-writes.
 * With ws mcp's own client against the emulator (test/helpers/mcp.ts).
 */
import { describe, expect, it } from 'vitest';
import { demoIds } from '../../../helpers/emulator.js';
import { mcpSessions, textOf } from '../../../helpers/mcp.js';

const { e, writable } = mcpSessions();

describe('update_chat_session', () => {
  it('changes the visibility and merges keys into the meta, keeping the others', async () => {
    const id = demoIds.chatSessions.revenueQuestions;
    const answer = await writable.call('update_chat_session', { session_id: id, visibility: 'organization', meta: { pinned: true } });
    expect(answer.isError, textOf(answer)).toBeFalsy();
    const now = (await e.api('GET', `/chat-sessions/${id}`)).json;
    expect(now).toMatchObject({ visibility: 'organization', meta: { title: 'Revenue questions', pinned: true } });
  });

  it('with neither visibility nor meta is refused, and nothing is sent', async () => {
    await e.clearRequests();
    const answer = await writable.call('update_chat_session', { session_id: demoIds.chatSessions.onboarding });
    expect(answer.isError).toBe(true);
    expect(textOf(answer)).toContain('error: update_chat_session needs visibility or meta');
    expect(await e.requests()).toEqual([]);
  });
});
