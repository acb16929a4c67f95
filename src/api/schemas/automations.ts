import * as z from 'zod';
import { envelopeFields, JsonObject, JsonValue, lazy, OpenEnum, pageParams, Timestamp, UserAgent } from './common.js';
import { sortDirections } from './queries.js';

/**
 * When an automation runs. The description shows `type` (for example daily) and `time`; other cadence
 * types and further fields are not shown, so unknown fields are kept and `time` may be missing or null
 * (a cadence that is not time-of-day based need not carry one).
 */
export const Cadence = lazy(() =>
  z.looseObject({
    type: z.string(),
    time: z.string().nullish(),
  }),
);
export type Cadence = z.infer<typeof Cadence>;

export const Automation = lazy(() =>
  z.looseObject({
    id: z.string(),
    organizationId: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    cadence: Cadence,
    inputSchema: JsonObject,
    clonedFromId: z.string().nullable(),
    createdById: z.string(),
    updatedById: z.string(),
    lastRunAt: Timestamp.nullable(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    userAgent: OpenEnum.nullish(),
    /** Added by GET /automations?include=latestRun; its shape is not shown. */
    latestRun: JsonValue.optional(),
  }),
);
export type Automation = z.infer<typeof Automation>;

/** GET /automations; the items are under `workflows`. */
export const AutomationList = lazy(() => z.looseObject({ workflows: z.array(Automation), ...envelopeFields() }));
export type AutomationList = z.infer<typeof AutomationList>;

export const automationIncludes = ['latestRun'] as const;
export const automationSorts = ['updated', 'created', 'name'] as const;
export const automationOwnerships = ['all', 'owned', 'granted'] as const;
export const automationPageMax = 200;

/** Query parameters of GET /automations. `search` is our name for the search parameter the description leaves unnamed. */
export const ListAutomationsParams = lazy(() =>
  z.strictObject({
    include: z.enum(automationIncludes).optional(),
    ...pageParams(automationPageMax),
    search: z.string().optional(),
    sortBy: z.enum(automationSorts).optional(),
    sortDirection: z.enum(sortDirections).optional(),
    ownership: z.enum(automationOwnerships).optional(),
    /** A user id; the description types it as a plain string, not a uuid. */
    createdById: z.string().optional(),
  }),
);
export type ListAutomationsParams = z.infer<typeof ListAutomationsParams>;

/** Body of POST /automations/{id}/runs. */
export const TriggerAutomationBody = lazy(() =>
  z.strictObject({
    metadata: JsonObject.optional(),
    inputValues: JsonObject.optional(),
    userAgent: UserAgent.nullable().optional(),
  }),
);
export type TriggerAutomationBody = z.infer<typeof TriggerAutomationBody>;
