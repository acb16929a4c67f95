import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiServer } from '../../helpers/api-server.js';
import { stubServer } from '../../helpers/command.js';
import { configFolder } from '../../helpers/config-file.js';
import { query, queryList } from '../../helpers/fixtures.js';
import { testKey } from '../../helpers/ws.js';

/** No key and no base URL from the environment: login is given them, or finds them in the profile. */
const { server, ws } = stubServer({ env: { WS_API_KEY: undefined, WS_BASE_URL: undefined } });

/** A key whose last four appear nowhere else. */
const newKey = 'wsk_live_5e4d3c2b1a0f9e8d_Qz7W';
const otherKey = 'wsk_live_0a1b2c3d4e5f6a7b_Kp3X';
const okList = { body: queryList([]) };
const origin = () => new URL(server.baseUrl).origin;

describe('ws auth login', () => {
  it('checks the piped key with one cheap request, then saves it with the base URL, mode 0600', async () => {
    server.on('GET', '/queries', okList);
    const config = configFolder();
    const result = await ws(['auth', 'login', '--with-key-stdin', '--base-url', server.baseUrl], { stdin: `${newKey}\n`, env: { WS_CONFIG_DIR: config.dir } });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(server.requests.map((r) => [r.method, r.path, r.query, r.headers['x-api-key']])).toEqual([
      ['GET', '/queries', { limit: '1', includeRuns: 'false' }, newKey],
    ]);
    expect(config.read()).toEqual({ profiles: { default: { baseUrl: server.baseUrl, apiKey: newKey, apiKeyOrigin: origin() } } });
    expect(config.mode()).toBe(0o600);
    expect(result.stdout).toBe('');
    // no D-Bus session bus in this environment: no keyring, said, never silently
    expect(result.stderr).toBe(
      `warning: no system keyring: the key is stored in plain text in ${config.file}\n` +
        '  (no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set), so no Secret Service)\n' +
        `Logged in to ${server.baseUrl} with key ****Qz7W; saved for profile "default" in plain text in ${config.file}.\n`,
    );
  });

  it('reads piped stdin without --with-key-stdin, keeps the other profiles, tightens an older file to 0600', async () => {
    server.on('GET', '/queries', okList);
    const config = configFolder({ profiles: { ci: { baseUrl: 'https://other.example.com/public/v3', apiKey: otherKey } } }, 0o644);
    const result = await ws(['auth', 'login', '--base-url', server.baseUrl], { stdin: newKey, env: { WS_CONFIG_DIR: config.dir } });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(config.read()).toEqual({
      profiles: {
        ci: { baseUrl: 'https://other.example.com/public/v3', apiKey: otherKey },
        default: { baseUrl: server.baseUrl, apiKey: newKey, apiKeyOrigin: origin() },
      },
    });
    expect(config.mode()).toBe(0o600);
  });

  it('creates a config folder that does not exist yet; uses the base URL saved in the profile when none is given', async () => {
    server.on('GET', '/queries', okList);
    const nested = path.join(configFolder().dir, 'nested', 'ws');
    expect((await ws(['auth', 'login', '--with-key-stdin', '--base-url', server.baseUrl], { stdin: newKey, env: { WS_CONFIG_DIR: nested } })).exitCode).toBe(0);
    const config = configFolder({ profiles: { default: { baseUrl: server.baseUrl, output: 'yaml' } } });
    expect((await ws(['auth', 'login', '--with-key-stdin'], { stdin: newKey, env: { WS_CONFIG_DIR: config.dir } })).exitCode).toBe(0);
    expect(config.read()).toEqual({ profiles: { default: { baseUrl: server.baseUrl, apiKey: newKey, apiKeyOrigin: origin(), output: 'yaml' } } });
    expect(server.requests).toHaveLength(2);
  });

  it('--profile and WS_PROFILE pick the profile saved', async () => {
    server.on('GET', '/queries', okList);
    const config = configFolder();
    const ci = await ws(['auth', 'login', '--with-key-stdin', '--profile', 'ci', '--base-url', server.baseUrl], {
      stdin: newKey,
      env: { WS_CONFIG_DIR: config.dir },
    });
    expect(ci.stderr).toContain('saved for profile "ci" in plain text');
    const prod = await ws(['auth', 'login', '--with-key-stdin', '--base-url', server.baseUrl], {
      stdin: otherKey,
      env: { WS_CONFIG_DIR: config.dir, WS_PROFILE: 'prod' },
    });
    expect(prod.stderr).toContain('saved for profile "prod" in plain text');
    expect(config.read()).toEqual({
      profiles: {
        ci: { baseUrl: server.baseUrl, apiKey: newKey, apiKeyOrigin: origin() },
        prod: { baseUrl: server.baseUrl, apiKey: otherKey, apiKeyOrigin: origin() },
      },
    });
    // each profile's key is then used where it is chosen; the flag beats the environment; default was never written
    server.reset();
    server.on('GET', '/queries', okList);
    const env = { WS_CONFIG_DIR: config.dir };
    expect((await ws(['queries', 'list', '--profile', 'ci'], { env })).exitCode).toBe(0);
    expect((await ws(['queries', 'list'], { env: { ...env, WS_PROFILE: 'prod' } })).exitCode).toBe(0);
    expect((await ws(['queries', 'list', '--profile', 'ci'], { env: { ...env, WS_PROFILE: 'prod' } })).exitCode).toBe(0);
    expect(server.requests.map((r) => r.headers['x-api-key'])).toEqual([newKey, otherKey, newKey]);
    const none = await ws(['queries', 'list'], { env });
    expect(none.exitCode).toBe(3);
    expect(none.stderr).toContain('no API key configured for profile "default"');
  });

  it('in a terminal: asks for the key on stderr, and saves what is typed', async () => {
    server.on('GET', '/queries', okList);
    const config = configFolder();
    const result = await ws(['auth', 'login', '--base-url', server.baseUrl], { tty: true, stdin: `${newKey}\n`, env: { WS_CONFIG_DIR: config.dir } });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain(`API key for ${server.baseUrl}: `);
    expect(result.stderr).not.toContain(newKey);
    expect((config.read() as { profiles: { default: { apiKey: string } } }).profiles.default.apiKey).toBe(newKey);
  });

  it('in a terminal with CI set: asks nothing, exit 2 saying how to give the key', async () => {
    const config = configFolder();
    const result = await ws(['auth', 'login', '--base-url', server.baseUrl], { tty: true, env: { WS_CONFIG_DIR: config.dir, CI: 'true' } });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: ws will not wait for the API key to be typed: CI is set');
    expect(result.stderr).toContain('ws auth login --with-key-stdin');
    expect(server.requests).toEqual([]);
    expect(config.exists()).toBe(false);
  });

  it('a key the server refuses is exit 3: nothing saved, the key not echoed, a next step that is not `ws auth`', async () => {
    server.on('GET', '/queries', { status: 401, body: { message: `key ${newKey} is not valid` } });
    const before = { profiles: { default: { baseUrl: server.baseUrl, apiKey: otherKey } } };
    const config = configFolder(before);
    const result = await ws(['auth', 'login', '--with-key-stdin'], { stdin: newKey, env: { WS_CONFIG_DIR: config.dir } });
    expect(result.exitCode).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `error: GET /queries: not authenticated (HTTP 401): key [redacted] is not valid\nhint: nothing was saved; a key works only for the workspace it was made for: check that this one is for ${server.baseUrl}\n`,
    );
    expect(config.read()).toEqual(before);
  });

  it('a refused key on a fresh machine creates no config file; a server error is exit 1', async () => {
    server.on('GET', '/queries', { status: 403, body: { message: 'forbidden' } }, { status: 500, body: { message: 'down' } });
    const config = configFolder();
    expect(
      (await ws(['auth', 'login', '--with-key-stdin', '--base-url', server.baseUrl], { stdin: newKey, env: { WS_CONFIG_DIR: config.dir } })).exitCode,
    ).toBe(3);
    const down = await ws(['auth', 'login', '--with-key-stdin', '--base-url', server.baseUrl], {
      stdin: newKey,
      env: { WS_CONFIG_DIR: config.dir, WS_MAX_ATTEMPTS: '1' },
    });
    expect(down.exitCode).toBe(1);
    expect(down.stderr).toContain('down');
    expect(config.exists()).toBe(false);
  });

  it('empty stdin is exit 2 with a hint; nothing sent or saved', async () => {
    const config = configFolder();
    for (const stdin of ['', '  \n\n', undefined]) {
      const result = await ws(['auth', 'login', '--with-key-stdin', '--base-url', server.baseUrl], {
        ...(stdin === undefined ? {} : { stdin }),
        env: { WS_CONFIG_DIR: config.dir },
      });
      expect(result.exitCode).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe('error: no API key given\nhint: nothing came on stdin: check what is piped in (an unset variable, an empty file)\n');
    }
    expect(server.requests).toEqual([]);
    expect(config.exists()).toBe(false);
  });

  it('a key of two lines is exit 2 without printing it', async () => {
    const config = configFolder();
    const result = await ws(['auth', 'login', '--with-key-stdin', '--base-url', server.baseUrl], {
      stdin: `${newKey}\n${otherKey}\n`,
      env: { WS_CONFIG_DIR: config.dir },
    });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: the API key must not contain spaces or newlines\n');
    expect(result.stderr).not.toContain(newKey);
    expect(result.stderr).not.toContain(otherKey);
    expect(server.requests).toEqual([]);
    expect(config.exists()).toBe(false);
  });

  it('without any base URL: exit 2 with a hint, nothing sent', async () => {
    const config = configFolder();
    const result = await ws(['auth', 'login', '--with-key-stdin'], { stdin: newKey, env: { WS_CONFIG_DIR: config.dir } });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(
      'error: no base URL configured for profile "default"\nhint: pass --base-url, set WS_BASE_URL, or run `ws config set base-url https://workspace.example.com/public/v3`\n',
    );
    expect(server.requests).toEqual([]);
    expect(config.exists()).toBe(false);
  });

  it('an http base URL that is not loopback is refused before the key is read or saved', async () => {
    const config = configFolder();
    const result = await ws(['auth', 'login', '--with-key-stdin', '--base-url', 'http://example.com/public/v3'], {
      stdin: newKey,
      env: { WS_CONFIG_DIR: config.dir },
    });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('refusing to send the API key over plain http to example.com');
    expect(result.stderr).not.toContain(newKey);
    expect(config.exists()).toBe(false);
  });

  it('--debug logs the check with the key redacted; WS_API_KEY set to another key is warned about', async () => {
    server.on('GET', '/queries', okList);
    const config = configFolder();
    const result = await ws(['auth', 'login', '--with-key-stdin', '--base-url', server.baseUrl, '--debug'], {
      stdin: newKey,
      env: { WS_CONFIG_DIR: config.dir, WS_API_KEY: otherKey },
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain('> x-api-key: [redacted]');
    expect(result.stderr).toContain('/queries?limit=1&includeRuns=false');
    expect(result.stderr).toContain('warning: WS_API_KEY is set in this environment and overrides the key just saved; unset it to use the saved key\n');
    expect(result.stderr).not.toContain(newKey);
    expect(result.stderr).not.toContain(otherKey);
  });
});

describe('the key saved by login is sent only to the origin it was saved for', () => {
  const other = new ApiServer();
  beforeAll(() => other.start());
  afterAll(() => other.stop());
  afterEach(() => {
    expect(other.unmatched).toEqual([]);
    other.reset();
  });
  const listed = { body: queryList([query()]) };

  async function loggedIn(): Promise<string> {
    server.on('GET', '/queries', listed);
    const config = configFolder();
    const login = await ws(['auth', 'login', '--with-key-stdin', '--base-url', server.baseUrl], { stdin: testKey, env: { WS_CONFIG_DIR: config.dir } });
    expect(login.exitCode, login.stderr).toBe(0);
    server.reset();
    other.reset();
    return config.dir;
  }

  it('--base-url or WS_BASE_URL pointing elsewhere: exit 3, nothing sent, and the message says why and how; auth status too', async () => {
    const dir = await loggedIn();
    for (const [args, extra, source] of [
      [['queries', 'list', '--base-url', other.baseUrl], {}, '--base-url'],
      [['queries', 'list'], { WS_BASE_URL: other.baseUrl }, 'WS_BASE_URL'],
    ] as const) {
      const result = await ws([...args], { env: { WS_CONFIG_DIR: dir, ...extra } });
      expect(result.exitCode).toBe(3);
      expect(result.stderr).toBe(
        `error: the API key of profile "default" was saved for ${new URL(server.baseUrl).origin}, not for ${new URL(other.baseUrl).origin} (from ${source}), so it is not sent there\n` +
          `hint: log in for that URL: \`ws auth login --base-url ${other.baseUrl}\`, or give its key for this call in WS_API_KEY\n`,
      );
    }
    const status = await ws(['auth', 'status', '--base-url', other.baseUrl], { env: { WS_CONFIG_DIR: dir } });
    expect(status.exitCode).toBe(3);
    expect(status.stdout).toContain('API key:  (not set)');
    expect(other.requests).toEqual([]);
    expect(server.requests).toEqual([]);
  });

  it('WS_API_KEY is explicit and goes where it is told; the saved key still works for its own URL', async () => {
    const dir = await loggedIn();
    other.on('GET', '/queries', listed);
    server.on('GET', '/queries', listed);
    const explicit = await ws(['queries', 'list', '--base-url', other.baseUrl], { env: { WS_CONFIG_DIR: dir, WS_API_KEY: 'wsk_for_the_other_one_1234' } });
    expect(explicit.exitCode, explicit.stderr).toBe(0);
    expect(other.requests.map((r) => r.headers['x-api-key'])).toEqual(['wsk_for_the_other_one_1234']);
    const own = await ws(['queries', 'list'], { env: { WS_CONFIG_DIR: dir } });
    expect(own.exitCode, own.stderr).toBe(0);
    expect(server.requests.map((r) => r.headers['x-api-key'])).toEqual([testKey]);
  });

  it('a config file from before origins were recorded works for the base URL saved with it, and only there', async () => {
    const config = configFolder({ profiles: { default: { baseUrl: server.baseUrl, apiKey: testKey } } });
    server.on('GET', '/queries', listed);
    const own = await ws(['queries', 'list'], { env: { WS_CONFIG_DIR: config.dir } });
    expect(own.exitCode, own.stderr).toBe(0);
    expect(server.requests.map((r) => r.headers['x-api-key'])).toEqual([testKey]);
    // moving the profile's base URL does not take the key along
    expect((await ws(['config', 'set', 'base-url', other.baseUrl], { env: { WS_CONFIG_DIR: config.dir } })).exitCode).toBe(0);
    const elsewhere = await ws(['queries', 'list'], { env: { WS_CONFIG_DIR: config.dir } });
    expect(elsewhere.exitCode).toBe(3);
    expect(elsewhere.stderr).toContain(`was saved for ${new URL(server.baseUrl).origin}`);
    expect(other.requests).toEqual([]);
  });
});
