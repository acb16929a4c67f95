import * as z from 'zod';
import { JsonValue, lazy, OpenEnum, Timestamp } from './common.js';

export const chatVisibilities = ['personal', 'organization', 'public'] as const;
export const ChatVisibility = lazy(() => z.enum(chatVisibilities));
export type ChatVisibility = z.infer<typeof ChatVisibility>;

/**
 * A chat session. `id` is a UUID or a legacy string, so any string. isPublic, visibility and version
 * have server-side defaults and are not marked as always present, so they may be missing; `version`
 * is described as a string with default 4, so a bare number is accepted as well.
 */
export const ChatSession = lazy(() =>
  z.looseObject({
    id: z.string(),
    userId: z.string(),
    createdAt: Timestamp,
    organizationId: z.string(),
    createdById: z.string(),
    updatedById: z.string(),
    meta: JsonValue.optional(),
    isPublic: z.boolean().optional(),
    visibility: OpenEnum.optional(),
    version: z.union([z.string(), z.number()]).optional(),
    userAgent: OpenEnum.nullish(),
  }),
);
export type ChatSession = z.infer<typeof ChatSession>;

/** Body of PATCH /chat-sessions/update; meta is merged into the existing meta. */
export const UpdateChatSessionBody = lazy(() =>
  z.strictObject({
    meta: JsonValue.optional(),
    visibility: ChatVisibility.optional(),
  }),
);
export type UpdateChatSessionBody = z.infer<typeof UpdateChatSessionBody>;

export const UpdateChatSessionResponse = lazy(() =>
  z.looseObject({
    id: z.string(),
    visibility: OpenEnum,
    meta: JsonValue.optional(),
    updatedAt: Timestamp.optional(),
  }),
);
export type UpdateChatSessionResponse = z.infer<typeof UpdateChatSessionResponse>;
