import { describe, expect, it } from 'vitest';
import { stubServer } from '../../helpers/command.js';
import { automation } from '../../helpers/fixtures.js';

const now = '2026-11-20T12:00:00.000Z';
const { server, ws } = stubServer({ now, env: { NO_COLOR: '1' } });

const morning = automation({
  id: '20000000-0000-4000-8000-000000000001',
  name: 'Morning revenue report',
  cadence: { type: 'daily', time: '06:00' },
  lastRunAt: '2026-11-20T06:00:00.000Z',
});
const nightly = automation({
  id: '20000000-0000-4000-8000-000000000002',
  name: 'Nightly churn export',
  cadence: { type: 'daily', time: '02:30' },
  updatedAt: '2026-11-17T12:00:00.000Z',
});
const page = (workflows: Record<string, unknown>[], extra: Record<string, unknown> = {}) => ({
  body: { workflows, total: workflows.length, limit: 50, offset: 0, ...extra },
});

describe('ws automations list', () => {
  it('in a terminal: aligned columns, times relative to the clock; one GET with the default page', async () => {
    server.on('GET', '/automations', page([morning, nightly]));
    const result = await ws(['automations', 'list'], { tty: true, columns: 120 });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(
      [
        'ID                                    NAME                    CADENCE      LAST RUN     UPDATED',
        `${morning.id}  Morning revenue report  daily 06:00  6 hours ago  2 hours ago`,
        `${nightly.id}  Nightly churn export    daily 02:30  -            3 days ago`,
        '',
      ].join('\n'),
    );
    expect(server.requests.map((r) => [r.method, r.path, r.query])).toEqual([['GET', '/automations', { limit: '50', offset: '0' }]]);
  });

  it('through a pipe: tab-separated columns with full times', async () => {
    server.on('GET', '/automations', page([morning, nightly]));
    const result = await ws(['automations', 'list']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(
      [
        'ID\tNAME\tCADENCE\tLAST RUN\tUPDATED',
        `${morning.id}\tMorning revenue report\tdaily 06:00\t2026-11-20T06:00:00.000Z\t2026-11-20T10:00:00.000Z`,
        `${nightly.id}\tNightly churn export\tdaily 02:30\t\t2026-11-17T12:00:00.000Z`,
        '',
      ].join('\n'),
    );
  });

  it('sends each filter under the API name: search, sortBy, sortDirection, ownership, createdById, include', async () => {
    server.on('GET', '/automations', page([nightly], { total: 3, limit: 5, offset: 2 }));
    const result = await ws([
      'automations',
      'list',
      '--search',
      'churn',
      '--sort',
      'name',
      '--direction',
      'asc',
      '--ownership',
      'owned',
      '--created-by',
      'u-1',
      '--latest-run',
      '--limit',
      '5',
      '--offset',
      '2',
      '--json',
      'id,name',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).workflows).toEqual([{ id: nightly.id, name: 'Nightly churn export' }]);
    expect(server.requests.map((r) => r.query)).toEqual([
      { search: 'churn', sortBy: 'name', sortDirection: 'asc', ownership: 'owned', createdById: 'u-1', include: 'latestRun', limit: '5', offset: '2' },
    ]);
  });

  it('--json prints the API envelope; --limit 1 keeps the total of the whole', async () => {
    server.on('GET', '/automations', page([morning], { total: 2, limit: 1 }));
    const result = await ws(['automations', 'list', '--limit', '1', '--json']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ workflows: [morning], total: 2, limit: 1, offset: 0 });
    expect(server.requests[0]!.query.limit).toBe('1');
  });

  it('--all follows the pages to the end', async () => {
    const all = Array.from({ length: 3 }, (_, i) => automation({ name: `a${i}` }));
    server.on('GET', '/automations', (request) => {
      const offset = Number(request.query.offset);
      const limit = Number(request.query.limit);
      return page(all.slice(offset, offset + limit), { total: all.length, limit, offset });
    });
    const result = await ws(['automations', 'list', '--all', '--json', 'name']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).workflows).toEqual([{ name: 'a0' }, { name: 'a1' }, { name: 'a2' }]);
  });

  it.each([
    [['--sort', 'size'], "error: option '--sort <field>' argument 'size' is invalid. Allowed choices are updated, created, name."],
    [['--limit', '0'], "error: option '--limit <n>' argument '0' is invalid. must be a whole number of at least 1."],
  ])('a usage error (%j) is exit 2 and sends nothing', async (args, message) => {
    const result = await ws(['automations', 'list', ...args]);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
    expect(server.requests).toEqual([]);
  });

  it('an unknown --json field is exit 2 naming it and the valid ones, nothing sent', async () => {
    const result = await ws(['automations', 'list', '--json', 'name,schedule']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/schedule.*\n?.*cadence/s);
    expect(server.requests).toEqual([]);
  });

  it('a server error is exit 1 with the server message', async () => {
    server.on('GET', '/automations', { status: 500, body: { message: 'database is down' } });
    const result = await ws(['automations', 'list'], { env: { WS_MAX_ATTEMPTS: '1' } });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('database is down');
  });
});
