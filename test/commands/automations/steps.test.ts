import { describe, expect, it } from 'vitest';
import { stubServer } from '../../helpers/command.js';
import { automationRun, runDetail, stepRun } from '../../helpers/resources.js';

const { server, ws } = stubServer({ env: { NO_COLOR: '1' } });

const runId = '22000000-0000-4000-8000-000000000030';
const first = stepRun({ id: '23000000-0000-4000-8000-000000000001', name: 'Top customers' });
const second = stepRun({
  id: '23000000-0000-4000-8000-000000000002',
  name: 'Churn report',
  state: 'failed',
  error: { message: 'relation subscriptions does not exist' },
  completedAt: '2026-11-20T11:00:01.500Z',
});

describe('ws automations steps', () => {
  it('through a pipe: one row a step with state, duration and error', async () => {
    server.on('GET', `/automation-runs/${runId}/step-runs`, { body: { stepRuns: [first, second] } });
    const result = await ws(['automations', 'steps', runId]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(
      [
        'ID\tSTEP\tSTATE\tDURATION\tERROR',
        `${first.id}\tTop customers\tcompleted\t2000ms\t`,
        `${second.id}\tChurn report\tfailed\t500ms\trelation subscriptions does not exist`,
        '',
      ].join('\n'),
    );
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /automation-runs/${runId}/step-runs`]);
  });

  it('in a terminal: aligned columns, durations in words', async () => {
    server.on('GET', `/automation-runs/${runId}/step-runs`, { body: [first, second] });
    const result = await ws(['automations', 'steps', runId], { tty: true, columns: 140 });
    expect(result.exitCode, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID +STEP +STATE +DURATION +ERROR$/);
    expect(lines[1]).toMatch(new RegExp(`^${first.id} +Top customers +completed +2\\.0s +-$`));
    expect(lines[2]).toMatch(new RegExp(`^${second.id} +Churn report +failed +500ms +relation subscriptions does not exist$`));
  });

  it('--json prints the step-runs body as sent; --json fields picks from each step', async () => {
    const body = { stepRuns: [first, second], extra: 'kept' };
    server.on('GET', `/automation-runs/${runId}/step-runs`, { body });
    const whole = await ws(['automations', 'steps', runId, '--json']);
    expect(JSON.parse(whole.stdout)).toEqual(body);
    const picked = await ws(['automations', 'steps', runId, '--json', 'state']);
    expect(JSON.parse(picked.stdout).stepRuns).toEqual([{ state: 'completed' }, { state: 'failed' }]);
  });

  it('a step-runs body without step runs: they are read from the run', async () => {
    server.on('GET', `/automation-runs/${runId}/step-runs`, { body: { note: 'not a list' } });
    server.on('GET', `/automation-runs/${runId}`, { body: runDetail(automationRun({ id: runId }), [first]) });
    const result = await ws(['automations', 'steps', runId]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe(`ID\tSTEP\tSTATE\tDURATION\tERROR\n${first.id}\tTop customers\tcompleted\t2000ms\t\n`);
    expect(server.requests.map((r) => r.path)).toEqual([`/automation-runs/${runId}/step-runs`, `/automation-runs/${runId}`]);
  });

  it('a run id that is not a UUID is exit 2 and nothing is sent', async () => {
    const result = await ws(['automations', 'steps', 'abc']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: invalid automation run id "abc": must be a UUID');
    expect(server.requests).toEqual([]);
  });

  it('an unknown run is exit 4', async () => {
    server.on('GET', `/automation-runs/${runId}/step-runs`, { status: 404, body: { message: 'no such run' } });
    const result = await ws(['automations', 'steps', runId]);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('not found (HTTP 404)');
  });
});
