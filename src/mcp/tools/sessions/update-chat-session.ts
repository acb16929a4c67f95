import * as z from 'zod';
import { updateChatSession } from '../../../api/chat-sessions.js';
import { UpdateChatSessionBody, UpdateChatSessionResponse } from '../../../api/schemas/chat-sessions.js';
import { usageError } from '../../../errors.js';
import { bodyArguments, bodyFrom, tool } from '../../tool.js';

const fields = {
  visibility: 'who sees it: personal (its owner), organization or public',
  meta: 'keys merged into its meta (an object)',
};

export const updateChatSessionTool = tool(
  {
    name: 'update_chat_session',
    description: "Changes a chat session's visibility, or merges keys into its meta. Only with `ws mcp --allow-writes`.",
    inputSchema: z.strictObject({ session_id: z.guid().describe('the chat session id (UUID)'), ...bodyArguments(UpdateChatSessionBody, fields) }),
    outputSchema: z.object({ session: UpdateChatSessionResponse }),
    annotations: { title: 'Change a chat session', readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    writes: true,
  },
  async (args, { http }) => {
    const body = bodyFrom(args, fields);
    if (!Object.keys(body).length) throw usageError('update_chat_session needs visibility or meta');
    return { data: { session: await updateChatSession(http(), args.session_id, body as UpdateChatSessionBody) } };
  },
);
