import * as z from 'zod';

// zod compiles a parser for each object schema on its first use (new Function), which pays off over many
// objects; a command parses a response or two, and the compiling costs more than it saves
z.config({ jitless: true });

/**
 * Shared building blocks of the Workspace API v3 schemas.
 *
 * Responses are parsed tolerantly: objects keep fields this version does not know (z.looseObject),
 * timestamps are any string. Request bodies are strict: every limit of the API description is checked
 * before a request is sent.
 */

/**
 * A schema built when it is first used. Building zod schemas costs time (milliseconds for one resource's),
 * and a command uses one or two of the dozens here: each is defined as `lazy(() => z…)`, and stands for the
 * schema it builds (a Proxy that builds it on the first property read), so callers use it as the schema.
 */
export function lazy<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = () => (built ??= build());
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(schema(), key),
    has: (_target, key) => Reflect.has(schema(), key),
    set: (_target, key, value) => Reflect.set(schema(), key, value),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
    ownKeys: () => Reflect.ownKeys(schema()),
    // reported as configurable: a Proxy may not claim a fixed property its (empty) target lacks
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}

export const userAgents = ['web', 'cli', 'internal-cli', 'api', 'slack', 'discord', 'telegram', 'schedule', 'unknown'] as const;
export const UserAgent = lazy(() => z.enum(userAgents));

/**
 * An enum as a response carries it: any string. A value the API adds later must not make every read
 * fail; code that acts on a value (is this run finished?) compares against the values it knows, and
 * treats an unknown one as "not finished". Requests keep the strict enums.
 */
export const OpenEnum = lazy(() => z.string());

/** Any UUID-shaped string (8-4-4-4-12 hex); the API does not promise a version or variant. */
export const Uuid = lazy(() => z.guid({ error: 'must be a UUID' }));

/** ISO 8601 date-time as the server sends it; not re-validated, so an unusual offset is no failure. */
export const Timestamp = lazy(() => z.string());

/** An object whose inner structure the API description does not show. */
export const JsonObject = lazy(() => z.record(z.string(), z.unknown()));

/** Any JSON value (may be null). */
export const JsonValue = lazy(() => z.unknown());

/** `limit` and `offset` are sent as strings; the client keeps them as numbers until then. */
export function pageParams(maxLimit: number) {
  return {
    limit: z.int().min(1).max(maxLimit).optional(),
    offset: z.int().min(0).optional(),
  };
}

/** The fields every list envelope carries next to its items. */
export function envelopeFields() {
  return {
    total: z.number().int().min(0),
    limit: z.number().int().min(1),
    offset: z.number().int().min(0),
  };
}

/** Pattern shared by Agent.subAgents and Skill.subAgents entries. */
export const SubAgentName = lazy(() =>
  z
    .string()
    .min(1)
    .max(255)
    .regex(/^([a-z0-9_-]+\/)?[a-z0-9_]+$/, { error: 'must match ^([a-z0-9_-]+/)?[a-z0-9_]+$' }),
);

/** Agent names and skill slugs. */
export const Slug = lazy(() =>
  z
    .string()
    .min(1)
    .max(255)
    .regex(/^[a-z0-9_]+$/, { error: 'must match ^[a-z0-9_]+$ (lower-case letters, digits, _)' }),
);

export const StateChange = lazy(() => z.looseObject({ state: z.string(), at: Timestamp }));
