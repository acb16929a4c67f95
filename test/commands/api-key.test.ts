/**
 * The API key as the environment, the config file or stdin gives it: surrounding whitespace is trimmed (a newline
 * from `$(cat key.txt)` or an editor), and a key that no HTTP header can carry is exit 2 naming where it came from,
 * before anything is sent, never a network error and never echoed (issue 29.3).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli.js';
import { fileServer } from '../helpers/stub-server.js';
import { fakeIO, type FakeIOOptions } from '../helpers/fake-io.js';
import { query, queryList } from '../helpers/fixtures.js';
import { tempConfigDir, testKey } from '../helpers/ws.js';

const server = fileServer();

async function ws(argv: string[], options: FakeIOOptions = {}) {
  const io = fakeIO({ ...options, env: { WS_CONFIG_DIR: tempConfigDir(), WS_BASE_URL: server.baseUrl, ...options.env } });
  const exitCode = await run(argv, io);
  return { exitCode, stdout: io.out(), stderr: io.err() };
}

/** A config folder whose profile "ci" holds this key, saved for the test server. */
function profileWithKey(apiKey: string): string {
  const dir = tempConfigDir();
  fs.writeFileSync(
    path.join(dir, 'config.json'),
    JSON.stringify({ profiles: { ci: { apiKey, baseUrl: server.baseUrl, apiKeyOrigin: new URL(server.baseUrl).origin } } }),
  );
  return dir;
}

describe('surrounding whitespace is not part of the key', () => {
  it.each([`${testKey}\n`, `  ${testKey}\r\n`, `\t${testKey} `])('WS_API_KEY=%j sends the key alone', async (key) => {
    server.on('GET', '/queries', { body: queryList([]) });
    const result = await ws(['queries', 'list', '--json'], { env: { WS_API_KEY: key } });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(server.requests.map((request) => request.headers['x-api-key'])).toEqual([testKey]);
  });

  it('a key saved in the profile with a newline after it', async () => {
    server.on('GET', '/queries', { body: queryList([]) });
    const result = await ws(['queries', 'list', '--json', '--profile', 'ci'], {
      env: { WS_CONFIG_DIR: profileWithKey(`${testKey}\n`), WS_BASE_URL: undefined },
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(server.requests.map((request) => request.headers['x-api-key'])).toEqual([testKey]);
  });
});

describe('shell completion sends the saved key trimmed too', () => {
  it('ws __complete queries get finds slugs with a key saved with a newline after it', async () => {
    server.on('GET', '/queries', { body: queryList([query({ slug: 'daily_revenue', name: 'Daily revenue' })]) });
    const result = await ws(['__complete', 'ws', '--profile', 'ci', 'queries', 'get', 'dai'], {
      env: { WS_CONFIG_DIR: profileWithKey(`${testKey}\n`), WS_BASE_URL: undefined },
    });
    expect(result.stdout).toBe('daily_revenue\tDaily revenue\n');
    expect(server.requests.map((request) => request.headers['x-api-key'])).toEqual([testKey]);
  });
});

describe('a key of whitespace alone is no key', () => {
  it('exit 3 as without WS_API_KEY, and the message keeps its spaces', async () => {
    const result = await ws(['queries', 'list'], { env: { WS_API_KEY: '  \n' } });
    expect(result.exitCode).toBe(3);
    expect(server.requests).toEqual([]);
    expect(result.stderr).toContain('error: no API key configured for profile "default"');
  });
});

describe('a key no header can carry is exit 2, before any request', () => {
  it.each([
    ['a control character', `wsk_abc\u0001def`, 'WS_API_KEY holds a control character (character 8 of 11)'],
    ['a newline inside', `wsk_abc\ndef`, 'WS_API_KEY holds a control character (character 8 of 11)'],
    ['a character that is not ASCII', 'wsk_äbc', 'WS_API_KEY holds a character that is not ASCII (character 5 of 7)'],
  ])('WS_API_KEY with %s', async (_what, key, message) => {
    const result = await ws(['queries', 'list', '--json'], { env: { WS_API_KEY: key } });
    expect(result.exitCode).toBe(2);
    expect(server.requests).toEqual([]);
    const error = JSON.parse(result.stderr).error;
    expect(error.code).toBe('usage');
    expect(error.message).toContain(message);
    expect(error.message).toContain('nothing was sent');
    expect(error.hint).toContain('WS_API_KEY');
    expect(result.stderr).not.toContain('abc');
    expect(result.stderr).not.toContain('äbc');
  });

  it('a saved key names its profile and how to log in again', async () => {
    const result = await ws(['queries', 'list', '--profile', 'ci'], { env: { WS_CONFIG_DIR: profileWithKey('wsk_\u0007secret'), WS_BASE_URL: undefined } });
    expect(result.exitCode).toBe(2);
    expect(server.requests).toEqual([]);
    expect(result.stderr).toMatch(/^error: the API key of profile "ci" in .*config\.json holds a control character \(character 5 of 11\)/m);
    expect(result.stderr).toContain('hint: log in again: `ws auth login --profile ci`');
    expect(result.stderr).not.toContain('secret');
  });

  it('a key piped to auth login', async () => {
    const result = await ws(['auth', 'login', '--with-key-stdin'], { stdin: 'wsk_naïve\n', env: { WS_CONFIG_DIR: tempConfigDir() } });
    expect(result.exitCode).toBe(2);
    expect(server.requests).toEqual([]);
    expect(result.stderr).toContain('error: the API key given holds a character that is not ASCII (character 7 of 9)');
    expect(result.stderr).not.toContain('naïve');
  });
});

describe('the API key never leaks', () => {
  it('is absent from stdout, stderr and --debug output, even when the server echoes it', async () => {
    server.on('GET', '/queries', { status: 503, headers: { 'retry-after': '0' } }, { status: 401, body: { message: `key ${testKey} is revoked` } });
    const result = await ws(['queries', 'list', '--debug'], { env: { WS_API_KEY: testKey } });
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toContain('> GET http://127.0.0.1:');
    expect(result.stderr).toContain('> x-api-key: [redacted]');
    expect(result.stderr).toMatch(/< 401 in \d+ms/);
    expect(result.stderr).toContain('key [redacted] is revoked');
    expect(result.stdout + result.stderr).not.toContain(testKey);
    expect(server.requests[0]!.headers['x-api-key']).toBe(testKey);
  });
});

describe('every field of a server error is redacted (issue 38.14)', () => {
  it("the key in the error body's code, message and request id is [redacted] in JSON and text", async () => {
    const echo = { status: 400, headers: { 'x-request-id': `req-${testKey}` }, body: { code: `bad_${testKey}`, message: `no ${testKey} here` } };
    server.on('GET', '/queries', echo, echo);
    const json = await ws(['queries', 'list', '--json'], { env: { WS_API_KEY: testKey } });
    expect(json.exitCode).toBe(1);
    expect(JSON.parse(json.stderr).error).toMatchObject({
      code: 'bad_request',
      apiCode: 'bad_[redacted]',
      message: 'GET /queries failed (HTTP 400): no [redacted] here',
      requestId: 'req-[redacted]',
    });
    const text = await ws(['queries', 'list'], { env: { WS_API_KEY: testKey } });
    expect(text.exitCode).toBe(1);
    expect(json.stderr + text.stderr + json.stdout + text.stdout).not.toContain(testKey);
    expect(text.stderr).toContain('request id: req-[redacted]');
  });
});
