import * as z from 'zod';

/**
 * Shared building blocks of the Workspace API v3 schemas.
 *
 * Responses are parsed tolerantly: objects keep fields this version does not know (z.looseObject),
 * timestamps are any string. Request bodies are strict: every limit of the API description is checked
 * before a request is sent.
 */

export const userAgents = ['web', 'cli', 'internal-cli', 'api', 'slack', 'discord', 'telegram', 'schedule', 'unknown'] as const;
export const UserAgent = z.enum(userAgents);

/**
 * An enum as a response carries it: any string. A value the API adds later must not make every read
 * fail; code that acts on a value (is this run finished?) compares against the values it knows, and
 * treats an unknown one as "not finished". Requests keep the strict enums.
 */
export const OpenEnum = z.string();

/** Any UUID-shaped string (8-4-4-4-12 hex); the API does not promise a version or variant. */
export const Uuid = z.guid({ error: 'must be a UUID' });

/** ISO 8601 date-time as the server sends it; not re-validated, so an unusual offset is no failure. */
export const Timestamp = z.string();

/** An object whose inner structure the API description does not show. */
export const JsonObject = z.record(z.string(), z.unknown());

/** Any JSON value (may be null). */
export const JsonValue = z.unknown();

/** `limit` and `offset` are sent as strings; the client keeps them as numbers until then. */
export function pageParams(maxLimit: number) {
  return {
    limit: z.int().min(1).max(maxLimit).optional(),
    offset: z.int().min(0).optional(),
  };
}

/** The fields every list envelope carries next to its items. */
export const envelopeFields = {
  total: z.number().int().min(0),
  limit: z.number().int().min(1),
  offset: z.number().int().min(0),
};

/** Pattern shared by Agent.subAgents and Skill.subAgents entries. */
export const SubAgentName = z
  .string()
  .min(1)
  .max(255)
  .regex(/^([a-z0-9_-]+\/)?[a-z0-9_]+$/, { error: 'must match ^([a-z0-9_-]+/)?[a-z0-9_]+$' });

/** Agent names and skill slugs. */
export const Slug = z.string().min(1).max(255).regex(/^[a-z0-9_]+$/, { error: 'must match ^[a-z0-9_]+$ (lower-case letters, digits, _)' });

export const StateChange = z.looseObject({ state: z.string(), at: Timestamp });
