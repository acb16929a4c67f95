/**
 * The field names of each resource, in the API's words, for `--json a,b`, help and completion.
 * Kept free of zod so that help and completion load nothing heavy; a unit test checks that every
 * list matches the keys of its zod schema.
 */
export const queryFields = [
  'id', 'name', 'slug', 'description', 'sql', 'parameters', 'lastSuccessfulRunId', 'lastQueryRunId',
  'lastSuccessfulRun', 'lastQueryRun', 'agentRunId', 'dataSourceId', 'organizationId', 'metadata', 'userAgent',
  'createdById', 'updatedById', 'createdAt', 'updatedAt',
] as const;

export const queryRunFields = [
  'id', 'queryId', 'status', 'rowCount', 'executionTimeMs', 'errorDetails', 'columnSchema', 'resultLocation',
  'warehouseQueryId', 'queryHash', 'warehouse', 'dataSourceId', 'userAgent', 'createdAt', 'updatedAt',
  'startedAt', 'completedAt',
] as const;
