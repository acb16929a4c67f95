import { describe, expect, it } from 'vitest';
import { stubServer } from '../../helpers/command.js';
import { automationRun, runDetail, stepRun } from '../../helpers/resources.js';

const { server, ws } = stubServer({ now: '2026-11-20T12:00:00.000Z', env: { NO_COLOR: '1' } });

const runId = '22000000-0000-4000-8000-000000000010';
const workflowId = '20000000-0000-4000-8000-000000000002';
const failed = runDetail(
  automationRun({
    id: runId,
    workflowId,
    workflowName: 'Nightly churn export',
    state: 'failed',
    error: { message: 'step 2 failed' },
    inputValues: { region: 'EU' },
  }),
  [
    stepRun({ name: 'Top customers' }),
    stepRun({ name: 'Churn report', state: 'failed', error: { message: 'relation subscriptions does not exist' }, completedAt: '2026-11-20T11:00:01.500Z' }),
  ],
);

describe('ws automations get-run', () => {
  it('through a pipe: the run as labelled lines, then its steps as a timeline', async () => {
    server.on('GET', `/automation-runs/${runId}`, { body: failed });
    const result = await ws(['automations', 'get-run', runId]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain(`run:\t${runId}\n`);
    expect(result.stdout).toContain(`automation:\tNightly churn export (${workflowId})\n`);
    expect(result.stdout).toContain('state:\tfailed\n');
    expect(result.stdout).toContain('inputs:\t{"region":"EU"}\n');
    expect(result.stdout).toContain('error:\tstep 2 failed\n');
    expect(result.stdout).toMatch(
      /\nsteps:\n 1\. completed +2\.0s {2}Top customers\n 2\. failed +500ms {2}Churn report: relation subscriptions does not exist\n$/,
    );
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /automation-runs/${runId}`]);
  });

  it('in a terminal: aligned labels, the same timeline', async () => {
    server.on('GET', `/automation-runs/${runId}`, { body: failed });
    const result = await ws(['automations', 'get-run', runId], { tty: true, columns: 100 });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^state: +failed$/m);
    expect(result.stdout).toMatch(/^started: +1 hour ago$/m);
    expect(result.stdout).toMatch(/^ 2\. failed +500ms {2}Churn report: relation subscriptions does not exist$/m);
  });

  it('--json is the API body {run, stepRuns}; run, the former name, prints the same', async () => {
    server.on('GET', `/automation-runs/${runId}`, { body: failed });
    const shown = await ws(['automations', 'get-run', runId, '--json']);
    expect(shown.exitCode, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout)).toEqual(failed);
    const old = await ws(['automations', 'run', runId, '--json']);
    expect(old.stdout).toBe(shown.stdout);
  });

  it('--json run or stepRuns picks that part of the body', async () => {
    server.on('GET', `/automation-runs/${runId}`, { body: failed });
    expect(JSON.parse((await ws(['automations', 'get-run', runId, '--json', 'run'])).stdout)).toEqual({ run: failed.run });
    expect(Object.keys(JSON.parse((await ws(['automations', 'get-run', runId, '--json', 'stepRuns'])).stdout))).toEqual(['stepRuns']);
  });

  it('step runs without id or workflowRunId (the API does not promise them) are named by their step id, or -', async () => {
    const stepId = '21000000-0000-4000-8000-00000000000a';
    const run = automationRun({ id: runId, startedAt: '2026-11-20T10:00:10.000Z', completedAt: '2026-11-20T10:00:11.500Z' });
    server.on('GET', `/automation-runs/${runId}`, { body: { run, stepRuns: [{ workflowStepId: stepId, state: 'completed' }, { state: 'pending' }] } });
    const result = await ws(['automations', 'get-run', runId]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('duration:\t1500ms\n');
    expect(result.stdout).toContain(`steps:\n 1. completed      -  ${stepId}\n 2. pending        -  -\n`);
  });

  it('a completion before the start, or twelve years after it, is a duration of -; JSON keeps both timestamps', async () => {
    const run = automationRun({ id: runId, startedAt: '2026-11-20T10:00:10.000Z', completedAt: '2026-11-20T10:00:00.000Z' });
    const stepRuns = [stepRun({ startedAt: '2026-11-20T10:00:00.000Z', completedAt: '2038-11-20T10:00:00.000Z' })];
    server.on('GET', `/automation-runs/${runId}`, { body: { run, stepRuns } });
    const table = await ws(['automations', 'get-run', runId]);
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toContain('duration:\t-\n');
    expect(table.stdout).toMatch(/ 1\. completed {6}- {2}/);
    expect(table.stdout).not.toMatch(/-\d+ms|\d{4,}h/);
    const json = JSON.parse((await ws(['automations', 'get-run', runId, '--json'])).stdout);
    expect(json.run).toMatchObject({ startedAt: '2026-11-20T10:00:10.000Z', completedAt: '2026-11-20T10:00:00.000Z' });
    expect(json.stepRuns[0]).toMatchObject({ completedAt: '2038-11-20T10:00:00.000Z' });
  });

  it('a run id that is not a UUID is exit 2 and nothing is sent', async () => {
    const result = await ws(['automations', 'get-run', 'latest']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: invalid automation run id "latest": must be a UUID');
    expect(server.requests).toEqual([]);
  });

  it('an unknown run is exit 4', async () => {
    server.on('GET', `/automation-runs/${runId}`, { status: 404, body: { message: 'run not found' } });
    const result = await ws(['automations', 'get-run', runId]);
    expect(result.exitCode).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`GET /automation-runs/${runId}: not found (HTTP 404)`);
  });
});
