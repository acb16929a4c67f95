/**
 * End to end: `ws automations trigger --wait` stopped by a real SIGINT, bin/ws (built: `npm run build`) against the
 * in-process emulator, whose runs move slowly here (1 s a state). Everything else about `ws automations` is tested
 * in-process, command by command, in test/commands/automations/.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoIds, routes, spawnWs, startTestEmulator, waitForOutput, type TestEmulator } from '../helpers/emulator.js';
import { ws } from '../helpers/ws.js';

const uuidRe = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;
const runLine = new RegExp(`automation run (${uuidRe.source}): `);
const morning = demoIds.automations.morningReport;

let slow: TestEmulator;
let slowEnv: Record<string, string>;

beforeAll(async () => {
  slow = await startTestEmulator({ stepMs: 1000 });
  slowEnv = slow.env;
});
afterAll(async () => {
  await slow?.close();
});
beforeEach(async () => {
  await slow.clearRequests();
});

describe('Ctrl-C during trigger --wait', () => {
  it('with --cancel-on-interrupt: exit 130 and the run ends cancelled', async () => {
    const child = spawnWs(['automations', 'trigger', morning, '--wait', '--cancel-on-interrupt'], slowEnv);
    let id: string;
    try {
      id = (await waitForOutput(child.stderr, runLine))[1]!;
    } finally {
      child.kill('SIGINT');
    }
    const result = await child;
    expect(result.exitCode).toBe(130);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`error: stopped waiting for automation run ${id}; it was cancelled`);
    expect(routes(await slow.requests())).toContain(`POST /automation-runs/${id}/cancel`);
    const shown = await ws(['automations', 'run', id, '--json'], slowEnv);
    expect(shown.exitCode, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout).run.state).toBe('cancelled');
    // the run is over, so the hint must not send the user to cancel it again (that is a 409)
    expect(result.stderr).not.toContain(`ws automations cancel ${id}`);
  });

  it('without --cancel-on-interrupt: exit 130, the resume command is named, and the run goes on', async () => {
    const child = spawnWs(['automations', 'trigger', morning, '--wait'], slowEnv);
    let id: string;
    try {
      id = (await waitForOutput(child.stderr, runLine))[1]!;
    } finally {
      child.kill('SIGINT');
    }
    const result = await child;
    expect(result.exitCode).toBe(130);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`error: stopped waiting for automation run ${id}; it goes on`);
    expect(result.stderr).toContain(`ws automations wait ${id}`);
    expect(result.stderr).toContain(`ws automations cancel ${id}`);
    expect(routes(await slow.requests()).filter((route) => route.endsWith('/cancel'))).toEqual([]);
    const shown = await ws(['automations', 'run', id, '--json'], slowEnv);
    expect(shown.exitCode, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout).run.state).not.toBe('cancelled');
    const resumed = await ws(['automations', 'wait', id], slowEnv);
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    expect(resumed.stdout).toContain('state:\tcompleted\n');
  });
});
