/**
 * The MCP tool execute_query: a run with parameters, its rows in structuredContent and as text, max_rows, a
 * failed run, bad arguments, a cut value, rows replaced by a parallel run (against the stub API server). With ws mcp's own client against the emulator (test/helpers/mcp.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../../../src/api/http.js';
import { WsError } from '../../../../src/errors.js';
import { mcpRequestHints } from '../../../../src/mcp/request-hints.js';
import { executeQueryTool } from '../../../../src/mcp/tools/queries/execute-query.js';
import { stubServer } from '../../../helpers/command.js';
import { demoIds, routes } from '../../../helpers/emulator.js';
import { fakeIO } from '../../../helpers/fake-io.js';
import { query, uuid } from '../../../helpers/fixtures.js';
import { mcpSessions, textOf } from '../../../helpers/mcp.js';
import { testKey } from '../../../helpers/ws.js';

const { e, readOnly, stillAnswers, apiQuery } = mcpSessions();
// the stub API server, for the run whose rows are replaced between its end and their read
const { server } = stubServer();
const clients: HttpClient[] = [];
afterAll(() => Promise.all(clients.map((client) => client.close())));

describe('execute_query', () => {
  it('execute_query with parameters: the run, its columns and rows as objects, the same rows as the API has', async () => {
    await e.clearRequests();
    const result = await readOnly.call('execute_query', { query: 'Revenue by country', params: { start_date: '2026-02-01', min_amount: 100 } });
    expect(result.isError).toBeFalsy();
    const data = result.structuredContent as Record<string, any>;
    expect(data).toMatchObject({ query_id: demoIds.queries.revenueByCountry, state: 'COMPLETED', columns: ['country', 'orders', 'revenue'], rows_omitted: 0 });
    const truth = await e.api('GET', `/queries/${demoIds.queries.revenueByCountry}/latest/data`);
    expect(truth.json.queryRunId).toBe(data.run_id);
    expect(data.rows).toEqual(truth.json.rows);
    expect(data.total_row_count).toBe(truth.json.totalRowCount);
    expect(textOf(result)).toContain('| country | orders | revenue |');
    const sent = routes(await e.requests());
    expect(sent).toContain(`POST /queries/${demoIds.queries.revenueByCountry}/execute`);
    const run = await e.api('GET', `/query-runs/${data.run_id}`);
    expect(run.json.status).toBe('COMPLETED');
  });

  it('max_rows returns that many and says how many were left out and how to export them; above 1,000 it is clamped', async () => {
    const three = (await readOnly.call('execute_query', { query: 'daily_revenue', max_rows: 3 })).structuredContent as Record<string, any>;
    expect(three.rows).toHaveLength(3);
    expect(three.returned_row_count).toBe(3);
    expect(three.total_row_count).toBeGreaterThan(3);
    expect(three.rows_omitted).toBe(three.total_row_count - 3);
    expect(three.export_command).toBe('ws queries data daily_revenue --all -o csv');
    await e.clearRequests();
    const many = (await readOnly.call('get_query_run', { run_id: three.run_id, max_rows: 5000 })).structuredContent as Record<string, any>;
    expect(many.notes).toContain('max_rows 5000 is more than 1,000: clamped to 1,000');
    expect(many.rows.length).toBe(Math.min(1000, three.total_row_count));
    const pages = (await e.requests()).filter((r) => r.path.endsWith('/latest/data'));
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) expect(Number(new URLSearchParams(page.query).get('limit'))).toBeLessThanOrEqual(1000);
  });

  it('a FAILED run is a tool error with the reason and the hint', async () => {
    const result = await readOnly.call('execute_query', { query: 'churn_report' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /^error: query run ([0-9a-f-]{36}) FAILED: .+\nhint: see the runs of the query and their errors: call list_query_runs with \{"query":"churn_report"\} \(in a shell: ws runs get \1\)$/,
    );
    await stillAnswers(readOnly);
  });

  it('a wrong argument type is refused before any request', async () => {
    await e.clearRequests();
    const result = await readOnly.call('execute_query', { query: 'daily_revenue', max_rows: 'ten' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /^error: invalid arguments for execute_query: max_rows: .*number.*\nhint: the arguments execute_query takes: query, params, max_rows, wait_seconds$/,
    );
    const params = await readOnly.call('execute_query', { query: 'revenue_by_country', params: { min_amount: 'lots' } });
    expect(textOf(params)).toContain('error: invalid params min_amount=lots: min_amount is a number, and "lots" is not a number');
    expect(routes(await e.requests()).filter((route) => route.startsWith('POST'))).toEqual([]);
    expect(routes(await e.requests()).filter((route) => !route.startsWith('GET /queries'))).toEqual([]);
    await stillAnswers(readOnly);
  });

  it('a row over about 256 KiB comes alone with its long value cut and marked, and `next` moves past it', async () => {
    const query = await apiQuery('MCP huge cell', "SELECT 1 AS i, repeat('y', 400000) AS blob UNION ALL SELECT 2 AS i, 'small' AS blob");
    const first = await readOnly.call('execute_query', { query: query.slug });
    const data = first.structuredContent as Record<string, any>;
    expect(data.rows).toHaveLength(1);
    expect(data.rows[0].i).toBe(1);
    const kept = data.cut_values[0].kept as number;
    expect(data.cut_values).toEqual([{ row: 0, column: 'blob', length: 400000, kept }]);
    expect(kept).toBeGreaterThan(100_000);
    expect(data.rows[0].blob).toBe(`${'y'.repeat(kept)}…[cut: 400,000 characters in all]`);
    expect(data.export_command).toBe(`ws queries data ${query.slug} --all -o csv`);
    expect(data.notes.join('\n')).toContain('blob (400,000 characters');
    expect(textOf(first)).toContain('blob (400,000 characters');
    expect(data.next).toEqual({ tool: 'get_query_run', arguments: { run_id: data.run_id, offset: 1, max_rows: 100 } });
    const second = (await readOnly.call(data.next.tool, data.next.arguments)).structuredContent as Record<string, any>;
    expect(second.rows).toEqual([{ i: 2, blob: 'small' }]);
    expect(second.next).toBeUndefined();
    expect(second).not.toHaveProperty('cut_values');
  });

  it('follow-ups name tools and their arguments: a failed run, a missing query, a bad parameter value', async () => {
    const failed = textOf(await readOnly.call('execute_query', { query: 'churn_report' }));
    expect(failed).toMatch(/hint: .*list_query_runs with \{"query":"churn_report"\}/);
    const missing = textOf(await readOnly.call('get_query', { query: 'daily revenu' }));
    expect(missing).toContain('list_queries');
    expect(missing).not.toMatch(/`ws queries list`/);
    const value = textOf(await readOnly.call('execute_query', { query: 'revenue_by_country', params: { min_amount: 'lots' } }));
    expect(value).toContain('get_query with {"query":"revenue_by_country"}');
  });

  it('rows are sent once in full: a client that reads only the text is told the call that shows the next rows as text', async () => {
    const columns = Array.from({ length: 50 }, (_, i) => `order_id * ${i + 1} AS c${i + 1}`).join(', ');
    const wide = await apiQuery('MCP wide', `SELECT ${columns} FROM orders ORDER BY order_id LIMIT 100`);
    await readOnly.call('execute_query', { query: wide.slug });
    const message = readOnly.messages.at(-1)!;
    const answer = JSON.parse(message).result;
    expect(answer.structuredContent.rows).toHaveLength(100);
    expect(message.length).toBeLessThan(JSON.stringify(answer.structuredContent).length * 1.2);
    // a client that reads only the text is told the call that shows the next rows as text
    const rowsText = answer.content[0].text as string;
    expect(rowsText).toContain(`rows 21-100 of this answer are in structuredContent.rows only; as text: call get_query_run`);
    expect(rowsText).toContain('"offset":20,"max_rows":20');
  });

  it('in text, SQL NULL shows as NULL and an empty string as nothing, apart from the text "-"', async () => {
    const query = await apiQuery('MCP nulls', "SELECT NULL AS a, '' AS b, '-' AS c");
    const text = textOf(await readOnly.call('execute_query', { query: query.slug }));
    expect(text).toContain('| a | b | c |');
    expect(text).toContain('| NULL |  | - |');
  });

  it('whose rows a parallel run replaced before they were read suggests execute_query with the same params, never the defaults', async () => {
    const queryId = uuid();
    const ours = uuid();
    const theirs = uuid();
    const parameters = [{ name: 'status', type: 'text', description: 'order status', defaultValue: 'paid' }];
    // the query names the run it started (so no wait for it to), and yet the rows read next are another run's
    server.on('GET', `/queries/${queryId}`, { body: query({ id: queryId, slug: 'orders_by_status', parameters, lastSuccessfulRunId: ours }) });
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
});
