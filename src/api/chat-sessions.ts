import type { HttpClient } from './http.js';
import { ChatSession, type UpdateChatSessionBody, UpdateChatSessionResponse } from './schemas/chat-sessions.js';

/** `id` is a UUID or a legacy string id. */
export function getChatSession(http: HttpClient, id: string): Promise<ChatSession> {
  return http.request({ method: 'GET', path: `/chat-sessions/${encodeURIComponent(id)}`, schema: ChatSession });
}

/**
 * The session is named by the x-session-id header (a UUID), not by the path. Retried like any PATCH:
 * setting the same visibility or merging the same meta twice gives the same session.
 */
export function updateChatSession(http: HttpClient, sessionId: string, body: UpdateChatSessionBody): Promise<UpdateChatSessionResponse> {
  return http.request({
    method: 'PATCH',
    path: '/chat-sessions/update',
    headers: { 'x-session-id': sessionId },
    body,
    schema: UpdateChatSessionResponse,
  });
}
