import { describe, expect, it } from 'vitest';
import { stubServer } from '../../helpers/command.js';
import { automation } from '../../helpers/fixtures.js';
import { automationRun } from '../../helpers/resources.js';

const { server, ws } = stubServer({ now: '2026-11-20T12:00:00.000Z', env: { NO_COLOR: '1' } });

const id = '20000000-0000-4000-8000-000000000002';
const completed = automationRun({ id: '22000000-0000-4000-8000-000000000001', workflowId: id });
const failed = automationRun({
  id: '22000000-0000-4000-8000-000000000002',
  workflowId: id,
  state: 'failed',
  triggeredBy: 'schedule',
  error: { message: 'relation subscriptions does not exist' },
  startedAt: '2026-11-20T10:00:00.000Z',
  completedAt: '2026-11-20T10:01:30.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
});
const runs = (list: Record<string, unknown>[], extra: Record<string, unknown> = {}) => ({
  body: { runs: list, total: list.length, limit: 20, offset: 0, ...extra },
});

describe('ws automations runs', () => {
  it('through a pipe: one row a run with state, trigger, start, duration and error', async () => {
    server.on('GET', `/automations/${id}/runs`, runs([completed, failed]));
    const result = await ws(['automations', 'runs', id]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(
      [
        'ID\tSTATE\tTRIGGERED BY\tSTARTED\tDURATION\tERROR',
        // the duration in milliseconds, exact
        `${completed.id}\tcompleted\tapi\t2026-11-20T11:00:00.000Z\t5000ms\t`,
        `${failed.id}\tfailed\tschedule\t2026-11-20T10:00:00.000Z\t90000ms\trelation subscriptions does not exist`,
        '',
      ].join('\n'),
    );
    expect(server.requests.map((r) => [r.method, r.path, r.query])).toEqual([['GET', `/automations/${id}/runs`, { limit: '20', offset: '0' }]]);
  });

  it('in a terminal: durations in words, times relative to the clock, a summary line', async () => {
    server.on('GET', `/automations/${id}/runs`, runs([completed, failed]));
    const result = await ws(['automations', 'runs', id], { tty: true, columns: 160 });
    expect(result.exitCode, result.stderr).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(/^ID +STATE +TRIGGERED BY +STARTED +DURATION +ERROR$/);
    expect(lines[1]).toMatch(new RegExp(`^${completed.id} +completed +api +1 hour ago +5\\.0s +-$`));
    expect(lines[2]).toMatch(new RegExp(`^${failed.id} +failed +schedule +2 hours ago +1m30s +relation subscriptions does not exist$`));
    expect(result.stdout).not.toContain('\t');
    // in time order: the failed run (1m30s) first, then the completed one (5s)
    expect(lines.slice(3)).toEqual(['durations █▁  median 48s  slowest 1m30s  1 failed', '']);
  });

  it('--json fields and paging flags reach the server', async () => {
    server.on('GET', `/automations/${id}/runs`, runs([failed, completed, failed], { total: 7, limit: 3, offset: 4 }));
    const result = await ws(['automations', 'runs', id, '--limit', '3', '--offset', '4', '--json', 'id,state']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      runs: [
        { id: failed.id, state: 'failed' },
        { id: completed.id, state: 'completed' },
        { id: failed.id, state: 'failed' },
      ],
      total: 7,
      limit: 3,
      offset: 4,
    });
    expect(server.requests.map((r) => r.query)).toEqual([{ limit: '3', offset: '4' }]);
  });

  it('an automation named by its name: the search, then the runs of the id it names', async () => {
    server.on('GET', '/automations', { body: { workflows: [automation({ id, name: 'Nightly churn export' })], total: 1, limit: 200, offset: 0 } });
    server.on('GET', `/automations/${id}/runs`, runs([completed]));
    const result = await ws(['automations', 'runs', 'Nightly churn export', '--json', 'id']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).runs).toEqual([{ id: completed.id }]);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /automations', `GET /automations/${id}/runs`]);
  });

  it('a usage error is exit 2 and sends nothing', async () => {
    for (const args of [[], [id, '--limit', 'x'], [id, '--offset', '-1']]) {
      const result = await ws(['automations', 'runs', ...args]);
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
    }
    expect(server.requests).toEqual([]);
  });

  it('a server error is exit 1 with its message', async () => {
    server.on('GET', `/automations/${id}/runs`, { status: 500, body: { message: 'runs table is locked' } });
    const result = await ws(['automations', 'runs', id], { env: { WS_MAX_ATTEMPTS: '1' } });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('runs table is locked');
  });
});
