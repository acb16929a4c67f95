/**
 * The MCP tool list_automation_runs: the runs of an automation. With ws mcp's own client against the emulator (test/helpers/mcp.ts).
 */
import { describe, expect, it } from 'vitest';
import { demoIds } from '../../../helpers/emulator.js';
import { mcpSessions, textOf } from '../../../helpers/mcp.js';

const { e, readOnly } = mcpSessions();

describe('list_automation_runs', () => {
  it('answers summarise runs in text and keep whole runs in structuredContent', async () => {
    await e.api('POST', `/automations/${demoIds.automations.nightlyExport}/runs`, {});
    const answer = await readOnly.call('list_automation_runs', { automation: 'Nightly churn export' });
    const automationRuns = textOf(answer);
    for (const field of ['stateHistory', 'organizationId', 'inputValues']) expect(automationRuns).not.toContain(field);
    expect(automationRuns).toMatch(/\| id \| state \|/);
    expect((answer.structuredContent as any).runs[0]).toHaveProperty('stateHistory');
  });
});
