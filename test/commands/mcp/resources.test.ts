/**
 * `ws mcp`'s resources: each saved query is one, ws://queries/<slug>, listed a page at a time and read. With ws mcp's own client against the emulator (test/helpers/mcp.ts).
 */
import { describe, expect, it } from 'vitest';
import { mcpSessions } from '../../helpers/mcp.js';

const { e, readOnly, stillAnswers, apiQuery, apiRun } = mcpSessions();

describe('ws mcp resources', () => {
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
