/**
 * One API call loads only what it needs (start-up time, issue #12): Node's modules that a GET does not use are
 * loaded where they are used, not when ws starts. Each case here was loaded by `ws queries get` before.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiServer } from '../helpers/api-server.js';
import { query, queryList } from '../helpers/fixtures.js';
import { testKey, ws } from '../helpers/ws.js';

const preload = fileURLToPath(new URL('../fixtures/loaded-modules.cjs', import.meta.url));
const server = new ApiServer();
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-test-modules-'));
let env: Record<string, string>;

beforeAll(async () => {
  await server.start();
  env = { WS_BASE_URL: server.baseUrl, WS_API_KEY: testKey };
});
afterAll(async () => {
  await server.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** Runs ws with its arguments and returns its result with the names of the Node modules it loaded. */
async function loaded(args: string[]) {
  const list = path.join(scratch, `${args.join('-').replace(/\W+/g, '_')}.txt`);
  const result = await ws(args, { ...env, NODE_OPTIONS: `--require ${preload}`, WS_TEST_MODULE_LIST: list });
  const modules = new Set(
    fs
      .readFileSync(list, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('NativeModule '))
      .map((line) => line.slice('NativeModule '.length)),
  );
  return { ...result, modules };
}

/**
 * Loaded by a GET before, used by none: hashing, prompts, checks, timing, HTTP/2 and TLS, a file stdin. (Not
 * child_process: commander requires it as it loads, and ws no longer rewrites commander's source to defer it.)
 */
const notNeeded = ['crypto', 'readline', 'assert', 'perf_hooks', 'http2', 'tls', 'internal/fs/streams'];

describe('what one API call loads', () => {
  it('`ws queries get <id> --json` loads none of the modules a GET does not use', async () => {
    const q = query();
    server.on('GET', `/queries/${q.id}`, { body: q });
    const { exitCode, stdout, stderr, modules } = await loaded(['queries', 'get', String(q.id), '--json']);
    expect({ exitCode, stderr }).toEqual({ exitCode: 0, stderr: '' });
    expect(JSON.parse(stdout)).toEqual(q);
    expect(modules).toContain('http'); // the list is real: the request's own modules are in it
    expect(notNeeded.filter((name) => modules.has(name))).toEqual([]);
  });

  it('`ws queries list` loads none of them either', async () => {
    server.on('GET', '/queries', { body: queryList([query()]) });
    const { exitCode, stdout, modules } = await loaded(['queries', 'list']);
    expect(exitCode).toBe(0);
    expect(stdout).toMatch(/^ID\tSLUG\tNAME/);
    expect(notNeeded.filter((name) => modules.has(name))).toEqual([]);
  });

  it('`ws --help` loads no HTTP either (stdout, a pipe here, loads net)', async () => {
    const { exitCode, stdout, modules } = await loaded(['--help']);
    expect(exitCode).toBe(0);
    expect(stdout).toMatch(/^Usage: ws /);
    expect([...notNeeded, 'http'].filter((name) => modules.has(name))).toEqual([]);
  });
});
