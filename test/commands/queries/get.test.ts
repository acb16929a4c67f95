import { describe, expect, it } from 'vitest';
import { emulatorServer, expectUsageError, stubServer } from '../../helpers/command.js';
import { demoIds } from '../../helpers/emulator.js';
import type { FakeIOOptions } from '../../helpers/fake-io.js';
import { query, queryList, uuid } from '../../helpers/fixtures.js';
import { apiQuery } from '../../helpers/query-setup.js';

const now = '2026-11-20T12:00:00.000Z';
const { server, ws } = stubServer({ now });
/** `ws` in-process with stdout, stderr and stdin a pipe. */
const pipe = (argv: string[], options: FakeIOOptions = {}) => ws(argv, options);
/** Names resolved by the emulator's own search. */
const { emu, ws: emuWs } = emulatorServer();
const id = '00000000-0000-4000-8000-00000000a001';

describe('ws queries get in a terminal', () => {
  it('shows the fields under bold labels, times relative to the clock, the SQL last', async () => {
    const q = query({ id, parameters: [{ name: 'day', type: 'date', description: 'the day', defaultValue: '2026-01-01' }] });
    server.on('GET', `/queries/${id}`, { body: q });
    const result = await ws(['queries', 'get', id], { tty: true, columns: 80 });
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('\u001b[1mname:               \u001b[22m  Daily revenue\n');
    expect(result.stdout.replace(/\u001b\[[0-9;]*m/g, '')).toBe(
      [
        'name:                 Daily revenue',
        'slug:                 daily_revenue',
        `id:                   ${id}`,
        'description:          Revenue per day',
        'parameters:           day=2026-01-01',
        'last run:             -',
        'last successful run:  -',
        'created:              19 days ago',
        'updated:              3 hours ago',
        '',
        'sql:',
        'SELECT day, sum(amount) AS revenue FROM orders GROUP BY day',
        '',
      ].join('\n'),
    );
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /queries/${id}`]);
  });

  it('through a pipe: tab-separated fields, full ISO times, no colour', async () => {
    server.on('GET', `/queries/${id}`, { body: query({ id }) });
    const result = await pipe(['queries', 'get', id], { env: { FORCE_COLOR: '1' } });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('created:\t2026-11-01T09:00:00.000Z\nupdated:\t2026-11-20T09:00:00.000Z\n');
    expect(result.stdout).not.toContain('\u001b');
  });
});

describe('usage errors: exit 2, nothing sent', () => {
  it.each([
    // at a terminal ws would ask for it: --no-prompt makes it the error it is off one (test/commands/prompts.test.ts)
    [
      ['--no-prompt'],
      "error: missing required argument 'query'\nhint: name one by its UUID, slug or name (`ws queries list` lists them); ws asks for it only at a terminal, and did not: --no-prompt is given\n",
    ],
    [['a', 'b'], "error: too many arguments for 'get'. Expected 1 argument but got 2.\nhint: run `ws queries get --help` for usage\n"],
  ])('ws queries get %j', async (args, stderr) => {
    await expectUsageError(ws, ['queries', 'get', ...args], stderr);
    expect(server.requests).toEqual([]);
  });
});

describe('ws queries get', () => {
  it('gets a query by UUID', async () => {
    const q = query({ parameters: [{ name: 'day', type: 'date', description: 'the day', defaultValue: '2026-01-01' }] });
    server.on('GET', `/queries/${q.id}`, { body: q });
    const result = await pipe(['queries', 'get', String(q.id)]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('name:\tDaily revenue\n');
    expect(result.stdout).toContain('parameters:\tday=2026-01-01\n');
    expect(result.stdout).toContain('sql:\nSELECT day, sum(amount) AS revenue FROM orders GROUP BY day\n');
  });

  it('resolves a slug through the search parameter, exact match only', async () => {
    const wanted = query({ slug: 'daily_revenue' });
    const other = query({ slug: 'daily_revenue_eu' });
    server.on('GET', '/queries', { body: queryList([other, wanted]) });
    const result = await pipe(['queries', 'get', 'daily_revenue', '--json', 'id,slug']);
    expect(result.exitCode).toBe(0);
    expect(server.requests[0]!.query).toMatchObject({ search: 'daily_revenue', includeRuns: 'false' });
    expect(JSON.parse(result.stdout)).toEqual({ id: wanted.id, slug: 'daily_revenue' });
  });

  it('a slug that matches nothing exactly is exit 4 with the candidates', async () => {
    server.on('GET', '/queries', { body: queryList([query({ slug: 'daily_revenue_eu' })]) });
    const result = await pipe(['queries', 'get', 'daily_revenue']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('error: no query has the slug or name "daily_revenue"');
    expect(result.stderr).toContain('daily_revenue_eu');
  });

  it('a slug that matches two queries is exit 4 listing both', async () => {
    const a = query({ slug: 'dup' });
    const b = query({ slug: 'dup' });
    server.on('GET', '/queries', { body: queryList([a, b]) });
    const result = await pipe(['queries', 'get', 'dup']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain(String(a.id));
    expect(result.stderr).toContain(String(b.id));
  });
});

describe('server errors', () => {
  it('403 is exit 3', async () => {
    server.on('GET', /^\/queries\//, { status: 403, body: { error: { message: 'forbidden', code: 'FORBIDDEN' } } });
    const result = await pipe(['queries', 'get', uuid()]);
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toContain('not allowed (HTTP 403): forbidden');
  });

  it('404 is exit 4; with --json the error is one JSON object on stderr with the request id', async () => {
    const id = uuid();
    server.on('GET', `/queries/${id}`, { status: 404, headers: { 'x-request-id': 'req-123' }, body: { message: 'Query not found', code: 'NOT_FOUND' } });
    const text = await pipe(['queries', 'get', id]);
    expect(text.exitCode).toBe(4);
    expect(text.stderr).toBe(`error: GET /queries/${id}: not found (HTTP 404): Query not found\nrequest id: req-123\n`);
    const json = await pipe(['queries', 'get', id, '--json']);
    expect(json.exitCode).toBe(4);
    expect(json.stdout).toBe('');
    // ws's own code, and the API's as apiCode; the id in the path under the API's name
    expect(JSON.parse(json.stderr)).toEqual({
      error: {
        code: 'not_found',
        status: 404,
        apiCode: 'NOT_FOUND',
        message: `GET /queries/${id}: not found (HTTP 404): Query not found`,
        queryId: id,
        requestId: 'req-123',
      },
    });
  });
});

describe('a query by its name, against the emulator', () => {
  it('a name in another case names the one query that has it', async () => {
    const result = await emuWs(['queries', 'get', 'DAILY revenue', '--json', 'id,slug']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ id: demoIds.queries.dailyRevenue, slug: 'daily_revenue' });
  });

  it('exact beats caseless: a slug, then a name as written; a caseless match of two is exit 4', async () => {
    const upper = await apiQuery(emu, 'Casefold');
    const lower = await apiQuery(emu, 'casefold');
    expect([upper.slug, lower.slug]).toEqual(['casefold', 'casefold_2']);
    const get = async (name: string) => emuWs(['queries', 'get', name, '--json', 'id']);
    expect(JSON.parse((await get('casefold')).stdout)).toEqual({ id: upper.id }); // the slug
    expect(JSON.parse((await get('Casefold')).stdout)).toEqual({ id: upper.id }); // the exact name
    expect(JSON.parse((await get('casefold_2')).stdout)).toEqual({ id: lower.id });
    const both = await emuWs(['queries', 'get', 'CASEFOLD']);
    expect(both.exitCode).toBe(4);
    expect(both.stderr).toBe(
      `error: the name "CASEFOLD" matches 2 queries without regard to case\nhint: use the slug of one: ${lower.slug} (${lower.id}), ${upper.slug} (${upper.id})\n`,
    );
  });
});

describe('--json and the words after it', () => {
  it('does not take a missing argument as its field list', async () => {
    const result = await emuWs(['queries', 'get', '--json', 'daily_revenue']);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: demoIds.queries.dailyRevenue, slug: 'daily_revenue', sql: expect.any(String) });
  });

  it('takes a field list before the argument, and one after it', async () => {
    const before = await emuWs(['queries', 'get', '--json', 'id,name', 'daily_revenue']);
    const after = await emuWs(['queries', 'get', 'daily_revenue', '--json', 'id,name']);
    expect(JSON.parse(before.stdout)).toEqual({ id: demoIds.queries.dailyRevenue, name: 'Daily revenue' });
    expect(after.stdout).toBe(before.stdout);
  });

  it('refuses an unknown field after the argument, before any request', async () => {
    await emu.clearRequests();
    const result = await emuWs(['queries', 'get', 'daily_revenue', '--json', 'colour']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^\{"error":\{"code":"usage","message":"unknown JSON field: colour; valid fields: id, name, slug, /);
    expect(await emu.requests()).toEqual([]);
  });
});

describe('what the server sends back', () => {
  it('a document over 64 MiB is refused with a clear error', async () => {
    const id = uuid();
    server.on('GET', `/queries/${id}`, { body: `{"pad":"${'x'.repeat(65 * 1024 * 1024)}"}` });
    const result = await pipe(['queries', 'get', id]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^error: the response to GET /queries/${id} is larger than 64 MiB, more than ws reads into memory\n`));
  });
});
