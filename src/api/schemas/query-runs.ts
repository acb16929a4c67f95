import * as z from 'zod';
import { JsonValue, lazy, OpenEnum, Timestamp } from './common.js';

export const queryRunStatuses = ['PENDING', 'SUBMITTED', 'RUNNING', 'STREAMING', 'COMPLETED', 'FAILED', 'CANCELLED'] as const;
export const QueryRunStatus = lazy(() => z.enum(queryRunStatuses));
export type QueryRunStatus = z.infer<typeof QueryRunStatus>;
export const terminalQueryRunStatuses: readonly string[] = ['COMPLETED', 'FAILED', 'CANCELLED'] satisfies QueryRunStatus[];

/**
 * A query run. The API description marks none of its fields as always present (a field without a value
 * is left out), so every one may be missing; null is accepted too, which costs nothing.
 */
export const QueryRun = lazy(() =>
  z.looseObject({
    id: z.string().optional(),
    queryId: z.string().optional(),
    status: OpenEnum.optional(),
    resultLocation: z.string().nullish(),
    warehouseQueryId: z.string().nullish(),
    rowCount: z.number().int().nullish(),
    executionTimeMs: z.number().int().nullish(),
    columnSchema: z.array(JsonValue).nullish(),
    errorDetails: z.string().nullish(),
    queryHash: z.string().nullish(),
    warehouse: z.string().nullish(),
    dataSourceId: z.string().nullish(),
    createdAt: Timestamp.nullish(),
    updatedAt: Timestamp.nullish(),
    startedAt: Timestamp.nullish(),
    completedAt: Timestamp.nullish(),
    userAgent: OpenEnum.nullish(),
  }),
);
export type QueryRun = z.infer<typeof QueryRun>;

/** GET /query-runs/{runId} */
export const QueryRunStatusResponse = lazy(() =>
  z.looseObject({
    queryRunId: z.string(),
    status: OpenEnum,
    message: z.string().nullable(),
    userAgent: OpenEnum.nullable(),
    createdAt: Timestamp,
    history: z.array(
      z.looseObject({
        status: OpenEnum,
        message: z.string().nullish(),
        createdAt: Timestamp,
      }),
    ),
  }),
);
export type QueryRunStatusResponse = z.infer<typeof QueryRunStatusResponse>;

/** GET /query-runs/{runId}/result */
export const QueryRunResult = lazy(() =>
  z.looseObject({
    queryRunId: z.string(),
    queryId: z.string(),
    status: OpenEnum,
    resultLocation: z.string().nullable(),
    rowCount: z.number().int().nullable(),
    executionTimeMs: z.number().int().nullable(),
    columnSchema: z.array(JsonValue).nullable(),
    userAgent: OpenEnum.nullable(),
    createdAt: Timestamp,
    completedAt: Timestamp.nullable(),
  }),
);
export type QueryRunResult = z.infer<typeof QueryRunResult>;
