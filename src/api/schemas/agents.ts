import * as z from 'zod';
import { JsonObject, lazy, OpenEnum, SubAgentName, Timestamp, UserAgent } from './common.js';

export const agentKinds = ['chat', 'sub'] as const;
export const agentHandlerTypes = ['database', 'code'] as const;
export const AgentKind = lazy(() => z.enum(agentKinds));
export const AgentHandlerType = lazy(() => z.enum(agentHandlerTypes));

export const agentMaxTurnsMin = 1;
export const agentMaxTurnsMax = 50;
const MaxTurns = lazy(() => z.int().min(agentMaxTurnsMin).max(agentMaxTurnsMax));

export const AgentTool = lazy(() => z.looseObject({ name: z.string(), config: JsonObject }));
export type AgentTool = z.infer<typeof AgentTool>;

/** Limits (name pattern, maxTurns range) are checked on what we send, not on what the server sends. */
export const Agent = lazy(() =>
  z.looseObject({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    kind: OpenEnum,
    status: OpenEnum,
    handlerType: OpenEnum,
    systemPrompt: z.string(),
    tools: z.array(AgentTool).nullable(),
    maxTurns: z.number().int(),
    metadata: JsonObject,
    organizationId: z.string(),
    organizationSlug: z.string(),
    createdById: z.string(),
    updatedById: z.string(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    subAgents: z.array(z.string()).nullish(),
    skills: z.array(z.string()).nullish(),
    inputSchema: JsonObject.optional(),
    outputSchema: JsonObject.optional(),
    userAgent: OpenEnum.nullish(),
    lastUsedAt: Timestamp.nullish(),
  }),
);
export type Agent = z.infer<typeof Agent>;

const AgentToolInput = lazy(() => z.strictObject({ name: z.string(), config: JsonObject }));

/**
 * Body of PATCH /agents/{identifier}; every field is optional. name and status are not in the
 * endpoint's body and are refused. skills may not be null here (the endpoint lists "array of string").
 */
export const UpdateAgentBody = lazy(() =>
  z.strictObject({
    description: z.string().max(1000).nullable().optional(),
    kind: AgentKind.optional(),
    handlerType: AgentHandlerType.optional(),
    systemPrompt: z.string().optional(),
    tools: z.array(AgentToolInput).nullable().optional(),
    subAgents: z.array(SubAgentName).nullable().optional(),
    skills: z.array(z.string().min(1)).optional(),
    maxTurns: MaxTurns.optional(),
    metadata: JsonObject.optional(),
    inputSchema: JsonObject.optional(),
    outputSchema: JsonObject.optional(),
    userAgent: UserAgent.nullable().optional(),
  }),
);
export type UpdateAgentBody = z.infer<typeof UpdateAgentBody>;
