/**
 * `ws api` as `gh api` works: typed -F fields, raw -f fields, -H, -X, -i, --paginate. In-process: bodies checked on a
 * stub server that records them, pagination against the emulator and a server that ignores offset.
 */
import { describe, expect, it } from 'vitest';
import { emulatorServer, stubServer } from '../../helpers/command.js';
import { routes } from '../../helpers/emulator.js';
import { tempFiles } from '../../helpers/query-setup.js';
import { testKey } from '../../helpers/ws.js';

const { server, ws } = stubServer();
const { emu, ws: emuWs } = emulatorServer();
const files = tempFiles('ws-api-');

describe('fields and methods', () => {
  it('-F types true, false, null, numbers and @file; -f keeps strings; with fields and no method it is a POST', async () => {
    server.on('POST', '/things', { status: 201, body: { ok: true } });
    const sql = files.file('q.sql', 'SELECT 1\n');
    const result = await ws([
      'api',
      '/things',
      '-F',
      'n=5',
      '-F',
      'x=-1.5',
      '-F',
      'on=true',
      '-F',
      'off=false',
      '-F',
      'none=null',
      '-F',
      `sql=@${sql}`,
      '-F',
      'word=hello',
      '-f',
      'raw=5',
      '-f',
      'flag=true',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ ok: true });
    expect(server.requests).toHaveLength(1);
    expect(JSON.parse(server.requests[0]!.body)).toEqual({
      n: 5,
      x: -1.5,
      on: true,
      off: false,
      none: null,
      sql: 'SELECT 1\n',
      word: 'hello',
      raw: '5',
      flag: 'true',
    });
    expect(server.requests[0]!.headers['content-type']).toBe('application/json');
  });

  it('-F key=@- reads the value from stdin', async () => {
    server.on('PATCH', '/things/1', { body: {} });
    const result = await ws(['api', '-X', 'PATCH', '/things/1', '-F', 'knowledge=@-'], { stdin: 'from stdin' });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ knowledge: 'from stdin' });
  });

  it('for a GET (-X or positional), fields are query parameters; no fields and no method is a GET', async () => {
    server.on('GET', '/queries', { body: { queries: [], total: 0, limit: 5, offset: 0 } });
    expect((await ws(['api', '-X', 'GET', '/queries', '-F', 'limit=5', '-f', 'search=rev'])).exitCode).toBe(0);
    expect((await ws(['api', 'get', '/queries?sortBy=name', '-F', 'includeRuns=false'])).exitCode).toBe(0);
    expect((await ws(['api', 'queries'])).exitCode).toBe(0);
    expect(server.requests.map((r) => [r.method, r.query, r.body])).toEqual([
      ['GET', { limit: '5', search: 'rev' }, ''],
      ['GET', { sortBy: 'name', includeRuns: 'false' }, ''],
      ['GET', {}, ''],
    ]);
  });

  it('-H adds a header; two different methods, a bad method or a bad field are exit 2 with nothing sent', async () => {
    server.on('PATCH', '/chat-sessions/update', { body: { id: 's' } });
    const ok = await ws(['api', 'PATCH', '/chat-sessions/update', '-H', 'x-session-id: abc', '-f', 'visibility=organization']);
    expect(ok.exitCode, ok.stderr).toBe(0);
    expect(server.requests[0]!.headers['x-session-id']).toBe('abc');
    server.reset();
    for (const [args, message] of [
      [['api', 'GET', '/queries', '-X', 'POST'], 'error: two methods given: GET and -X POST'],
      [['api', '-X', 'FETCH', '/queries'], 'error: invalid method "FETCH"'],
      [['api', '/queries', '-F', 'novalue'], 'error: invalid -F "novalue": expected key=value'],
      [['api', '/queries', '-F', 'sql=@/no/such/file'], 'error: cannot read -F sql=@ /no/such/file: no such file'],
      [['api', 'POST', '/queries', '--paginate'], 'error: --paginate follows the pages of a GET, not of a POST'],
    ] as const) {
      const result = await ws([...args]);
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(message);
    }
    expect(server.requests).toEqual([]);
  });
});

describe('-i', () => {
  it('prints the status line and headers before the body; credentials and the key are redacted', async () => {
    server.on('GET', '/queries/1', { headers: { 'x-request-id': 'req-1', 'set-cookie': 'session=secret', 'x-echo': `key ${testKey}` }, body: { id: '1' } });
    const result = await ws(['api', '-i', '/queries/1']);
    expect(result.exitCode, result.stderr).toBe(0);
    const [head, body] = result.stdout.split('\n\n');
    expect(head!.split('\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(head).toContain('\nx-request-id: req-1');
    expect(head).toContain('\nset-cookie: [redacted]');
    expect(head).toContain('\nx-echo: key [redacted]');
    expect(head).toMatch(/\ncontent-type: application\/json/);
    expect(result.stdout).not.toContain(testKey);
    expect(result.stdout).not.toContain('session=secret');
    expect(JSON.parse(body!)).toEqual({ id: '1' });
  });
});

describe('--paginate', () => {
  it('follows limit and offset to the end and prints one envelope with every item (against the emulator)', async () => {
    const all = (await emu.api('GET', '/queries?limit=100')).json;
    await emu.clearRequests();
    const result = await emuWs(['api', '/queries', '-F', 'limit=2', '-F', 'includeRuns=false', '--paginate']);
    expect(result.exitCode, result.stderr).toBe(0);
    const merged = JSON.parse(result.stdout);
    expect(merged.queries.map((q: { id: string }) => q.id)).toEqual(all.queries.map((q: { id: string }) => q.id));
    expect(merged).toMatchObject({ total: all.total, limit: all.total, offset: 0 });
    const seen = await emu.requests();
    expect(routes(seen)).toEqual(Array(Math.ceil(all.total / 2)).fill('GET /queries'));
    expect(seen.map((r) => new URLSearchParams(r.query).get('offset') ?? '0')).toEqual(
      Array.from({ length: Math.ceil(all.total / 2) }, (_, i) => String(i * 2)),
    );
  });

  it('a body that is not a list is printed as it came; --jq filters the merged envelope', async () => {
    const one = await emuWs(['api', '/automations/20000000-0000-4000-8000-000000000001', '--paginate', '--jq', '.name']);
    expect(one.stdout).toBe('Morning revenue report\n');
    const names = await emuWs(['api', '/automations', '-F', 'limit=1', '--paginate', '--jq', '.workflows | length']);
    expect(names.stdout).toBe('2\n');
  });

  it('a server that ignores offset is an error, not a loop', async () => {
    const item = { id: 'a' };
    server.on('GET', '/things', { body: { things: [item], total: 3, limit: 1, offset: 0 } });
    const result = await ws(['api', '/things', '--paginate']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('the server ignored offset=1');
    expect(server.requests).toHaveLength(2);
  });
});

describe('in a terminal and through a pipe', () => {
  it('the body as the server sent it, indented, the same on a terminal as through a pipe', async () => {
    server.on('GET', '/queries/1', { body: { id: '1', n: 2 } });
    const pipe = await ws(['api', '/queries/1'], { env: { FORCE_COLOR: '1' } });
    expect(pipe.exitCode, pipe.stderr).toBe(0);
    expect(pipe.stdout).toBe('{\n  "id": "1",\n  "n": 2\n}\n');
    expect(pipe.stderr).toBe('');
    const terminal = await ws(['api', '/queries/1'], { tty: true, columns: 80 });
    expect(terminal.exitCode, terminal.stderr).toBe(0);
    expect(terminal.stdout).toBe(pipe.stdout);
    expect(terminal.stderr).toBe('');
    expect(server.requests.map((r) => [r.method, r.path, r.headers['x-api-key']])).toEqual([
      ['GET', '/queries/1', testKey],
      ['GET', '/queries/1', testKey],
    ]);
  });
});

describe('usage errors: exit 2, nothing sent', () => {
  it.each([false, true])('no path (terminal: %s)', async (tty) => {
    const result = await ws(['api'], { tty });
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error: missing required argument/);
    expect(server.requests).toEqual([]);
  });
});

describe('server errors', () => {
  it('a 404 is exit 4; the body the server sent is still printed, as gh api does', async () => {
    server.on('GET', '/queries/nope', { status: 404, body: { message: 'Query not found' } });
    const result = await ws(['api', '/queries/nope']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('not found (HTTP 404)');
    expect(server.requests).toHaveLength(1);
  });
});

describe('formats', () => {
  it('-o csv on a command that prints one document is exit 2 before any request', async () => {
    const result = await ws(['api', 'POST', '/queries/1/execute', '-o', 'csv']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: -o csv needs rows, and this command prints one document');
    expect(server.requests).toEqual([]);
  });
});

describe('--debug never shows the key', () => {
  it('not in a header that echoes it, a request id built from it, or a URL that holds it', async () => {
    server.on('GET', '/queries', (request) => ({
      status: 500,
      headers: { 'x-echo-key': String(request.headers['x-api-key']), 'x-request-id': `req-${request.headers['x-api-key']}-7` },
      body: { message: 'boom' },
    }));
    const result = await ws(['api', 'GET', '/queries', '-f', `note=${testKey}`, '--debug']);
    expect(result.exitCode).toBe(1);
    expect(server.requests.length).toBeGreaterThan(0);
    expect(server.requests[0]!.headers['x-api-key']).toBe(testKey);
    expect(result.stderr).toContain('< x-echo-key: [redacted]\n');
    expect(result.stderr).toContain('< x-request-id: req-[redacted]-7\n');
    expect(result.stderr).toContain('/queries?note=[redacted]\n');
    expect(result.stderr).toContain('request id: req-[redacted]-7\n');
    expect(result.stderr).not.toContain(testKey);
  });
});
