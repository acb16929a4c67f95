import { describe, expect, it } from 'vitest';
import { ApiServer } from '../../helpers/api-server.js';
import { stubServer } from '../../helpers/command.js';
import { configFolder } from '../../helpers/config-file.js';
import { queryList } from '../../helpers/fixtures.js';
import { testKey } from '../../helpers/ws.js';

/** Neither key nor base URL from the environment unless a test gives them. */
const { server, ws } = stubServer({ env: { WS_API_KEY: undefined, WS_BASE_URL: undefined } });

const newKey = 'wsk_live_5e4d3c2b1a0f9e8d_Qz7W';
const okList = { body: queryList([]) };

describe('ws auth status', () => {
  it('from the config file: profile, base URL and masked key with where each comes from, and that the key works', async () => {
    server.on('GET', '/queries', okList);
    const config = configFolder({ profiles: { default: { baseUrl: server.baseUrl, apiKey: newKey } } });
    const result = await ws(['auth', 'status'], { env: { WS_CONFIG_DIR: config.dir } });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe(
      `profile:  default  (from default)\nbase URL: ${server.baseUrl}  (from config ${config.file})\nAPI key:  ****Qz7W  (from config file, plain text: ${config.file})\nstatus:   the key works\n`,
    );
    // where the key lives, and how to move it out of the file (as cli/cli#13872 asks of gh)
    expect(result.stderr).toBe(`The API key is kept in plain text in ${config.file}: to keep it in the system keyring, log in again: \`ws auth login\`\n`);
    expect(server.requests.map((r) => [r.method, r.path, r.query, r.headers['x-api-key']])).toEqual([
      ['GET', '/queries', { limit: '1', includeRuns: 'false' }, newKey],
    ]);
  });

  it('in a terminal the same lines; the flag and the environment variables are named', async () => {
    server.on('GET', '/queries', okList);
    const result = await ws(['auth', 'status', '--profile', 'ci'], { tty: true, columns: 100, env: { WS_BASE_URL: server.baseUrl, WS_API_KEY: newKey } });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe(
      `profile:  ci  (from flag)\nbase URL: ${server.baseUrl}  (from env WS_BASE_URL)\nAPI key:  ****Qz7W  (from env WS_API_KEY)\nstatus:   the key works\n`,
    );
  });

  it('--json prints one object', async () => {
    server.on('GET', '/queries', okList);
    const result = await ws(['auth', 'status', '--json'], { env: { WS_BASE_URL: server.baseUrl, WS_API_KEY: newKey, WS_PROFILE: 'ci' } });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      profile: { value: 'ci', source: 'env WS_PROFILE' },
      baseUrl: { value: server.baseUrl, source: 'env WS_BASE_URL' },
      apiKey: { value: '****Qz7W', source: 'env WS_API_KEY' },
      proxy: { value: null, source: null },
      caFile: { value: null, source: null },
      authenticated: true,
    });
    expect(result.stderr).toBe('');
  });

  it('with no key: exit 3, says so, sends nothing; with --json the error is JSON', async () => {
    const result = await ws(['auth', 'status'], { env: { WS_BASE_URL: server.baseUrl } });
    expect(result.exitCode).toBe(3);
    expect(result.stdout).toContain('API key:  (not set)\n');
    expect(result.stdout).toContain('status:   not authenticated: no API key configured for profile "default"\n');
    expect(result.stderr).toBe('error: no API key configured for profile "default"\nhint: run `ws auth login`, or set WS_API_KEY\n');
    const json = await ws(['auth', 'status', '--json'], { env: { WS_BASE_URL: server.baseUrl } });
    expect(json.exitCode).toBe(3);
    expect(JSON.parse(json.stdout)).toMatchObject({ apiKey: { value: null, source: null }, authenticated: false });
    expect(JSON.parse(json.stderr)).toEqual({
      error: { code: 'no_api_key', message: 'no API key configured for profile "default"', hint: 'run `ws auth login`, or set WS_API_KEY' },
    });
    expect(server.requests).toEqual([]);
  });

  it('a key from WS_API_KEY the API refuses: exit 3, where to fix it, the key never shown', async () => {
    server.on('GET', '/queries', { status: 401, body: { message: `key ${newKey} was revoked` } });
    const result = await ws(['auth', 'status'], { env: { WS_BASE_URL: server.baseUrl, WS_API_KEY: newKey } });
    expect(result.exitCode).toBe(3);
    expect(result.stdout).toContain('status:   not authenticated: GET /queries: not authenticated (HTTP 401)');
    expect(result.stderr).toBe(
      'error: GET /queries: not authenticated (HTTP 401): key [redacted] was revoked\nhint: the key comes from WS_API_KEY: set a working key there, or unset it and log in with `ws auth login`\n',
    );
    expect(result.stdout + result.stderr).not.toContain(newKey);
    const json = await ws(['auth', 'status', '--json'], { env: { WS_BASE_URL: server.baseUrl, WS_API_KEY: newKey } });
    expect(JSON.parse(json.stderr).error.status).toBe(401);
  });

  it('a saved key the API refuses: log in again (with the profile)', async () => {
    server.on('GET', '/queries', { status: 401, body: { message: 'revoked' } });
    const config = configFolder({ profiles: { ci: { baseUrl: server.baseUrl, apiKey: newKey, apiKeyOrigin: new URL(server.baseUrl).origin } } });
    const result = await ws(['auth', 'status', '--profile', 'ci'], { env: { WS_CONFIG_DIR: config.dir } });
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toBe('error: GET /queries: not authenticated (HTTP 401): revoked\nhint: log in again with `ws auth login --profile ci`\n');
  });

  it('a base URL where nothing listens: exit 1, the hint points at the URL shown above', async () => {
    const closed = await new ApiServer().start();
    const baseUrl = closed.baseUrl;
    await closed.stop();
    const result = await ws(['auth', 'status'], { env: { WS_BASE_URL: baseUrl, WS_API_KEY: newKey, WS_MAX_ATTEMPTS: '1' } });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(`base URL: ${baseUrl}  (from env WS_BASE_URL)\n`);
    expect(result.stderr).toMatch(/\nhint: nothing is listening there: check the base URL shown above\n$/);
  });

  it('precedence: --base-url over WS_BASE_URL over the profile; --profile over WS_PROFILE', async () => {
    server.on('GET', '/queries', okList);
    const config = configFolder({
      profiles: { a: { baseUrl: server.baseUrl, apiKey: testKey }, b: { baseUrl: 'https://b.example.com/public/v3', apiKey: newKey } },
    });
    const flag = await ws(['auth', 'status', '--profile', 'a', '--base-url', server.baseUrl], {
      env: { WS_CONFIG_DIR: config.dir, WS_BASE_URL: 'https://env.example.com/public/v3', WS_PROFILE: 'b' },
    });
    expect(flag.exitCode, flag.stderr).toBe(0);
    expect(flag.stdout).toContain('profile:  a  (from flag)\n');
    expect(flag.stdout).toContain(`base URL: ${server.baseUrl}  (from flag)\n`);
    expect(server.requests.map((r) => r.headers['x-api-key'])).toEqual([testKey]);
  });

  it('precedence: WS_BASE_URL over the profile (whose key is for another origin), the profile when nothing else is given', async () => {
    const other = await new ApiServer().on('GET', '/queries', okList).start();
    try {
      server.on('GET', '/queries', okList);
      const config = configFolder({ profiles: { default: { baseUrl: server.baseUrl, apiKey: testKey } } });
      const env = await ws(['auth', 'status'], { env: { WS_CONFIG_DIR: config.dir, WS_BASE_URL: other.baseUrl, WS_API_KEY: newKey } });
      expect(env.exitCode, env.stderr).toBe(0);
      expect(env.stdout).toContain(`base URL: ${other.baseUrl}  (from env WS_BASE_URL)\n`);
      expect(other.requests.map((r) => r.headers['x-api-key'])).toEqual([newKey]);
      const saved = await ws(['auth', 'status'], { env: { WS_CONFIG_DIR: config.dir } });
      expect(saved.stdout).toContain(`base URL: ${server.baseUrl}  (from config ${config.file})\n`);
      expect(server.requests.map((r) => r.headers['x-api-key'])).toEqual([testKey]);
      expect(other.unmatched).toEqual([]);
    } finally {
      await other.stop();
    }
  });

  it('a config file that is not an object: exit 2, with --json a JSON error', async () => {
    const config = configFolder('[]');
    const result = await ws(['auth', 'status', '--json'], { env: { WS_CONFIG_DIR: config.dir } });
    expect(result.exitCode).toBe(2);
    expect(JSON.parse(result.stderr)).toMatchObject({
      error: { code: 'usage', message: `the config file ${config.file} is not valid: expected a JSON object` },
    });
    expect(server.requests).toEqual([]);
  });

  it('an http base URL that is not loopback is exit 2, nothing sent; --allow-insecure-http lets it through', async () => {
    const insecure = await ws(['auth', 'status'], { env: { WS_BASE_URL: 'http://example.com/public/v3', WS_API_KEY: testKey } });
    expect(insecure.exitCode).toBe(2);
    expect(insecure.stderr).toContain('error: refusing to send the API key over plain http to example.com\n');
    expect(insecure.stderr).toContain('--allow-insecure-http');
    server.on('GET', '/queries', okList);
    // 0.0.0.0 is not a loopback name, yet a connection to it reaches this machine
    const baseUrl = server.baseUrl.replace('127.0.0.1', '0.0.0.0');
    expect((await ws(['auth', 'status', '--base-url', baseUrl], { env: { WS_API_KEY: testKey } })).exitCode).toBe(2);
    expect(server.requests).toEqual([]);
    const allowed = await ws(['auth', 'status', '--base-url', baseUrl, '--allow-insecure-http'], { env: { WS_API_KEY: testKey } });
    expect(allowed.exitCode, allowed.stderr).toBe(0);
    expect(server.requests.map((r) => r.headers.host)).toEqual([new URL(baseUrl).host]);
  });

  it('http://localhost is loopback: allowed', async () => {
    server.on('GET', '/queries', okList);
    const result = await ws(['auth', 'status', '--base-url', server.baseUrl.replace('127.0.0.1', 'localhost')], { env: { WS_API_KEY: testKey } });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('status:   the key works\n');
  });
  it('credentials in the base URL are never shown: not in status, --json or any --debug line (issue 38.15)', async () => {
    server.on('GET', '/queries', okList, okList);
    const baseUrl = server.baseUrl.replace('http://', 'http://bob:s3cr3tpw@');
    const result = await ws(['auth', 'status', '--base-url', baseUrl, '--debug'], { env: { WS_API_KEY: testKey } });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain(`base URL: ${server.baseUrl}  (from flag)\n`);
    expect(result.stderr).toContain(`> GET ${server.baseUrl}/queries?`);
    const json = await ws(['auth', 'status', '--json'], { env: { WS_API_KEY: testKey, WS_BASE_URL: baseUrl, WS_DEBUG: '1' } });
    expect(JSON.parse(json.stdout).baseUrl).toEqual({ value: server.baseUrl, source: 'env WS_BASE_URL' });
    for (const secret of ['s3cr3tpw', 'bob:']) expect(result.stdout + result.stderr + json.stdout + json.stderr).not.toContain(secret);
    // never sent either
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([undefined, undefined]);
  });

  it.each(['?x=1', '#frag', '?', '#'])('a base URL with a query or a fragment (%s) is exit 2 naming the rule, nothing sent (issue 38.13)', async (tail) => {
    const result = await ws(['auth', 'status', '--json', '--base-url', `${server.baseUrl}${tail}`], { env: { WS_API_KEY: testKey } });
    expect(result.exitCode, result.stderr).toBe(2);
    expect(JSON.parse(result.stderr).error).toEqual({
      code: 'usage',
      message: `invalid base URL "${server.baseUrl}${tail}" (from --base-url): it cannot hold a query (?…) or a fragment (#…)`,
      hint: 'expected for example https://api.example.com/public/v3',
    });
    expect(server.requests).toEqual([]);
  });
});
