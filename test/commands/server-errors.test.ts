/**
 * A failure the retries did not ride out says what to do: a 429 or 5xx when to try again and, for a write,
 * whether it may have happened and how to check; https:// against a plain-HTTP port that the server does not
 * speak TLS there (issue 29.6). The commands named carry the options of the command line (29.1).
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli.js';
import { fileServer } from '../helpers/stub-server.js';
import { fakeIO } from '../helpers/fake-io.js';
import { query } from '../helpers/fixtures.js';
import { tempConfigDir, testKey } from '../helpers/ws.js';

const server = fileServer();

async function ws(argv: string[], env: Record<string, string> = {}) {
  const io = fakeIO({ env: { WS_CONFIG_DIR: tempConfigDir(), WS_API_KEY: testKey, ...env } });
  const exitCode = await run(['--base-url', server.baseUrl, ...argv], io);
  const json = /^\{"error".*$/m.exec(io.err());
  return { exitCode, error: json ? JSON.parse(json[0]).error : undefined, stderr: io.err() };
}

// Retry-After 0: the retries cost no time
const busy = (status: number) => ({ status, headers: { 'retry-after': '0' }, body: { message: 'busy' } });
const queryId = '00000000-0000-4000-8000-00000000e001';

describe('429 and 5xx after the retries', () => {
  it('a read that kept getting 503: try again later, --debug', async () => {
    server.on('GET', '/queries', busy(503));
    const result = await ws(['queries', 'list', '--json']);
    expect(result.exitCode).toBe(1);
    expect(server.requests.length).toBeGreaterThan(1);
    expect(result.error.code).toBe('server_error');
    expect(result.error.hint).toBe(
      `the server failed (ws tried ${server.requests.length} times): try again later; if it goes on, --debug shows each request and response (with the request id, if any, for whoever runs the server)`,
    );
  });

  it('a read that kept getting 429', async () => {
    server.on('GET', '/queries', busy(429));
    const result = await ws(['queries', 'list', '--json']);
    expect(result.exitCode).toBe(1);
    expect(result.error.code).toBe('rate_limited');
    expect(result.error.hint).toBe(
      `the server is limiting requests (ws tried ${server.requests.length} times): try again later; --debug shows each request and response`,
    );
  });

  it('a run started with a 503 answer may have started: how to check, with the profile', async () => {
    server.on('GET', `/queries/${queryId}`, { body: query({ id: queryId }) }).on('POST', `/queries/${queryId}/execute`, busy(503));
    const result = await ws(['queries', 'execute', queryId, '--json', '--profile', 'other']);
    expect(result.exitCode).toBe(1);
    // a POST that starts a run is sent once: a second could start a second run
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    expect(result.error.code).toBe('server_error');
    expect(result.error.hint).toContain('the server failed: try again later');
    expect(result.error.hint).toContain(
      `the request may have been acted on: check before sending it again: \`ws queries runs ${queryId} --profile other --base-url ${server.baseUrl}\` lists its runs`,
    );
  });

  it('a run refused with 429 was not started', async () => {
    server.on('GET', `/queries/${queryId}`, { body: query({ id: queryId }) }).on('POST', `/queries/${queryId}/execute`, busy(429));
    const result = await ws(['queries', 'execute', queryId, '--json']);
    expect(result.error.code).toBe('rate_limited');
    expect(result.error.hint).toContain('this request was not acted on');
  });

  it('a 401 names the commands that check the key, for the profile used', async () => {
    server.on('GET', '/queries', { status: 401, body: { message: 'bad key' } });
    const result = await ws(['queries', 'list', '--json', '--profile', 'other']);
    expect(result.exitCode).toBe(3);
    expect(result.error.hint).toBe(
      `check the API key with \`ws auth status --profile other --base-url ${server.baseUrl}\`, or log in again with \`ws auth login --profile other --base-url ${server.baseUrl}\``,
    );
  });
});

describe('https:// against a port that speaks plain HTTP', () => {
  it('says the server does not speak TLS there, not that a certificate failed', async () => {
    const io = fakeIO({ env: { WS_CONFIG_DIR: tempConfigDir(), WS_API_KEY: testKey } });
    const exitCode = await run(['queries', 'list', '--base-url', server.baseUrl.replace('http://', 'https://')], io);
    expect(exitCode).toBe(1);
    expect(io.err()).toMatch(/^error: GET \/queries: 127\.0\.0\.1:\d+ does not speak TLS: .*\(ERR_SSL_WRONG_VERSION_NUMBER\)$/m);
    expect(io.err()).toContain('use http:// in the URL');
    expect(io.err()).not.toContain('certificate');
    // nothing reached the server as HTTP
    expect(server.requests).toEqual([]);
  });
});

describe('a connection the server closes before answering', () => {
  it('is not "cannot reach": the server closed it, ws tried again, try again later', async () => {
    server.on('GET', '/queries', { destroy: true });
    const result = await ws(['queries', 'list', '--json'], { WS_MAX_ATTEMPTS: '2' });
    expect(result.exitCode).toBe(1);
    expect(server.requests).toHaveLength(2);
    expect(result.error.code).toBe('connection_failed');
    expect(result.error.message).toMatch(/^GET \/queries: 127\.0\.0\.1:\d+ closed the connection before answering \(\w+\) \(ws tried 2 times\)$/);
    expect(result.error.hint).toMatch(/^try again later; if it goes on, --debug/);
  });

  it('with WS_MAX_ATTEMPTS=1 says no count of tries', async () => {
    server.on('GET', '/queries', busy(503));
    const result = await ws(['queries', 'list', '--json'], { WS_MAX_ATTEMPTS: '1' });
    expect(result.error.hint).toMatch(/^the server failed: try again later/);
  });
});
