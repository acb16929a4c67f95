/**
 * What the description allows but the emulator never sends, in exact output: fields it does not mark as
 * always present left out (shown as -), and times that cannot be (a completion before the start, a run of
 * twelve years): a duration of - in tables, the server's own values in machine formats. For queries off a terminal,
 * in-process in test/commands/queries/runs.test.ts and list.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiServer } from '../helpers/api-server.js';
import { orgId, uuid } from '../helpers/fixtures.js';
import { lines, screenOf, skipWithoutPty, wsInPty } from '../helpers/pty.js';
import { testKey, ws } from '../helpers/ws.js';

const server = new ApiServer();
let env: Record<string, string>;
beforeAll(async () => {
  await server.start();
  env = { WS_BASE_URL: server.baseUrl, WS_API_KEY: testKey };
});
afterAll(() => server.stop());
beforeEach(() => server.reset());

const runId = uuid();
const automationId = uuid();
function automationRun(overrides: Record<string, unknown> = {}) {
  return {
    id: runId,
    workflowId: automationId,
    organizationId: orgId,
    runById: null,
    state: 'completed',
    triggeredBy: 'api',
    error: {},
    metadata: {},
    inputValues: {},
    startedAt: '2026-11-20T10:00:10.000Z',
    completedAt: '2026-11-20T10:00:00.000Z', // before the start
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:10.000Z',
    stateHistory: [],
    ...overrides,
  };
}

describe('fields the description does not mark as always present', () => {
  it('automations get-run takes step runs without id or workflowRunId, and names the step by its step id', async () => {
    const stepId = uuid();
    server.on('GET', `/automation-runs/${runId}`, { body: { run: automationRun({ completedAt: '2026-11-20T10:00:11.500Z' }), stepRuns: [{ workflowStepId: stepId, state: 'completed' }, { state: 'pending' }] } });
    const result = await ws(['automations', 'get-run', runId], env);
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(`duration:\t1500ms\n`);
    expect(result.stdout).toContain(`steps:\n 1. completed      -  ${stepId}\n 2. pending        -  -\n`);
  });
});

describe('impossible times', () => {
  it('a completion before the start, or twelve years after it, is a duration of -; JSON keeps both timestamps', async () => {
    server.on('GET', `/automation-runs/${runId}`, {
      body: {
        run: automationRun(),
        stepRuns: [{ id: uuid(), workflowRunId: runId, state: 'completed', startedAt: '2026-11-20T10:00:00.000Z', completedAt: '2038-11-20T10:00:00.000Z' }],
      },
    });
    const table = await ws(['automations', 'get-run', runId], env);
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toContain('duration:\t-\n');
    expect(table.stdout).toMatch(/ 1\. completed {6}- {2}/);
    expect(table.stdout).not.toMatch(/-\d+ms|\d{4,}h/);
    const json = JSON.parse((await ws(['automations', 'get-run', runId, '--json'], env)).stdout);
    expect(json.run).toMatchObject({ startedAt: '2026-11-20T10:00:10.000Z', completedAt: '2026-11-20T10:00:00.000Z' });
    expect(json.stepRuns[0]).toMatchObject({ completedAt: '2038-11-20T10:00:00.000Z' });
  });

});

describe.skipIf(skipWithoutPty)('in a terminal', () => {
  it.each([80, 0])('queries runs at %i columns shows - for a missing id, status or row count and for an impossible duration', async (columns) => {
    const id = uuid();
    const runs = [{ rowCount: 3, executionTimeMs: -22908026 }, { id: runId, status: 'RUNNING', executionTimeMs: 377349312000 }, { id: uuid(), status: 'COMPLETED', rowCount: 7, executionTimeMs: 1234 }];
    server.on('GET', `/queries/${id}/query-runs`, { body: { runs, total: 3, limit: 20, offset: 0 } });
    const result = await wsInPty(['queries', 'runs', id, '--no-color'], { env, columns }).result;
    expect(result.exitCode).toBe(0);
    const rows = lines(screenOf(result.output)).split('\n').slice(1, 4).map((line) => line.trim().split(/ {2,}/));
    expect(rows[0]!.slice(0, 4)).toEqual(['-', '-', '3', '-']);
    expect(rows[1]!.slice(0, 4)).toEqual([runId, 'RUNNING', '-', '-']);
    expect(rows[2]![3]).toBe('1.2s');
  });
});
