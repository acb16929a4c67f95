/**
 * The MCP tool get_chat_session: a chat session by id. With ws mcp's own client against the emulator
 * (test/helpers/mcp.ts).
 */
import { describe, expect, it } from 'vitest';
import { demoIds } from '../../../helpers/emulator.js';
import { mcpSessions, textOf } from '../../../helpers/mcp.js';

const { e, readOnly } = mcpSessions();

describe('get_chat_session', () => {
  it('shows a chat session: the whole session in structuredContent, its visibility and meta in text', async () => {
    const id = demoIds.chatSessions.revenueQuestions;
    const answer = await readOnly.call('get_chat_session', { session_id: id });
    expect(answer.isError).toBeFalsy();
    const { session } = answer.structuredContent as { session: Record<string, any> };
    expect(session).toEqual((await e.api('GET', `/chat-sessions/${id}`)).json);
    expect(session).toMatchObject({ id, visibility: 'personal', meta: { title: 'Revenue questions' } });
    expect(textOf(answer)).toContain('visibility: personal');
  });
});
