/**
 * The MCP tool create_query: refused without --allow-writes, a taken name, snake_case parameters, blank SQL. With ws mcp's own client against the emulator (test/helpers/mcp.ts).
 */
import { describe, expect, it } from 'vitest';
import { demoIds } from '../../../helpers/emulator.js';
import { mcpSessions, textOf } from '../../../helpers/mcp.js';

const { e, readOnly, writable, stillAnswers, refusesBlankSql } = mcpSessions();

describe('create_query', () => {
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

  it.each([
    [{ name: 'Blank', sql: '' }, 'empty'],
    [{ name: 'Blank', sql: '  \n\t' }, 'only whitespace'],
  ])('sql %j is refused as a usage error, and nothing is sent', (args, said) => refusesBlankSql('create_query', args, said));
});
