import * as z from 'zod';
import { JsonObject, lazy, OpenEnum, Slug, SubAgentName, Timestamp, UserAgent } from './common.js';

export const Skill = lazy(() =>
  z.looseObject({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    knowledge: z.string(),
    tools: z.array(z.string()).nullable(),
    subAgents: z.array(z.string()).nullable(),
    organizationId: z.string(),
    createdById: z.string(),
    updatedById: z.string(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    sections: JsonObject.optional(),
    userAgent: OpenEnum.nullish(),
    organizationSlug: z.string().optional(),
    lastUsedAt: Timestamp.nullish(),
  }),
);
export type Skill = z.infer<typeof Skill>;

/** Body of POST /skills (create, or update an existing skill). */
export const ApplySkillBody = lazy(() =>
  z.strictObject({
    name: z.string().min(1).max(255),
    slug: Slug,
    description: z.string().min(1).max(1000),
    knowledge: z.string().min(1),
    tools: z.array(z.string()).nullable().optional(),
    subAgents: z.array(SubAgentName).nullable().optional(),
    sections: JsonObject.optional(),
    userAgent: UserAgent.nullable().optional(),
  }),
);
export type ApplySkillBody = z.infer<typeof ApplySkillBody>;
