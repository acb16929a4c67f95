import nodeHttp from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { RequestFailure, RequestHints } from '../../src/api/http-errors.js';
import { HttpClient, joinUrl, maxResponseBytes, type HttpOptions } from '../../src/api/http.js';
import { WsError } from '../../src/errors.js';
import { PrintedCommands } from '../../src/printed-commands.js';
import { requestHints } from '../../src/request-hints.js';
import { ApiServer } from '../helpers/api-server.js';
import { usageError as usage } from '../helpers/usage-error.js';
import { testKey } from '../helpers/ws.js';

const server = new ApiServer();
const clients: HttpClient[] = [];
const Body = z.looseObject({ ok: z.boolean() });

beforeAll(() => server.start());
afterEach(async () => {
  expect(server.unmatched).toEqual([]);
  server.reset();
  await Promise.all(clients.splice(0).map((client) => client.close()));
});
afterAll(() => server.stop());

/** A client whose sleeps are recorded and return at once, so retries cost no real time. */
function client(options: Partial<HttpOptions> = {}): { http: HttpClient; delays: number[] } {
  const delays: number[] = [];
  const http = new HttpClient({
    baseUrl: server.baseUrl,
    apiKey: testKey,
    userAgent: 'ws-test',
    timeoutMs: 5_000,
    sleep: async (ms) => {
      delays.push(ms);
    },
    random: () => 1,
    ...options,
  });
  clients.push(http);
  return { http, delays };
}

async function failure(promise: Promise<unknown>): Promise<WsError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(WsError);
    return error as WsError;
  }
  throw new Error('expected the request to fail');
}

const ok = { body: { ok: true } };

describe('retries', () => {
  it.each([429, 502, 503, 504])('retries a GET after HTTP %i, waiting as long as Retry-After says', async (status) => {
    server.on('GET', '/queries', { status, headers: { 'retry-after': '2' }, body: { message: 'busy' } }, ok);
    const { http, delays } = client();
    await expect(http.request({ method: 'GET', path: '/queries', schema: Body })).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(2);
    expect(delays).toEqual([2000]);
  });

  it('backs off by itself, growing, when there is no Retry-After', async () => {
    server.on('GET', '/queries', { status: 503 }, { status: 503 }, { status: 503 }, ok);
    const { http, delays } = client();
    await http.request({ method: 'GET', path: '/queries', schema: Body });
    expect(server.requests).toHaveLength(4);
    expect(delays).toHaveLength(3);
    expect(delays[0]).toBeGreaterThan(0);
    expect(delays[1]).toBeGreaterThan(delays[0]!);
    expect(delays[2]).toBeGreaterThan(delays[1]!);
    for (const delay of delays) expect(delay).toBeLessThanOrEqual(4_000);
  });

  it('does not wait for a Retry-After of more than a minute: fails at once', async () => {
    server.on('GET', '/queries', { status: 429, headers: { 'retry-after': '3600' }, body: { message: 'slow down' } }, ok);
    const { http, delays } = client();
    const error = await failure(http.request({ method: 'GET', path: '/queries', schema: Body }));
    expect(error.status).toBe(429);
    expect(error.message).toBe('GET /queries failed (HTTP 429): slow down');
    expect(server.requests).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('retries a GET whose connection was dropped', async () => {
    server.on('GET', '/queries', { destroy: true }, ok);
    const { http } = client();
    await expect(http.request({ method: 'GET', path: '/queries', schema: Body })).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(2);
  });

  it('gives up after maxAttempts tries with the last error', async () => {
    server.on('GET', '/queries', { status: 503, headers: { 'retry-after': '0' }, body: { message: 'overloaded' } });
    const { http, delays } = client({ maxAttempts: 3 });
    const error = await failure(http.request({ method: 'GET', path: '/queries', schema: Body }));
    expect(server.requests).toHaveLength(3);
    expect(delays).toEqual([0, 0]);
    expect(error.kind).toBe('api');
    expect(error.message).toBe('GET /queries failed (HTTP 503): overloaded');
  });

  it('tries four times by default', async () => {
    server.on('GET', '/queries', { status: 502, headers: { 'retry-after': '0' } });
    const { http } = client();
    await failure(http.request({ method: 'GET', path: '/queries', schema: Body }));
    expect(server.requests).toHaveLength(4);
  });

  it('does not retry a 500 or a 400', async () => {
    server.on('GET', '/a', { status: 500, body: { message: 'boom' } });
    server.on('GET', '/b', { status: 400, body: { message: 'bad' } });
    const { http, delays } = client();
    await failure(http.request({ method: 'GET', path: '/a', schema: Body }));
    await failure(http.request({ method: 'GET', path: '/b', schema: Body }));
    expect(server.requests.map((r) => r.path)).toEqual(['/a', '/b']);
    expect(delays).toEqual([]);
  });
});

describe('a POST that must not run twice (idempotent: false, as executeQuery sends it)', () => {
  const execute = (http: HttpClient) =>
    http.request({ method: 'POST', path: '/queries/q1/execute', body: { parameters: {} }, schema: Body, idempotent: false });

  it('is sent exactly once on HTTP 503', async () => {
    server.on('POST', '/queries/q1/execute', { status: 503, headers: { 'retry-after': '0' }, body: { message: 'unavailable' } }, ok);
    const { http, delays } = client();
    const error = await failure(execute(http));
    expect(server.requests).toHaveLength(1);
    expect(delays).toEqual([]);
    expect(error.status).toBe(503);
    expect(error.message).toBe('POST /queries/q1/execute failed (HTTP 503): unavailable');
  });

  it('is sent exactly once when the connection drops', async () => {
    server.on('POST', '/queries/q1/execute', { destroy: true }, ok);
    // the commands a hint names come from the layer above, as the Context gives them
    const { http } = client({ hints: requestHints(PrintedCommands.bare) });
    const error = await failure(execute(http));
    expect(server.requests).toHaveLength(1);
    expect(error.kind).toBe('api');
    // the request left: the server may have acted on it, so "cannot reach" would be wrong
    expect(error.message).toMatch(/^POST \/queries\/q1\/execute: the connection dropped after the request was sent \(\w+\); the server may have processed it$/);
    expect(error.hint).toBe('check before sending it again: `ws queries runs q1` lists its runs');
  });

  it('is retried on HTTP 429, which says the server did not act on it', async () => {
    server.on('POST', '/queries/q1/execute', { status: 429, headers: { 'retry-after': '1' } }, ok);
    const { http, delays } = client();
    await expect(execute(http)).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.body).toBe('{"parameters":{}}');
    expect(delays).toEqual([1000]);
  });

  it('is retried when the connection is refused, since nothing was sent', async () => {
    const closed = nodeHttp.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { http: api, delays } = client({ baseUrl: `http://127.0.0.1:${port}/public/v3`, maxAttempts: 3 });
    const error = await failure(execute(api));
    expect(delays).toHaveLength(2);
    expect(error.kind).toBe('api');
    expect(error.message).toContain(`cannot reach 127.0.0.1:${port}`);
    expect(error.message).toContain('ECONNREFUSED');
  });
});

describe('per-request timeout', () => {
  it('a server that does not answer in time is an api error saying "timed out"', async () => {
    let answer: (() => void) | undefined;
    let timer: NodeJS.Timeout | undefined;
    server.on(
      'GET',
      '/slow',
      () =>
        new Promise((resolve) => {
          answer = () => resolve(ok);
          timer = setTimeout(answer, 1_000);
        }),
    );
    // the hint comes from the layer above, as the Context gives it
    const { http } = client({ timeoutMs: 200, maxAttempts: 1, hints: requestHints(PrintedCommands.bare) });
    const started = performance.now();
    try {
      const error = await failure(http.request({ method: 'GET', path: '/slow', schema: Body }));
      expect(error.kind).toBe('api');
      expect(error.message).toBe('GET /slow timed out after 200ms');
      expect(error.hint).toContain('--http-timeout');
      expect(performance.now() - started).toBeLessThan(900);
    } finally {
      // let the handler finish now, so no timer outlives the test
      clearTimeout(timer);
      answer?.();
    }
  });
});

describe('errors', () => {
  it('the transport words no hint: it reports what happened, as data, to the hints of the layer above', async () => {
    const reported: RequestFailure[] = [];
    const hints: RequestHints = {
      hint: (failure) => {
        reported.push(failure);
        return `hint ${reported.length}`;
      },
      command: (...words) => words.join(' '),
      list: (collection) => collection,
    };
    server.on('POST', '/automations/a%2F1/runs', { status: 503, body: { message: 'down' } });
    server.on('PATCH', '/queries/q1', { status: 502 }, { status: 502 });
    server.on('POST', '/queries', { status: 429, headers: { 'retry-after': '0' } }, { status: 429, headers: { 'retry-after': '0' } });
    server.on('GET', '/query-runs/r1', { status: 404, body: { message: 'no such run' } });
    const { http } = client({ hints, maxAttempts: 2 });
    const errors = [
      await failure(http.request({ method: 'POST', path: '/automations/a%2F1/runs', body: {}, schema: Body, idempotent: false })),
      await failure(http.request({ method: 'PATCH', path: '/queries/q1', body: {}, schema: Body })),
      await failure(http.request({ method: 'POST', path: '/queries', body: {}, schema: Body, idempotent: false })),
      await failure(http.request({ method: 'GET', path: '/query-runs/r1', schema: Body })),
    ];
    expect(errors.map((error) => error.hint)).toEqual(['hint 1', 'hint 2', 'hint 3', 'hint 4']);
    expect(reported).toEqual([
      { event: 'server_error', method: 'POST', path: '/automations/a%2F1/runs', pathIds: { automations: 'a/1' }, write: 'unknown' },
      { event: 'server_error', method: 'PATCH', path: '/queries/q1', pathIds: { queries: 'q1' }, write: 'repeatable', attempts: 2 },
      { event: 'rate_limited', method: 'POST', path: '/queries', pathIds: {}, write: 'not_acted', attempts: 2 },
      { event: 'not_found', method: 'GET', path: '/query-runs/r1', pathIds: { 'query-runs': 'r1' }, write: 'none' },
    ]);
    // the ids of the path under the API's names, for a script
    expect(errors[0]!.ids).toEqual({ automationId: 'a/1' });
    expect(errors[3]!.ids).toEqual({ queryRunId: 'r1' });
    // without hints from above, an error names no ws command
    const { http: bare } = client({ maxAttempts: 1 });
    server.on('POST', '/queries/q1/execute', { status: 500 });
    server.on('GET', '/queries', { status: 401 });
    for (const request of [
      bare.request({ method: 'POST', path: '/queries/q1/execute', body: {}, schema: Body, idempotent: false }),
      bare.request({ method: 'GET', path: '/queries', schema: Body }),
    ]) {
      expect((await failure(request)).hint).toBeUndefined();
    }
  });

  it("with ws mcp's hints, none names --debug (an assistant cannot pass it): a response ws does not understand, a busy server", async () => {
    const { mcpRequestHints } = await import('../../src/mcp/request-hints.js');
    server.on('GET', '/queries', { status: 200, body: { ok: 'not a boolean' } });
    const { http } = client({ hints: mcpRequestHints, maxAttempts: 2 });
    const odd = await failure(http.request({ method: 'GET', path: '/queries', schema: Body }));
    expect(odd.hint).toBe('the server sent a response this version of ws does not understand; a newer ws may');
    server.on('GET', '/automations', { status: 503, body: { message: 'down' } }, { status: 503, body: { message: 'down' } });
    const busy = await failure(http.request({ method: 'GET', path: '/automations', schema: Body }));
    expect(busy.hint).toBe('the server failed (ws tried 2 times): try again later');
  });

  it.each([
    ['JSON {message}', { message: 'Query is broken' }, 'Query is broken'],
    ['JSON {error: string}', { error: 'x' }, 'x'],
    ['JSON {error: {message}}', { error: { message: 'nested message', code: 'E_NESTED' } }, 'nested message'],
    ['JSON {detail}', { detail: 'x' }, 'x'],
    ['plain text over lines', 'Service exploded\n\tat line 2\n', 'Service exploded at line 2'],
    [
      'HTML with a title',
      '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1>\n<p>nginx</p></body></html>',
      '502 Bad Gateway',
    ],
  ])('turns an error body (%s) into one line', async (_shape, body, message) => {
    server.on('GET', '/queries', { status: 500, body });
    const { http } = client();
    const error = await failure(http.request({ method: 'GET', path: '/queries', schema: Body }));
    expect(error.message).toBe(`GET /queries failed (HTTP 500): ${message}`);
    expect(error.message).not.toContain('\n');
  });

  it("keeps the code of a JSON error as apiCode, beside ws's own code for the status", async () => {
    server.on('GET', '/queries', { status: 500, body: { error: { message: 'nested', code: 'E_NESTED' } } });
    const { http } = client();
    const error = await failure(http.request({ method: 'GET', path: '/queries', schema: Body }));
    expect(error.apiCode).toBe('E_NESTED');
    expect(error.code).toBe('server_error');
  });

  it.each([
    [400, 'bad_request', 'api'],
    [401, 'unauthorized', 'auth'],
    [403, 'forbidden', 'auth'],
    [404, 'not_found', 'not_found'],
    [409, 'conflict', 'api'],
    [418, 'http_error', 'api'],
    [422, 'bad_request', 'api'],
    [429, 'rate_limited', 'api'],
    [502, 'server_error', 'api'],
  ])("HTTP %i is code %s (kind %s), with the ids in its path under the API's names", async (status, code, kind) => {
    const runId = '3f6c0000-0000-4000-8000-000000000001';
    server.on('GET', `/query-runs/${runId}`, { status, body: { message: 'no' } });
    const { http } = client({ maxAttempts: 1 });
    const error = await failure(http.request({ method: 'GET', path: `/query-runs/${runId}`, schema: Body }));
    expect({ code: error.code, kind: error.kind, ids: error.ids }).toEqual({ code, kind, ids: { queryRunId: runId } });
  });

  it('says "HTTP <status>" when the body is empty', async () => {
    server.on('GET', '/queries', { status: 500 });
    const { http } = client();
    const error = await failure(http.request({ method: 'GET', path: '/queries', schema: Body }));
    expect(error.message).toBe('GET /queries failed (HTTP 500): HTTP 500');
  });

  it('keeps the request id from x-request-id', async () => {
    server.on('GET', '/queries', { status: 500, headers: { 'x-request-id': 'req-42' }, body: { message: 'boom' } });
    const { http } = client();
    const error = await failure(http.request({ method: 'GET', path: '/queries', schema: Body }));
    expect(error.requestId).toBe('req-42');
  });

  it.each([
    [401, 'auth', 'GET /queries: not authenticated (HTTP 401): nope'],
    [403, 'auth', 'GET /queries: not allowed (HTTP 403): nope'],
    [404, 'not_found', 'GET /queries: not found (HTTP 404): nope'],
    [500, 'api', 'GET /queries failed (HTTP 500): nope'],
  ] as const)('HTTP %i is a %s error', async (status, kind, message) => {
    server.on('GET', '/queries', { status, body: { message: 'nope' } });
    const { http } = client();
    const error = await failure(http.request({ method: 'GET', path: '/queries', schema: Body }));
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
    expect(server.requests).toHaveLength(1);
  });

  it('names the path of a response that does not match the schema', async () => {
    server.on('GET', '/queries', { body: { ok: 'yes' } });
    const { http } = client();
    const error = await failure(http.request({ method: 'GET', path: '/queries', schema: Body }));
    expect(error.kind).toBe('api');
    expect(error.message).toMatch(/^unexpected response from GET \/queries: ok: /);
  });

  it('never shows the API key, even when the server echoes it back', async () => {
    server.on('GET', '/queries', { status: 401, body: { message: `key ${testKey} is revoked` } });
    const { http } = client();
    const error = await failure(http.request({ method: 'GET', path: '/queries', schema: Body }));
    expect(error.message).toContain('key [redacted] is revoked');
    expect(error.message).not.toContain(testKey);
  });
});

describe('joinUrl', () => {
  it('keeps the /public/v3 prefix of the base URL', () => {
    expect(joinUrl('https://api.example.com/public/v3', '/queries')).toBe('https://api.example.com/public/v3/queries');
  });

  it('does not double a trailing slash on the base', () => {
    expect(joinUrl('https://api.example.com/public/v3/', '/queries')).toBe('https://api.example.com/public/v3/queries');
    expect(joinUrl('https://api.example.com/public/v3//', '/queries/abc')).toBe('https://api.example.com/public/v3/queries/abc');
  });

  it('adds query parameters, encoded, leaving out undefined ones', () => {
    expect(joinUrl('https://api.example.com/public/v3', '/queries', { search: 'net & gross', limit: 5, all: false, sortBy: undefined })).toBe(
      'https://api.example.com/public/v3/queries?search=net+%26+gross&limit=5&all=false',
    );
  });

  it('is what reaches the server', async () => {
    server.on('GET', '/queries', ok);
    const { http } = client({ baseUrl: `${server.baseUrl}/` });
    await http.request({ method: 'GET', path: '/queries', query: { search: 'rev' }, schema: Body });
    expect(server.requests[0]!.path).toBe('/queries');
    expect(server.requests[0]!.query).toEqual({ search: 'rev' });
  });

  it("never sends a base URL's user:password, and sends a body with its length (not chunked)", async () => {
    server.on('POST', '/queries', ok);
    const { http } = client({ baseUrl: server.baseUrl.replace('http://', 'http://someone:secret@') });
    await http.request({ method: 'POST', path: '/queries', body: { name: 'ü' }, schema: Body });
    const { headers, body } = server.requests[0]!;
    expect(headers.authorization).toBeUndefined();
    expect(headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify({ name: 'ü' }))));
    expect(headers['transfer-encoding']).toBeUndefined();
    expect(JSON.parse(body)).toEqual({ name: 'ü' });
  });
});

describe('--debug lines', () => {
  it('show the request and response, with x-api-key redacted', async () => {
    server.on('GET', '/queries', { status: 503, headers: { 'retry-after': '0' } }, { ...ok, headers: { 'x-request-id': 'req-7' } });
    const lines: string[] = [];
    const { http } = client({ debug: (line) => lines.push(line) });
    await http.request({ method: 'GET', path: '/queries', schema: Body });
    expect(server.requests[0]!.headers['x-api-key']).toBe(testKey);
    expect(lines).toContain(`> GET ${server.baseUrl}/queries`);
    expect(lines).toContain('> x-api-key: [redacted]');
    expect(lines).toContain('> user-agent: ws-test');
    expect(lines.some((line) => /^< 503 in \d+ms$/.test(line))).toBe(true);
    expect(lines.some((line) => /^\* HTTP 503: retrying in 0ms \(attempt 2 of 4\)$/.test(line))).toBe(true);
    expect(lines.some((line) => /^< 200 in \d+ms$/.test(line))).toBe(true);
    expect(lines).toContain('< x-request-id: req-7');
    expect(lines.join('\n')).not.toContain(testKey);
  });
});

describe('request paths', () => {
  it('refuses ids that are empty, "." or "..", which URL parsing would fold into another endpoint', () => {
    for (const [path, segment] of [
      ['/agents/.', '.'],
      ['/agents/..', '..'],
      ['/agents/', ''],
      ['/queries//latest/data', ''],
      ['/queries/../x', '..'],
      ['/agents/%2E%2e', '%2E%2e'],
      ['/agents/.%2E', '.%2E'],
    ] as const) {
      const error = usage(() => joinUrl('https://h/public/v3', path));
      expect(error.message).toBe(`invalid id "${segment}" in the request path ${path}`);
    }
    expect(joinUrl('https://h/public/v3/', '/agents/a.b')).toBe('https://h/public/v3/agents/a.b');
    expect(joinUrl('https://h/public/v3', '/agents/%252E%252E')).toBe('https://h/public/v3/agents/%252E%252E');
    expect(joinUrl('https://h/public/v3', '/agents/...')).toBe('https://h/public/v3/agents/...');
  });
});

describe('HTTP edges', () => {
  let server: nodeHttp.Server;
  let baseUrl = '';
  let handler: (req: nodeHttp.IncomingMessage, res: nodeHttp.ServerResponse) => void = () => {};
  let requests = 0;
  beforeAll(async () => {
    server = nodeHttp.createServer((req, res) => {
      requests++;
      handler(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/public/v3`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  async function send(apiKey = 'wsk_unit_key_0123456789'): Promise<{ error: WsError; debug: string[] }> {
    const debug: string[] = [];
    const http = new HttpClient({ baseUrl, apiKey, userAgent: 't', timeoutMs: 10_000, debug: (line) => debug.push(line), sleep: async () => {} });
    try {
      await http.request({ method: 'GET', path: '/queries', schema: z.unknown() });
      throw new Error('expected a failure');
    } catch (error) {
      return { error: error as WsError, debug };
    } finally {
      await http.close();
    }
  }

  it('a body past 64 MiB is refused even without a Content-Length, and reading stops', async () => {
    requests = 0;
    let written = 0;
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }); // chunked: no length announced
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      const more = () => {
        while (written < maxResponseBytes * 2) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      res.on('error', () => {});
      more();
    };
    const { error } = await send();
    expect(error.message).toBe('the response to GET /queries is larger than 64 MiB, more than ws reads into memory');
    expect(requests).toBe(1);
    expect(written).toBeLessThan(maxResponseBytes * 2);
  });

  it('a Retry-After over a minute is not waited for: the error says when to try again', async () => {
    requests = 0;
    handler = (_req, res) => res.writeHead(429, { 'retry-after': '3600' }).end('{"message":"slow down"}');
    const before = Date.now();
    const { error } = await send();
    expect(requests).toBe(1);
    expect(error.message).toBe('GET /queries failed (HTTP 429): slow down');
    const when = /try again after (\S+)$/.exec(error.hint ?? '')?.[1];
    expect(error.hint).toMatch(/^the server asks to wait 60 min: try again after /);
    expect(Date.parse(when!) - before).toBeGreaterThanOrEqual(3_599_000);
  });

  it('--debug lines and request ids never show the key, even when the server echoes it', async () => {
    const key = 'wsk_unit_key_0123456789';
    handler = (req, res) =>
      res
        .writeHead(500, { 'x-echo-key': String(req.headers['x-api-key']), 'x-request-id': `req-${req.headers['x-api-key']}`, authorization: 'Bearer abc' })
        .end('{"message":"boom"}');
    const { error, debug } = await send(key);
    const text = debug.join('\n');
    expect(text).toContain('< x-echo-key: [redacted]');
    expect(text).toContain('< x-request-id: req-[redacted]');
    expect(text).toContain('< authorization: [redacted]');
    expect(text).toContain('> x-api-key: [redacted]');
    expect(text).not.toContain(key);
    expect(error.requestId).toBe('req-[redacted]');
  });
});
