/**
 * execute_query whose rows another run replaced before they were read (issue 39): the call it suggests runs the
 * query again with the caller's params, as the CLI's hint carries its --param, never with the defaults.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../../src/api/http.js';
import { mcpRequestHints } from '../../../src/mcp/request-hints.js';
import { executeQueryTool } from '../../../src/mcp/tools/queries/execute-query.js';
import { stubServer } from '../../helpers/command.js';
import { fakeIO } from '../../helpers/fake-io.js';
import { query, uuid } from '../../helpers/fixtures.js';
import { testKey } from '../../helpers/ws.js';

const { server } = stubServer();
const clients: HttpClient[] = [];
afterAll(() => Promise.all(clients.map((client) => client.close())));

describe('execute_query, its rows replaced by a parallel run', () => {
  it('suggests execute_query with the same params', async () => {
    const queryId = uuid();
    const ours = uuid();
    const theirs = uuid();
    const parameters = [{ name: 'status', type: 'text', description: 'order status', defaultValue: 'paid' }];
    server.on('GET', `/queries/${queryId}`, { body: query({ id: queryId, slug: 'orders_by_status', parameters }) });
    server.on('POST', `/queries/${queryId}/execute`, { status: 202, body: { queryId, queryRunId: ours, status: 'PENDING' } });
    const run = { queryRunId: ours, status: 'COMPLETED', message: 'done', userAgent: 'cli', createdAt: '2026-11-20T09:00:00.000Z', history: [] };
    server.on('GET', `/query-runs/${ours}`, { body: run });
    server.on('GET', `/queries/${queryId}/latest/data`, {
      body: { queryRunId: theirs, status: 'COMPLETED', totalRowCount: 1, returnedRowCount: 1, columns: [{ name: 'n', type: 'INTEGER' }], rows: [{ n: 1 }] },
    });
    const http = new HttpClient({ baseUrl: server.baseUrl, apiKey: testKey, userAgent: 'ws-test', timeoutMs: 5_000, hints: mcpRequestHints, maxAttempts: 1 });
    clients.push(http);
    const args = executeQueryTool.inputSchema.parse({ query: queryId, params: { status: 'refunded' }, wait_seconds: 1 });
    const answer = await executeQueryTool.run(args, { http: () => http, wait: { io: fakeIO() } });
    expect(answer.data).toMatchObject({ rows_replaced_by: theirs });
    const notes = (answer.data as { notes: string[] }).notes.join('\n');
    expect(notes).toContain('execute_query with {"query":"orders_by_status","params":{"status":"refunded"}} runs the query again');
  });
});
