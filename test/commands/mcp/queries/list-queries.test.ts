/**
 * The MCP tool list_queries: the saved queries, `search` on a part of a name or slug, parameters as the writes take
 * them; with `columns`, those of each query's last completed run. With ws mcp's own client against the emulator
 * (test/helpers/mcp.ts).
 */
import { describe, expect, it } from 'vitest';
import { demoIds, routes } from '../../../helpers/emulator.js';
import { mcpSessions, textOf } from '../../../helpers/mcp.js';

const { e, readOnly } = mcpSessions();

describe('list_queries', () => {
  it('`search` keeps the queries whose name contains the text; the answer is a table in text and the queries with `total`', async () => {
    await e.clearRequests();
    const answer = await readOnly.call('list_queries', { search: 'revenue' });
    expect(answer.isError).toBeFalsy();
    const data = answer.structuredContent as { queries: { id: string; slug: string; name: string }[]; total: number };
    expect(data.queries.map((query) => query.slug).sort()).toEqual(['daily_revenue', 'revenue_by_country', 'top_customers']);
    expect(data.total).toBe(3);
    expect(data.queries.find((query) => query.slug === 'revenue_by_country')!.id).toBe(demoIds.queries.revenueByCountry);
    expect(textOf(answer)).toMatch(/^\| id \| slug \| name \|/m);
    expect(textOf(answer)).toContain('total: 3');
    expect(routes(await e.requests())).toEqual(['GET /queries']);
  });

  it('`limit` bounds the queries listed, and `total` still says how many there are', async () => {
    const data = (await readOnly.call('list_queries', { limit: 2 })).structuredContent as { queries: unknown[]; total: number };
    expect(data.queries).toHaveLength(2);
    expect(data.total).toBe((await e.api('GET', '/queries?limit=1')).json.total);
    expect(data.total).toBeGreaterThan(2);
  });
});
