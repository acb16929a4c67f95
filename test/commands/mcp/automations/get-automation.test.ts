/**
 * The MCP tool get_automation: an automation by name or id. With ws mcp's own client against the emulator (test/helpers/mcp.ts).
 */
import { describe, expect, it } from 'vitest';
import { demoIds } from '../../../helpers/emulator.js';
import { mcpSessions, textOf } from '../../../helpers/mcp.js';

const { e, readOnly, stillAnswers } = mcpSessions();

describe('get_automation', () => {
  it('finds an automation by its name, with the inputs trigger_automation takes; the text names it', async () => {
    const answer = await readOnly.call('get_automation', { automation: 'Nightly churn export' });
    expect(answer.isError).toBeFalsy();
    const { automation } = answer.structuredContent as { automation: Record<string, any> };
    expect(automation).toMatchObject({ id: demoIds.automations.nightlyExport, name: 'Nightly churn export' });
    expect(automation).toHaveProperty('inputSchema');
    expect(textOf(answer)).toContain('name: Nightly churn export');
    const byId = (await readOnly.call('get_automation', { automation: demoIds.automations.nightlyExport }))
      .structuredContent as typeof answer.structuredContent;
    expect(byId).toEqual(answer.structuredContent);
  });

  it('a name past the API limits is refused before any request, saying the bound', async () => {
    await e.clearRequests();
    const automation = await readOnly.call('get_automation', { automation: 'x'.repeat(600) });
    expect(automation.isError).toBe(true);
    expect(textOf(automation)).toMatch(/automation: .*at most 500 characters/);
    expect(await e.requests()).toEqual([]);
    await stillAnswers(readOnly);
  });
});
