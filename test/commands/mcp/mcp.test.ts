/**
 * `ws mcp` in-process: the MCP SDK's own client talks to it over the streams that are its stdin and stdout, against
 * the emulator. What an assistant notices: the tools listed, each answer (text and structuredContent), the requests
 * that reached the server. A message past the transport's limit, which ends the real process, is in
 * test/e2e/mcp.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, emulatorKey, routes, startTestEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { runWs } from '../../helpers/command.js';
import { tempConfigDir } from '../../helpers/ws.js';
import { startMcpInProcess as startMcp, textOf, type McpSession } from '../../helpers/mcp.js';

const reads = [
  'list_queries',
  'get_query',
  'list_query_runs',
  'get_query_run',
  'list_automations',
  'get_automation',
  'list_automation_runs',
  'get_automation_run',
  'get_agent',
  'get_skill',
  'get_chat_session',
  'list_recent_failures',
  'execute_query',
];
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
    expect(textOf(result)).toMatch(
      /^error: query run ([0-9a-f-]{36}) FAILED: .+\nhint: see the runs of the query and their errors: call list_query_runs with \{"query":"churn_report"\} \(in a shell: ws runs get \1\)$/,
    );
    await stillAnswers(readOnly);
  });

  it('a missing query names the likeliest one', async () => {
    const result = await readOnly.call('get_query', { query: 'daily revenu' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      `error: no query has the slug or name "daily revenu"\nhint: the likeliest: "daily_revenue" or "Daily revenue" (${demoIds.queries.dailyRevenue}); see which there are: call list_queries (its \`search\` finds a part of a name)`,
    );
    await stillAnswers(readOnly);
  });

  it('control and bidi characters of the input echoed in an error are removed or escaped', async () => {
    const text = textOf(await readOnly.call('get_query', { query: 'evil\u202Eduery\u0007\u001b[31m' }));
    expect(text).toContain('no query has the slug or name "evil\\u202eduery\\u0007\\u001b[31m"');
    expect(text).not.toMatch(/[\u202e\u0007\u001b]/);
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

/** A query made through the API for one test, so that no other test's runs replace its rows. */
async function apiQuery(name: string, sql: string): Promise<{ id: string; slug: string }> {
  const { status, json } = await e.api('POST', '/queries', { name, sql });
  expect(status).toBe(201);
  return json;
}

/** Starts a run through the API and waits for it to end (bounded): its id. */
async function apiRun(queryId: string): Promise<string> {
  const started = await e.api('POST', `/queries/${queryId}/execute`, {});
  const runId = started.json.queryRunId as string;
  for (let i = 0; i < 200; i++) {
    const { json } = await e.api('GET', `/query-runs/${runId}`);
    if (['COMPLETED', 'FAILED', 'CANCELLED'].includes(json.status)) return runId;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`run ${runId} did not end`);
}

/** Triggers an automation through the API (or takes a run already started) and waits for it to end (bounded): its id. */
async function apiAutomationRun(automationId: string | undefined, started?: string): Promise<string> {
  const runId = started ?? ((await e.api('POST', `/automations/${automationId}/runs`, {})).json.id as string);
  for (let i = 0; i < 200; i++) {
    const { json } = await e.api('GET', `/automation-runs/${runId}`);
    if (['completed', 'failed', 'cancelled'].includes(json.run.state)) return runId;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`automation run ${runId} did not end`);
}

describe('ws mcp: reading any rows, columns before a run, follow-ups as tool calls', () => {
  it('get_query_run reads the rows at offset 4,000 of a 5,000-row result, and each answer names the next call', async () => {
    const query = await apiQuery('MCP all orders', 'SELECT * FROM orders ORDER BY order_id');
    const first = await readOnly.call('execute_query', { query: query.slug, max_rows: 10 });
    const run = first.structuredContent as Record<string, any>;
    expect(run.total_row_count).toBe(5000);
    expect(run.next).toEqual({ tool: 'get_query_run', arguments: { run_id: run.run_id, offset: 10, max_rows: 10 } });
    expect(textOf(first)).toContain(`get_query_run with {"run_id":"${run.run_id}","offset":10,"max_rows":10}`);
    const page = await readOnly.call('get_query_run', { run_id: run.run_id, offset: 4000, max_rows: 5 });
    const data = page.structuredContent as Record<string, any>;
    const truth = await e.api('GET', `/queries/${query.id}/latest/data?offset=4000&limit=5`);
    expect(data.rows).toEqual(truth.json.rows);
    expect(data.rows[0].order_id).toBe(4001);
    expect(data).toMatchObject({ offset: 4000, returned_row_count: 5, total_row_count: 5000, rows_omitted: 4995 });
    expect(data.next).toEqual({ tool: 'get_query_run', arguments: { run_id: run.run_id, offset: 4005, max_rows: 5 } });
    const last = (await readOnly.call('get_query_run', { run_id: run.run_id, offset: 4998, max_rows: 5 })).structuredContent as Record<string, any>;
    expect(last.rows.map((row: any) => row.order_id)).toEqual([4999, 5000]);
    expect(last.next).toBeUndefined();
    // above the cap, `next` carries the clamped count: the clamp note is not said again on every page
    const clamped = (await readOnly.call('get_query_run', { run_id: run.run_id, max_rows: 5000 })).structuredContent as Record<string, any>;
    expect(clamped.notes).toContain('max_rows 5000 is more than 1,000: clamped to 1,000');
    expect(clamped.next).toEqual({ tool: 'get_query_run', arguments: { run_id: run.run_id, offset: 1000, max_rows: 1000 } });
    const after = (await readOnly.call(clamped.next.tool, clamped.next.arguments)).structuredContent as Record<string, any>;
    expect(after.notes.join('\n')).not.toContain('clamped');
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

  it('get_query gives the columns of the last completed run without starting one, and says when the SQL changed since', async () => {
    const query = await apiQuery('MCP columns', 'SELECT order_id, amount, status FROM orders LIMIT 3');
    const none = (await readOnly.call('get_query', { query: query.slug })).structuredContent as Record<string, any>;
    expect(none.columns).toBeNull();
    expect(none.columns_note).toMatch(/no completed run yet.*execute_query/);
    const runId = await apiRun(query.id);
    await e.clearRequests();
    const answer = await readOnly.call('get_query', { query: query.slug });
    const data = answer.structuredContent as Record<string, any>;
    const truth = await e.api('GET', `/query-runs/${runId}/result`);
    expect(data.columns).toEqual(truth.json.columnSchema.map(({ name, type }: { name: string; type: string }) => ({ name, type })));
    expect(data.columns.map((column: { name: string }) => column.name)).toEqual(['order_id', 'amount', 'status']);
    expect(data.columns_of_run).toBe(runId);
    expect(data.columns_may_differ).toBe(false);
    expect(textOf(answer)).toContain('order_id');
    const sent = routes(await e.requests());
    expect(sent.filter((route) => route.startsWith('POST'))).toEqual([]);
    expect((await e.api('GET', `/queries/${query.id}/query-runs`)).json.total).toBe(1);
    // the SQL changes: the columns are those of the old SQL, and the answer says so
    await new Promise((resolve) => setTimeout(resolve, 5));
    await e.api('PATCH', `/queries/${query.id}`, { sql: 'SELECT order_id FROM orders LIMIT 3' });
    const changed = (await readOnly.call('get_query', { query: query.slug })).structuredContent as Record<string, any>;
    expect(changed.columns_may_differ).toBe(true);
    expect(changed.columns_note).toMatch(/updated after that run.*may differ/);
    const listed = (await readOnly.call('list_queries', { search: 'MCP columns', columns: true })).structuredContent as Record<string, any>;
    expect(listed.queries[0].columns.map((column: { name: string }) => column.name)).toEqual(['order_id', 'amount', 'status']);
    const plain = (await readOnly.call('list_queries', { search: 'MCP columns' })).structuredContent as Record<string, any>;
    expect(plain.queries[0]).not.toHaveProperty('columns');
  });

  it('get_query still answers when the columns cannot be read, and says why', async () => {
    const query = await apiQuery('MCP columns fail', 'SELECT 1 AS one');
    await apiRun(query.id);
    await e.fault({ path: '^/query-runs/*/result$', status: 404 });
    const answer = await readOnly.call('get_query', { query: query.slug });
    expect(answer.isError).toBeFalsy();
    const data = answer.structuredContent as Record<string, any>;
    expect(data.query.id).toBe(query.id);
    expect(data.columns).toBeNull();
    expect(data.columns_note).toMatch(/^the columns of run [0-9a-f-]{36} could not be read: /);
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

  it('a run whose rows another run replaced says which run has them now and how to read them', async () => {
    const query = await apiQuery('MCP replaced', 'SELECT order_id FROM orders ORDER BY order_id LIMIT 7');
    const older = await apiRun(query.id);
    const newer = await apiRun(query.id);
    const answer = await readOnly.call('get_query_run', { run_id: older });
    expect(answer.isError).toBeFalsy();
    const data = answer.structuredContent as Record<string, any>;
    expect(data).toMatchObject({ state: 'COMPLETED', rows: [], rows_replaced_by: newer, total_row_count: 7, rows_omitted: 7 });
    expect(data.next).toEqual({ tool: 'get_query_run', arguments: { run_id: newer, offset: 0, max_rows: 100 } });
    expect(textOf(answer)).toContain(`its rows were replaced by those of run ${newer}`);
    expect(textOf(answer)).not.toContain('waited for');
  });

  it('list answers summarise runs in text and keep whole runs in structuredContent; rows are sent once in full', async () => {
    await apiRun(demoIds.queries.brokenReport);
    const runs = await readOnly.call('list_query_runs', { query: 'churn_report' });
    const text = textOf(runs);
    for (const field of ['queryHash', 'organizationId', 'resultLocation']) expect(text).not.toContain(field);
    expect(text).toMatch(/\| id \| status \|/);
    expect(text).toContain('FAILED');
    expect((runs.structuredContent as any).runs[0]).toHaveProperty('queryHash');
    await e.api('POST', `/automations/${demoIds.automations.nightlyExport}/runs`, {});
    const automationRuns = textOf(await readOnly.call('list_automation_runs', { automation: 'Nightly churn export' }));
    for (const field of ['stateHistory', 'organizationId', 'inputValues']) expect(automationRuns).not.toContain(field);
    expect(automationRuns).toMatch(/\| id \| state \|/);

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
});

describe('ws mcp: writes', () => {
  it('create_query with a taken name says so: the slug it got and the query that has the name', async () => {
    const created = await writable.call('create_query', { name: 'Daily revenue', sql: 'SELECT 1 AS one' });
    expect(created.isError).toBeFalsy();
    const data = created.structuredContent as Record<string, any>;
    expect(data.query.slug).toBe('daily_revenue_2');
    expect(data.warning).toBe(
      `the name "Daily revenue" is taken by daily_revenue (${demoIds.queries.dailyRevenue}); this query is daily_revenue_2: name a query by its slug or id, as a name matches both`,
    );
    expect(textOf(created)).toContain('warning: the name "Daily revenue" is taken by daily_revenue');
    // now two queries have that name: the likeliest for a typo are both, each once
    const typo = textOf(await writable.call('get_query', { query: 'daily revenu' }));
    const [, likeliest] =
      /^hint: the likeliest: (.*) \(2 share that name: name one by its slug or id\); see which there are: call list_queries/m.exec(typo) ?? [];
    expect(`${likeliest}, `.split('), ').filter(Boolean).sort()).toEqual([
      `"daily_revenue" or "Daily revenue" (${demoIds.queries.dailyRevenue}`,
      `"daily_revenue_2" or "Daily revenue" (${data.query.id}`,
    ]);
  });

  it("create_query's parameters are snake_case like its arguments, and only the name is required", async () => {
    const created = await writable.call('create_query', {
      name: 'MCP parameters',
      sql: 'SELECT {{day}} AS d',
      parameters: [{ name: 'day', type: 'date', default_value: '2026-01-01' }, { name: 'note' }],
    });
    expect(created.isError).toBeFalsy();
    const { id } = (created.structuredContent as { query: { id: string } }).query;
    expect((await e.api('GET', `/queries/${id}`)).json.parameters).toEqual([
      { name: 'day', type: 'date', description: '', defaultValue: '2026-01-01' },
      { name: 'note', type: 'text', description: '', defaultValue: '' },
    ]);
    const camel = await writable.call('create_query', { name: 'MCP camel', sql: 'SELECT 1', parameters: [{ name: 'day', defaultValue: 'x' }] });
    expect(camel.isError).toBe(true);
    expect(textOf(camel)).toMatch(/parameters\.0: .*defaultValue/);
  });

  it("answers give parameters as the writes take them: get_query's can be passed to update_query as they are", async () => {
    const parameters = [
      { name: 'day', type: 'date', description: 'the day', defaultValue: '2026-01-01' },
      { name: 'note', type: 'text', description: '', defaultValue: '' },
    ];
    const made = await e.api('POST', '/queries', { name: 'MCP round trip', sql: 'SELECT {{day}} AS d, {{note}} AS n', parameters });
    expect(made.status).toBe(201);
    const snake = [
      { name: 'day', type: 'date', description: 'the day', default_value: '2026-01-01' },
      { name: 'note', type: 'text', description: '', default_value: '' },
    ];
    const got = await writable.call('get_query', { query: made.json.slug });
    const query = (got.structuredContent as { query: Record<string, any> }).query;
    expect(query.parameters).toEqual(snake);
    expect(textOf(got)).toContain(`parameters: ${JSON.stringify(snake)}`);
    expect(textOf(got)).not.toContain('defaultValue');
    const listed = (await writable.call('list_queries', { search: 'MCP round trip' })).structuredContent as Record<string, any>;
    expect(listed.queries[0].parameters).toEqual(snake);
    const updated = await writable.call('update_query', { query: made.json.slug, parameters: query.parameters });
    expect(updated.isError).toBeFalsy();
    expect((updated.structuredContent as { query: Record<string, any> }).query.parameters).toEqual(snake);
    expect((await e.api('GET', `/queries/${made.json.id}`)).json.parameters).toEqual(parameters);
    const created = (
      await writable.call('create_query', { name: 'MCP round trip copy', sql: 'SELECT {{day}} AS d, {{note}} AS n', parameters: query.parameters })
    ).structuredContent as { query: Record<string, any> };
    expect(created.query.parameters).toEqual(snake);
    // the schemas say the same: what the reads give is what the writes take
    const { tools } = await writable.client.listTools();
    const schemaOf = (name: string) => tools.find((tool) => tool.name === name)!;
    const read = (schemaOf('get_query').outputSchema!.properties!.query as any).properties.parameters;
    const written = schemaOf('update_query').inputSchema.properties!.parameters as any;
    const itemKeys = (schema: any) => Object.keys((schema.anyOf?.find((option: any) => option.type === 'array') ?? schema).items.properties).sort();
    expect(itemKeys(read)).toEqual(['default_value', 'description', 'name', 'type']);
    expect(itemKeys(written)).toEqual(itemKeys(read));
    expect(itemKeys((schemaOf('list_queries').outputSchema!.properties!.queries as any).items.properties.parameters)).toEqual(itemKeys(read));
  });

  it('trigger_automation names the call that follows the run', async () => {
    const triggered = await writable.call('trigger_automation', { automation: 'Morning revenue report' });
    const { run, next } = triggered.structuredContent as { run: { id: string }; next: unknown };
    expect(next).toEqual({ tool: 'get_automation_run', arguments: { run_id: run.id } });
    expect(textOf(triggered)).toContain('get_automation_run');
  });

  it('cancel_automation_run of a run that had ended answers with the run and already_ended, as its description says', async () => {
    for (const automation of [demoIds.automations.morningReport, demoIds.automations.nightlyExport]) {
      const runId = await apiAutomationRun(automation);
      const state = (await e.api('GET', `/automation-runs/${runId}`)).json.run.state as string;
      await e.clearRequests();
      const answer = await writable.call('cancel_automation_run', { run_id: runId });
      expect(textOf(answer)).not.toMatch(/^error/);
      expect(answer.isError).toBeFalsy();
      expect(answer.structuredContent).toMatchObject({ already_ended: true, run: { id: runId, state } });
      expect(textOf(answer)).toContain(`already_ended: true: the run had already ended (${state})`);
      expect(routes(await e.requests())).toContain(`POST /automation-runs/${runId}/cancel`);
    }
  });

  it('single-object answers summarise in text (no organizationId, stateHistory, step UUIDs) and keep whole objects in structuredContent', async () => {
    const got = await writable.call('get_query', { query: 'daily_revenue' });
    const updated = await writable.call('update_query', { query: 'MCP made', description: 'made by an assistant' });
    const created = await writable.call('create_query', { name: 'MCP text', sql: 'SELECT 1 AS one' });
    for (const answer of [got, updated, created]) {
      for (const field of ['organizationId', 'createdById', 'userAgent', 'agentRunId']) expect(textOf(answer)).not.toContain(field);
      expect(textOf(answer)).toMatch(/^slug: \S+$/m);
      expect((answer.structuredContent as any).query).toHaveProperty('organizationId');
    }
    expect(textOf(updated)).toContain('description: made by an assistant');
    const triggered = await writable.call('trigger_automation', { automation: 'Morning revenue report' });
    const runId = (triggered.structuredContent as any).run.id as string;
    await apiAutomationRun(undefined, runId);
    const run = await writable.call('get_automation_run', { run_id: runId });
    for (const answer of [triggered, run]) {
      for (const field of ['organizationId', 'stateHistory', 'userAgent']) expect(textOf(answer)).not.toContain(field);
      expect((answer.structuredContent as any).run).toHaveProperty('stateHistory');
    }
    const detail = (await e.api('GET', `/automation-runs/${runId}`)).json;
    expect(detail.run.state).toBe('completed');
    const text = textOf(run);
    for (const step of detail.stepRuns) {
      expect(text).toContain(step.name);
      expect(text).not.toContain(step.workflowStepId);
    }
    expect(text).not.toContain('{}');
    expect(text).toMatch(/\| step \| state \|/);
  });

  it('names past the API limits are refused before any request, saying the bound', async () => {
    await e.clearRequests();
    const long = await readOnly.call('get_query', { query: 'x'.repeat(1_000_000) });
    expect(long.isError).toBe(true);
    expect(textOf(long)).toMatch(/^error: invalid arguments for get_query: query: .*at most 500 characters/);
    const automation = await readOnly.call('get_automation', { automation: 'x'.repeat(600) });
    expect(textOf(automation)).toMatch(/automation: .*at most 500 characters/);
    await expect(readOnly.client.readResource({ uri: `ws://queries/${'x'.repeat(600)}` })).rejects.toThrow(/at most 500 characters/);
    expect(await e.requests()).toEqual([]);
    await stillAnswers(readOnly);
  });
});

describe('ws mcp: failures below the tools hint with tools', () => {
  it('a dropped create, 429, 503, a refused key and unknown ids: each hint names a tool to call, a CLI command only for a person', async () => {
    const session = await startMcp(['--allow-writes'], { ...e.env, WS_MAX_ATTEMPTS: '1' });
    try {
      await e.fault({ path: '^/queries$', method: 'POST', reset: true });
      const dropped = textOf(await session.call('create_query', { name: 'MCP dropped', sql: 'SELECT 1' }));
      expect(dropped).toMatch(/hint: check before sending it again: call list_queries .*\(in a shell: `ws queries list --sort created`\)/);
      for (const status of [429, 503]) {
        await e.fault({ path: '^/queries$', status });
        const busy = textOf(await session.call('list_queries'));
        expect(busy).toMatch(/hint: .*try again later/);
        expect(busy).not.toContain('--debug');
      }
      await e.fault({ path: '^/queries$', status: 401 });
      const refused = textOf(await session.call('list_queries'));
      expect(refused).toContain('hint: the API key ws mcp was started with was refused: a person must fix it (`ws auth status` in a shell');
      const unknown = '00000000-0000-4000-8000-00000000dead';
      const lists: [string, Record<string, string>, RegExp][] = [
        ['get_query_run', { run_id: unknown }, /hint: find the ids of runs: call list_query_runs/],
        ['get_automation_run', { run_id: unknown }, /hint: find the ids of runs: call list_automation_runs/],
        ['get_agent', { agent: unknown }, /hint: no tool lists the agents/],
        ['get_skill', { skill: unknown }, /hint: no tool lists the skills/],
        ['get_query', { query: unknown }, /hint: see which there are: call list_queries/],
      ];
      for (const [tool, args, hint] of lists) {
        const answer = await session.call(tool, args);
        expect(answer.isError).toBe(true);
        expect(textOf(answer)).toMatch(hint);
      }
    } finally {
      await session.close();
    }
  });
});

describe('ws mcp: resources and recent failures', () => {
  it('each saved query is a resource ws://queries/<slug>, listed and read: its SQL, parameters and last known columns', async () => {
    const query = await apiQuery('MCP resource', 'SELECT customer_id, name FROM customers LIMIT 2');
    await apiRun(query.id);
    const { resources } = await readOnly.client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(expect.arrayContaining(['ws://queries/daily_revenue', `ws://queries/${query.slug}`]));
    const listed = resources.find((resource) => resource.uri === `ws://queries/${query.slug}`)!;
    expect(listed).toMatchObject({ name: query.slug, title: 'MCP resource' });
    const { resourceTemplates } = await readOnly.client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual(['ws://queries/{slug}']);
    const read = await readOnly.client.readResource({ uri: `ws://queries/${query.slug}` });
    const content = read.contents[0] as { uri: string; mimeType: string; text: string };
    expect(content.uri).toBe(`ws://queries/${query.slug}`);
    expect(content.text).toContain('SELECT customer_id, name FROM customers LIMIT 2');
    expect(content.text).toMatch(/columns \(of run [0-9a-f-]{36}\): customer_id \(\w+\), name \(\w+\)/);
    const revenue = (await readOnly.client.readResource({ uri: 'ws://queries/revenue_by_country' })).contents[0] as { text: string };
    expect(revenue.text).toContain('start_date');
    await expect(readOnly.client.readResource({ uri: 'ws://queries/no_such_query' })).rejects.toThrow(/no query has the slug or name "no_such_query"/);
    // InvalidParams: the SDK has no code for MCP's "resource not found" (-32002), and its McpServer answers this one
    await expect(readOnly.client.readResource({ uri: 'ws://queries/no_such_query' })).rejects.toMatchObject({ code: -32602 });
    await stillAnswers(readOnly);
  });

  it('list_recent_failures lists failed query and automation runs in one call, says what it scanned, within its call budget', async () => {
    const failedRun = await apiRun(demoIds.queries.brokenReport);
    const triggered = { json: { id: await apiAutomationRun(demoIds.automations.nightlyExport) } };
    await e.clearRequests();
    const answer = await readOnly.call('list_recent_failures', { max_api_calls: 10 });
    expect(answer.isError).toBeFalsy();
    const data = answer.structuredContent as Record<string, any>;
    expect(data.failures).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'query_run', run_id: failedRun, query: 'churn_report', state: 'FAILED' }),
        expect.objectContaining({ kind: 'automation_run', run_id: triggered.json.id, automation: 'Nightly churn export', state: 'failed' }),
      ]),
    );
    const sent = await e.requests();
    expect(sent.length).toBeLessThanOrEqual(10);
    expect(data.scanned.api_calls).toBe(sent.length);
    expect(textOf(answer)).toMatch(/scanned: the runs of \d+ of \d+ queries and \d+ of \d+ automations/);
    expect(textOf(answer)).toContain(`get_query_run with {"run_id":"${failedRun}"}`);
  });
});

describe('ws mcp: many resources', () => {
  it('resources/list gives 100 queries a page and a cursor for the next, until every query was listed once', async () => {
    for (let i = 0; i < 100; i++) await apiQuery(`MCP many ${i}`, 'SELECT 1 AS one');
    const total = (await e.api('GET', '/queries?limit=1')).json.total as number;
    expect(total).toBeGreaterThan(100);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const { resources, nextCursor } = await readOnly.client.listResources(cursor === undefined ? {} : { cursor });
      expect(resources.length).toBeLessThanOrEqual(100);
      seen.push(...resources.map((resource) => resource.uri));
      cursor = nextCursor;
      if (!cursor) break;
    }
    expect(cursor).toBeUndefined();
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });
});

describe('ws mcp tools that write SQL', () => {
  it.each([
    ['create_query', { name: 'Blank', sql: '' }, 'empty'],
    ['create_query', { name: 'Blank', sql: '  \n\t' }, 'only whitespace'],
    ['update_query', { query: 'daily_revenue', sql: '' }, 'empty'],
    ['update_query', { query: 'daily_revenue', sql: ' \n' }, 'only whitespace'],
  ])('%s with sql %j refuses it as a usage error, and nothing is sent', async (tool, args, said) => {
    await e.clearRequests();
    const result = await writable.call(tool, args);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain(`error: the argument sql is ${said}: a query needs SQL, nothing was sent`);
    expect(await e.requests()).toEqual([]);
  });
});

describe('ws mcp, the command', () => {
  it('ends with exit 0 when the client closes its stdin, stderr empty; listing tools sends nothing', async () => {
    const session = await startMcp([], e.env);
    await e.clearRequests();
    expect((await session.client.listTools()).tools.length).toBeGreaterThan(0);
    await session.close();
    expect(await session.exitCode()).toBe(0);
    expect(session.stderr()).toBe('');
    expect(await e.requests()).toEqual([]);
  });

  it('writes only protocol messages on stdout: each one a JSON-RPC line', async () => {
    const session = await startMcp([], e.env);
    await session.call('list_queries', { limit: 1 });
    await session.close();
    expect(session.messages.length).toBeGreaterThanOrEqual(2);
    for (const message of session.messages) expect(JSON.parse(message)).toMatchObject({ jsonrpc: '2.0' });
  });

  it.each([false, true])('an unknown option is exit 2 before serving (terminal: %s), nothing on stdout or sent', async (tty) => {
    await e.clearRequests();
    const result = await runWs(['mcp', '--allow-write'], e.env, { tty });
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error: unknown option '--allow-write'/);
    expect(await e.requests()).toEqual([]);
  });
});

describe('the MCP server answers with bare commands, whatever options started it', () => {
  it('ws mcp --profile p --base-url u: the hints name commands without them, as always', async () => {
    const configDir = tempConfigDir();
    // no key: every tool answers with the no-key error; with one, a failed run names how to see it
    const [keyless, keyed] = await Promise.all([
      startMcp(['--profile', 'p', '--base-url', e.baseUrl], { WS_CONFIG_DIR: configDir }),
      startMcp(['--profile', 'p', '--base-url', e.baseUrl], { WS_CONFIG_DIR: configDir, WS_API_KEY: emulatorKey }),
    ]);
    try {
      expect(textOf(await keyless.call('list_queries'))).toBe('error: no API key configured for profile "p"\nhint: run `ws auth login`, or set WS_API_KEY');
      // a failed run names the tool to call, and for a person the CLI command, bare
      expect(textOf(await keyed.call('execute_query', { query: 'churn_report' }))).toMatch(/\(in a shell: ws runs get [0-9a-f-]{36}\)$/);
    } finally {
      await Promise.all([keyless.close(), keyed.close()]);
    }
  });
});
