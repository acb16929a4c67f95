/**
 * End to end: a wait whose server dies keeps the command that resumes it. (The other honest reports, of
 * `agents update`, `skills apply` and `ws emulator` on a busy port, are tested in-process in test/commands/.)
 */
import { describe, expect, it } from 'vitest';
import { demoIds, spawnWs, startTestEmulator, waitForOutput } from '../helpers/emulator.js';

describe('a wait whose server goes away', () => {
  it('ends with exit 1 and keeps the command that resumes it, for automation and query runs', { timeout: 120_000 }, async () => {
    const doomed = await startTestEmulator({ stepMs: 10_000 });
    try {
      const automation = spawnWs(['automations', 'trigger', demoIds.automations.morningReport, '--wait'], doomed.env, { timeout: 100_000 });
      const query = spawnWs(['queries', 'execute', 'daily_revenue', '--wait'], doomed.env, { timeout: 100_000 });
      const [[, automationRun], [, queryRun]] = await Promise.all([
        waitForOutput(automation.stderr, /automation run ([0-9a-f-]{36})/, 30_000),
        waitForOutput(query.stderr, /query run ([0-9a-f-]{36})/, 30_000),
      ]);
      await doomed.close();
      const [a, q] = await Promise.all([automation, query]);
      expect(a.exitCode, String(a.stderr)).toBe(1);
      expect(String(a.stderr)).toMatch(new RegExp(`^hint: .*the run may go on: wait again with \`ws automations wait ${automationRun}\`$`, 'm'));
      expect(q.exitCode, String(q.stderr)).toBe(1);
      expect(String(q.stderr)).toMatch(new RegExp(`^hint: .*the run may go on: wait again with \`ws runs wait ${queryRun} --data\`$`, 'm'));
    } finally {
      await doomed.close();
    }
  });
});
