import fs from 'node:fs';
import path from 'node:path';
import type { Options } from 'execa';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiServer } from '../helpers/api-server.js';
import { query, queryList } from '../helpers/fixtures.js';
import { tempConfigDir, testKey, ws } from '../helpers/ws.js';

const server = new ApiServer();
const other = new ApiServer();

/** A key different from testKey, with a last-four that appears nowhere else. */
const newKey = 'wsk_live_5e4d3c2b1a0f9e8d_Qz7W';
const otherKey = 'wsk_live_0a1b2c3d4e5f6a7b_Kp3X';

beforeAll(async () => {
  await server.start();
  await other.start();
});
afterEach(() => {
  expect(server.unmatched).toEqual([]);
  expect(other.unmatched).toEqual([]);
  server.reset();
  other.reset();
});
afterAll(async () => {
  await server.stop();
  await other.stop();
});

/** Feeds `text` on stdin instead of the helper's `stdin: 'ignore'`. */
function stdin(text: string): Options {
  return { input: text, stdin: undefined };
}

/** The origin a key is bound to when saved for this server. */
function origin(api: ApiServer): string {
  return new URL(api.baseUrl).origin;
}

function configFile(dir: string): string {
  return path.join(dir, 'config.json');
}

function readConfigFile(dir: string): unknown {
  return JSON.parse(fs.readFileSync(configFile(dir), 'utf8'));
}

function writeConfigFile(dir: string, data: unknown, mode = 0o600): void {
  fs.writeFileSync(configFile(dir), typeof data === 'string' ? data : JSON.stringify(data), { mode });
  fs.chmodSync(configFile(dir), mode);
}

function fileMode(dir: string): number {
  return fs.statSync(configFile(dir)).mode & 0o777;
}

const okList = { body: queryList([]) };

describe('ws auth login', () => {
  it('checks the key from stdin with one cheap request, then saves it with the base URL, mode 0600', async () => {
    server.on('GET', '/queries', okList);
    const dir = tempConfigDir();
    const result = await ws(['auth', 'login', '--with-key-stdin', '--base-url', server.baseUrl], { WS_CONFIG_DIR: dir }, stdin(`${newKey}\n`));
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request!.method).toBe('GET');
    expect(request!.path).toBe('/queries');
    expect(request!.query).toEqual({ limit: '1', includeRuns: 'false' });
    expect(request!.headers['x-api-key']).toBe(newKey);
    expect(readConfigFile(dir)).toEqual({ profiles: { default: { baseUrl: server.baseUrl, apiKey: newKey, apiKeyOrigin: origin(server) } } });
    expect(fileMode(dir)).toBe(0o600);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`Logged in to ${server.baseUrl} with key ****Qz7W; saved in profile "default" (${configFile(dir)}).\n`);
    expect(result.stdout + result.stderr).not.toContain(newKey);
  });

  it('reads the key from piped stdin without --with-key-stdin, and tightens an older file to 0600', async () => {
    server.on('GET', '/queries', okList);
    const dir = tempConfigDir();
    writeConfigFile(dir, { profiles: { ci: { baseUrl: other.baseUrl, apiKey: otherKey } } }, 0o644);
    const result = await ws(['auth', 'login', '--base-url', server.baseUrl], { WS_CONFIG_DIR: dir }, stdin(newKey));
    expect(result.exitCode).toBe(0);
    expect(server.requests.map((r) => r.headers['x-api-key'])).toEqual([newKey]);
    expect(readConfigFile(dir)).toEqual({
      profiles: { ci: { baseUrl: other.baseUrl, apiKey: otherKey }, default: { baseUrl: server.baseUrl, apiKey: newKey, apiKeyOrigin: origin(server) } },
    });
    expect(fileMode(dir)).toBe(0o600);
  });

  it('creates a config folder that does not exist yet', async () => {
    server.on('GET', '/queries', okList);
    const dir = path.join(tempConfigDir(), 'nested', 'ws');
    const result = await ws(['auth', 'login', '--with-key-stdin', '--base-url', server.baseUrl], { WS_CONFIG_DIR: dir }, stdin(newKey));
    expect(result.exitCode).toBe(0);
    expect(readConfigFile(dir)).toEqual({ profiles: { default: { baseUrl: server.baseUrl, apiKey: newKey, apiKeyOrigin: origin(server) } } });
    expect(fileMode(dir)).toBe(0o600);
  });

  it('uses the base URL already saved in the profile when none is given', async () => {
    server.on('GET', '/queries', okList);
    const dir = tempConfigDir();
    writeConfigFile(dir, { profiles: { default: { baseUrl: server.baseUrl, output: 'yaml' } } });
    const result = await ws(['auth', 'login', '--with-key-stdin'], { WS_CONFIG_DIR: dir }, stdin(newKey));
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(readConfigFile(dir)).toEqual({ profiles: { default: { baseUrl: server.baseUrl, apiKey: newKey, apiKeyOrigin: origin(server), output: 'yaml' } } });
  });

  it('a key the server refuses is exit 3, the saved profile is left as it was, and the key is not echoed', async () => {
    server.on('GET', '/queries', { status: 401, body: { message: `key ${newKey} is not valid` } });
    const dir = tempConfigDir();
    const before = { profiles: { default: { baseUrl: server.baseUrl, apiKey: otherKey } } };
    writeConfigFile(dir, before);
    const result = await ws(['auth', 'login', '--with-key-stdin'], { WS_CONFIG_DIR: dir }, stdin(newKey));
    expect(result.exitCode).toBe(3);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.headers['x-api-key']).toBe(newKey);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('error: GET /queries: not authenticated (HTTP 401): key [redacted] is not valid\n');
    // a next step, not `ws auth login` or `ws auth status`, which check the key just refused
    expect(result.stderr).toContain(`hint: nothing was saved; a key works only for the workspace it was made for: check that this one is for ${server.baseUrl}\n`);
    expect(result.stderr).not.toContain('`ws auth');
    expect(result.stderr).not.toContain('Logged in');
    expect(result.stdout + result.stderr).not.toContain(newKey);
    expect(readConfigFile(dir)).toEqual(before);
  });

  it('a refused key on a fresh machine creates no config file', async () => {
    server.on('GET', '/queries', { status: 403, body: { message: 'forbidden' } });
    const dir = tempConfigDir();
    const result = await ws(['auth', 'login', '--with-key-stdin', '--base-url', server.baseUrl], { WS_CONFIG_DIR: dir }, stdin(newKey));
    expect(result.exitCode).toBe(3);
    expect(fs.existsSync(configFile(dir))).toBe(false);
  });

  it('empty stdin is exit 2 with a hint, and nothing is sent or saved', async () => {
    const dir = tempConfigDir();
    for (const options of [stdin(''), stdin('  \n\n'), {}]) {
      const result = await ws(['auth', 'login', '--with-key-stdin', '--base-url', server.baseUrl], { WS_CONFIG_DIR: dir }, options);
      expect(result.exitCode).toBe(2);
      expect(result.stdout).toBe('');
      // the key was piped (or stdin is not a terminal): the hint looks at what came, not at piping it again
      expect(result.stderr).toBe('error: no API key given\nhint: nothing came on stdin: check what is piped in (an unset variable, an empty file)\n');
    }
    expect(server.requests).toHaveLength(0);
    expect(fs.existsSync(configFile(dir))).toBe(false);
  });

  it('a key with spaces or several lines is exit 2 without printing it', async () => {
    const dir = tempConfigDir();
    const result = await ws(['auth', 'login', '--with-key-stdin', '--base-url', server.baseUrl], { WS_CONFIG_DIR: dir }, stdin(`${newKey}\n${otherKey}\n`));
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: the API key must not contain spaces or newlines\n');
    expect(result.stderr).not.toContain(newKey);
    expect(result.stderr).not.toContain(otherKey);
    expect(server.requests).toHaveLength(0);
    expect(fs.existsSync(configFile(dir))).toBe(false);
  });

  it('without any base URL it is exit 2 with a hint, and nothing is sent', async () => {
    const dir = tempConfigDir();
    const result = await ws(['auth', 'login', '--with-key-stdin'], { WS_CONFIG_DIR: dir }, stdin(newKey));
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'error: no base URL configured for profile "default"\nhint: pass --base-url, set WS_BASE_URL, or run `ws config set base-url https://workspace.example.com/public/v3`\n',
    );
    expect(server.requests).toHaveLength(0);
    expect(fs.existsSync(configFile(dir))).toBe(false);
  });

  it('--debug logs the check with the key redacted', async () => {
    server.on('GET', '/queries', okList);
    const dir = tempConfigDir();
    const result = await ws(['auth', 'login', '--with-key-stdin', '--base-url', server.baseUrl, '--debug'], { WS_CONFIG_DIR: dir }, stdin(newKey));
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain('> x-api-key: [redacted]');
    expect(result.stderr).toContain('/queries?limit=1&includeRuns=false');
    expect(result.stdout + result.stderr).not.toContain(newKey);
  });

  it('--profile and WS_PROFILE pick the profile; two profiles live side by side and each is used', async () => {
    server.on('GET', '/queries', okList);
    other.on('GET', '/queries', okList);
    const dir = tempConfigDir();
    const ci = await ws(['auth', 'login', '--with-key-stdin', '--profile', 'ci', '--base-url', server.baseUrl], { WS_CONFIG_DIR: dir }, stdin(newKey));
    expect(ci.exitCode).toBe(0);
    expect(ci.stderr).toContain('saved in profile "ci"');
    const prod = await ws(['auth', 'login', '--with-key-stdin', '--base-url', other.baseUrl], { WS_CONFIG_DIR: dir, WS_PROFILE: 'prod' }, stdin(otherKey));
    expect(prod.exitCode).toBe(0);
    expect(prod.stderr).toContain('saved in profile "prod"');
    expect(readConfigFile(dir)).toEqual({
      profiles: { ci: { baseUrl: server.baseUrl, apiKey: newKey, apiKeyOrigin: origin(server) }, prod: { baseUrl: other.baseUrl, apiKey: otherKey, apiKeyOrigin: origin(other) } },
    });
    expect(fileMode(dir)).toBe(0o600);
    server.reset();
    other.reset();
    server.on('GET', '/queries', { body: queryList([query()]) });
    other.on('GET', '/queries', { body: queryList([query()]) });

    expect((await ws(['queries', 'list', '--profile', 'ci'], { WS_CONFIG_DIR: dir })).exitCode).toBe(0);
    expect(server.requests.map((r) => r.headers['x-api-key'])).toEqual([newKey]);
    expect(other.requests).toHaveLength(0);
    expect((await ws(['queries', 'list'], { WS_CONFIG_DIR: dir, WS_PROFILE: 'prod' })).exitCode).toBe(0);
    expect(other.requests.map((r) => r.headers['x-api-key'])).toEqual([otherKey]);
    expect(server.requests).toHaveLength(1);
    // the flag beats the environment
    expect((await ws(['queries', 'list', '--profile', 'ci'], { WS_CONFIG_DIR: dir, WS_PROFILE: 'prod' })).exitCode).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(other.requests).toHaveLength(1);
    // the default profile was never written
    const none = await ws(['queries', 'list'], { WS_CONFIG_DIR: dir });
    expect(none.exitCode).toBe(3);
    expect(none.stderr).toContain('no API key configured for profile "default"');
    expect(server.requests).toHaveLength(2);
    expect(other.requests).toHaveLength(1);
  });
});

describe('ws auth status', () => {
  it('shows profile, base URL and masked key from the config file and that the key works', async () => {
    server.on('GET', '/queries', okList);
    const dir = tempConfigDir();
    writeConfigFile(dir, { profiles: { default: { baseUrl: server.baseUrl, apiKey: newKey } } });
    const result = await ws(['auth', 'status'], { WS_CONFIG_DIR: dir });
    expect(result.exitCode).toBe(0);
    const file = configFile(dir);
    expect(result.stdout).toBe(
      'profile:  default  (from default)\n' +
        `base URL: ${server.baseUrl}  (from config ${file})\n` +
        `API key:  ****Qz7W  (from config ${file})\n` +
        'status:   the key works\n',
    );
    expect(result.stderr).toBe('');
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.query).toEqual({ limit: '1', includeRuns: 'false' });
    expect(server.requests[0]!.headers['x-api-key']).toBe(newKey);
    expect(result.stdout + result.stderr).not.toContain(newKey);
  });

  it('names the flag and the environment variables each setting came from', async () => {
    server.on('GET', '/queries', okList);
    const result = await ws(['auth', 'status', '--profile', 'ci'], { WS_BASE_URL: server.baseUrl, WS_API_KEY: newKey });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(
      'profile:  ci  (from flag)\n' + `base URL: ${server.baseUrl}  (from env WS_BASE_URL)\n` + 'API key:  ****Qz7W  (from env WS_API_KEY)\n' + 'status:   the key works\n',
    );
    expect(result.stdout + result.stderr).not.toContain(newKey);
  });

  it('--json prints one JSON object', async () => {
    server.on('GET', '/queries', okList);
    const result = await ws(['auth', 'status', '--json'], { WS_BASE_URL: server.baseUrl, WS_API_KEY: newKey, WS_PROFILE: 'ci' });
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      profile: { value: 'ci', source: 'env WS_PROFILE' },
      baseUrl: { value: server.baseUrl, source: 'env WS_BASE_URL' },
      apiKey: { value: '****Qz7W', source: 'env WS_API_KEY' },
      proxy: { value: null, source: null },
      caFile: { value: null, source: null },
      authenticated: true,
    });
    expect(result.stderr).toBe('');
    expect(result.stdout).not.toContain(newKey);
  });

  it('with no key it is exit 3, says so, and sends nothing', async () => {
    const result = await ws(['auth', 'status'], { WS_BASE_URL: server.baseUrl });
    expect(result.exitCode).toBe(3);
    expect(result.stdout).toContain('API key:  (not set)\n');
    expect(result.stdout).toContain('status:   not authenticated: no API key configured for profile "default"\n');
    expect(result.stderr).toBe('error: no API key configured for profile "default"\nhint: run `ws auth login`, or set WS_API_KEY\n');
    expect(server.requests).toHaveLength(0);

    const json = await ws(['auth', 'status', '--json'], { WS_BASE_URL: server.baseUrl });
    expect(json.exitCode).toBe(3);
    expect(JSON.parse(json.stdout)).toMatchObject({ apiKey: { value: null, source: null }, authenticated: false });
    expect(JSON.parse(json.stderr)).toEqual({ error: { code: 'no_api_key', message: 'no API key configured for profile "default"', hint: 'run `ws auth login`, or set WS_API_KEY' } });
  });

  it('with a key the API refuses it is exit 3, and the key never appears', async () => {
    server.on('GET', '/queries', { status: 401, body: { message: `key ${newKey} was revoked` } });
    const result = await ws(['auth', 'status'], { WS_BASE_URL: server.baseUrl, WS_API_KEY: newKey });
    expect(result.exitCode).toBe(3);
    expect(result.stdout).toContain('API key:  ****Qz7W  (from env WS_API_KEY)\n');
    expect(result.stdout).toContain('status:   not authenticated: GET /queries: not authenticated (HTTP 401)');
    expect(result.stderr).toContain('error: GET /queries: not authenticated (HTTP 401): key [redacted] was revoked\n');
    expect(result.stderr).toContain('hint: the key comes from WS_API_KEY: set a working key there, or unset it and log in with `ws auth login`\n');
    expect(result.stdout + result.stderr).not.toContain(newKey);

    const json = await ws(['auth', 'status', '--json'], { WS_BASE_URL: server.baseUrl, WS_API_KEY: newKey });
    expect(json.exitCode).toBe(3);
    expect(JSON.parse(json.stdout)).toMatchObject({ apiKey: { value: '****Qz7W' }, authenticated: false });
    expect(JSON.parse(json.stderr).error.status).toBe(401);
    expect(json.stdout + json.stderr).not.toContain(newKey);
  });
});

describe('ws auth status hints a next step, never `ws auth status`', () => {
  it('a saved key the API refuses: log in again', async () => {
    server.on('GET', '/queries', { status: 401, body: { message: 'revoked' } });
    const dir = tempConfigDir();
    writeConfigFile(dir, { profiles: { default: { baseUrl: server.baseUrl, apiKey: newKey, apiKeyOrigin: origin(server) } } });
    const result = await ws(['auth', 'status'], { WS_CONFIG_DIR: dir });
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toBe('error: GET /queries: not authenticated (HTTP 401): revoked\nhint: log in again with `ws auth login`\n');
  });

  it('a base URL where nothing listens: the one shown above', async () => {
    const closed = new ApiServer();
    await closed.start();
    const baseUrl = closed.baseUrl;
    await closed.stop();
    const result = await ws(['auth', 'status'], { WS_BASE_URL: baseUrl, WS_API_KEY: newKey });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(`base URL: ${baseUrl}  (from env WS_BASE_URL)\n`);
    expect(result.stderr).toMatch(/\nhint: nothing is listening there: check the base URL shown above\n$/);
  });
});

describe('precedence: flag > environment > config file', () => {
  it('decides which server gets the request, and status names the source', async () => {
    server.on('GET', '/queries', okList);
    other.on('GET', '/queries', okList);
    const dir = tempConfigDir();
    writeConfigFile(dir, { profiles: { default: { baseUrl: server.baseUrl, apiKey: testKey } } });

    const flag = await ws(['auth', 'status', '--base-url', server.baseUrl], { WS_CONFIG_DIR: dir, WS_BASE_URL: other.baseUrl });
    expect(flag.exitCode).toBe(0);
    expect(flag.stdout).toContain(`base URL: ${server.baseUrl}  (from flag)\n`);
    expect(server.requests).toHaveLength(1);
    expect(other.requests).toHaveLength(0);

    // the saved key belongs to the other server's origin: another base URL needs its own key
    const env = await ws(['auth', 'status'], { WS_CONFIG_DIR: dir, WS_BASE_URL: other.baseUrl, WS_API_KEY: otherKey });
    expect(env.exitCode).toBe(0);
    expect(env.stdout).toContain(`base URL: ${other.baseUrl}  (from env WS_BASE_URL)\n`);
    expect(server.requests).toHaveLength(1);
    expect(other.requests).toHaveLength(1);
    expect(other.requests[0]!.headers['x-api-key']).toBe(otherKey);

    const config = await ws(['auth', 'status'], { WS_CONFIG_DIR: dir });
    expect(config.exitCode).toBe(0);
    expect(config.stdout).toContain(`base URL: ${server.baseUrl}  (from config ${configFile(dir)})\n`);
    expect(server.requests).toHaveLength(2);
    expect(other.requests).toHaveLength(1);
  });

  it('WS_API_KEY beats the saved key; WS_OUTPUT beats the saved output; -o beats both', async () => {
    server.on('GET', '/queries', { body: queryList([query()]) });
    const dir = tempConfigDir();
    writeConfigFile(dir, { profiles: { default: { baseUrl: server.baseUrl, apiKey: otherKey, output: 'json' } } });

    const env = await ws(['queries', 'list'], { WS_CONFIG_DIR: dir, WS_API_KEY: newKey, WS_OUTPUT: 'ndjson' });
    expect(env.exitCode).toBe(0);
    expect(server.requests[0]!.headers['x-api-key']).toBe(newKey);
    expect(env.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(JSON.parse(env.stdout).slug).toBe('daily_revenue');

    const flag = await ws(['queries', 'list', '-o', 'yaml'], { WS_CONFIG_DIR: dir, WS_OUTPUT: 'ndjson' });
    expect(flag.exitCode).toBe(0);
    expect(server.requests[1]!.headers['x-api-key']).toBe(otherKey);
    expect(flag.stdout).toMatch(/^queries:\n/);
  });

  it('--profile beats WS_PROFILE', async () => {
    server.on('GET', '/queries', okList);
    other.on('GET', '/queries', okList);
    const dir = tempConfigDir();
    writeConfigFile(dir, { profiles: { a: { baseUrl: server.baseUrl, apiKey: newKey }, b: { baseUrl: other.baseUrl, apiKey: otherKey } } });
    const result = await ws(['auth', 'status', '--profile', 'a'], { WS_CONFIG_DIR: dir, WS_PROFILE: 'b' });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('profile:  a  (from flag)\n');
    expect(server.requests.map((r) => r.headers['x-api-key'])).toEqual([newKey]);
    expect(other.requests).toHaveLength(0);
  });
});

describe('ws auth logout', () => {
  it('removes the key but keeps the base URL and other profiles; later commands have no key', async () => {
    const dir = tempConfigDir();
    writeConfigFile(dir, {
      profiles: { default: { baseUrl: server.baseUrl, apiKey: newKey, output: 'json' }, ci: { baseUrl: other.baseUrl, apiKey: otherKey } },
    });
    // json is the profile's output: off a terminal, stderr is kept for errors, so no note
    const result = await ws(['auth', 'logout'], { WS_CONFIG_DIR: dir });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('');
    expect(readConfigFile(dir)).toEqual({
      profiles: { default: { baseUrl: server.baseUrl, output: 'json' }, ci: { baseUrl: other.baseUrl, apiKey: otherKey } },
    });
    expect(fileMode(dir)).toBe(0o600);
    expect(server.requests).toHaveLength(0);

    const after = await ws(['queries', 'list', '-o', 'table'], { WS_CONFIG_DIR: dir });
    expect(after.exitCode).toBe(3);
    expect(after.stderr).toBe('error: no API key configured for profile "default"\nhint: run `ws auth login`, or set WS_API_KEY\n');
    expect(server.requests).toHaveLength(0);
  });

  it('--profile logs out only that profile; a second logout has nothing to do; WS_API_KEY is pointed out', async () => {
    const dir = tempConfigDir();
    writeConfigFile(dir, { profiles: { default: { baseUrl: server.baseUrl, apiKey: newKey }, ci: { baseUrl: other.baseUrl, apiKey: otherKey } } });
    const first = await ws(['auth', 'logout', '--profile', 'ci'], { WS_CONFIG_DIR: dir });
    expect(first.exitCode).toBe(0);
    expect(first.stderr).toBe('Removed the API key of profile "ci".\n');
    expect(readConfigFile(dir)).toEqual({ profiles: { default: { baseUrl: server.baseUrl, apiKey: newKey }, ci: { baseUrl: other.baseUrl } } });

    const again = await ws(['auth', 'logout', '--profile', 'ci'], { WS_CONFIG_DIR: dir, WS_API_KEY: testKey });
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toBe(
      'Profile "ci" has no saved API key; nothing to do.\nNote: WS_API_KEY is still set in this environment and will still be used.\n',
    );
    expect(readConfigFile(dir)).toEqual({ profiles: { default: { baseUrl: server.baseUrl, apiKey: newKey }, ci: { baseUrl: other.baseUrl } } });
  });
});

describe('ws config', () => {
  it('set, get, list, unset and path work on the profile in WS_CONFIG_DIR', async () => {
    const dir = tempConfigDir();
    const env = { WS_CONFIG_DIR: dir };

    const pathResult = await ws(['config', 'path'], env);
    expect(pathResult.exitCode).toBe(0);
    expect(pathResult.stdout).toBe(`${configFile(dir)}\n`);
    expect(fs.existsSync(configFile(dir))).toBe(false);

    const setUrl = await ws(['config', 'set', 'base-url', server.baseUrl], env);
    expect(setUrl.exitCode).toBe(0);
    expect(setUrl.stdout).toBe('');
    expect(readConfigFile(dir)).toEqual({ profiles: { default: { baseUrl: server.baseUrl } } });
    expect(fileMode(dir)).toBe(0o600);

    const listTable = await ws(['config', 'list'], env);
    expect(listTable.exitCode).toBe(0);
    expect(listTable.stdout).toBe(`base-url=${server.baseUrl}\noutput=\nca-file=\npager=\n`);

    const setOutput = await ws(['config', 'set', 'output', 'yaml'], env);
    expect(setOutput.exitCode).toBe(0);
    expect(readConfigFile(dir)).toEqual({ profiles: { default: { baseUrl: server.baseUrl, output: 'yaml' } } });

    const getUrl = await ws(['config', 'get', 'base-url'], env);
    expect(getUrl.exitCode).toBe(0);
    expect(getUrl.stdout).toBe(`${server.baseUrl}\n`);
    const getOutput = await ws(['config', 'get', 'output'], env);
    expect(getOutput.stdout).toBe('yaml\n');

    const list = await ws(['config', 'list', '-o', 'table'], env);
    expect(list.stdout).toBe(`base-url=${server.baseUrl}\noutput=yaml\nca-file=\npager=\n`);
    const listJson = await ws(['config', 'list', '--json'], env);
    expect(listJson.exitCode).toBe(0);
    expect(JSON.parse(listJson.stdout)).toEqual({ 'base-url': server.baseUrl, output: 'yaml', 'ca-file': null, pager: null });

    const unset = await ws(['config', 'unset', 'output'], env);
    expect(unset.exitCode).toBe(0);
    expect(readConfigFile(dir)).toEqual({ profiles: { default: { baseUrl: server.baseUrl } } });
    const gone = await ws(['config', 'get', 'output'], env);
    expect(gone.exitCode).toBe(0);
    expect(gone.stdout).toBe('');
    expect(server.requests).toHaveLength(0);
  });

  it('--profile and WS_PROFILE choose the profile that config reads and writes', async () => {
    const dir = tempConfigDir();
    expect((await ws(['config', 'set', 'output', 'csv', '--profile', 'ci'], { WS_CONFIG_DIR: dir })).exitCode).toBe(0);
    expect((await ws(['config', 'set', 'base-url', other.baseUrl], { WS_CONFIG_DIR: dir, WS_PROFILE: 'prod' })).exitCode).toBe(0);
    expect(readConfigFile(dir)).toEqual({ profiles: { ci: { output: 'csv' }, prod: { baseUrl: other.baseUrl } } });
    expect((await ws(['config', 'get', 'output'], { WS_CONFIG_DIR: dir, WS_PROFILE: 'ci' })).stdout).toBe('csv\n');
    expect((await ws(['config', 'get', 'output'], { WS_CONFIG_DIR: dir })).stdout).toBe('');
  });

  it('an unknown setting is exit 2 naming the valid ones, for get, set and unset', async () => {
    const dir = tempConfigDir();
    for (const args of [['get', 'api-key'], ['set', 'api-key', newKey], ['unset', 'api-key']]) {
      const result = await ws(['config', ...args], { WS_CONFIG_DIR: dir });
      expect(result.exitCode).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe('error: unknown setting "api-key"\nhint: settings: base-url, output, ca-file, pager (the API key is set with `ws auth login`)\n');
      expect(result.stderr).not.toContain(newKey);
    }
    expect(fs.existsSync(configFile(dir))).toBe(false);
  });

  it('an invalid output format or base URL is exit 2 and leaves the file as it was', async () => {
    const dir = tempConfigDir();
    const before = { profiles: { default: { baseUrl: server.baseUrl, output: 'csv' } } };
    writeConfigFile(dir, before);

    const output = await ws(['config', 'set', 'output', 'xml'], { WS_CONFIG_DIR: dir });
    expect(output.exitCode).toBe(2);
    expect(output.stderr).toBe('error: invalid output format "xml"\nhint: valid formats: table, json, ndjson, csv, tsv, yaml, markdown, chart\n');

    const notUrl = await ws(['config', 'set', 'base-url', 'not a url'], { WS_CONFIG_DIR: dir });
    expect(notUrl.exitCode).toBe(2);
    expect(notUrl.stderr).toContain('invalid base URL "not a url"');

    const ftp = await ws(['config', 'set', 'base-url', 'ftp://example.com/public/v3'], { WS_CONFIG_DIR: dir });
    expect(ftp.exitCode).toBe(2);
    expect(ftp.stderr).toContain('the scheme must be https or http');

    expect(readConfigFile(dir)).toEqual(before);

    // with json as the profile's default output, the error is one JSON object on stderr
    const jsonBefore = { profiles: { default: { output: 'json' } } };
    writeConfigFile(dir, jsonBefore);
    const jsonError = await ws(['config', 'set', 'output', 'xml'], { WS_CONFIG_DIR: dir });
    expect(jsonError.exitCode).toBe(2);
    expect(JSON.parse(jsonError.stderr)).toEqual({ error: { code: 'usage', message: 'invalid output format "xml"', hint: 'valid formats: table, json, ndjson, csv, tsv, yaml, markdown, chart' } });
    expect(readConfigFile(dir)).toEqual(jsonBefore);
  });

  it('`config set output json` makes commands print JSON by default, and -o table on the command line overrides it', async () => {
    const q = query();
    server.on('GET', '/queries', { body: queryList([q]) });
    const dir = tempConfigDir();
    const env = { WS_CONFIG_DIR: dir, WS_API_KEY: testKey };
    expect((await ws(['config', 'set', 'base-url', server.baseUrl], env)).exitCode).toBe(0);
    expect((await ws(['config', 'set', 'output', 'json'], env)).exitCode).toBe(0);

    const json = await ws(['queries', 'list'], env);
    expect(json.exitCode).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(queryList([q]));

    const table = await ws(['queries', 'list', '-o', 'table'], env);
    expect(table.exitCode).toBe(0);
    expect(table.stdout).toBe(`ID\tSLUG\tNAME\tLAST RUN\tUPDATED\n${q.id}\tdaily_revenue\tDaily revenue\t\t2026-11-20T09:00:00.000Z\n`);
    expect(server.requests).toHaveLength(2);
  });

  it('an output format broken by hand in the profile is reported, and `config unset output` repairs it', async () => {
    const dir = tempConfigDir();
    writeConfigFile(dir, { profiles: { default: { baseUrl: server.baseUrl, output: 'xml' } } });
    const broken = await ws(['queries', 'list'], { WS_CONFIG_DIR: dir, WS_API_KEY: testKey });
    expect(broken.exitCode).toBe(2);
    expect(broken.stderr).toContain('invalid output format "xml"');
    expect(server.requests).toHaveLength(0);

    const repair = await ws(['config', 'unset', 'output'], { WS_CONFIG_DIR: dir });
    expect(repair.stderr).toBe('');
    expect(repair.exitCode).toBe(0);
    expect(readConfigFile(dir)).toEqual({ profiles: { default: { baseUrl: server.baseUrl } } });

    writeConfigFile(dir, { profiles: { default: { baseUrl: server.baseUrl, output: 'xml' } } });
    const replace = await ws(['config', 'set', 'output', 'table'], { WS_CONFIG_DIR: dir });
    expect(replace.stderr).toBe('');
    expect(replace.exitCode).toBe(0);
    expect(readConfigFile(dir)).toEqual({ profiles: { default: { baseUrl: server.baseUrl, output: 'table' } } });
  });
});

describe('a corrupt config file', () => {
  it('gives exit 2 and a clear error naming the file, never a stack trace, and is left untouched', async () => {
    server.on('GET', '/queries', okList);
    const dir = tempConfigDir();
    writeConfigFile(dir, '{not json');
    const commands: [string[], Options][] = [
      [['auth', 'status'], {}],
      [['auth', 'login', '--with-key-stdin', '--base-url', server.baseUrl], stdin(newKey)],
      [['auth', 'logout'], {}],
      [['config', 'list'], {}],
      [['config', 'get', 'output'], {}],
      [['config', 'set', 'output', 'json'], {}],
      [['config', 'unset', 'base-url'], {}],
      [['queries', 'list'], {}],
    ];
    const results = await Promise.all(commands.map(([args, options]) => ws(args, { WS_CONFIG_DIR: dir, WS_BASE_URL: server.baseUrl, WS_API_KEY: testKey }, options)));
    for (const [index, result] of results.entries()) {
      const words = commands[index]![0].slice(0, 2).join(' ');
      expect(result.exitCode, words).toBe(2);
      expect(result.stdout, words).toBe('');
      expect(result.stderr, words).toMatch(new RegExp(`^error: the config file ${configFile(dir).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not valid: .*JSON`));
      expect(result.stderr, words).toContain('hint: fix it by hand');
      expect(result.stderr, words).not.toContain('    at ');
      expect(result.stderr, words).not.toContain(newKey);
    }
    expect(server.requests).toHaveLength(0);
    expect(fs.readFileSync(configFile(dir), 'utf8')).toBe('{not json');
  });

  it('a file of the wrong shape names the bad field; with --json the error is JSON', async () => {
    const dir = tempConfigDir();
    writeConfigFile(dir, { profiles: { default: { baseUrl: server.baseUrl, apiKey: 42 } } });
    const result = await ws(['config', 'list'], { WS_CONFIG_DIR: dir });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`error: the config file ${configFile(dir)} is not valid: profiles.default.apiKey must be a string\n`);
    expect(result.stderr).not.toContain('    at ');

    writeConfigFile(dir, '[]');
    const json = await ws(['auth', 'status', '--json'], { WS_CONFIG_DIR: dir });
    expect(json.exitCode).toBe(2);
    expect(JSON.parse(json.stderr)).toMatchObject({ error: { code: 'usage', message: `the config file ${configFile(dir)} is not valid: expected a JSON object` } });
  });
});

describe('plain http guard', () => {
  const insecure = 'http://example.com/public/v3';

  it('refuses to send the key over http to a host that is not loopback, from flag, env or config, exit 2', async () => {
    const dir = tempConfigDir();
    const flag = await ws(['queries', 'list', '--base-url', insecure], { WS_CONFIG_DIR: dir, WS_API_KEY: testKey });
    expect(flag.exitCode).toBe(2);
    expect(flag.stderr).toContain('error: refusing to send the API key over plain http to example.com\n');
    expect(flag.stderr).toContain('--allow-insecure-http');

    const env = await ws(['auth', 'status'], { WS_CONFIG_DIR: dir, WS_API_KEY: testKey, WS_BASE_URL: insecure });
    expect(env.exitCode).toBe(2);
    expect(env.stderr).toContain('refusing to send the API key over plain http to example.com');

    // storing the URL is allowed; using it is not
    expect((await ws(['config', 'set', 'base-url', insecure], { WS_CONFIG_DIR: dir })).exitCode).toBe(0);
    const config = await ws(['queries', 'list'], { WS_CONFIG_DIR: dir, WS_API_KEY: testKey });
    expect(config.exitCode).toBe(2);
    expect(config.stderr).toContain('refusing to send the API key over plain http to example.com');
  });

  it('login refuses an insecure base URL before reading or saving the key', async () => {
    const dir = tempConfigDir();
    const result = await ws(['auth', 'login', '--with-key-stdin', '--base-url', insecure], { WS_CONFIG_DIR: dir }, stdin(newKey));
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('refusing to send the API key over plain http to example.com');
    expect(result.stderr).not.toContain(newKey);
    expect(fs.existsSync(configFile(dir))).toBe(false);
  });

  it('allows http://127.0.0.1 and http://localhost', async () => {
    server.on('GET', '/queries', okList);
    const localhost = server.baseUrl.replace('127.0.0.1', 'localhost');
    for (const baseUrl of [server.baseUrl, localhost]) {
      const result = await ws(['auth', 'status', '--base-url', baseUrl], { WS_API_KEY: testKey });
      expect(result.exitCode, baseUrl).toBe(0);
      expect(result.stdout, baseUrl).toContain('status:   the key works\n');
    }
    expect(server.requests.map((r) => r.headers.host)).toEqual([new URL(server.baseUrl).host, new URL(localhost).host]);
  });

  it('--allow-insecure-http lets the key go to a host that is not loopback', async () => {
    server.on('GET', '/queries', okList);
    // 0.0.0.0 is not a loopback name, yet a connection to it reaches this machine
    const baseUrl = server.baseUrl.replace('127.0.0.1', '0.0.0.0');
    const refused = await ws(['auth', 'status', '--base-url', baseUrl], { WS_API_KEY: testKey });
    expect(refused.exitCode).toBe(2);
    expect(server.requests).toHaveLength(0);
    const allowed = await ws(['auth', 'status', '--base-url', baseUrl, '--allow-insecure-http'], { WS_API_KEY: testKey });
    expect(allowed.exitCode).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.headers.host).toBe(new URL(baseUrl).host);
  });
});
