import * as z from 'zod';
import { getChatSession } from '../../../api/chat-sessions.js';
import { ChatSession } from '../../../api/schemas/chat-sessions.js';
import { boundedName, tool } from '../../tool.js';

export const getChatSessionTool = tool(
  {
    name: 'get_chat_session',
    description: 'Shows one chat session: its title, visibility (personal, organization, public), meta and times.',
    inputSchema: z.strictObject({
      session_id: boundedName(255, 'ws bounds an id at 255 characters: the API states no limit, and an id goes in a URL').describe(
        'the chat session id (a UUID or a legacy id)',
      ),
    }),
    outputSchema: z.object({ session: ChatSession }),
    annotations: { title: 'Show a chat session', readOnlyHint: true, idempotentHint: true },
  },
  async ({ session_id }, { http }) => ({ data: { session: await getChatSession(http(), session_id) } }),
);
