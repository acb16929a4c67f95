/**
 * Deadlines that hold (issue 38.5): --timeout ends a wait whose status request hangs, the request in flight
 * included, and --cancel-on-timeout still sends the cancel, within a deadline of its own. A fault proxy in front of
 * the emulator never answers the status requests; the emulator's runs stay pending for a minute.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoIds, routes, startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { FaultProxy } from '../helpers/fault-proxy.js';
import { ws } from '../helpers/ws.js';

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A test that waited for --http-timeout or longer fails here rather than passing late. */
const bounded = { timeout: 15_000 };

let emu: TestEmulator;
let queryRuns: FaultProxy;
let automationRuns: FaultProxy;
beforeAll(async () => {
  emu = await startTestEmulator({ stepMs: 60_000 });
  const upstream = new URL(emu.baseUrl).origin;
  queryRuns = await new FaultProxy({ fault: 'forward', upstream, stallPath: /^\/public\/v3\/query-runs\// }).start();
  // a run's status, not its cancel
  automationRuns = await new FaultProxy({ fault: 'forward', upstream, stallPath: /^\/public\/v3\/automation-runs\/[^/?]+(\?.*)?$/ }).start();
});
beforeEach(() => emu.clearRequests());
afterAll(async () => {
  await queryRuns?.stop();
  await automationRuns?.stop();
  await emu?.close();
});

const through = (proxy: FaultProxy) => ({ WS_BASE_URL: `${proxy.url}/public/v3`, WS_API_KEY: emu.env.WS_API_KEY });

function errorJson(stderr: string): Record<string, unknown> {
  return (JSON.parse(stderr) as { error: Record<string, unknown> }).error;
}

describe('--timeout while the status request hangs', () => {
  it.each([[[]], [['--http-timeout', '60s']]])(
    'queries execute --wait --timeout 2s %j: exit 6 at the deadline, not after the request gives up',
    async (extra) => {
      const result = await ws(['queries', 'execute', 'daily_revenue', '--wait', '--timeout', '2s', '--json', ...extra], through(queryRuns), bounded);
      expect(result.exitCode, result.stderr).toBe(6);
      const error = errorJson(result.stderr);
      expect(error.code).toBe('timeout');
      expect(error.message).toMatch(new RegExp(`^gave up waiting for query run ${uuid} after [^;]+; its state was not read in time, and it goes on$`));
      expect(result.stdout).toBe('');
    },
  );

  it('automations trigger --wait --timeout 2s --cancel-on-timeout --http-timeout 20s: exit 6, and the cancel is sent', async () => {
    const result = await ws(
      ['automations', 'trigger', demoIds.automations.morningReport, '--wait', '--timeout', '2s', '--cancel-on-timeout', '--http-timeout', '20s', '--json'],
      through(automationRuns),
      bounded,
    );
    expect(result.exitCode, result.stderr).toBe(6);
    const error = errorJson(result.stderr);
    const runId = new RegExp(`^gave up waiting for automation run (${uuid}) after`).exec(String(error.message))?.[1];
    expect(runId, String(error.message)).toBeDefined();
    expect(routes(await emu.requests())).toContain(`POST /automation-runs/${runId}/cancel`);
    // its confirmation hangs like every status request: how far the cancel got, and how to check
    expect(error).toMatchObject({
      code: 'timeout',
      message: expect.stringMatching(/; the cancel was accepted, not yet confirmed: the run may be cancelled or still running$/),
      hint: `check it: \`ws automations get-run ${runId} --http-timeout 20s\``,
    });
    expect((await emu.api('GET', `/automation-runs/${runId}`)).json.run.state).toBe('cancelled');
  });
});
