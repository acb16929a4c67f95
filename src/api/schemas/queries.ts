import * as z from 'zod';
import { envelopeFields, JsonObject, JsonValue, lazy, OpenEnum, pageParams, Timestamp, UserAgent, Uuid } from './common.js';
import { QueryRun } from './query-runs.js';

/**
 * The description marks none of these as always present, not even the name: a parameter without one is
 * shown as `-` and cannot be given a value with --param.
 */
export const QueryParameter = lazy(() =>
  z.looseObject({
    name: z.string().optional(),
    type: z.string().nullish(),
    description: z.string().nullish(),
    defaultValue: z.string().nullish(),
  }),
);
export type QueryParameter = z.infer<typeof QueryParameter>;

export const Query = lazy(() =>
  z.looseObject({
    id: z.string(),
    name: z.string(),
    sql: z.string(),
    lastSuccessfulRunId: z.string().nullable(),
    lastQueryRunId: z.string().nullable(),
    slug: z.string(),
    parameters: z.array(QueryParameter).nullable(),
    agentRunId: z.string().nullable(),
    dataSourceId: z.string().nullable(),
    organizationId: z.string(),
    createdById: z.string(),
    updatedById: z.string(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    description: z.string().nullish(),
    metadata: JsonValue.optional(),
    userAgent: OpenEnum.nullish(),
    lastSuccessfulRun: QueryRun.nullish(),
    lastQueryRun: QueryRun.nullish(),
  }),
);
export type Query = z.infer<typeof Query>;

export const QueryList = lazy(() => z.looseObject({ queries: z.array(Query), ...envelopeFields() }));
export type QueryList = z.infer<typeof QueryList>;

export const querySorts = ['updated', 'created', 'name'] as const;
export const sortDirections = ['asc', 'desc'] as const;
export const querySources = ['human', 'agent', 'all'] as const;
export const queryPageMax = 100;

/** Query parameters of GET /queries. `search` is our name for the search parameter the description leaves unnamed. */
export const ListQueriesParams = lazy(() =>
  z
    .strictObject({
      ...pageParams(queryPageMax),
      search: z.string().optional(),
      sortBy: z.enum(querySorts).optional(),
      sortDirection: z.enum(sortDirections).optional(),
      source: z.enum(querySources).optional(),
      createdById: Uuid.optional(),
      ownerOrganizationId: Uuid.optional(),
      platformOwned: z.boolean().optional(),
      includeRuns: z.boolean().optional(),
    })
    .refine((params) => !(params.platformOwned !== undefined && params.ownerOrganizationId !== undefined), {
      error: 'platformOwned and ownerOrganizationId are mutually exclusive',
      path: ['platformOwned'],
    }),
);
export type ListQueriesParams = z.infer<typeof ListQueriesParams>;

const QueryParameterInput = lazy(() =>
  z.strictObject({
    name: z.string().min(1),
    type: z.string(),
    description: z.string(),
    defaultValue: z.string(),
  }),
);

/** SQL a query may be saved with: no NUL character, which a database reading SQL as a C string would cut it at. */
const SavedSql = () => z.string().refine((sql) => !sql.includes('\0'), 'must not hold a NUL character (U+0000)');

/** Body of POST /queries. */
export const CreateQueryBody = lazy(() =>
  z.strictObject({
    name: z.string().min(1).max(500),
    sql: SavedSql(),
    description: z.string().max(2000).nullable().optional(),
    metadata: JsonValue.optional(),
    userAgent: UserAgent.nullable().optional(),
    parameters: z.array(QueryParameterInput).nullable().optional(),
    agentRunId: Uuid.nullable().optional(),
    dataSourceId: Uuid.nullable().optional(),
  }),
);
export type CreateQueryBody = z.infer<typeof CreateQueryBody>;

/** Body of PATCH /queries/{id}. */
export const UpdateQueryBody = lazy(() =>
  z.strictObject({
    name: z.string().min(1).max(500).optional(),
    description: z.string().max(2000).nullable().optional(),
    sql: SavedSql().optional(),
    parameters: z.array(QueryParameterInput).nullable().optional(),
    metadata: JsonValue.optional(),
  }),
);
export type UpdateQueryBody = z.infer<typeof UpdateQueryBody>;

/** Body of POST /queries/{id}/execute; userAgent may not be null here. */
export const ExecuteQueryBody = lazy(() =>
  z.strictObject({
    parameters: JsonObject.optional(),
    metadata: JsonObject.optional(),
    userAgent: UserAgent.optional(),
  }),
);
export type ExecuteQueryBody = z.infer<typeof ExecuteQueryBody>;

export const ExecuteQueryResponse = lazy(() =>
  z.looseObject({
    queryId: z.string(),
    queryRunId: z.string(),
    status: OpenEnum,
    queryName: z.string().optional(),
  }),
);
export type ExecuteQueryResponse = z.infer<typeof ExecuteQueryResponse>;

export const queryRunPageMax = 100;
export const ListQueryRunsParams = lazy(() => z.strictObject(pageParams(queryRunPageMax)));

export const QueryRunList = lazy(() => z.looseObject({ runs: z.array(QueryRun), ...envelopeFields() }));
export type QueryRunList = z.infer<typeof QueryRunList>;

/** Query parameters of GET /queries/{id}/latest/data; the page maximum is not shown, so none is enforced. */
export const LatestDataParams = lazy(() =>
  z.strictObject({
    limit: z.int().min(1).optional(),
    offset: z.int().min(0).optional(),
  }),
);

export const LatestData = lazy(() =>
  z.looseObject({
    queryRunId: z.string(),
    status: z.string(),
    totalRowCount: z.number().int().nullable(),
    returnedRowCount: z.number().int(),
    columns: z.array(JsonValue).nullable(),
    rows: z.array(z.custom<Record<string, unknown>>((row) => typeof row === 'object' && row !== null && !Array.isArray(row), 'a row must be an object')),
    startedAt: Timestamp.nullish(),
    completedAt: Timestamp.nullish(),
  }),
);
export type LatestData = z.infer<typeof LatestData>;
