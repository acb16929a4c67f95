/**
 * End to end, against a stub server that records every request: the edges of issue 10 a user meets
 * through bin/ws. Parallel config writes, a saved key bound to its origin, limits on ids and input nested too
 * deep, and a full disk. The edges of queries, runs and api alone (--debug and the key, a dropped POST, limits on
 * durations, large and slow responses) are in-process in test/commands/queries/, runs/ and api/.
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
const other = new ApiServer();
const env = () => ({ WS_BASE_URL: server.baseUrl, WS_API_KEY: testKey });
let dir: string;

beforeAll(async () => {
  await Promise.all([server.start(), other.start()]);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-e2e-edges-'));
});
afterEach(() => {
  const unmatched = [...server.unmatched, ...other.unmatched];
  server.reset();
  other.reset();
  expect(unmatched).toEqual([]);
});
afterAll(async () => {
  await Promise.all([server.stop(), other.stop()]);
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

  // several ws processes one after another
  it('an empty config.json is taken as empty and rewritten; a corrupt one names the file and the fix', { timeout: 60_000 }, async () => {
    const configDir = tempConfigDir();
    const configFile = path.join(configDir, 'config.json');
    fs.writeFileSync(configFile, '');
    const empty = await ws(['config', 'set', 'output', 'json'], { WS_CONFIG_DIR: configDir });
    expect(empty.exitCode, empty.stderr).toBe(0);
    expect(JSON.parse(fs.readFileSync(configFile, 'utf8'))).toEqual({ profiles: { default: { output: 'json' } } });
    fs.writeFileSync(configFile, '{"profiles": {');
    for (const args of [['config', 'set', 'output', 'json'], ['queries', 'list']]) {
      const corrupt = await ws(args, { WS_CONFIG_DIR: configDir, WS_BASE_URL: server.baseUrl });
      expect(corrupt.exitCode).toBe(2);
      expect(corrupt.stderr).toMatch(new RegExp(`^error: the config file ${configFile.replace(/[.]/g, '\\.')} is not valid: .+\nhint: fix it by hand, or move it away and run \`ws auth login\` again\n$`));
    }
    expect(fs.readFileSync(configFile, 'utf8')).toBe('{"profiles": {');
    expect(server.requests).toHaveLength(0);
  });
});

describe('a saved key is sent only to the origin it was saved for', () => {
  const okList = { body: queryList([query()]) };

  async function loggedIn(): Promise<string> {
    server.on('GET', '/queries', okList);
    const configDir = tempConfigDir();
    const login = await ws(['auth', 'login', '--with-key-stdin', '--base-url', server.baseUrl], { WS_CONFIG_DIR: configDir }, { input: testKey, stdin: undefined });
    expect(login.exitCode, login.stderr).toBe(0);
    server.reset();
    return configDir;
  }

  // several ws processes one after another
  it('--base-url or WS_BASE_URL pointing elsewhere: exit 3, nothing sent, and the message says why and how', { timeout: 60_000 }, async () => {
    const configDir = await loggedIn();
    for (const [args, extra, source] of [
      [['queries', 'list', '--base-url', other.baseUrl], {}, '--base-url'],
      [['queries', 'list'], { WS_BASE_URL: other.baseUrl }, 'WS_BASE_URL'],
    ] as const) {
      const result = await ws([...args], { WS_CONFIG_DIR: configDir, ...extra });
      expect(result.exitCode).toBe(3);
      expect(result.stderr).toBe(
        `error: the API key of profile "default" was saved for ${new URL(server.baseUrl).origin}, not for ${new URL(other.baseUrl).origin} (from ${source}), so it is not sent there\n` +
          `hint: log in for that URL: \`ws auth login --base-url ${other.baseUrl}\`, or give its key for this call in WS_API_KEY\n`,
      );
    }
    expect(other.requests).toHaveLength(0);
    expect(server.requests).toHaveLength(0);
    // auth status says the same, with exit 3
    const status = await ws(['auth', 'status', '--base-url', other.baseUrl], { WS_CONFIG_DIR: configDir });
    expect(status.exitCode).toBe(3);
    expect(status.stdout).toContain('API key:  (not set)');
    expect(other.requests).toHaveLength(0);
  });

  // several ws processes one after another
  it('WS_API_KEY is explicit and goes where it is told; the saved key still works for its own URL', { timeout: 60_000 }, async () => {
    const configDir = await loggedIn();
    other.on('GET', '/queries', okList);
    server.on('GET', '/queries', okList);
    const explicit = await ws(['queries', 'list', '--base-url', other.baseUrl], { WS_CONFIG_DIR: configDir, WS_API_KEY: 'wsk_for_the_other_one_1234' });
    expect(explicit.exitCode, explicit.stderr).toBe(0);
    expect(other.requests.map((r) => r.headers['x-api-key'])).toEqual(['wsk_for_the_other_one_1234']);
    const own = await ws(['queries', 'list'], { WS_CONFIG_DIR: configDir });
    expect(own.exitCode, own.stderr).toBe(0);
    expect(server.requests.map((r) => r.headers['x-api-key'])).toEqual([testKey]);
  });

  // several ws processes one after another
  it('a config file from before origins were recorded keeps working for the base URL saved with it, and only there', { timeout: 60_000 }, async () => {
    const configDir = tempConfigDir();
    fs.writeFileSync(path.join(configDir, 'config.json'), JSON.stringify({ profiles: { default: { baseUrl: server.baseUrl, apiKey: testKey } } }), { mode: 0o600 });
    server.on('GET', '/queries', okList);
    const own = await ws(['queries', 'list'], { WS_CONFIG_DIR: configDir });
    expect(own.exitCode, own.stderr).toBe(0);
    expect(server.requests.map((r) => r.headers['x-api-key'])).toEqual([testKey]);
    // moving the profile's base URL does not take the key along
    const moved = await ws(['config', 'set', 'base-url', other.baseUrl], { WS_CONFIG_DIR: configDir });
    expect(moved.exitCode, moved.stderr).toBe(0);
    const elsewhere = await ws(['queries', 'list'], { WS_CONFIG_DIR: configDir });
    expect(elsewhere.exitCode).toBe(3);
    expect(elsewhere.stderr).toContain(`was saved for ${new URL(server.baseUrl).origin}`);
    expect(other.requests).toHaveLength(0);
  });

  it('ws auth login warns when WS_API_KEY is set and will override the key it just saved', async () => {
    server.on('GET', '/queries', okList);
    const configDir = tempConfigDir();
    const login = await ws(['auth', 'login', '--with-key-stdin', '--base-url', server.baseUrl], { WS_CONFIG_DIR: configDir, WS_API_KEY: 'wsk_from_the_environment_99' }, { input: testKey, stdin: undefined });
    expect(login.exitCode, login.stderr).toBe(0);
    expect(login.stderr).toContain('warning: WS_API_KEY is set in this environment and overrides the key just saved; unset it to use the saved key\n');
    expect(login.stderr).not.toContain('wsk_from_the_environment_99');
  });
});



describe('limits on what a user gives', () => {

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
