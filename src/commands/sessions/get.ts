import { getChatSession } from '../../api/chat-sessions.js';
import type { Context } from '../../context.js';
import { chatSessionView } from './shared/session-view.js';
import type { Sessions } from './declaration.js';

export async function run(ctx: Context, [sessionId]: Sessions['get']['args']): Promise<void> {
  const output = await ctx.output(chatSessionView.fields);
  await output.item(await getChatSession(ctx.http(), sessionId), chatSessionView);
}
