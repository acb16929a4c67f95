/**
 * The MCP tool cancel_automation_run. With ws mcp's own client against the emulator (test/helpers/mcp.ts).
 */
import { describe, expect, it } from 'vitest';
import { demoIds, routes } from '../../../helpers/emulator.js';
import { mcpSessions, textOf } from '../../../helpers/mcp.js';

const { e, writable, apiAutomationRun } = mcpSessions();

describe('cancel_automation_run', () => {
  it('cancel_automation_run of a run that had ended answers with the run and already_ended, as its description says', async () => {
    for (const automation of [demoIds.automations.morningReport, demoIds.automations.nightlyExport]) {
      const runId = await apiAutomationRun(automation);
      const state = (await e.api('GET', `/automation-runs/${runId}`)).json.run.state as string;
      await e.clearRequests();
      const answer = await writable.call('cancel_automation_run', { run_id: runId });
      expect(textOf(answer)).not.toMatch(/^error/);
      expect(answer.isError).toBeFalsy();
      expect(answer.structuredContent).toMatchObject({ already_ended: true, run: { id: runId, state } });
      expect(textOf(answer)).toContain(`already_ended: true: the run had already ended (${state})`);
      expect(routes(await e.requests())).toContain(`POST /automation-runs/${runId}/cancel`);
    }
  });
});
