/**
 * End to end, against a stub server that records every request: the edges of issue 10 a user meets
 * through bin/ws. Parallel config writes, limits on ids and input nested too deep, and a full disk. A saved key
 * bound to its origin and an empty or corrupt config file are in-process (test/commands/auth/login.test.ts,
 * test/commands/config/set.test.ts), as are the edges of queries, runs and api alone (--debug and the key, a
 * dropped POST, limits on durations, large and slow responses: test/commands/queries/, runs/ and api/).
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
    const settings = Array.from({ length: 10 }, (_, i) =>
      i % 2
        ? ['--profile', `p${i}`, 'config', 'set', 'output', 'yaml']
        : ['--profile', `p${i}`, 'config', 'set', 'base-url', `https://h${i}.example.com/public/v3`],
    );
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

describe('limits on what a user gives', () => {
  // several ws processes one after another
  it('ids ".", ".." and "" are exit 2 with no request', { timeout: 60_000 }, async () => {
    for (const args of [
      ['agents', 'get', '.'],
      ['agents', 'update', '..', '--description', 'x'],
      ['skills', 'get', ''],
      ['queries', 'get', '..'],
      ['queries', 'data', '.'],
      ['api', 'PATCH', '/agents/..'],
    ]) {
      const result = await ws(args, env());
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(/^error: invalid (id|query) /);
      expectNoStack(result.stderr);
    }
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
      [
        ['automations', 'trigger', uuid(), '--inputs-file', yaml],
        /^error: deep\.yaml (nests deeper than 100 levels|is not valid JSON or YAML: it nests too deeply)/,
      ],
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
