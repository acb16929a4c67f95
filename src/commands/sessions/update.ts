import { updateChatSession } from '../../api/chat-sessions.js';
import { isUuid } from '../../ids.js';
import { UpdateChatSessionBody } from '../../api/schemas/chat-sessions.js';
import { validateRequest } from '../../api/validate.js';
import type { Context } from '../../context.js';
import { usageError } from '../../errors.js';
import { printDryRun } from '../../cmdutil/dry-run.js';
import { jsonArgument } from '../../cmdutil/inputs.js';
import { chatSessionUpdateView } from './shared/session-view.js';
import type { Sessions } from './declaration.js';

export async function run(ctx: Context, [sessionId]: Sessions['update']['args'], opts: Sessions['update']['opts']): Promise<void> {
  // The update names the session in the x-session-id header, which takes a UUID only (not a legacy id).
  if (!isUuid(sessionId))
    throw usageError(`invalid chat session id "${sessionId}": must be a UUID`, 'sessions with a legacy id can be read with `ws sessions get` but not updated');
  const body = validateRequest(
    UpdateChatSessionBody,
    { visibility: opts.visibility, meta: opts.meta === undefined ? undefined : await jsonArgument(ctx.io, opts.meta, '--meta') },
    { visibility: '--visibility', meta: '--meta' },
  );
  const fields = Object.keys(body).filter((field) => body[field as keyof typeof body] !== undefined);
  if (fields.length === 0) throw usageError('nothing to update', 'pass --visibility personal|organization|public, --meta json|@file, or both');
  const request = { method: 'PATCH', path: '/chat-sessions/update', headers: { 'x-session-id': sessionId }, body };
  if (opts.dryRun) return printDryRun(ctx, request);
  const output = await ctx.output(chatSessionUpdateView.fields);
  await output.item(await updateChatSession(ctx.http(), sessionId, body), chatSessionUpdateView);
  ctx.note(`Updated chat session ${sessionId}: ${fields.join(', ')}`);
}
