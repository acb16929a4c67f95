/**
 * The stub API server keeps the command tests honest both ways: a request no stub answers fails the test, and so
 * does a stub no request reached (as gh's httpmock Registry.Verify), unless it was stubbed as optional.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ApiServer } from '../helpers/api-server.js';
import { fileServer } from '../helpers/stub-server.js';

const get = (server: ApiServer, path: string) => fetch(`${server.baseUrl}${path}`).then((response) => response.status);

describe('ApiServer', () => {
  const server = new ApiServer();
  afterAll(() => server.stop());

  it('lists the routes stubbed with `on` that no request reached, and the requests no route answered; not optional routes', async () => {
    await server.start();
    server
      .on('GET', '/queries', { body: {} })
      .on('GET', /^\/query-runs\/[^/]+$/, { body: {} })
      .on('POST', '/queries', { status: 201, body: {} });
    server.optional('GET', '/automations', { body: {} });
    expect(server.unused).toEqual(['GET /queries', 'GET /^\\/query-runs\\/[^/]+$/', 'POST /queries']);
    expect(await get(server, '/queries')).toBe(200);
    expect(await get(server, '/query-runs/1')).toBe(200);
    expect(await get(server, '/skills')).toBe(500);
    expect(server.unused).toEqual(['POST /queries']);
    expect(server.unmatched.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /skills']);
    server.reset();
    expect(server.unused).toEqual([]);
  });
});

describe('fileServer, after each test', () => {
  const server = fileServer();

  // each of these fails in fileServer's afterEach alone: the body asserts nothing
  it.fails('fails a test that stubbed a route no request reached', async () => {
    server.on('GET', '/queries', { body: {} }).on('GET', '/automations', { body: {} });
    await get(server, '/queries');
  });

  it.fails('fails a test that sent a request no stub answers', async () => {
    await get(server, '/queries');
  });

  it('passes a test whose every stub was requested, and one whose optional stub was not', async () => {
    server.on('GET', '/queries', { body: {} });
    server.optional('GET', '/automations', { body: {} });
    expect(await get(server, '/queries')).toBe(200);
  });
});
