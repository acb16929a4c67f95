import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaultProxy, type Fault } from '../helpers/fault-proxy.js';
import { testKey, ws } from '../helpers/ws.js';

/** No test here lasts longer than this: a loop that never ends fails it rather than the run. */
const bounded = { timeout: 20_000 };

function errorJson(stderr: string): Record<string, unknown> {
  return (JSON.parse(stderr) as { error: Record<string, unknown> }).error;
}

describe('a proxy that misbehaves: every request ends with a coded error after a handful of connections', () => {
  const proxies = new Map<Fault, FaultProxy>();
  beforeAll(async () => {
    for (const fault of ['close', 'stall', 'bare'] as const) proxies.set(fault, await new FaultProxy({ fault }).start());
  });
  afterAll(async () => {
    for (const proxy of proxies.values()) await proxy.stop();
  });

  // example.invalid resolves nowhere: only a proxy could reach it, so nothing leaves this machine
  const cases: [Fault, 'HTTPS_PROXY' | 'HTTP_PROXY', string, string][] = [
    ['close', 'HTTPS_PROXY', 'https', 'proxy_refused'],
    ['close', 'HTTP_PROXY', 'http', 'proxy_refused'],
    ['bare', 'HTTPS_PROXY', 'https', 'proxy_refused'],
    ['bare', 'HTTP_PROXY', 'http', 'proxy_refused'],
    ['stall', 'HTTPS_PROXY', 'https', 'http_timeout'],
    ['stall', 'HTTP_PROXY', 'http', 'http_timeout'],
  ];
  it.each(cases)('%s, as %s for %s: exit 1, code %s', async (fault, variable, scheme, code) => {
    const proxy = proxies.get(fault)!;
    const before = proxy.connections;
    const insecure = scheme === 'http' ? ['--allow-insecure-http'] : [];
    const result = await ws(
      ['queries', 'list', '--json', '--http-timeout', '1s', ...insecure],
      {
        WS_BASE_URL: `${scheme}://example.invalid/public/v3`,
        WS_API_KEY: testKey,
        WS_MAX_ATTEMPTS: '2',
        [variable]: proxy.url,
      },
      bounded,
    );
    expect(result.exitCode, `${result.stderr} after ${proxy.connections - before} connections`).toBe(1);
    expect(errorJson(result.stderr)).toMatchObject({ code, message: expect.stringContaining(`the proxy ${proxy.url}`) });
    // two tries, each a connection (and perhaps one more undici opens before it hears the error)
    const seen = proxy.connections - before;
    expect(seen).toBeGreaterThanOrEqual(1);
    expect(seen).toBeLessThanOrEqual(4);
  });

  it('a CONNECT never answered, with --http-timeout 0 (no limit): connect_timeout after 10 s, one connection a try', async () => {
    const proxy = proxies.get('stall')!;
    const before = proxy.connections;
    const result = await ws(
      ['queries', 'list', '--json', '--http-timeout', '0'],
      { WS_BASE_URL: 'https://example.invalid/public/v3', WS_API_KEY: testKey, WS_MAX_ATTEMPTS: '1', HTTPS_PROXY: proxy.url },
      bounded,
    );
    expect(result.exitCode, result.stderr).toBe(1);
    expect(errorJson(result.stderr)).toMatchObject({
      code: 'connect_timeout',
      message: `GET /queries: the proxy ${proxy.url} (from HTTPS_PROXY) did not answer CONNECT to example.invalid:443 in 10 s`,
    });
    expect(proxy.connections - before).toBe(1);
  });
});
