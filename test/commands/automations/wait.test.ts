import { describe, expect, it } from 'vitest';
import { stubServer } from '../../helpers/command.js';
import { automationRun, runDetail, stepRun } from '../../helpers/resources.js';

const { server, ws } = stubServer({ env: { NO_COLOR: '1' } });

const runId = '22000000-0000-4000-8000-000000000060';
const running = runDetail(automationRun({ id: runId, state: 'running', completedAt: null }), [
  stepRun({ name: 'Daily revenue', state: 'running', completedAt: null }),
]);
const completed = runDetail(automationRun({ id: runId }), [stepRun({ name: 'Daily revenue' }), stepRun({ name: 'Revenue by country' })]);
const failed = runDetail(automationRun({ id: runId, state: 'failed' }), [
  stepRun({ name: 'Top customers' }),
  stepRun({ name: 'Churn report', state: 'failed', error: { message: 'no table' } }),
]);
const cancelled = runDetail(automationRun({ id: runId, state: 'cancelled' }), []);

describe('ws automations wait', () => {
  it('polls until the run ends and prints it with its steps, through a pipe', async () => {
    server.on('GET', `/automation-runs/${runId}`, { body: running }, { body: completed });
    const result = await ws(['automations', 'wait', runId]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain(`run:\t${runId}\n`);
    expect(result.stdout).toContain('state:\tcompleted\n');
    expect(result.stdout).toMatch(/\nsteps:\n 1\. completed +2\.0s {2}Daily revenue\n 2\. completed +2\.0s {2}Revenue by country\n$/);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /automation-runs/${runId}`, `GET /automation-runs/${runId}`]);
  });

  it('in a terminal: aligned labels on stdout', async () => {
    server.on('GET', `/automation-runs/${runId}`, { body: completed });
    const result = await ws(['automations', 'wait', runId], { tty: true, columns: 100 });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^state: +completed$/m);
    expect(result.stdout).not.toContain('\t');
  });

  it('--json prints the final run; --json state only its state', async () => {
    server.on('GET', `/automation-runs/${runId}`, { body: completed });
    expect(JSON.parse((await ws(['automations', 'wait', runId, '--json'])).stdout)).toEqual(completed.run);
    expect(JSON.parse((await ws(['automations', 'wait', runId, '--json', 'state'])).stdout)).toEqual({ state: 'completed' });
  });

  it('a failed run is exit 5 naming the step; a cancelled one exit 5 too', async () => {
    server.on('GET', `/automation-runs/${runId}`, { body: failed }, { body: cancelled });
    const result = await ws(['automations', 'wait', runId]);
    expect(result.exitCode).toBe(5);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`error: automation run ${runId} failed: step 2 (Churn report) failed: no table\n`);
    const again = await ws(['automations', 'wait', runId]);
    expect(again.exitCode).toBe(5);
    expect(again.stderr).toContain(`error: automation run ${runId} cancelled\n`);
  });

  it('with a machine format off a terminal, stderr is one JSON object naming the run: run_failed, run_cancelled', async () => {
    server.on('GET', `/automation-runs/${runId}`, { body: failed }, { body: cancelled });
    const failure = await ws(['automations', 'wait', runId, '-o', 'ndjson']);
    expect(failure.exitCode).toBe(5);
    expect(failure.stdout).toBe('');
    expect(JSON.parse(failure.stderr)).toEqual({
      error: {
        code: 'run_failed',
        message: `automation run ${runId} failed: step 2 (Churn report) failed: no table`,
        hint: `see every step: ws automations get-run ${runId}`,
        automationId: failed.run.workflowId,
        automationRunId: runId,
      },
    });
    const cancel = await ws(['automations', 'wait', runId, '--json']);
    expect(cancel.exitCode).toBe(5);
    expect(JSON.parse(cancel.stderr).error).toMatchObject({ code: 'run_cancelled', automationRunId: runId });
  });

  it('--timeout 1ms on a running run is exit 6 with the command that resumes; nothing is cancelled', async () => {
    // 1 ms may be over before the first request is sent, or after it
    server.optional('GET', `/automation-runs/${runId}`, { body: running });
    const result = await ws(['automations', 'wait', runId, '--timeout', '1ms'], { clock: Date.now });
    expect(result.exitCode).toBe(6);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(new RegExp(`^error: gave up waiting for automation run ${runId} after .*goes on`, 'm'));
    expect(result.stderr).toContain(`ws automations wait ${runId}`);
    expect(server.requests.every((r) => r.method === 'GET')).toBe(true);
  });

  it('--cancel-on-timeout cancels the run before exit 6', async () => {
    let cancelled = false;
    // running until the cancel arrives (however many polls the 1 ms allow), cancelled after it
    server.on('GET', `/automation-runs/${runId}`, () => ({ body: cancelled ? runDetail({ ...running.run, state: 'cancelled' }) : running }));
    server.on('POST', `/automation-runs/${runId}/cancel`, () => {
      cancelled = true;
      return { body: {} };
    });
    const result = await ws(['automations', 'wait', runId, '--timeout', '1ms', '--cancel-on-timeout'], { clock: Date.now });
    expect(result.exitCode).toBe(6);
    expect(result.stderr).toContain('it was cancelled');
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([`/automation-runs/${runId}/cancel`]);
  });

  it.each([[['latest']], [[runId, '--timeout', 'forever']], [[]]])('%j is exit 2 and nothing is sent', async (args) => {
    const result = await ws(['automations', 'wait', ...args]);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(server.requests).toEqual([]);
  });

  it('a run not visible yet (404) is ridden out: the wait goes on to its end', async () => {
    server.on('GET', `/automation-runs/${runId}`, { status: 404, body: { message: 'no such run' } }, { body: completed });
    const result = await ws(['automations', 'wait', runId]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('state:\tcompleted\n');
    expect(server.requests).toHaveLength(2);
  });

  it('a refusal (400) is final: exit 1 with the server message, polled once', async () => {
    server.on('GET', `/automation-runs/${runId}`, { status: 400, body: { message: 'run id refused' } });
    const result = await ws(['automations', 'wait', runId]);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('run id refused');
    expect(server.requests).toHaveLength(1);
  });
});
