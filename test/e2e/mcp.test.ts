import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, emulatorKey, routes, startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { startMcp, textOf, type McpSession } from '../helpers/mcp.js';

const reads = ['list_queries', 'get_query', 'list_query_runs', 'get_query_run', 'list_automations', 'get_automation', 'list_automation_runs', 'get_automation_run', 'get_agent', 'get_skill', 'get_chat_session', 'execute_query'];
const writes = ['create_query', 'update_query', 'trigger_automation', 'cancel_automation_run', 'update_agent', 'upsert_skill', 'update_chat_session'];

let e: TestEmulator;
let readOnly: McpSession;
let writable: McpSession;

beforeAll(async () => {
  e = await startTestEmulator();
  [readOnly, writable] = await Promise.all([startMcp([], e.env), startMcp(['--allow-writes'], e.env)]);
}, 60_000);

afterAll(async () => {
  for (const session of [readOnly, writable]) {
    await session?.close();
    // the key is in no message and not on stderr, whatever was asked
    for (const message of session?.messages ?? []) expect(message).not.toContain(emulatorKey);
    expect(session?.stderr() ?? '').not.toContain(emulatorKey);
  }
  await e?.close();
});

/** The server is still there after an error: a read answers. */
async function stillAnswers(session: McpSession): Promise<void> {
  const result = await session.call('list_queries', { limit: 1 });
  expect(result.isError).toBeFalsy();
  expect((result.structuredContent as { queries: unknown[] }).queries).toHaveLength(1);
}

describe('ws mcp', () => {
  it('lists the reading tools, each with schemas and annotations; --allow-writes adds the writing ones', async () => {
    const { tools } = await readOnly.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(reads);
    for (const tool of tools) {
      expect(tool.description!.length).toBeGreaterThan(60);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.annotations?.readOnlyHint).toBe(tool.name !== 'execute_query');
    }
    const all = (await writable.client.listTools()).tools;
    expect(all.map((tool) => tool.name)).toEqual([...reads, ...writes]);
    const annotations = Object.fromEntries(all.map((tool) => [tool.name, tool.annotations]));
    expect(annotations.cancel_automation_run).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    expect(annotations.create_query).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    expect(all.find((tool) => tool.name === 'execute_query')!.inputSchema.properties).toHaveProperty('wait_seconds');
  });

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
    expect(textOf(result)).toMatch(/^error: query run [0-9a-f-]{36} FAILED: .+\nhint: see its history: ws runs get [0-9a-f-]{36}$/);
    await stillAnswers(readOnly);
  });

  it('a missing query names the likeliest one', async () => {
    const result = await readOnly.call('get_query', { query: 'daily revenu' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(`error: no query has the slug or name "daily revenu"\nhint: the likeliest: "daily_revenue" or "Daily revenue" (${demoIds.queries.dailyRevenue}); see which there are: \`ws queries list\``);
    await stillAnswers(readOnly);
  });

  it('a wrong argument type is refused before any request', async () => {
    await e.clearRequests();
    const result = await readOnly.call('execute_query', { query: 'daily_revenue', max_rows: 'ten' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^error: invalid arguments for execute_query: max_rows: .*number.*\nhint: the arguments execute_query takes: query, params, max_rows, wait_seconds$/);
    const params = await readOnly.call('execute_query', { query: 'revenue_by_country', params: { min_amount: 'lots' } });
    expect(textOf(params)).toContain('error: invalid params min_amount=lots: min_amount is a number, and "lots" is not a number');
    expect(routes(await e.requests()).filter((route) => route.startsWith('POST'))).toEqual([]);
    expect(routes(await e.requests()).filter((route) => !route.startsWith('GET /queries'))).toEqual([]);
    await stillAnswers(readOnly);
  });

  it('a write is refused without --allow-writes (nothing sent), and done with it', async () => {
    await e.clearRequests();
    const refused = await readOnly.call('create_query', { name: 'MCP made', sql: 'SELECT 1 AS one' });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('create_query changes the workspace, and this server was started without --allow-writes: nothing was sent');
    expect(await e.requests()).toEqual([]);
    await stillAnswers(readOnly);

    const created = await writable.call('create_query', { name: 'MCP made', sql: 'SELECT 1 AS one' });
    expect(created.isError).toBeFalsy();
    const query = (created.structuredContent as { query: { id: string; name: string } }).query;
    expect((await e.api('GET', `/queries/${query.id}`)).json.name).toBe('MCP made');
  });

  it('without a key the server starts and each tool answers with the CLI message and hint', async () => {
    const session = await startMcp([], { WS_BASE_URL: e.baseUrl });
    try {
      expect((await session.client.listTools()).tools).toHaveLength(reads.length);
      const result = await session.call('list_queries');
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe('error: no API key configured for profile "default"\nhint: run `ws auth login`, or set WS_API_KEY');
    } finally {
      await session.close();
    }
  });
});
