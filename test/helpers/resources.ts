/**
 * API objects for the command tests of automations, agents, skills and chat sessions, as the API sends them,
 * built per test so each can change what it needs (fixtures.ts has queries and automations).
 */
import { orgId, userId, uuid } from './fixtures.js';

/** An automation run of `workflowId`, completed in 5 s, with any field replaced. */
export function automationRun(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: uuid(),
    workflowId: uuid(),
    organizationId: orgId,
    runById: userId,
    state: 'completed',
    triggeredBy: 'api',
    error: null,
    metadata: {},
    inputValues: {},
    startedAt: '2026-11-20T11:00:00.000Z',
    completedAt: '2026-11-20T11:00:05.000Z',
    createdAt: '2026-11-20T11:00:00.000Z',
    updatedAt: '2026-11-20T11:00:05.000Z',
    stateHistory: [],
    userAgent: 'cli',
    ...overrides,
  };
}

/** A step run that took 2 s, with any field replaced; `name` is shown as the step's name. */
export function stepRun(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: uuid(),
    workflowRunId: uuid(),
    workflowStepId: uuid(),
    state: 'completed',
    input: {},
    output: {},
    error: null,
    startedAt: '2026-11-20T11:00:01.000Z',
    completedAt: '2026-11-20T11:00:03.000Z',
    createdAt: '2026-11-20T11:00:00.000Z',
    updatedAt: '2026-11-20T11:00:03.000Z',
    ...overrides,
  };
}

/** GET /automation-runs/{id}: the run and its step runs. */
export function runDetail(
  run: Record<string, unknown>,
  stepRuns: Record<string, unknown>[] = [],
): { run: Record<string, unknown>; stepRuns: Record<string, unknown>[] } {
  return { run, stepRuns: stepRuns.map((step) => ({ ...step, workflowRunId: run.id })) };
}

/** An agent as GET /agents/{identifier} sends it (sql_helper of the emulator's demo data), with any field replaced. */
export function agent(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: uuid(),
    name: 'sql_helper',
    description: 'Answers questions with SQL',
    kind: 'chat',
    status: 'active',
    handlerType: 'database',
    systemPrompt: 'You write DuckDB SQL.',
    tools: [{ name: 'run_query', config: { maxRows: 1000 } }],
    maxTurns: 12,
    metadata: {},
    organizationId: orgId,
    organizationSlug: 'acme',
    createdById: userId,
    updatedById: userId,
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    subAgents: ['report_writer'],
    skills: ['revenue_analysis'],
    inputSchema: {},
    outputSchema: {},
    userAgent: 'web',
    lastUsedAt: null,
    ...overrides,
  };
}

/** A skill as GET /skills/{identifier} and POST /skills send it, with any field replaced. */
export function skill(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: uuid(),
    name: 'Revenue analysis',
    slug: 'revenue_analysis',
    description: 'How revenue is defined',
    knowledge: 'Revenue counts paid orders only.',
    tools: ['run_query'],
    subAgents: null,
    organizationId: orgId,
    createdById: userId,
    updatedById: userId,
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    sections: {},
    organizationSlug: 'acme',
    userAgent: 'web',
    lastUsedAt: null,
    ...overrides,
  };
}

/** A chat session as GET /chat-sessions/{id} sends it, with any field replaced. */
export function chatSession(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: uuid(),
    userId,
    createdAt: '2026-11-01T09:00:00.000Z',
    organizationId: orgId,
    createdById: userId,
    updatedById: userId,
    meta: { title: 'Revenue questions' },
    isPublic: false,
    visibility: 'personal',
    version: '4',
    userAgent: 'web',
    ...overrides,
  };
}
