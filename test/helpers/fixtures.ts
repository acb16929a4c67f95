/** Realistic API objects, built per test so each can change what it needs. */
let counter = 0;

export function uuid(n = ++counter): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

export const orgId = '0f0e0d0c-0b0a-4909-8807-060504030201';
export const userId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

export function queryRun(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: uuid(),
    queryId: uuid(),
    status: 'COMPLETED',
    rowCount: 42,
    executionTimeMs: 1234,
    createdAt: '2026-11-20T10:00:00.000Z',
    completedAt: '2026-11-20T10:00:01.234Z',
    ...overrides,
  };
}

/** What GET /query-runs/{id}/result answers for a run that completed with one row in 5 ms, with any field replaced. */
export function queryRunResult(queryRunId: string, queryId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    queryRunId,
    queryId,
    status: 'COMPLETED',
    resultLocation: null,
    rowCount: 1,
    executionTimeMs: 5,
    columnSchema: null,
    userAgent: 'cli',
    createdAt: '2026-11-20T10:00:00.000Z',
    completedAt: null,
    ...overrides,
  };
}

export function query(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const id = uuid();
  return {
    id,
    name: 'Daily revenue',
    sql: 'SELECT day, sum(amount) AS revenue FROM orders GROUP BY day',
    lastSuccessfulRunId: null,
    lastQueryRunId: null,
    slug: 'daily_revenue',
    parameters: null,
    agentRunId: null,
    dataSourceId: null,
    organizationId: orgId,
    createdById: userId,
    updatedById: userId,
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    description: 'Revenue per day',
    ...overrides,
  };
}

export function queryList(queries: Record<string, unknown>[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { queries, total: queries.length, limit: 50, offset: 0, ...extra };
}

/** An automation as GET /automations lists it (a weekly one without inputs), with any field replaced. */
export function automation(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: uuid(),
    organizationId: orgId,
    name: 'Weekly export',
    description: null,
    cadence: { type: 'weekly', time: '06:00' },
    inputSchema: {},
    clonedFromId: null,
    createdById: userId,
    updatedById: userId,
    lastRunAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}
