import { chatSessionFields, chatSessionUpdateFields } from '../../../api/fields.js';
import type { ChatSession, UpdateChatSessionResponse } from '../../../api/schemas/chat-sessions.js';
import { column, type View } from '../../../output/view.js';

export const chatSessionView: View<ChatSession> = {
  fields: chatSessionFields,
  columns: [
    column('ID', 'id', { kind: 'id' }),
    column('VISIBILITY', 'visibility'),
    column('USER', 'userId', { kind: 'id' }),
    column('CREATED', 'createdAt', { kind: 'time' }),
  ],
  detail: (s) => ({
    rows: [
      ['id', s.id],
      ['visibility', s.visibility],
      ['public', s.isPublic],
      ['user', s.userId],
      ['version', s.version],
      ['meta', s.meta, 'json'],
      ['organization', s.organizationId],
      ['created', s.createdAt, 'time'],
    ],
  }),
};

/** What PATCH /chat-sessions/update returns: the session's id, visibility and meta after the change. */
export const chatSessionUpdateView: View<UpdateChatSessionResponse> = {
  fields: chatSessionUpdateFields,
  columns: [column('ID', 'id', { kind: 'id' }), column('VISIBILITY', 'visibility'), column('UPDATED', 'updatedAt', { kind: 'time' })],
  detail: (s) => ({
    rows: [
      ['id', s.id],
      ['visibility', s.visibility],
      ['meta', s.meta, 'json'],
      ['updated', s.updatedAt, 'time'],
    ],
  }),
};
