/**
 * The MCP tool get_query: a query by slug, name or id, the likeliest when none has the name, the columns of its last
 * run without starting one. With ws mcp's own client against the emulator (test/helpers/mcp.ts).
 */
import { describe, expect, it } from 'vitest';
import { demoIds, routes } from '../../../helpers/emulator.js';
import { mcpSessions, textOf } from '../../../helpers/mcp.js';

const { e, readOnly, stillAnswers, apiQuery, apiRun } = mcpSessions();

describe('get_query', () => {
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

  it('a name past the API limits is refused before any request, saying the bound, as a resource name is', async () => {
    await e.clearRequests();
    const long = await readOnly.call('get_query', { query: 'x'.repeat(1_000_000) });
    expect(long.isError).toBe(true);
    expect(textOf(long)).toMatch(/^error: invalid arguments for get_query: query: .*at most 500 characters/);
    await expect(readOnly.client.readResource({ uri: `ws://queries/${'x'.repeat(600)}` })).rejects.toThrow(/at most 500 characters/);
    expect(await e.requests()).toEqual([]);
    await stillAnswers(readOnly);
  });
});
