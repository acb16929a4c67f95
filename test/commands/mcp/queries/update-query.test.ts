/**
 * The MCP tool update_query: parameters as the reads give them, its answer as text, blank SQL. With ws mcp's own client against the emulator (test/helpers/mcp.ts).
 */
import { describe, expect, it } from 'vitest';
import { mcpSessions, textOf } from '../../../helpers/mcp.js';

const { e, writable, refusesBlankSql } = mcpSessions();

describe('update_query', () => {
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

  it('answers summarise a query in text (no organizationId) and keep the whole object in structuredContent, as get_query and create_query do', async () => {
    await writable.call('create_query', { name: 'MCP made', sql: 'SELECT 1 AS one' });
    const got = await writable.call('get_query', { query: 'daily_revenue' });
    const updated = await writable.call('update_query', { query: 'MCP made', description: 'made by an assistant' });
    const created = await writable.call('create_query', { name: 'MCP text', sql: 'SELECT 1 AS one' });
    for (const answer of [got, updated, created]) {
      for (const field of ['organizationId', 'createdById', 'userAgent', 'agentRunId']) expect(textOf(answer)).not.toContain(field);
      expect(textOf(answer)).toMatch(/^slug: \S+$/m);
      expect((answer.structuredContent as any).query).toHaveProperty('organizationId');
    }
    expect(textOf(updated)).toContain('description: made by an assistant');
  });

  it.each([
    [{ query: 'daily_revenue', sql: '' }, 'empty'],
    [{ query: 'daily_revenue', sql: ' \n' }, 'only whitespace'],
  ])('sql %j is refused as a usage error, and nothing is sent', (args, said) => refusesBlankSql('update_query', args, said));
});
