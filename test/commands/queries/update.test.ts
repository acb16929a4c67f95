/**
 * `ws queries update`: a saved query changed by slug, name or id; the SQL and parameters checked together.
 * In-process against the emulator: stdout, stderr, the exit code, the requests that reached it and the query as
 * the server keeps it afterwards.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { emulatorServer } from '../../helpers/command.js';
import { routes } from '../../helpers/emulator.js';
import { createQuery, describeBlankSql, serverQuery, tempFiles } from '../../helpers/query-setup.js';

const { emu, ws } = emulatorServer();
const files = tempFiles('ws-queries-update-');

let query: { id: string; slug: string };

beforeAll(async () => {
  query = await createQuery(ws, 'Params base', 'SELECT {{x}} AS x', ['--param', 'x:number=1']);
});

describe('server errors', () => {
  it('a PATCH the server refused with 500 is exit 1, not retried; the query keeps its name', async () => {
    await emu.fault({ path: `^/queries/${query.id}$`, method: 'PATCH', status: 500 });
    const result = await ws(['queries', 'update', query.id, '--name', 'Refused rename']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(new RegExp(`^error: PATCH /queries/${query.id} failed \\(HTTP 500\\)`));
    expect(routes(await emu.requests()).filter((route) => route.startsWith('PATCH'))).toEqual([`PATCH /queries/${query.id}`]);
    expect((await serverQuery(emu, query.id)).name).toBe('Params base');
  });
});

describe('in a terminal', () => {
  it('shows the query as it is now, under labels', async () => {
    const made = await createQuery(ws, 'Terminal update', 'SELECT 1');
    const result = await ws(['queries', 'update', made.slug, '--description', 'changed'], { tty: true, columns: 100, env: { NO_COLOR: '1' } });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^name: +Terminal update\n/);
    expect(result.stdout).toMatch(/\ndescription: +changed\n/);
    expect((await serverQuery(emu, made.id)).description).toBe('changed');
  });
});

describe('ws queries update', () => {
  it('changes a query named by its slug: looks the slug up, then PATCHes the id', async () => {
    const { id } = await createQuery(ws, 'Update me', 'SELECT 1 AS one', ['--description', 'before']);
    await emu.clearRequests();
    const result = await ws(['queries', 'update', 'update_me', '--name', 'Updated name', '--sql', 'SELECT 2 AS two', '--param', 'x:number=1']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('name:\tUpdated name\n');
    expect(result.stdout).toContain('sql:\nSELECT 2 AS two\n');
    expect(routes(await emu.requests())).toEqual(['GET /queries', `PATCH /queries/${id}`]);
    expect((await emu.requests())[0]!.query).toContain('search=update_me');
    const saved = await serverQuery(emu, id);
    expect(saved).toMatchObject({
      name: 'Updated name',
      sql: 'SELECT 2 AS two',
      description: 'before',
      parameters: [{ name: 'x', type: 'number', defaultValue: '1', description: '' }],
    });
  });

  it('--clear-description removes the description', async () => {
    const { id, slug } = await createQuery(ws, 'Clear my description', 'SELECT 1', ['--description', 'soon gone']);
    expect((await serverQuery(emu, id)).description).toBe('soon gone');
    const result = await ws(['queries', 'update', slug, '--clear-description', '--json', 'description']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ description: null });
    expect((await serverQuery(emu, id)).description).toBeNull();
  });

  it('nothing to update is exit 2 listing the flags; nothing is sent', async () => {
    const result = await ws(['queries', 'update', 'daily_revenue']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: nothing to update');
    expect(result.stderr).toContain('--clear-description');
    expect(await emu.requests()).toEqual([]);
  });

  it('--description together with --clear-description is exit 2', async () => {
    const result = await ws(['queries', 'update', 'daily_revenue', '--description', 'x', '--clear-description']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--clear-description');
    expect(await emu.requests()).toEqual([]);
  });

  it('--dry-run prints the PATCH and changes nothing (a slug is still looked up, a UUID sends nothing)', async () => {
    const { id } = await createQuery(ws, 'Dry update', 'SELECT 1', ['--description', 'kept']);
    await emu.clearRequests();
    const bySlug = await ws(['queries', 'update', 'dry_update', '--name', 'Renamed', '--clear-description', '--dry-run']);
    expect(bySlug.exitCode, bySlug.stderr).toBe(0);
    const [first, ...rest] = bySlug.stdout.split('\n');
    expect(first).toBe(`PATCH /queries/${id}`);
    expect(JSON.parse(rest.join('\n'))).toEqual({ name: 'Renamed', description: null });
    expect(bySlug.stderr).toContain('dry run: nothing was sent');
    expect(routes(await emu.requests())).toEqual(['GET /queries']);
    await emu.clearRequests();
    const byId = await ws(['queries', 'update', id, '--sql', 'SELECT 3', '--dry-run']);
    expect(byId.exitCode, byId.stderr).toBe(0);
    expect(byId.stdout.split('\n')[0]).toBe(`PATCH /queries/${id}`);
    expect(await emu.requests()).toEqual([]);
    expect(await serverQuery(emu, id)).toMatchObject({ name: 'Dry update', description: 'kept', sql: 'SELECT 1' });
  });
});

describe('ws queries update: {{placeholders}} and parameter types', () => {
  it('new SQL is checked against the parameters the query has: a GET, no PATCH', async () => {
    const result = await ws(['queries', 'update', query.id, '--sql', 'SELECT {{x}} + {{z}} AS s']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe('error: the SQL uses {{z}}, which no parameter declares\nhint: declare it with --param z[:type][=default] (declared: x)\n');
    expect(routes(await emu.requests())).toEqual([`GET /queries/${query.id}`]);
  });

  it('new parameters are checked against the SQL the query has: dropping x (still used) is refused', async () => {
    const result = await ws(['queries', 'update', query.slug, '--param', 'w:text']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: the SQL uses {{x}}, which no parameter declares\n');
    expect(routes(await emu.requests())).toEqual(['GET /queries']);
  });

  it('a misspelt type is refused before any request', async () => {
    const result = await ws(['queries', 'update', query.id, '--param', 'x:bolean']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: parameter x: unknown type "bolean"\n');
    expect(await emu.requests()).toEqual([]);
  });

  it('SQL and parameters that fit are sent', async () => {
    const result = await ws(['queries', 'update', query.id, '--sql', 'SELECT {{x}} * 2 AS s', '--json', 'sql']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(routes(await emu.requests())).toEqual([`GET /queries/${query.id}`, `PATCH /queries/${query.id}`]);
  });
});

describeBlankSql(
  [
    ['update', ['queries', 'update', 'daily_revenue']],
    ['update by id', ['queries', 'update', '00000000-0000-4000-8000-00000000a001']],
  ],
  emu,
  ws,
  files,
);
