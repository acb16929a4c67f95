/**
 * End to end, against a stub server that records every request: the edges of issue 10 a user meets
 * through bin/ws. Parallel config writes, --debug with a server that echoes the key, a POST whose connection
 * dropped, limits on durations, ids and responses, Retry-After beyond a minute, input nested too deep, and a
 * full disk. (A saved key bound to its origin and an empty or corrupt
 * config file are tested in-process: test/commands/auth/login.test.ts, test/commands/config/set.test.ts.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiServer } from '../helpers/api-server.js';
import { query, queryList, uuid } from '../helpers/fixtures.js';
import { tempConfigDir, testKey, ws, wsBin } from '../helpers/ws.js';

const server = new ApiServer();
const env = () => ({ WS_BASE_URL: server.baseUrl, WS_API_KEY: testKey });
let dir: string;

beforeAll(async () => {
  await server.start();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-e2e-edges-'));
});
afterEach(() => {
  const unmatched = [...server.unmatched];
  server.reset();
  expect(unmatched).toEqual([]);
});
afterAll(async () => {
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

function file(name: string, text: string): string {
  const at = path.join(dir, name);
  fs.writeFileSync(at, text);
  return at;
}

/** No stack trace, no Node internals: what a user reads is ws's own words. */
function expectNoStack(stderr: string): void {
  expect(stderr).not.toMatch(/\n\s+at |node:internal|Error: /);
}

describe('ws config set in parallel', () => {
  it('ten at once, each a different setting, keep all ten; the folder is 0700 and the file 0600', { timeout: 90_000 }, async () => {
    const configDir = path.join(tempConfigDir(), 'ws');
    const settings = Array.from({ length: 10 }, (_, i) => (i % 2 ? ['--profile', `p${i}`, 'config', 'set', 'output', 'yaml'] : ['--profile', `p${i}`, 'config', 'set', 'base-url', `https://h${i}.example.com/public/v3`]));
    // ten node processes at once on a small machine: give each more time than the helper's default
    const results = await Promise.all(settings.map((args) => ws(args, { WS_CONFIG_DIR: configDir }, { timeout: 60_000 })));
    expect(results.map((r) => [r.exitCode, r.stderr])).toEqual(results.map(() => [0, '']));
    const saved = JSON.parse(fs.readFileSync(path.join(configDir, 'config.json'), 'utf8')).profiles;
    expect(Object.keys(saved).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `p${i}`).sort());
    for (let i = 0; i < 10; i++) expect(saved[`p${i}`]).toEqual(i % 2 ? { output: 'yaml' } : { baseUrl: `https://h${i}.example.com/public/v3` });
    expect(fs.statSync(configDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(configDir, 'config.json')).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(configDir)).toEqual(['config.json']);
  });
});

describe('--debug never shows the key', () => {
  it('not in a header that echoes it, a request id built from it, or a URL that holds it', async () => {
    server.on('GET', '/queries', (request) => ({
      status: 500,
      headers: { 'x-echo-key': String(request.headers['x-api-key']), 'x-request-id': `req-${request.headers['x-api-key']}-7` },
      body: { message: 'boom' },
    }));
    const result = await ws(['api', 'GET', '/queries', '-f', `note=${testKey}`, '--debug'], env());
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

describe('a POST whose connection dropped', () => {
  it('says the server may have processed it and how to check, and is sent once', async () => {
    const id = uuid();
    server.on('GET', `/queries/${id}`, { body: query({ id, slug: 'q_dropped' }) });
    server.on('POST', `/queries/${id}/execute`, { destroy: true });
    const result = await ws(['queries', 'execute', id], env());
    expect(result.exitCode).toBe(1);
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(result.stderr).toMatch(new RegExp(`^error: POST /queries/${id}/execute: the connection dropped after the request was sent \\(\\w+\\); the server may have processed it\n`));
    expect(result.stderr).toContain(`hint: check before sending it again: \`ws queries runs ${id}\` lists its runs\n`);
    expect(result.stderr).not.toContain('cannot reach');
  });
});

describe('limits on what a user gives', () => {
  // several ws processes one after another
  it('--http-timeout and --timeout past what a timer holds are exit 2, before any request', { timeout: 60_000 }, async () => {
    for (const args of [['queries', 'list', '--http-timeout', '30d'], ['queries', 'list', '--http-timeout', '600h'], ['queries', 'execute', uuid(), '--wait', '--timeout', '25000h'], ['runs', 'wait', uuid(), '--timeout', '2147483648ms']]) {
      const result = await ws(args, env());
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/^error: invalid duration for --(http-)?timeout: "[^"]+"/);
    }
    expect(server.requests).toHaveLength(0);
  });

  // several ws processes one after another
  it('ids ".", ".." and "" are exit 2 with no request', { timeout: 60_000 }, async () => {
    for (const args of [['agents', 'get', '.'], ['agents', 'update', '..', '--description', 'x'], ['skills', 'get', ''], ['queries', 'get', '..'], ['queries', 'data', '.'], ['api', 'PATCH', '/agents/..']]) {
      const result = await ws(args, env());
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(/^error: invalid (id|query) /);
      expectNoStack(result.stderr);
    }
    expect(server.requests).toHaveLength(0);
  });

  it('--param __proto__=x is exit 2 naming it, not dropped', async () => {
    const result = await ws(['queries', 'execute', uuid(), '--param', '__proto__=x'], env());
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe('error: invalid --param "__proto__=x": "__proto__" cannot be a name\n');
    expect(server.requests).toHaveLength(0);
  });

  // several ws processes one after another
  it('input nested deeper than 100 levels is exit 2 naming it, never a stack overflow', { timeout: 60_000 }, async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const json = file('deep.json', deep);
    const yaml = file('deep.yaml', `a: ${deep}\n`);
    const skill = file('deep.md', `---\nname: x\nslug: x\ndescription: ${'['.repeat(5000)}${']'.repeat(5000)}\n---\nbody\n`);
    const cases: [string[], RegExp][] = [
      [['queries', 'execute', uuid(), '--metadata', `@${json}`], /^error: deep\.json nests deeper than 100 levels\n/],
      [['automations', 'trigger', uuid(), '--inputs-file', yaml], /^error: deep\.yaml (nests deeper than 100 levels|is not valid JSON or YAML: it nests too deeply)/],
      [['api', 'POST', '/queries', '--input', json], /^error: deep\.json nests deeper than 100 levels\n/],
      [['agents', 'update', 'sql_helper', '--from-file', json], /^error: deep\.json nests deeper than 100 levels\n/],
      [['skills', 'apply', skill], /deep\.md: invalid front matter: it nests too deeply|deep\.md front matter nests deeper than 100 levels/],
    ];
    for (const [args, message] of cases) {
      const result = await ws(args, env());
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(message);
      expectNoStack(result.stderr);
    }
    expect(server.requests).toHaveLength(0);
  });
});

describe('what the server sends back', () => {
  it('a document over 64 MiB is refused with a clear error', async () => {
    const id = uuid();
    server.on('GET', `/queries/${id}`, { body: `{"pad":"${'x'.repeat(65 * 1024 * 1024)}"}` });
    const result = await ws(['queries', 'get', id], env());
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^error: the response to GET /queries/${id} is larger than 64 MiB, more than ws reads into memory\n`));
  });

  it('a Retry-After over 60 s is not waited out in silence: the error says when to try again', async () => {
    server.on('GET', '/queries', { status: 503, headers: { 'retry-after': '7200' }, body: { message: 'maintenance' } });
    const result = await ws(['queries', 'list'], env());
    expect(result.exitCode).toBe(1);
    expect(server.requests).toHaveLength(1);
    expect(result.stderr).toMatch(/^error: GET \/queries failed \(HTTP 503\): maintenance\nhint: the server asks to wait 2 h: try again after \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\n$/);
  });

  it('queries data --all against a server that ignores offset and gives no total stops with an error', async () => {
    const id = uuid();
    const rows = Array.from({ length: 1000 }, (_, n) => ({ n }));
    server.on('GET', `/queries/${id}/latest/data`, { body: { queryRunId: uuid(), status: 'COMPLETED', totalRowCount: null, returnedRowCount: 1000, columns: [{ name: 'n' }], rows } });
    const result = await ws(['queries', 'data', id, '--all', '-o', 'csv'], env(), { timeout: 15_000 });
    expect(result.exitCode).toBe(1);
    expect(server.requests).toHaveLength(2);
    expect(result.stderr).toContain('error: the server sent the same rows for offset=1000 as for the page before it and gives no total');
  });
});

describe('a full disk', () => {
  it('writing to /dev/full is one error line and a non-zero exit, not a stack', async () => {
    server.on('GET', '/queries', { body: queryList([query()]) });
    const result = await execa('sh', ['-c', '"$NODE" "$WS_BIN" queries list > /dev/full'], {
      env: { PATH: process.env.PATH, NODE: process.execPath, WS_BIN: wsBin, WS_CONFIG_DIR: tempConfigDir(), ...env() },
      extendEnv: false,
      reject: false,
      timeout: 15_000,
    });
    expect(result.exitCode).toBe(1);
    expect(String(result.stderr)).toBe('error: cannot write the output: ENOSPC: no space left on device, write');
  });
});
