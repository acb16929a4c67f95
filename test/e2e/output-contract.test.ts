/**
 * End to end: --json fields on an automation run and its result, against the emulator. The same contract for
 * queries (global options, --json fields of rows, --all envelopes, parameter values) is tested in-process in
 * test/commands/queries/ and test/commands/api/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { ws } from '../helpers/ws.js';

let emu: TestEmulator;
let env: Record<string, string>;

beforeAll(async () => {
  emu = await startTestEmulator();
  env = emu.env;
});
afterAll(() => emu.close());

describe('--json fields on every kind of output', () => {
  it('a run with its steps picks run or stepRuns; a document without fixed fields refuses --json a,b before any request', async () => {
    const id = (await ws(['automations', 'trigger', demoIds.automations.morningReport, '-q'], env)).stdout.trim();
    const run = await ws(['automations', 'get-run', id, '--json', 'run', '-q'], env);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(Object.keys(JSON.parse(run.stdout))).toEqual(['run']);
    await emu.clearRequests();
    const result = await ws(['automations', 'result', id, '--json', 'state'], env);
    expect(result.exitCode).toBe(2);
    expect(JSON.parse(result.stderr).error.message).toMatch(/without a fixed list of fields.*--jq/);
    expect(await emu.requests()).toEqual([]);
  });
});
