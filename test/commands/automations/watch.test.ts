import { describe, expect, it } from 'vitest';
import { stubServer } from '../../helpers/command.js';
import { automationRun, runDetail, stepRun } from '../../helpers/resources.js';

const { server, ws } = stubServer({ env: { NO_COLOR: '1' } });

const runId = '22000000-0000-4000-8000-000000000070';
const running = runDetail(automationRun({ id: runId, state: 'running', completedAt: null }), [stepRun({ name: 'Daily revenue', state: 'running', completedAt: null }), stepRun({ name: 'Revenue by country', state: 'pending', startedAt: null, completedAt: null })]);
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
  });

  it('a failed run is exit 5 naming the step', async () => {
    server.on('GET', `/automation-runs/${runId}`, { body: failed });
    const result = await ws(['automations', 'watch', runId]);
    expect(result.exitCode).toBe(5);
    expect(result.stderr).toContain(`error: automation run ${runId} failed: step 1 (Daily revenue) failed: no table\n`);
  });

  it('--timeout 1ms is exit 6, and the command to resume is watch again', async () => {
    server.on('GET', `/automation-runs/${runId}`, { body: running });
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
