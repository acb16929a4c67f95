/**
 * The MCP tool list_automations: the automations, `search` on a part of a name. With ws mcp's own client against the
 * emulator (test/helpers/mcp.ts).
 */
import { describe, expect, it } from 'vitest';
import { demoIds, routes } from '../../../helpers/emulator.js';
import { mcpSessions, textOf } from '../../../helpers/mcp.js';

const { e, readOnly } = mcpSessions();

describe('list_automations', () => {
  it('lists every automation with its cadence and `total`; `search` keeps those whose name contains the text', async () => {
    await e.clearRequests();
    const all = (await readOnly.call('list_automations')).structuredContent as { automations: { id: string; name: string }[]; total: number };
    expect(all.automations.map((automation) => automation.id).sort()).toEqual([demoIds.automations.morningReport, demoIds.automations.nightlyExport]);
    expect(all.total).toBe(2);
    const found = await readOnly.call('list_automations', { search: 'Nightly' });
    const data = found.structuredContent as { automations: Record<string, any>[]; total: number };
    expect(data.automations).toEqual([expect.objectContaining({ id: demoIds.automations.nightlyExport, name: 'Nightly churn export' })]);
    expect(Object.keys(data.automations[0]!).sort()).toEqual(['cadence', 'description', 'id', 'lastRunAt', 'name']);
    expect(data.total).toBe(1);
    expect(textOf(found)).toContain('Nightly churn export');
    expect(routes(await e.requests())).toEqual(['GET /automations', 'GET /automations']);
  });
});
