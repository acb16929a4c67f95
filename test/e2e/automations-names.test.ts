/**
 * End to end: `ws runs get` given an automation run id names the command that shows it. (Automations named by
 * name, `get-run` and trigger --input are tested in-process in test/commands/automations/.)
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoIds, routes, startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { ws } from '../helpers/ws.js';

const morning = demoIds.automations.morningReport;
let emu: TestEmulator;
let env: Record<string, string>;
let automationRun: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  env = emu.env;
  automationRun = (await emu.api('POST', `/automations/${morning}/runs`, {})).json.id;
});
afterAll(async () => {
  await emu?.close();
});
beforeEach(async () => {
  await emu.clearRequests();
});

describe('ws runs get of an automation run', () => {
  it('runs get of an automation run id says what it is and names the command (exit 4)', async () => {
    const result = await ws(['runs', 'get', automationRun], env);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toBe(`error: ${automationRun} is an automation run, not a query run\nhint: see it with: ws automations get-run ${automationRun}\n`);
    expect(routes(await emu.requests())).toEqual([`GET /query-runs/${automationRun}`, `GET /automation-runs/${automationRun}`]);
  });

  it('runs get of an id that is neither keeps the plain 404', async () => {
    const unknown = '99999999-0000-4000-8000-000000000000';
    const result = await ws(['runs', 'get', unknown], env);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain(`GET /query-runs/${unknown}: not found (HTTP 404)`);
    expect(result.stderr).not.toContain('automation run');
  });
});
