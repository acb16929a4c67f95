/**
 * The field names of each resource, in the API's words, for `--json a,b`, help and completion.
 * Kept free of zod so that help and completion load nothing heavy; a unit test checks that every
 * list matches the keys of its zod schema.
 */
export const queryFields = [
  'id',
  'name',
  'slug',
  'description',
  'sql',
  'parameters',
  'lastSuccessfulRunId',
  'lastQueryRunId',
  'lastSuccessfulRun',
  'lastQueryRun',
  'agentRunId',
  'dataSourceId',
  'organizationId',
  'metadata',
  'userAgent',
  'createdById',
  'updatedById',
  'createdAt',
  'updatedAt',
] as const;

export const queryRunFields = [
  'id',
  'queryId',
  'status',
  'rowCount',
  'executionTimeMs',
  'errorDetails',
  'columnSchema',
  'resultLocation',
  'warehouseQueryId',
  'queryHash',
  'warehouse',
  'dataSourceId',
  'userAgent',
  'createdAt',
  'updatedAt',
  'startedAt',
  'completedAt',
] as const;

export const automationFields = [
  'id',
  'organizationId',
  'name',
  'description',
  'cadence',
  'inputSchema',
  'clonedFromId',
  'createdById',
  'updatedById',
  'lastRunAt',
  'createdAt',
  'updatedAt',
  'userAgent',
  'latestRun',
] as const;

export const automationRunFields = [
  'id',
  'workflowId',
  'workflowName',
  'organizationId',
  'runById',
  'state',
  'triggeredBy',
  'error',
  'metadata',
  'inputValues',
  'startedAt',
  'completedAt',
  'createdAt',
  'updatedAt',
  'stateHistory',
  'userAgent',
] as const;

export const stepRunFields = [
  'id',
  'workflowRunId',
  'workflowStepId',
  'state',
  'input',
  'output',
  'error',
  'startedAt',
  'completedAt',
  'createdAt',
  'updatedAt',
  'stateHistory',
] as const;

export const agentFields = [
  'id',
  'name',
  'description',
  'kind',
  'status',
  'handlerType',
  'systemPrompt',
  'tools',
  'maxTurns',
  'metadata',
  'organizationId',
  'organizationSlug',
  'createdById',
  'updatedById',
  'createdAt',
  'updatedAt',
  'subAgents',
  'skills',
  'inputSchema',
  'outputSchema',
  'userAgent',
  'lastUsedAt',
] as const;

export const skillFields = [
  'id',
  'name',
  'slug',
  'description',
  'knowledge',
  'tools',
  'subAgents',
  'organizationId',
  'createdById',
  'updatedById',
  'createdAt',
  'updatedAt',
  'sections',
  'userAgent',
  'organizationSlug',
  'lastUsedAt',
] as const;

export const chatSessionFields = [
  'id',
  'userId',
  'createdAt',
  'organizationId',
  'createdById',
  'updatedById',
  'meta',
  'isPublic',
  'visibility',
  'version',
  'userAgent',
] as const;

/** The response of PATCH /chat-sessions/update. */
export const chatSessionUpdateFields = ['id', 'visibility', 'meta', 'updatedAt'] as const;

/** GET /query-runs/{runId}. */
export const queryRunStatusFields = ['queryRunId', 'status', 'message', 'userAgent', 'createdAt', 'history'] as const;

/** GET /query-runs/{runId}/result. */
export const queryRunResultFields = [
  'queryRunId',
  'queryId',
  'status',
  'resultLocation',
  'rowCount',
  'executionTimeMs',
  'columnSchema',
  'userAgent',
  'createdAt',
  'completedAt',
] as const;

/** POST /queries/{id}/execute. */
export const executeQueryResponseFields = ['queryId', 'queryRunId', 'status', 'queryName'] as const;
