import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiServer } from '../helpers/api-server.js';
import { makeCertificates, type Certificates } from '../helpers/certificates.js';
import { queryList } from '../helpers/fixtures.js';
import { TestProxy } from '../helpers/proxy.js';
import { testKey, ws } from '../helpers/ws.js';

let certs: Certificates;
let server: ApiServer;
const proxy = new TestProxy();
let port = 0;
/** A port nothing listens on: a proxy that is down. */
let closedPort = 0;

/** Only the test proxy "resolves" this name (to 127.0.0.1); ws itself never could. */
const viaProxy = () => `https://ws-test.example:${port}/public/v3`;

beforeAll(async () => {
  certs = makeCertificates();
  server = await new ApiServer({ tls: certs.valid }).start();
  port = Number(new URL(server.baseUrl).port);
  await proxy.start();
  const spare = http.createServer();
  await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
  closedPort = (spare.address() as AddressInfo).port;
  await new Promise<void>((resolve) => spare.close(() => resolve()));
});
afterEach(() => {
  const unmatched = [...server.unmatched];
  server.reset();
  proxy.reset();
  expect(unmatched).toEqual([]);
});
afterAll(async () => {
  await server.stop();
  await proxy.stop();
});

/** `ws queries list --json` (a table with `--table`) with the test CA trusted and the key set; `env` adds the proxy variables. */
function list(baseUrl: string, env: Record<string, string>, args: string[] = []) {
  server.on('GET', '/queries', { body: queryList([]) });
  return ws(['queries', 'list', ...(args.includes('--table') ? [] : ['--json']), ...args.filter((arg) => arg !== '--table')], {
    WS_BASE_URL: baseUrl,
    WS_API_KEY: testKey,
    WS_CA_FILE: certs.caFile,
    ...env,
  });
}

function errorJson(stderr: string): Record<string, unknown> {
  return (JSON.parse(stderr) as { error: Record<string, unknown> }).error;
}

describe('proxies', () => {
  it('goes through HTTPS_PROXY with CONNECT host:port; the proxy sees only encrypted bytes', async () => {
    const result = await list(viaProxy(), { HTTPS_PROXY: proxy.url });
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(proxy.seen.map((r) => `${r.method} ${r.target}`)).toEqual([`CONNECT ws-test.example:${port}`]);
    expect(server.requests.map((r) => r.headers['x-api-key'])).toEqual([testKey]);
    expect(proxy.tunnelled.length).toBeGreaterThan(0);
    expect(proxy.tunnelled).not.toContain(testKey);
    expect(proxy.tunnelled).not.toContain('/public/v3/queries');
  });

  it('an https:// proxy is verified with the same trust as the server', async () => {
    const secure = await new TestProxy().start(certs.valid);
    try {
      const result = await list(viaProxy(), { HTTPS_PROXY: secure.url });
      expect(result.stderr).toBe('');
      expect(result.exitCode).toBe(0);
      expect(secure.seen.map((r) => `${r.method} ${r.target}`)).toEqual([`CONNECT ws-test.example:${port}`]);
      const untrusted = await list(viaProxy(), { HTTPS_PROXY: secure.url, WS_CA_FILE: certs.otherCaFile });
      expect(untrusted.exitCode).toBe(1);
      expect(errorJson(untrusted.stderr)).toMatchObject({
        code: 'certificate_untrusted',
        message: expect.stringMatching(new RegExp(`^GET /queries: the TLS certificate of ws-test.example or of the proxy ${secure.url} is not trusted`)),
      });
      expect(secure.seen).toHaveLength(1);
    } finally {
      await secure.stop();
    }
    expect(server.requests).toHaveLength(1);
  });

  it('the lowercase name wins over the uppercase one; an empty value counts as unset', async () => {
    const lower = await list(viaProxy(), { https_proxy: proxy.url, HTTPS_PROXY: `http://127.0.0.1:${closedPort}` });
    expect(lower.exitCode).toBe(0);
    expect(proxy.seen).toHaveLength(1);
    proxy.reset();
    const empty = await list(viaProxy(), { https_proxy: '', HTTPS_PROXY: proxy.url });
    expect(empty.exitCode).toBe(0);
    expect(proxy.seen).toHaveLength(1);
  });

  it('HTTP_PROXY serves https too when no https proxy is set', async () => {
    const result = await list(viaProxy(), { http_proxy: proxy.url });
    expect(result.exitCode).toBe(0);
    expect(proxy.seen.map((r) => r.target)).toEqual([`ws-test.example:${port}`]);
  });

  // 0.0.0.0 reaches this machine's loopback without being a loopback name, so NO_PROXY alone decides
  const direct = () => `https://0.0.0.0:${port}/public/v3`;

  it.each(['0.0.0.0', 'example.com, 0.0.0.0:PORT', '*', 'a.example 0.0.0.0'])('NO_PROXY=%s sends the request direct', async (noProxy) => {
    const result = await list(direct(), { HTTPS_PROXY: proxy.url, NO_PROXY: noProxy.replace('PORT', String(port)) });
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(proxy.seen).toEqual([]);
  });

  it('no_proxy wins over NO_PROXY', async () => {
    const result = await list(direct(), { HTTPS_PROXY: proxy.url, no_proxy: '0.0.0.0', NO_PROXY: 'other.example' });
    expect(result.exitCode).toBe(0);
    expect(proxy.seen).toEqual([]);
  });

  it.each(['0.0.0.0:1', '0.0.0.1', 'ws-test.example'])('NO_PROXY=%s leaves the request to the proxy', async (noProxy) => {
    const result = await list(direct(), { HTTPS_PROXY: proxy.url, NO_PROXY: noProxy });
    expect(result.exitCode).toBe(0);
    expect(proxy.seen.map((r) => r.target)).toEqual([`0.0.0.0:${port}`]);
  });

  it('NO_PROXY suffixes (.domain, *.domain, domain) cover subdomains, as ws auth status shows without sending anything', async () => {
    const status = (noProxy: string) =>
      ws(['auth', 'status'], { WS_BASE_URL: 'https://api.corp.example/public/v3', HTTPS_PROXY: 'http://u:secret@proxy.corp.example:3128', NO_PROXY: noProxy });
    for (const noProxy of ['.corp.example', '*.corp.example', 'corp.example', 'CORP.EXAMPLE:443']) {
      const result = await status(noProxy);
      expect(result.stdout, noProxy).toContain('proxy:    none (NO_PROXY covers api.corp.example)\n');
    }
    for (const noProxy of ['ccorp.example', 'api.corp.example:8443', '.other.example']) {
      const result = await status(noProxy);
      expect(result.stdout, noProxy).toContain('proxy:    http://proxy.corp.example:3128  (from env HTTPS_PROXY)\n');
      expect(result.stdout).not.toContain('secret');
    }
  });

  it.each(['127.0.0.1', 'localhost'])('loopback %s is never proxied, even with the proxy down', async (host) => {
    const result = await list(`https://${host}:${port}/public/v3`, { HTTPS_PROXY: `http://127.0.0.1:${closedPort}`, NO_PROXY: 'other.example' });
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(1);
  });

  it('loopback never reads the proxy URL, so a broken one does not matter', async () => {
    const result = await list(`https://127.0.0.1:${port}/public/v3`, { https_proxy: 'http://prox y:3128' });
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(1);
  });

  it('sends percent-decoded credentials in Proxy-Authorization and never prints them, not even with --debug', async () => {
    proxy.credentials = 'user:pa@ss w';
    const url = proxy.url.replace('http://', 'http://us%65r:pa%40ss%20w@');
    const result = await list(viaProxy(), { HTTPS_PROXY: url }, ['--debug']);
    expect(result.exitCode).toBe(0);
    expect(proxy.seen[0]!.headers['proxy-authorization']).toBe(`Basic ${Buffer.from('user:pa@ss w').toString('base64')}`);
    expect(result.stderr).toContain(`* through the proxy ${proxy.url} (from HTTPS_PROXY)\n`);
    for (const secret of ['pa%40ss', 'pa@ss', 'us%65r', Buffer.from('user:pa@ss w').toString('base64')]) {
      expect(result.stderr).not.toContain(secret);
      expect(result.stdout).not.toContain(secret);
    }
    // the API key stays off the proxy's connection
    expect(proxy.seen[0]!.headers['x-api-key']).toBeUndefined();
  });

  it('ws auth status shows the proxy in use without its credentials', async () => {
    server.on('GET', '/queries', { body: queryList([]) });
    const url = proxy.url.replace('http://', 'http://user:hunter2@');
    proxy.credentials = 'user:hunter2';
    const result = await ws(['auth', 'status'], { WS_BASE_URL: viaProxy(), WS_API_KEY: testKey, WS_CA_FILE: certs.caFile, HTTPS_PROXY: url });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(`proxy:    ${proxy.url}  (from env HTTPS_PROXY)\n`);
    expect(result.stdout).toContain(`CA file:  ${certs.caFile}  (from env WS_CA_FILE)\n`);
    const json = await ws(['auth', 'status', '--json'], { WS_BASE_URL: viaProxy(), WS_API_KEY: testKey, WS_CA_FILE: certs.caFile, HTTPS_PROXY: url });
    expect(JSON.parse(json.stdout).proxy).toEqual({ value: proxy.url, source: 'env HTTPS_PROXY' });
    expect(result.stdout + result.stderr + json.stdout + json.stderr).not.toContain('hunter2');
  });

  it('407: says the credentials go in the proxy URL; wrong credentials are named by variable, not printed', async () => {
    proxy.credentials = 'user:right';
    const none = await list(viaProxy(), { HTTPS_PROXY: proxy.url }, ['--table']);
    expect(none.exitCode).toBe(1);
    expect(none.stderr).toBe(
      `error: GET /queries: the proxy ${proxy.url} asks for credentials (HTTP 407)\n` +
        'hint: credentials go in the proxy URL: HTTPS_PROXY=http://user:password@host:port (percent-encode special characters, e.g. @ as %40)\n',
    );
    const wrong = await list(viaProxy(), { HTTPS_PROXY: proxy.url.replace('http://', 'http://user:wrong@') });
    expect(wrong.exitCode).toBe(1);
    expect(errorJson(wrong.stderr)).toEqual({
      code: 'proxy_auth_required',
      message: `GET /queries: the proxy ${proxy.url} did not accept the credentials in HTTPS_PROXY (HTTP 407)`,
      hint: expect.stringMatching(/^credentials go in the proxy URL: HTTPS_PROXY=http:\/\/user:password@host:port /),
    });
    expect(wrong.stderr).not.toContain('wrong');
    expect(server.requests).toEqual([]);
  });

  it.each([403, 502])('%i from the proxy: it refused the host', async (status) => {
    proxy.refuseWith = status;
    const result = await list(viaProxy(), { HTTPS_PROXY: proxy.url }, ['--table']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe(
      `error: GET /queries: the proxy ${proxy.url} (from HTTPS_PROXY) refused to connect to ws-test.example:${port} (HTTP ${status})\n` +
        'hint: ask whoever runs the proxy to allow ws-test.example, or, if it can be reached directly, add it to NO_PROXY\n',
    );
    const json = await list(viaProxy(), { HTTPS_PROXY: proxy.url });
    expect(errorJson(json.stderr).code).toBe('proxy_refused');
    expect(server.requests).toEqual([]);
  });

  it('a proxy that is down is named, without its credentials', async () => {
    const result = await list(viaProxy(), { HTTPS_PROXY: `http://me:s3cret@127.0.0.1:${closedPort}` }, ['--table']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe(
      `error: GET /queries: cannot reach the proxy http://127.0.0.1:${closedPort} (from HTTPS_PROXY) (ECONNREFUSED)\n` +
        'hint: check HTTPS_PROXY, or add ws-test.example to NO_PROXY if it can be reached directly\n',
    );
    const json = await list(viaProxy(), { HTTPS_PROXY: `http://me:s3cret@127.0.0.1:${closedPort}` });
    expect(errorJson(json.stderr).code).toBe('proxy_unreachable');
    expect(result.stderr + json.stderr).not.toContain('s3cret');
  });

  it('without a proxy, a refused connection says so, with the same code in JSON', async () => {
    const baseUrl = `http://127.0.0.1:${closedPort}/public/v3`;
    const result = await ws(['queries', 'list'], { WS_BASE_URL: baseUrl, WS_API_KEY: testKey });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe(
      `error: GET /queries: cannot reach 127.0.0.1:${closedPort}: the connection was refused (ECONNREFUSED)\n` +
        'hint: nothing is listening there: check the base URL (`ws auth status`)\n',
    );
    const json = await ws(['queries', 'list', '--json'], { WS_BASE_URL: baseUrl, WS_API_KEY: testKey });
    expect(errorJson(json.stderr)).toEqual({
      code: 'connection_refused',
      message: `GET /queries: cannot reach 127.0.0.1:${closedPort}: the connection was refused (ECONNREFUSED)`,
      hint: 'nothing is listening there: check the base URL (`ws auth status`)',
    });
  });

  it.each([
    [{ HTTPS_PROXY: 'http://prox y:3128' }, 'invalid proxy URL in HTTPS_PROXY: not a URL'],
    [{ https_proxy: 'socks5://proxy:1080' }, 'invalid proxy URL in https_proxy: the scheme must be http or https, not socks5'],
    [{ HTTP_PROXY: 'http://user:%zz@proxy:3128' }, 'invalid proxy URL in HTTP_PROXY: the credentials are not valid percent-encoding'],
  ])('a malformed proxy URL (%j) is a usage error naming the variable, before any request', async (env: Record<string, string>, message: string) => {
    const result = await list(viaProxy(), env, ['--table']);
    expect(result.exitCode, message).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(`error: ${message}`);
    expect(result.stderr).not.toContain('%zz');
    const json = await list(viaProxy(), env);
    expect(json.exitCode).toBe(2);
    expect(errorJson(json.stderr)).toEqual({ code: 'proxy_url_invalid', message, hint: expect.stringMatching(/^expected for example /) });
    expect(server.requests).toEqual([]);
    expect(proxy.seen).toEqual([]);
    server.reset(); // the stubs list() added were never asked for: that is the point
  });
});
