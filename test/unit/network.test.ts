import { describe, expect, it } from 'vitest';
import { describeNetworkError } from '../../src/api/network-errors.js';
import { isLoopback } from '../../src/api/loopback.js';
import { noProxyMatches, parseProxy, proxyStatus, routeFor } from '../../src/api/network.js';
import { WsError } from '../../src/errors.js';

describe('NO_PROXY, as curl reads it', () => {
  const cases: [string, string, number, boolean][] = [
    ['example.com', 'example.com', 443, true],
    ['example.com', 'api.example.com', 443, true],
    ['example.com', 'badexample.com', 443, false],
    ['.example.com', 'api.example.com', 443, true],
    ['.example.com', 'example.com', 443, true],
    ['*.example.com', 'a.b.example.com', 443, true],
    ['EXAMPLE.com.', 'Api.Example.COM', 443, true],
    ['example.com:443', 'api.example.com', 443, true],
    ['example.com:8443', 'api.example.com', 443, false],
    ['10.1.2.3', '10.1.2.3', 443, true],
    ['10.1.2.3', '10.1.2.30', 443, false],
    ['1.2.3', '10.1.2.3', 443, false],
    ['10.0.0.0/8', '10.200.0.1', 443, true],
    ['10.0.0.0/8', '11.0.0.1', 443, false],
    ['10.0.0.0/8', 'ten.example', 443, false],
    ['::1', '[::1]', 443, true],
    ['[2001:db8::1]:443', '[2001:db8::1]', 443, true],
    ['[2001:db8::1]:80', '[2001:db8::1]', 443, false],
    ['2001:db8::/32', '[2001:db8::5]', 443, true],
    ['*', 'anything.example', 443, true],
    ['a.example, *', 'anything.example', 443, true],
    ['a.example  b.example,c.example', 'x.c.example', 443, true],
    ['', 'example.com', 443, false],
    ['.', 'example.com', 443, false],
  ];
  it.each(cases)('NO_PROXY=%j covers %s:%i: %s', (noProxy, host, port, expected) => {
    expect(noProxyMatches(noProxy, host, port)).toBe(expected);
  });
});

describe('isLoopback', () => {
  it.each(['localhost', 'LOCALHOST', '127.0.0.1', '127.9.8.7', '::1', '[::1]'])('%s is this machine', (host) => {
    expect(isLoopback(host)).toBe(true);
  });

  it.each(['localhost.example.com', '128.0.0.1', '10.0.0.1', '::2', '0.0.0.0', 'example.com', ''])('%s is not', (host) => {
    expect(isLoopback(host)).toBe(false);
  });
});

describe('which proxy', () => {
  const https = new URL('https://api.example.com/public/v3');
  const http = new URL('http://api.example.com/public/v3');
  const pick = (url: URL, env: Record<string, string>) => routeFor(url, env).proxy?.display;

  it('https URLs use HTTPS_PROXY, then HTTP_PROXY; http URLs only HTTP_PROXY; lowercase first; empty is unset', () => {
    expect(pick(https, { HTTPS_PROXY: 'http://a:1', HTTP_PROXY: 'http://b:2' })).toBe('http://a:1');
    expect(pick(https, { HTTP_PROXY: 'http://b:2' })).toBe('http://b:2');
    expect(pick(http, { HTTPS_PROXY: 'http://a:1' })).toBeUndefined();
    expect(pick(http, { HTTPS_PROXY: 'http://a:1', http_proxy: 'http://b:2' })).toBe('http://b:2');
    expect(pick(https, { https_proxy: 'http://lower:1', HTTPS_PROXY: 'http://upper:2' })).toBe('http://lower:1');
    expect(pick(https, { https_proxy: '', HTTPS_PROXY: 'http://upper:2' })).toBe('http://upper:2');
    expect(pick(https, { HTTPS_PROXY: '' })).toBeUndefined();
    expect(pick(https, { HTTPS_PROXY: 'http://a:1', no_proxy: '', NO_PROXY: 'example.com' })).toBeUndefined();
    expect(pick(https, { HTTPS_PROXY: 'http://a:1', no_proxy: 'other.example', NO_PROXY: 'example.com' })).toBe('http://a:1');
  });

  it.each(['localhost', '127.0.0.1', '127.9.8.7', '[::1]'])('never proxies loopback %s', (host) => {
    expect(routeFor(new URL(`https://${host}:8443/`), { HTTPS_PROXY: 'http://proxy:3128' })).toEqual({
      proxy: undefined,
      bypass: 'loopback addresses are never proxied',
    });
  });

  it('reads a proxy URL as curl does: no scheme is http, credentials percent-decoded into a Basic token, never in display', () => {
    const proxy = parseProxy('HTTPS_PROXY', 'us%65r:p%40ss%3Aword@proxy.example:3128');
    expect(proxy.display).toBe('http://proxy.example:3128');
    expect(proxy.uri).toBe('http://proxy.example:3128');
    expect(proxy.token).toBe(`Basic ${Buffer.from('user:p@ss:word').toString('base64')}`);
    expect(parseProxy('HTTPS_PROXY', 'https://proxy.example').display).toBe('https://proxy.example');
    expect(parseProxy('HTTPS_PROXY', 'http://user@proxy.example:8080').token).toBe(`Basic ${Buffer.from('user:').toString('base64')}`);
  });

  it.each([
    ['http://', 'no host'],
    ['ftp://proxy:21', 'the scheme must be http or https, not ftp'],
    ['http://proxy:99999', 'not a URL'],
    ['http://u:%E0%A4%A@proxy', 'the credentials are not valid percent-encoding'],
  ])('a malformed proxy URL %s is a usage error naming the variable', (value, why) => {
    let thrown: unknown;
    try {
      routeFor(new URL('https://api.example.com'), { https_proxy: value });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(WsError);
    expect((thrown as WsError).kind).toBe('usage');
    expect((thrown as WsError).message).toMatch(new RegExp(`^invalid proxy URL in https_proxy: (${why}|not a URL)$`));
  });

  it('auth status shows the proxy without credentials, or why there is none', () => {
    expect(proxyStatus('https://api.example.com', { HTTPS_PROXY: 'http://u:secret@p:1' })).toEqual({ value: 'http://p:1', source: 'env HTTPS_PROXY' });
    expect(proxyStatus('https://api.example.com', { HTTPS_PROXY: 'http://p:1', NO_PROXY: '.example.com' })).toEqual({
      value: null,
      source: null,
      note: 'NO_PROXY covers api.example.com',
    });
    expect(proxyStatus('https://api.example.com', {})).toEqual({ value: null, source: null });
  });
});

describe('network errors', () => {
  const target = new URL('https://api.example.com/public/v3');
  const describeError = (error: Record<string, unknown>, env: Record<string, string> = {}) =>
    describeNetworkError(Object.assign(new Error(String(error.message ?? 'failed')), error), { label: 'GET /queries', target, env });

  it.each([
    [
      { code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND api.example.com' },
      'host_not_found',
      'GET /queries: cannot resolve the host name api.example.com (ENOTFOUND)',
    ],
    [{ code: 'EAI_AGAIN' }, 'host_not_found', 'GET /queries: cannot resolve the host name api.example.com (EAI_AGAIN)'],
    [{ code: 'ECONNREFUSED' }, 'connection_refused', 'GET /queries: cannot reach api.example.com: the connection was refused (ECONNREFUSED)'],
    [{ code: 'UND_ERR_CONNECT_TIMEOUT' }, 'connect_timeout', 'GET /queries: cannot reach api.example.com: connecting timed out (UND_ERR_CONNECT_TIMEOUT)'],
    [{ code: 'CERT_NOT_YET_VALID' }, 'certificate_expired', 'GET /queries: the TLS certificate of api.example.com is not valid yet (CERT_NOT_YET_VALID)'],
    [{ code: 'ECONNRESET', message: 'other side closed' }, 'connection_failed', 'GET /queries: cannot reach api.example.com: other side closed (ECONNRESET)'],
  ])('%j is %s', (error, code, message) => {
    const described = describeError(error);
    expect(described.code).toBe(code);
    expect(described.message).toBe(message);
    expect(described.hint).toBeTruthy();
  });

  it('behind a proxy, a CONNECT closed unanswered or not answered in time names the proxy and the host', () => {
    const env = { HTTPS_PROXY: 'http://me:pw@proxy.example:3128' };
    expect(describeError({ code: 'WS_PROXY_TUNNEL_CLOSED' }, env)).toMatchObject({
      code: 'proxy_refused',
      message: 'GET /queries: the proxy http://proxy.example:3128 (from HTTPS_PROXY) closed the connection instead of answering CONNECT to api.example.com:443',
    });
    expect(describeError({ code: 'WS_PROXY_TUNNEL_TIMEOUT' }, env)).toMatchObject({
      code: 'connect_timeout',
      message: 'GET /queries: the proxy http://proxy.example:3128 (from HTTPS_PROXY) did not answer CONNECT to api.example.com:443 in 10 s',
    });
  });

  it('behind a proxy, failing to connect or resolve is about the proxy', () => {
    for (const code of ['ENOTFOUND', 'ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT']) {
      const described = describeError({ code }, { HTTPS_PROXY: 'http://me:pw@proxy.example:3128' });
      expect(described.code).toBe('proxy_unreachable');
      expect(described.message).toBe(`GET /queries: cannot reach the proxy http://proxy.example:3128 (from HTTPS_PROXY) (${code})`);
    }
  });
});
