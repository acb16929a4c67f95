/**
 * The MCP tool get_automation_run: a run and its steps. With ws mcp's own client against the emulator (test/helpers/mcp.ts).
 */
import { describe, expect, it } from 'vitest';
import { mcpSessions, textOf } from '../../../helpers/mcp.js';

const { e, writable, apiAutomationRun } = mcpSessions();

describe('get_automation_run', () => {
  it('answers summarise in text (no organizationId, stateHistory, step UUIDs) and keep the whole run in structuredContent, as trigger_automation does', async () => {
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
});
