/**
 * End to end: `ws queries create|update` refuse SQL with a `{{name}}` no parameter declares, and parameter
 * types ws does not know, with exit 2 before any write (against the emulator; what reached it is checked).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { routes, startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { ws } from '../helpers/ws.js';

let emu: TestEmulator;
let env: Record<string, string>;
let query: { id: string; slug: string };

beforeAll(async () => {
  emu = await startTestEmulator();
  env = emu.env;
  const created = await ws(['queries', 'create', '--name', 'Params base', '--sql', 'SELECT {{x}} AS x', '--param', 'x:number=1', '--json', 'id,slug'], env);
  expect(created.exitCode, created.stderr).toBe(0);
  query = JSON.parse(created.stdout);
});
afterAll(async () => {
  await emu?.close();
});
beforeEach(async () => {
  await emu.clearRequests();
});

describe('queries create', () => {
  it('SQL with {{y}} that no --param declares is exit 2 naming it; nothing is sent', async () => {
    const result = await ws(['queries', 'create', '--name', 'Undeclared', '--sql', 'SELECT {{x}} + {{ y }} AS s', '--param', 'x:number=1'], env);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe('error: the SQL uses {{y}}, which no parameter declares\nhint: declare it with --param y[:type][=default] (declared: x)\n');
    expect(await emu.requests()).toEqual([]);
  });

  it('a misspelt type is exit 2 naming the type and the allowed ones; nothing is sent', async () => {
    const result = await ws(['queries', 'create', '--name', 'Bad type', '--sql', 'SELECT {{n}} AS n', '--param', 'n:nubmer=1'], env);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: parameter n: unknown type "nubmer"\n');
    expect(result.stderr).toContain('hint: the types ws accepts: text, string, number,');
    expect(await emu.requests()).toEqual([]);
  });

  it('--dry-run checks too', async () => {
    const result = await ws(['queries', 'create', '--name', 'Dry', '--sql', 'SELECT {{a}}, {{b}}', '--dry-run'], env);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: the SQL uses {{a}}, {{b}}, which no parameter declares\nhint: declare each with --param a[:type][=default]\n');
  });

  it('declared placeholders and known types (any case) are accepted', async () => {
    const result = await ws(['queries', 'create', '--name', 'Fine params', '--sql', 'SELECT {{d}} AS d, {{n}} AS n', '--param', 'd:DATE=2026-01-01', '--param', 'n:integer=2', '--json', 'slug'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(routes(await emu.requests())).toEqual(['POST /queries']);
  });
});

describe('queries update', () => {
  it('new SQL is checked against the parameters the query has: a GET, no PATCH', async () => {
    const result = await ws(['queries', 'update', query.id, '--sql', 'SELECT {{x}} + {{z}} AS s'], env);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe('error: the SQL uses {{z}}, which no parameter declares\nhint: declare it with --param z[:type][=default] (declared: x)\n');
    expect(routes(await emu.requests())).toEqual([`GET /queries/${query.id}`]);
  });

  it('new parameters are checked against the SQL the query has: dropping x (still used) is refused', async () => {
    const result = await ws(['queries', 'update', query.slug, '--param', 'w:text'], env);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: the SQL uses {{x}}, which no parameter declares\n');
    expect(routes(await emu.requests())).toEqual(['GET /queries']);
  });

  it('a misspelt type is refused before any request', async () => {
    const result = await ws(['queries', 'update', query.id, '--param', 'x:bolean'], env);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: parameter x: unknown type "bolean"\n');
    expect(await emu.requests()).toEqual([]);
  });

  it('SQL and parameters that fit are sent', async () => {
    const result = await ws(['queries', 'update', query.id, '--sql', 'SELECT {{x}} * 2 AS s', '--json', 'sql'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(routes(await emu.requests())).toEqual([`GET /queries/${query.id}`, `PATCH /queries/${query.id}`]);
  });
});
