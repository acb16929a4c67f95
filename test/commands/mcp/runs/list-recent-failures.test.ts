/**
 * The MCP tool list_recent_failures: failed query and automation runs in one call, within a call budget. With ws mcp's own client against the emulator (test/helpers/mcp.ts).
 */
import { describe, expect, it } from 'vitest';
import { demoIds } from '../../../helpers/emulator.js';
import { mcpSessions, textOf } from '../../../helpers/mcp.js';

const { e, readOnly, apiRun, apiAutomationRun } = mcpSessions();

describe('list_recent_failures', () => {
  it('list_recent_failures lists failed query and automation runs in one call, says what it scanned, within its call budget', async () => {
    const failedRun = await apiRun(demoIds.queries.brokenReport);
    const triggered = { json: { id: await apiAutomationRun(demoIds.automations.nightlyExport) } };
    await e.clearRequests();
    const answer = await readOnly.call('list_recent_failures', { max_api_calls: 10 });
    expect(answer.isError).toBeFalsy();
    const data = answer.structuredContent as Record<string, any>;
    expect(data.failures).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'query_run', run_id: failedRun, query: 'churn_report', state: 'FAILED' }),
        expect.objectContaining({ kind: 'automation_run', run_id: triggered.json.id, automation: 'Nightly churn export', state: 'failed' }),
      ]),
    );
    const sent = await e.requests();
    expect(sent.length).toBeLessThanOrEqual(10);
    expect(data.scanned.api_calls).toBe(sent.length);
    expect(textOf(answer)).toMatch(/scanned: the runs of \d+ of \d+ queries and \d+ of \d+ automations/);
    expect(textOf(answer)).toContain(`get_query_run with {"run_id":"${failedRun}"}`);
  });
});
