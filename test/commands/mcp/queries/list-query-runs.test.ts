/**
 * The MCP tool list_query_runs: the runs of a query. With ws mcp's own client against the emulator (test/helpers/mcp.ts).
 */
import { describe, expect, it } from 'vitest';
import { demoIds } from '../../../helpers/emulator.js';
import { mcpSessions, textOf } from '../../../helpers/mcp.js';

const { readOnly, apiRun } = mcpSessions();

describe('list_query_runs', () => {
  it('answers summarise runs in text and keep whole runs in structuredContent', async () => {
    await apiRun(demoIds.queries.brokenReport);
    const runs = await readOnly.call('list_query_runs', { query: 'churn_report' });
    const text = textOf(runs);
    for (const field of ['queryHash', 'organizationId', 'resultLocation']) expect(text).not.toContain(field);
    expect(text).toMatch(/\| id \| status \|/);
    expect(text).toContain('FAILED');
    expect((runs.structuredContent as any).runs[0]).toHaveProperty('queryHash');
  });
});
