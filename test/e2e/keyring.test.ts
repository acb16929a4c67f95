/**
 * The API key in the system keyring, against a real Secret Service (GNOME Keyring on a private D-Bus session bus,
 * test/helpers/secret-service.ts), read back with libsecret's secret-tool, an independent client. ws runs as a user
 * runs it, with the bus's address in its environment; the API is a stub on 127.0.0.1.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiServer } from '../helpers/api-server.js';
import { queryList } from '../helpers/fixtures.js';
import { keyringAccount, type SecretService, secretServiceTools, startSecretService, startSilentSecretService } from '../helpers/secret-service.js';
import { lines, skipWithoutPty, wsInPty } from '../helpers/pty.js';
import { skipWithout } from '../helpers/tools.js';
import { tempConfigDir, ws, wsCommand } from '../helpers/ws.js';

const key = 'wsk_live_keyring_0123456789_Mx4Q';
const otherKey = 'wsk_live_environment_98765_Zt2B';
const api = new ApiServer();
let keyring: SecretService;

const origin = () => new URL(api.baseUrl).origin;
const service = () => `ws:${origin()}`;

/** Every file under `dir` whose bytes hold `text`. */
function filesHolding(dir: string, text: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => fs.readFileSync(file).includes(text));
}

/** The processes of this machine, from /proc (no procps needed): parent, and the command line's words joined. */
function processes(): { pid: number; ppid: number; args: string }[] {
  return fs.readdirSync('/proc').flatMap((name) => {
    if (!/^\d+$/.test(name)) return [];
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return [{ pid: Number(name), ppid, args: fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ') }];
    } catch {
      return []; // ended while read
    }
  });
}

const readConfig = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'config.json'), 'utf8'));

describe.skipIf(skipWithout(...secretServiceTools))('the API key in the system keyring (Secret Service)', () => {
  beforeAll(async () => {
    await api.start();
    keyring = await startSecretService();
  });
  afterAll(async () => {
    keyring?.stop();
    await api.stop();
  });
  beforeEach(() => {
    api.reset();
    api.on('GET', '/queries', { body: queryList([]) });
  });

  /** ws with the test's Secret Service in reach, and stdin piped: nobody at a terminal. */
  const wsWithKeyring = (args: string[], env: Record<string, string | undefined>, input?: string, reach: SecretService = keyring) =>
    ws(args, { ...reach.env, ...env }, input === undefined ? {} : { input, stdin: 'pipe' });

  /** A Secret Service of the test's own, for a test that locks it. */
  async function ownKeyring(test: (own: SecretService) => Promise<void>, options: { silentPrompter?: boolean } = {}): Promise<void> {
    const own = await startSecretService(options);
    try {
      await test(own);
    } finally {
      own.stop();
    }
  }

  /**
   * A profile logged in to a keyring of the test's own, then locked, whose unlock dialog can be started but never
   * answers (GNOME Keyring waits 25 s for it).
   */
  const lockedBehindSilentDialog = (test: (own: SecretService, config: string) => Promise<void>) =>
    ownKeyring(
      async (own) => {
        const config = tempConfigDir();
        expect((await wsWithKeyring(['auth', 'login', '--with-key-stdin', '--base-url', api.baseUrl], { WS_CONFIG_DIR: config }, key, own)).exitCode).toBe(0);
        own.lock();
        api.reset();
        await test(own, config);
      },
      { silentPrompter: true },
    );

  /**
   * `ws queries list` with its key in a Secret Service that never answers, once ws has started its keyring process
   * (`ws __keyring`) for the read: the run and that process.
   */
  async function listWaitingOnKeyringProcess(silent: { env: Record<string, string> }) {
    const config = tempConfigDir();
    fs.writeFileSync(
      path.join(config, 'config.json'),
      JSON.stringify({ profiles: { default: { baseUrl: api.baseUrl, apiKeyStore: 'keyring', apiKeyOrigin: origin() } } }),
    );
    const [command, args] = wsCommand(['queries', 'list']);
    const run = execa(command, args, {
      env: { PATH: process.env.PATH, WS_CONFIG_DIR: config, ...silent.env },
      extendEnv: false,
      reject: false,
      timeout: 20_000,
    });
    let child: { pid: number } | undefined;
    for (let tries = 0; tries < 100 && child === undefined; tries++) {
      child = processes().find(({ ppid, args: words }) => ppid === run.pid && words.includes('__keyring'));
      if (child === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(child, 'ws started no keyring process').toBeDefined();
    return { run, child: child! };
  }

  it('login keeps the key in the keyring and in no file; commands send it; status says where; logout removes it', async () => {
    const config = tempConfigDir();
    const login = await wsWithKeyring(['auth', 'login', '--with-key-stdin', '--base-url', api.baseUrl], { WS_CONFIG_DIR: config }, `${key}\n`);
    expect(login.exitCode, login.stderr).toBe(0);
    expect(login.stderr).toBe(`Logged in to ${api.baseUrl} with key ****Mx4Q; saved for profile "default" in the system keyring.\n`);
    expect(keyring.lookup(service(), keyringAccount(config, 'default'))).toBe(key);
    expect(readConfig(config)).toEqual({ profiles: { default: { baseUrl: api.baseUrl, apiKeyStore: 'keyring', apiKeyOrigin: origin() } } });
    // not in the config folder, not under the home the keyring itself lives in (its file is encrypted)
    expect(filesHolding(config, key)).toEqual([]);
    expect(filesHolding(keyring.env.HOME!, key)).toEqual([]);

    api.reset();
    api.on('GET', '/queries', { body: queryList([]) });
    const list = await wsWithKeyring(['queries', 'list', '--json'], { WS_CONFIG_DIR: config });
    expect(list.exitCode, list.stderr).toBe(0);
    expect(api.requests.map((request) => request.headers['x-api-key'])).toEqual([key]);

    const status = await wsWithKeyring(['auth', 'status'], { WS_CONFIG_DIR: config });
    expect(status.exitCode, status.stderr).toBe(0);
    expect(status.stdout).toContain('API key:  ****Mx4Q  (from system keyring)\n');
    expect(status.stdout).toContain('status:   the key works\n');
    expect(status.stderr).toBe('');
    const json = await wsWithKeyring(['auth', 'status', '--json', 'apiKey'], { WS_CONFIG_DIR: config });
    expect(JSON.parse(json.stdout)).toEqual({ apiKey: { value: '****Mx4Q', source: 'system keyring' } });

    // a key read from the keyring is redacted as any other: a server that echoes it in a header
    api.reset();
    api.on('GET', '/queries', { headers: { 'x-echo': `key=${key}` }, body: queryList([]) });
    const echoed = await wsWithKeyring(['api', '-i', '/queries', '--debug'], { WS_CONFIG_DIR: config });
    expect(echoed.exitCode, echoed.stderr).toBe(0);
    expect(echoed.stdout).toContain('x-echo: key=[redacted]');
    expect(`${echoed.stdout}${echoed.stderr}`).not.toContain(key);

    const logout = await wsWithKeyring(['auth', 'logout'], { WS_CONFIG_DIR: config });
    expect(logout.exitCode, logout.stderr).toBe(0);
    expect(logout.stderr).toBe('Removed the API key of profile "default" from the system keyring.\n');
    expect(keyring.lookup(service(), keyringAccount(config, 'default'))).toBeUndefined();
    expect(readConfig(config)).toEqual({ profiles: { default: { baseUrl: api.baseUrl } } });
    const after = await wsWithKeyring(['queries', 'list'], { WS_CONFIG_DIR: config });
    expect(after.exitCode).toBe(3);
    expect(after.stderr).toContain('no API key configured for profile "default"');
  });

  it('one entry per profile and origin; a login for another origin removes the entry the profile had', async () => {
    const config = tempConfigDir();
    for (const profile of ['ci', 'prod']) {
      const login = await wsWithKeyring(
        ['auth', 'login', '--with-key-stdin', '--profile', profile, '--base-url', api.baseUrl],
        { WS_CONFIG_DIR: config },
        `${key}-${profile}`,
      );
      expect(login.exitCode, login.stderr).toBe(0);
    }
    expect(keyring.lookup(service(), keyringAccount(config, 'ci'))).toBe(`${key}-ci`);
    expect(keyring.lookup(service(), keyringAccount(config, 'prod'))).toBe(`${key}-prod`);
    // the same server under another name is another origin: a new entry, and the old one is gone
    const localhost = api.baseUrl.replace('127.0.0.1', 'localhost');
    const moved = await wsWithKeyring(['auth', 'login', '--with-key-stdin', '--profile', 'ci', '--base-url', localhost], { WS_CONFIG_DIR: config }, key);
    expect(moved.exitCode, moved.stderr).toBe(0);
    expect(keyring.lookup(`ws:${new URL(localhost).origin}`, keyringAccount(config, 'ci'))).toBe(key);
    expect(keyring.lookup(service(), keyringAccount(config, 'ci'))).toBeUndefined();
    expect(keyring.lookup(service(), keyringAccount(config, 'prod'))).toBe(`${key}-prod`);
    // a saved key goes only to its origin: prod's is not sent to localhost
    api.reset();
    const elsewhere = await wsWithKeyring(['queries', 'list', '--profile', 'prod', '--base-url', localhost], { WS_CONFIG_DIR: config });
    expect(elsewhere.exitCode).toBe(3);
    expect(elsewhere.stderr).toContain(`was saved for ${origin()}, not for ${new URL(localhost).origin}`);
    expect(api.requests).toEqual([]);
    for (const profile of ['ci', 'prod']) expect((await wsWithKeyring(['auth', 'logout', '--profile', profile], { WS_CONFIG_DIR: config })).exitCode).toBe(0);
    expect(keyring.dump()).not.toContain(key);
  });

  it('two config folders (WS_CONFIG_DIR) keep their own keys for one profile and origin: a logout in one leaves the other', async () => {
    const first = tempConfigDir();
    const second = tempConfigDir();
    expect((await wsWithKeyring(['auth', 'login', '--with-key-stdin', '--base-url', api.baseUrl], { WS_CONFIG_DIR: first }, key)).exitCode).toBe(0);
    expect((await wsWithKeyring(['auth', 'login', '--with-key-stdin', '--base-url', api.baseUrl], { WS_CONFIG_DIR: second }, otherKey)).exitCode).toBe(0);
    expect(keyring.lookup(service(), keyringAccount(first, 'default'))).toBe(key);
    expect(keyring.lookup(service(), keyringAccount(second, 'default'))).toBe(otherKey);
    expect((await wsWithKeyring(['auth', 'logout'], { WS_CONFIG_DIR: second })).exitCode).toBe(0);
    api.reset();
    api.on('GET', '/queries', { body: queryList([]) });
    const list = await wsWithKeyring(['queries', 'list'], { WS_CONFIG_DIR: first });
    expect(list.exitCode, list.stderr).toBe(0);
    expect(api.requests.map((request) => request.headers['x-api-key'])).toEqual([key]);
    expect((await wsWithKeyring(['auth', 'logout'], { WS_CONFIG_DIR: first })).exitCode).toBe(0);
  });

  it('--insecure-storage writes the file and not the keyring, and removes the key the keyring held', async () => {
    const config = tempConfigDir();
    expect((await wsWithKeyring(['auth', 'login', '--with-key-stdin', '--base-url', api.baseUrl], { WS_CONFIG_DIR: config }, key)).exitCode).toBe(0);
    expect(keyring.lookup(service(), keyringAccount(config, 'default'))).toBe(key);
    const login = await wsWithKeyring(
      ['auth', 'login', '--with-key-stdin', '--insecure-storage', '--base-url', api.baseUrl],
      { WS_CONFIG_DIR: config },
      otherKey,
    );
    expect(login.exitCode, login.stderr).toBe(0);
    expect(login.stderr).toBe(
      `Logged in to ${api.baseUrl} with key ****Zt2B; saved for profile "default" in plain text in ${path.join(config, 'config.json')} (--insecure-storage).\n`,
    );
    expect(readConfig(config)).toEqual({ profiles: { default: { baseUrl: api.baseUrl, apiKey: otherKey, apiKeyOrigin: origin(), apiKeyStore: 'file' } } });
    expect(fs.statSync(path.join(config, 'config.json')).mode & 0o777).toBe(0o600);
    expect(keyring.lookup(service(), keyringAccount(config, 'default'))).toBeUndefined();
    const status = await wsWithKeyring(['auth', 'status'], { WS_CONFIG_DIR: config });
    expect(status.stdout).toContain(`API key:  ****Zt2B  (from config file, plain text: ${path.join(config, 'config.json')})\n`);
    // chosen on purpose: no advice to move it
    expect(status.stderr).toBe('');
  });

  it('a config file written by an earlier ws keeps working, untouched; WS_API_KEY wins over both and writes nothing', async () => {
    const config = tempConfigDir();
    const old = `${JSON.stringify({ profiles: { default: { baseUrl: api.baseUrl, apiKey: key } } }, null, '\t')}\n`;
    fs.writeFileSync(path.join(config, 'config.json'), old, { mode: 0o600 });
    const list = await wsWithKeyring(['queries', 'list'], { WS_CONFIG_DIR: config });
    expect(list.exitCode, list.stderr).toBe(0);
    expect(api.requests.map((request) => request.headers['x-api-key'])).toEqual([key]);
    expect(fs.readFileSync(path.join(config, 'config.json'), 'utf8')).toBe(old);

    // a key in the keyring, and WS_API_KEY: the environment's is sent; the keyring, locked, is not even asked
    await ownKeyring(async (own) => {
      const other = tempConfigDir();
      expect((await wsWithKeyring(['auth', 'login', '--with-key-stdin', '--base-url', api.baseUrl], { WS_CONFIG_DIR: other }, key, own)).exitCode).toBe(0);
      own.lock();
      api.reset();
      api.on('GET', '/queries', { body: queryList([]) });
      const env = await wsWithKeyring(['queries', 'list'], { WS_CONFIG_DIR: other, WS_API_KEY: otherKey }, undefined, own);
      expect(env.exitCode, env.stderr).toBe(0);
      expect(api.requests.map((request) => request.headers['x-api-key'])).toEqual([otherKey]);
      expect(readConfig(other).profiles.default).toEqual({ baseUrl: api.baseUrl, apiKeyStore: 'keyring', apiKeyOrigin: origin() });
    });
  });

  it('a locked keyring with CI set: login ends at once, exit 2 naming --insecure-storage, nothing saved; reads say why, exit 3', async () => {
    await ownKeyring(async (own) => {
      const config = tempConfigDir();
      own.lock();
      const login = await wsWithKeyring(['auth', 'login', '--with-key-stdin', '--base-url', api.baseUrl], { WS_CONFIG_DIR: config, CI: 'true' }, key, own);
      expect(login.exitCode).toBe(2);
      expect(login.stderr).toMatch(/^error: cannot keep the API key in the system keyring: .*; nothing was saved\n/);
      expect(login.stderr).toContain(
        `hint: unlock the keyring and log in again, or keep the key in the config file in plain text: \`ws auth login --insecure-storage --base-url ${api.baseUrl}\``,
      );
      // the profile pointed to the keyring while the key went there, and is back as it was: none
      expect(readConfig(config)).toEqual({ profiles: {} });
      expect(login.stderr).not.toContain(key);

      // a profile whose key is in the locked keyring: the command says so, and sends nothing
      fs.writeFileSync(
        path.join(config, 'config.json'),
        JSON.stringify({ profiles: { default: { baseUrl: api.baseUrl, apiKeyStore: 'keyring', apiKeyOrigin: origin() } } }),
      );
      api.reset();
      const list = await wsWithKeyring(['queries', 'list', '--json'], { WS_CONFIG_DIR: config, CI: 'true' }, undefined, own);
      expect(list.exitCode).toBe(3);
      // GNOME Keyring answers a read of a locked collection whose unlock nobody answered as if it held nothing
      const error = JSON.parse(list.stderr).error;
      expect(error.code).toBe('no_api_key');
      expect(error.message).toBe(`the system keyring gave no API key of profile "default" for ${origin()}: it is locked, or the key was removed there`);
      expect(error.hint).toContain('unlock the keyring and try again');
      expect(api.requests).toEqual([]);
    });
  });

  it('a locked keyring whose unlock dialog nobody answers: a command gives up after its wait (exit 3, saying why), not when the dialog does', async () => {
    await lockedBehindSilentDialog(async (own, config) => {
      // GNOME Keyring waits 25 s for its dialog; ws reads a locked item through its keyring process, which is blocked
      // in the library meanwhile: ws must still end when its own wait (5 s with nobody to answer) is over
      const list = await ws(['queries', 'list'], { ...own.env, WS_CONFIG_DIR: config, CI: 'true' }, { timeout: 20_000 });
      expect(list.exitCode, list.stderr).toBe(3);
      expect(list.stderr).toContain(
        'error: cannot read the API key of profile "default" from the system keyring: the system keyring did not answer within 5 s (it may be locked)\n',
      );
      expect(list.stderr).toContain('hint: unlock the keyring and try again');
      expect(api.requests).toEqual([]);
    });
  });

  it('a Secret Service that never answers: login gives up within seconds (exit 2), and so does a command', async () => {
    const silent = startSilentSecretService();
    try {
      const config = tempConfigDir();
      // the bus would hold the call for a minute: ws must end long before this test's 20 s
      const login = await ws(
        ['auth', 'login', '--with-key-stdin', '--base-url', api.baseUrl],
        { ...silent.env, WS_CONFIG_DIR: config, CI: 'true' },
        { input: key, stdin: 'pipe', timeout: 20_000 },
      );
      expect(login.exitCode, login.stderr).toBe(2);
      expect(login.stderr).toContain('cannot keep the API key in the system keyring');
      // the profile pointed to the keyring while the key went there, and is back as it was: none
      expect(readConfig(config)).toEqual({ profiles: {} });
      fs.writeFileSync(
        path.join(config, 'config.json'),
        JSON.stringify({ profiles: { default: { baseUrl: api.baseUrl, apiKeyStore: 'keyring', apiKeyOrigin: origin() } } }),
      );
      const list = await ws(['queries', 'list'], { ...silent.env, WS_CONFIG_DIR: config }, { timeout: 20_000 });
      expect(list.exitCode, list.stderr).toBe(3);
      expect(list.stderr).toContain('cannot read the API key of profile "default" from the system keyring');
      const status = await ws(['auth', 'status'], { ...silent.env, WS_CONFIG_DIR: config }, { timeout: 20_000 });
      expect(status.exitCode).toBe(3);
      expect(status.stdout).toContain('API key:  (cannot be read now)  (from system keyring)\n');
      expect(status.stdout).toContain(
        'status:   not authenticated: cannot read the API key of profile "default" from the system keyring: the system keyring did not answer within 5 s',
      );
    } finally {
      silent.stop();
    }
  });

  it.skipIf(skipWithoutPty)('at a terminal: the key typed at the hidden prompt goes to the keyring, and nowhere else', async () => {
    const config = tempConfigDir();
    const session = wsInPty(['auth', 'login', '--base-url', api.baseUrl], { env: { ...keyring.env, WS_CONFIG_DIR: config } });
    await session.waitFor(/API key for /);
    session.type(`${key}\r`);
    const result = await session.result;
    expect(result.exitCode, result.output).toBe(0);
    expect(lines(result.output)).toContain(`Logged in to ${api.baseUrl} with key ****Mx4Q; saved for profile "default" in the system keyring.`);
    expect(result.output).not.toContain(key);
    expect(keyring.lookup(service(), keyringAccount(config, 'default'))).toBe(key);
    expect(filesHolding(config, key)).toEqual([]);
    expect((await wsWithKeyring(['auth', 'logout'], { WS_CONFIG_DIR: config })).exitCode).toBe(0);
  });

  it.skipIf(skipWithoutPty)('at a terminal a slow keyring is said to be waited for; Ctrl-C ends ws and its keyring process, no key in any file', async () => {
    const silent = startSilentSecretService();
    try {
      const config = tempConfigDir();
      const session = wsInPty(['auth', 'login', '--base-url', api.baseUrl], { env: { ...silent.env, WS_CONFIG_DIR: config } });
      await session.waitFor(/API key for /);
      session.type(`${key}\r`);
      // a person may be asked to unlock it: ws says what it waits for instead of hanging in silence
      await session.waitFor(/Waiting for the system keyring \(it may be asking you to unlock it\)/);
      const keyringProcesses = () => processes().filter(({ args }) => args.includes('__keyring'));
      const pid = await session.pid;
      expect(keyringProcesses().map(({ ppid }) => ppid)).toContain(pid);
      session.type('\x03');
      const result = await session.result;
      expect(result.exitCode).toBe(130);
      // stopped while the key went to the keyring: the profile points there and holds no key, so that whatever
      // reached the keyring is found by `ws auth logout` (no key is left there that no profile names)
      expect(readConfig(config)).toEqual({ profiles: { default: { baseUrl: api.baseUrl, apiKeyStore: 'keyring', apiKeyOrigin: origin() } } });
      expect(filesHolding(config, key)).toEqual([]);
      expect(keyringProcesses().filter(({ ppid }) => ppid === pid)).toEqual([]);
    } finally {
      silent.stop();
    }
  });

  it.skipIf(skipWithoutPty)('at a terminal, an unlock dialog nobody answers is said to be waited for, and Ctrl-C ends ws at once', async () => {
    await lockedBehindSilentDialog(async (own, config) => {
      // the read waits for GNOME Keyring's dialog (25 s), blocked in the library: Ctrl-C must not wait for it
      const session = wsInPty(['queries', 'list'], { env: { ...own.env, WS_CONFIG_DIR: config } });
      await session.waitFor(/Waiting for the system keyring \(it may be asking you to unlock it\)/);
      session.type('\x03');
      const result = await session.result;
      expect(result.exitCode).toBe(130);
      expect(api.requests).toEqual([]);
    });
  });

  it('Ctrl-C seen first by the keyring process (both get it, in any order): ws ends by SIGINT, not as a failed keyring', async () => {
    const silent = startSilentSecretService();
    try {
      const { run, child } = await listWaitingOnKeyringProcess(silent);
      // the order a loaded machine may give: the keyring process ends by the signal before ws has read its own
      process.kill(child.pid, 'SIGINT');
      const result = await run;
      expect(result.signal ?? result.exitCode).toBe(result.signal ? 'SIGINT' : 130);
      expect(result.stderr).not.toMatch(/keyring process ended/);
      expect(api.requests).toEqual([]);
    } finally {
      silent.stop();
    }
  });

  it('a stop signal sent to ws alone ends its keyring process too; ws ends by that signal', async () => {
    const silent = startSilentSecretService();
    try {
      const { run, child } = await listWaitingOnKeyringProcess(silent);
      process.kill(run.pid!, 'SIGTERM');
      const result = await run;
      expect(result.signal).toBe('SIGTERM');
      let gone = false;
      for (let tries = 0; tries < 40 && !gone; tries++) {
        gone = !fs.existsSync(`/proc/${child.pid}/cmdline`) || fs.readFileSync(`/proc/${child.pid}/cmdline`, 'utf8') === '';
        if (!gone) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(gone, 'the keyring process outlived ws').toBe(true);
    } finally {
      silent.stop();
    }
  });

  it('a config file that cannot be written: login fails before the key reaches the keyring', async () => {
    // another (live) process holds the config file's lock for longer than ws waits for it (10 s)
    const config = tempConfigDir();
    fs.writeFileSync(path.join(config, 'config.json.lock'), `${process.pid}\n`);
    const login = await wsWithKeyring(
      ['auth', 'login', '--with-key-stdin', '--profile', 'unwritable', '--base-url', api.baseUrl],
      { WS_CONFIG_DIR: config },
      key,
    );
    expect(login.exitCode, login.stderr).toBe(1);
    expect(login.stderr).toContain('is locked by another ws');
    expect(keyring.lookup(service(), keyringAccount(config, 'unwritable'))).toBeUndefined();
  });

  it('logout removes a key the keyring still holds for the profile after a login into the file', async () => {
    const config = tempConfigDir();
    fs.writeFileSync(
      path.join(config, 'config.json'),
      JSON.stringify({ profiles: { stale: { baseUrl: api.baseUrl, apiKey: otherKey, apiKeyOrigin: origin() } } }),
    );
    keyring.store(service(), keyringAccount(config, 'stale'), key);
    const logout = await wsWithKeyring(['auth', 'logout', '--profile', 'stale'], { WS_CONFIG_DIR: config });
    expect(logout.exitCode, logout.stderr).toBe(0);
    expect(readConfig(config)).toEqual({ profiles: { stale: { baseUrl: api.baseUrl } } });
    expect(keyring.lookup(service(), keyringAccount(config, 'stale'))).toBeUndefined();
    // and one left with no key in the file at all is found by a logout too
    keyring.store(service(), keyringAccount(config, 'stale'), key);
    const again = await wsWithKeyring(['auth', 'logout', '--profile', 'stale'], { WS_CONFIG_DIR: config });
    expect(again.stderr).toBe('Removed the API key of profile "stale" from the system keyring.\n');
    expect(keyring.lookup(service(), keyringAccount(config, 'stale'))).toBeUndefined();
  });

  it('no session bus: the file, with the warning, never silently', async () => {
    const config = tempConfigDir();
    const login = await ws(['auth', 'login', '--with-key-stdin', '--base-url', api.baseUrl], { WS_CONFIG_DIR: config }, { input: key, stdin: 'pipe' });
    expect(login.exitCode, login.stderr).toBe(0);
    expect(login.stderr.split('\n')[0]).toBe(`warning: no system keyring: the key is stored in plain text in ${path.join(config, 'config.json')}`);
    expect(readConfig(config).profiles.default.apiKey).toBe(key);
    expect(keyring.lookup(service(), keyringAccount(config, 'default'))).toBeUndefined();
  });
});
