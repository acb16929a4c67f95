import { describe, expect, it } from 'vitest';
import { stubServer } from '../../helpers/command.js';
import { automationRun, runDetail, stepRun } from '../../helpers/resources.js';

const { server, ws } = stubServer({ env: { NO_COLOR: '1' } });

const runId = '22000000-0000-4000-8000-000000000070';
const running = runDetail(automationRun({ id: runId, state: 'running', completedAt: null }), [
  stepRun({ name: 'Daily revenue', state: 'running', completedAt: null }),
  stepRun({ name: 'Revenue by country', state: 'pending', startedAt: null, completedAt: null }),
]);
const completed = runDetail(automationRun({ id: runId }), [stepRun({ name: 'Daily revenue' }), stepRun({ name: 'Revenue by country' })]);
const failed = runDetail(automationRun({ id: runId, state: 'failed' }), [stepRun({ name: 'Daily revenue', state: 'failed', error: { message: 'no table' } })]);

describe('ws automations watch', () => {
  it('through a pipe: one line a change of state on stderr, stdout empty', async () => {
    server.on('GET', `/automation-runs/${runId}`, { body: running }, { body: completed });
    const result = await ws(['automations', 'watch', runId]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`automation run ${runId}: running`);
    expect(result.stderr).toContain('Daily revenue');
    expect(result.stderr).toContain('Revenue by country');
    expect(result.stderr).toContain('completed');
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /automation-runs/${runId}`, `GET /automation-runs/${runId}`]);
  });

  it('off a terminal, a timeline: one line per change, in order, each once; then the error; exit 5', async () => {
    const steps = (first: Record<string, unknown>, second: Record<string, unknown>) => [
      stepRun({ name: 'Top customers', ...first }),
      stepRun({ name: 'Churn report', ...second }),
    ];
    const pendingStep = { state: 'pending', startedAt: null, completedAt: null };
    const runningStep = { state: 'running', completedAt: null };
    const base = automationRun({ id: runId, state: 'running', completedAt: null });
    server.on(
      'GET',
      `/automation-runs/${runId}`,
      { body: runDetail(base, steps(runningStep, pendingStep)) },
      { body: runDetail(base, steps({}, runningStep)) },
      {
        body: runDetail(
          { ...base, state: 'failed', completedAt: '2026-11-20T11:00:05.000Z' },
          steps({}, { state: 'failed', error: { message: 'relation subscriptions does not exist' } }),
        ),
      },
    );
    const result = await ws(['automations', 'watch', runId]);
    expect(result.exitCode).toBe(5);
    expect(result.stdout).toBe('');
    const prefix = `automation run ${runId}: `;
    expect(result.stderr).toBe(
      [
        `${prefix}running`,
        `${prefix}step 1/2 Top customers: running`,
        `${prefix}step 1/2 Top customers: completed (2.0s)`,
        `${prefix}step 2/2 Churn report: running`,
        `${prefix}step 2/2 Churn report: failed (2.0s): relation subscriptions does not exist`,
        `${prefix}failed (5.0s)`,
        `error: automation run ${runId} failed: step 2 (Churn report) failed: relation subscriptions does not exist`,
        `hint: see every step: ws automations get-run ${runId}`,
        '',
      ].join('\n'),
    );
  });

  it('-o yaml keeps the timeline on stderr; --quiet prints no progress, only the error', async () => {
    server.on('GET', `/automation-runs/${runId}`, { body: completed });
    const yaml = await ws(['automations', 'watch', runId, '-o', 'yaml']);
    expect(yaml.exitCode, yaml.stderr).toBe(0);
    expect(yaml.stdout).toContain('run:\n');
    expect(yaml.stderr).toContain(`automation run ${runId}: completed (`);
    server.reset();
    server.on('GET', `/automation-runs/${runId}`, { body: failed });
    const quiet = await ws(['automations', 'watch', runId, '--quiet']);
    expect(quiet.exitCode).toBe(5);
    expect(quiet.stderr).toMatch(/^error: automation run .* failed: step 1 \(Daily revenue\) failed: no table\n/);
    expect(quiet.stderr.split('\n').filter((line) => line.startsWith('automation run'))).toEqual([]);
  });

  it('a failed poll ridden out shows as a retrying line, and the watch goes on to the end', async () => {
    server.on('GET', `/automation-runs/${runId}`, { status: 503, headers: { 'retry-after': '0' }, body: { message: 'busy' } }, { body: completed });
    const result = await ws(['automations', 'watch', runId], { env: { WS_MAX_ATTEMPTS: '1' } });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain(`automation run ${runId}: retrying: GET /automation-runs/${runId} failed (HTTP 503)`);
    expect(result.stderr.trimEnd().split('\n').at(-1)).toMatch(new RegExp(`^automation run ${runId}: completed \\(`));
  });

  it('in a terminal: the steps drawn on stderr, stdout empty', async () => {
    server.on('GET', `/automation-runs/${runId}`, { body: completed });
    const result = await ws(['automations', 'watch', runId], { tty: true, columns: 100 });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('Daily revenue');
    expect(result.stderr).toContain('Revenue by country');
  });

  it('--json prints the finished run with its steps, as get-run does', async () => {
    server.on('GET', `/automation-runs/${runId}`, { body: completed });
    const result = await ws(['automations', 'watch', runId, '--json']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(completed);
    // a machine format off a terminal keeps stderr for the error object a script reads
    expect(result.stderr).toBe('');
  });

  it('a failed run is exit 5 naming the step', async () => {
    server.on('GET', `/automation-runs/${runId}`, { body: failed });
    const result = await ws(['automations', 'watch', runId]);
    expect(result.exitCode).toBe(5);
    expect(result.stderr).toContain(`error: automation run ${runId} failed: step 1 (Daily revenue) failed: no table\n`);
  });

  it('with a machine format off a terminal, a failure is one JSON object on stderr naming the run', async () => {
    server.on('GET', `/automation-runs/${runId}`, { body: failed });
    const result = await ws(['automations', 'watch', runId, '-o', 'ndjson']);
    expect(result.exitCode).toBe(5);
    expect(result.stdout).toBe('');
    expect(JSON.parse(result.stderr).error).toMatchObject({ code: 'run_failed', automationRunId: runId, automationId: failed.run.workflowId });
  });

  it('--timeout 1ms is exit 6, and the command to resume is watch again', async () => {
    // 1 ms may be over before the first request is sent, or after it
    server.optional('GET', `/automation-runs/${runId}`, { body: running });
    const result = await ws(['automations', 'watch', runId, '--timeout', '1ms'], { clock: Date.now });
    expect(result.exitCode).toBe(6);
    expect(result.stderr).toContain(`ws automations watch ${runId}`);
    expect(server.requests.every((r) => r.method === 'GET')).toBe(true);
  });

  it.each([[['latest']], [[runId, '--timeout', 'x']]])('%j is exit 2 and nothing is sent', async (args) => {
    const result = await ws(['automations', 'watch', ...args]);
    expect(result.exitCode).toBe(2);
    expect(server.requests).toEqual([]);
  });

  it('a server error is exit 1 with its message', async () => {
    server.on('GET', `/automation-runs/${runId}`, { status: 400, body: { message: 'bad run' } });
    const result = await ws(['automations', 'watch', runId]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('bad run');
  });
});
