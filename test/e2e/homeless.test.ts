/**
 * A container's user without a home (OpenShift, `docker run --user 12345`): a uid with no entry in the system's user
 * list and no HOME. Run for real as such a uid with util-linux's setpriv, which needs root (CI runs as root). Commands
 * that need no file work with WS_API_KEY and WS_BASE_URL; the others honour WS_CONFIG_DIR and XDG_CONFIG_HOME, or
 * stop with exit 2 saying which to set. The built files are copied to a folder that uid can read.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiServer } from '../helpers/api-server.js';
import { queryList } from '../helpers/fixtures.js';
import { skipWithout, underCI } from '../helpers/tools.js';
import { testKey } from '../helpers/ws.js';

/** A uid and gid that no account of the machine has (checked below). */
const uid = 12345;
const root = fileURLToPath(new URL('../..', import.meta.url));
const isRoot = process.getuid?.() === 0;

function notRoot(): boolean {
  if (process.platform !== 'linux') return true;
  if (isRoot) return false;
  if (!underCI) {
    console.warn('skipped: the tests of a uid without a home run ws as another uid with setpriv, which needs root (CI runs as root)');
    return true;
  }
  it('runs as root', () => {
    throw new Error('the tests of a uid without a home need root under CI, to run ws as another uid (setpriv)');
  });
  return false;
}

describe.skipIf(notRoot() || skipWithout('setpriv'))('a uid with no passwd entry and no HOME', () => {
  const server = new ApiServer();
  let scratch: string;
  let wsPath: string;
  let nodePath: string;

  beforeAll(async () => {
    expect(spawnSync('getent', ['passwd', String(uid)]).status, `uid ${uid} has an account here`).not.toBe(0);
    // in /tmp itself: the suite's own temporary folder (os.tmpdir()) is private to its owner, and so is what is in it
    scratch = fs.mkdtempSync('/tmp/ws-homeless-');
    fs.chmodSync(scratch, 0o755);
    // what bin/ws.js loads, where that uid may read it (a checkout may be private to its owner)
    for (const part of ['bin', 'dist', 'package.json']) fs.cpSync(path.join(root, part), path.join(scratch, 'ws', part), { recursive: true });
    wsPath = path.join(scratch, 'ws', 'bin', 'ws.js');
    // and the node that runs the suite, whose folder may be private too (CI's Node 22 and 24 are in a mkdtemp folder)
    nodePath = path.join(scratch, 'node');
    fs.copyFileSync(process.execPath, nodePath);
    spawnSync('chmod', ['-R', 'a+rX', scratch]);
    await server.start();
  });
  afterAll(async () => {
    await server.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  /** A folder that uid owns. */
  function folderOf(name: string): string {
    const dir = path.join(scratch, name);
    fs.mkdirSync(dir, { mode: 0o700 });
    fs.chownSync(dir, uid, uid);
    return dir;
  }

  /** ws run as that uid, with only PATH and `env` in its environment (no HOME). */
  async function asHomeless(args: string[], env: Record<string, string> = {}, input = '') {
    const result = await execa(
      'setpriv',
      [
        '--reuid',
        String(uid),
        '--regid',
        String(uid),
        '--clear-groups',
        'env',
        '-i',
        `PATH=${process.env.PATH}`,
        ...Object.entries(env).map(([k, v]) => `${k}=${v}`),
        nodePath,
        wsPath,
        ...args,
      ],
      { reject: false, timeout: 45_000, input, cwd: scratch, extendEnv: false },
    );
    return { exitCode: result.exitCode, stdout: String(result.stdout), stderr: String(result.stderr) };
  }

  const hint = /set WS_CONFIG_DIR \(or XDG_CONFIG_HOME\)/;

  it('commands that need no file work with WS_API_KEY and WS_BASE_URL', async () => {
    server.reset();
    server.on('GET', '/queries', { body: queryList([]) });
    const result = await asHomeless(['queries', 'list', '--json'], { WS_API_KEY: testKey, WS_BASE_URL: server.baseUrl });
    expect(result.stderr).toBe('');
    expect(result).toMatchObject({ exitCode: 0 });
    expect(JSON.parse(result.stdout)).toMatchObject({ queries: [] });
    expect(server.requests.map((r) => [r.method, r.path, r.headers['x-api-key']])).toEqual([['GET', '/queries', testKey]]);
  });

  it('a command with no key says to set WS_API_KEY, and where a login could keep a profile', async () => {
    server.reset();
    const result = await asHomeless(['queries', 'list'], { WS_BASE_URL: server.baseUrl });
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toBe(
      'error: no API key configured for profile "default"\nhint: set WS_API_KEY (and WS_BASE_URL); this user has no home for a saved profile: set WS_CONFIG_DIR to a folder it may write, then `ws auth login`',
    );
    expect(server.requests).toEqual([]);
  });

  it('commands that write the config file stop with exit 2 naming the variables to set, nothing sent', async () => {
    server.reset();
    for (const args of [
      ['config', 'set', 'output', 'json'],
      ['config', 'path'],
      ['auth', 'login', '--with-key-stdin', '--base-url', server.baseUrl],
    ]) {
      const result = await asHomeless(args, {}, `${testKey}\n`);
      expect(result.exitCode, `${args.join(' ')}: ${result.stderr}`).toBe(2);
      expect(result.stderr).toMatch(/^error: no folder for the config file: there is no home folder \(HOME is not set/);
      expect(result.stderr).toMatch(hint);
      expect(result.stderr).not.toMatch(/uv_os_homedir|internal/);
    }
    expect(server.requests).toEqual([]);
  });

  it('WS_CONFIG_DIR holds what auth login and config set write; XDG_CONFIG_HOME too', async () => {
    server.reset();
    server.on('GET', '/queries', { body: queryList([]) });
    const dir = folderOf('config');
    const login = await asHomeless(['auth', 'login', '--with-key-stdin', '--base-url', server.baseUrl], { WS_CONFIG_DIR: dir }, `${testKey}\n`);
    expect(login.exitCode, login.stderr).toBe(0);
    const set = await asHomeless(['config', 'set', 'output', 'json'], { WS_CONFIG_DIR: dir });
    expect(set.exitCode, set.stderr).toBe(0);
    const file = path.join(dir, 'config.json');
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).profiles.default).toMatchObject({ baseUrl: server.baseUrl, apiKey: testKey, output: 'json' });
    expect(fs.statSync(file)).toMatchObject({ uid, mode: 0o100600 });
    // the saved profile is used: no key or URL in the environment
    const list = await asHomeless(['queries', 'list'], { WS_CONFIG_DIR: dir });
    expect(list.exitCode, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout)).toMatchObject({ queries: [] });

    const xdg = folderOf('xdg-config');
    expect(await asHomeless(['config', 'set', 'output', 'yaml'], { XDG_CONFIG_HOME: xdg })).toMatchObject({ exitCode: 0 });
    expect(JSON.parse(fs.readFileSync(path.join(xdg, 'ws', 'config.json'), 'utf8'))).toEqual({ profiles: { default: { output: 'yaml' } } });
    expect(await asHomeless(['config', 'path'], { XDG_CONFIG_HOME: xdg })).toMatchObject({ exitCode: 0, stdout: `${xdg}/ws/config.json` });
  });

  it('a HOME that uid cannot write gives the same hint, not EACCES coded internal', async () => {
    const result = await asHomeless(['config', 'set', 'output', 'json', '--json'], { HOME: '/' });
    expect(result.exitCode, result.stderr).toBe(2);
    const error = JSON.parse(result.stderr).error;
    expect(error.code).toBe('usage');
    expect(error.message).toMatch(/^cannot write the config file \/\.config\/ws\/config\.json: permission denied/);
    expect(error.hint).toMatch(hint);
  });

  it('a HOME that uid may not enter holds no file of its own: WS_API_KEY and WS_BASE_URL work; a file there that it may not read is said', async () => {
    server.reset();
    server.on('GET', '/queries', { body: queryList([]) });
    // an image's HOME=/root, mode 0700, inherited by another uid
    const rootHome = path.join(scratch, 'root-home');
    fs.mkdirSync(path.join(rootHome, '.config', 'ws'), { recursive: true, mode: 0o700 });
    fs.writeFileSync(path.join(rootHome, '.config', 'ws', 'config.json'), '{"profiles":{}}', { mode: 0o600 });
    fs.chmodSync(rootHome, 0o700);
    const read = await asHomeless(['queries', 'list', '--json'], { HOME: rootHome, WS_API_KEY: testKey, WS_BASE_URL: server.baseUrl });
    expect(read.stderr).toBe('');
    expect(read.exitCode).toBe(0);
    expect(server.requests.map((r) => [r.method, r.path])).toEqual([['GET', '/queries']]);
    // the folder may be entered, the file not read: that is a file of somebody's that ws was pointed at
    fs.chmodSync(rootHome, 0o755);
    fs.chmodSync(path.join(rootHome, '.config'), 0o755);
    fs.chmodSync(path.join(rootHome, '.config', 'ws'), 0o755);
    const unreadable = await asHomeless(['queries', 'list'], { HOME: rootHome, WS_API_KEY: testKey, WS_BASE_URL: server.baseUrl });
    expect(unreadable.exitCode, unreadable.stderr).toBe(2);
    expect(unreadable.stderr).toMatch(`error: cannot read the config file ${rootHome}/.config/ws/config.json: EACCES`);
    expect(unreadable.stderr).toMatch(hint);
  });

  it('XDG_CACHE_HOME holds the compile cache (Node 22.1 and later); no HOME is needed for it', async () => {
    const cache = folderOf('cache');
    const result = await asHomeless(['config', 'path'], { XDG_CACHE_HOME: cache, WS_CONFIG_DIR: '/nonexistent' });
    expect(result).toMatchObject({ exitCode: 0, stdout: '/nonexistent/config.json', stderr: '' });
    const builtIn = typeof ((await import('node:module')) as { enableCompileCache?: unknown }).enableCompileCache === 'function';
    expect(fs.existsSync(path.join(cache, 'ws', 'node'))).toBe(builtIn);
  });
});
