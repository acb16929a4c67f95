/**
 * execute_query refuses a value that cannot be of its parameter's type before any run starts, and its hint points an
 * assistant at the tool that shows the parameters, in the assistant's words: checkParameters is given them
 * (src/workspace/query-runs.ts ParameterWords), so no CLI command is written and then rewritten.
 */
import { afterAll, expect, it } from 'vitest';
import { HttpClient } from '../../../src/api/http.js';
import { WsError } from '../../../src/errors.js';
import { mcpRequestHints } from '../../../src/mcp/request-hints.js';
import { executeQueryTool } from '../../../src/mcp/tools/queries/execute-query.js';
import { stubServer } from '../../helpers/command.js';
import { fakeIO } from '../../helpers/fake-io.js';
import { query, uuid } from '../../helpers/fixtures.js';
import { testKey } from '../../helpers/ws.js';

const { server } = stubServer();
const clients: HttpClient[] = [];
afterAll(() => Promise.all(clients.map((client) => client.close())));

it('a value that is not of its type: refused before a run, the hint names get_query and its default, no ws command', async () => {
  const queryId = uuid();
  const parameters = [{ name: 'min_amount', type: 'number', description: 'the least amount', defaultValue: '100' }];
  server.on('GET', `/queries/${queryId}`, { body: query({ id: queryId, slug: 'big_orders', parameters }) });
  const http = new HttpClient({ baseUrl: server.baseUrl, apiKey: testKey, userAgent: 'ws-test', timeoutMs: 5_000, hints: mcpRequestHints, maxAttempts: 1 });
  clients.push(http);
  const args = executeQueryTool.inputSchema.parse({ query: queryId, params: { min_amount: 'lots' }, wait_seconds: 1 });
  const error = await executeQueryTool.run(args, { http: () => http, wait: { io: fakeIO() } }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(WsError);
  expect(error).toMatchObject({ kind: 'usage', ids: { queryId } });
  expect((error as WsError).message).toMatch(/^invalid params min_amount=lots: /);
  expect((error as WsError).hint).toBe('leave min_amount out for its default, 100; see every parameter: call get_query with {"query":"big_orders"}');
  expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual([`GET /queries/${queryId}`]);
});
