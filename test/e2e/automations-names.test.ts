/**
 * End to end: automations named by their exact name as well as by id; `automations get-run` (and its old name
 * `run`); `runs get` given an automation run id; trigger --input keys checked against the declared inputs.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiServer } from '../helpers/api-server.js';
import { demoIds, routes, startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { automation, uuid } from '../helpers/fixtures.js';
import { testKey, ws } from '../helpers/ws.js';

const morning = demoIds.automations.morningReport;
const nightly = demoIds.automations.nightlyExport;
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

describe('an automation by name', () => {
  it('get looks the exact name up through the search and prints that automation', async () => {
    const result = await ws(['automations', 'get', 'Morning revenue report', '--json', 'id,name'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ id: morning, name: 'Morning revenue report' });
    const requests = await emu.requests();
    expect(routes(requests)).toEqual(['GET /automations']);
    expect(requests[0]!.query).toContain('search=Morning+revenue+report');
  });

  it('runs and trigger send the id the name resolves to', async () => {
    const runs = await ws(['automations', 'runs', 'Nightly churn export', '--json', 'id'], env);
    expect(runs.exitCode, runs.stderr).toBe(0);
    const trigger = await ws(['automations', 'trigger', 'Nightly churn export'], env);
    expect(trigger.exitCode, trigger.stderr).toBe(0);
    expect(routes(await emu.requests())).toEqual(['GET /automations', `GET /automations/${nightly}/runs`, 'GET /automations', `POST /automations/${nightly}/runs`]);
  });

  it('a name that is not exact is exit 4 with the likeliest; nothing is triggered', async () => {
    const result = await ws(['automations', 'trigger', 'Morning'], env);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toBe(`error: no automation is named "Morning"\nhint: the likeliest: "Morning revenue report" (${morning}); see which there are: \`ws automations list\`\n`);
    // the search, then every automation (a search may heed case): nothing matched in either
    expect(routes(await emu.requests())).toEqual(['GET /automations', 'GET /automations']);
  });

  it('a name two automations share is exit 4 listing both ids', async () => {
    const [a, b] = [uuid(), uuid()];
    const server = await new ApiServer().on('GET', '/automations', { body: { workflows: [automation({ id: a }), automation({ id: b })], total: 2, limit: 50, offset: 0 } }).start();
    try {
      const result = await ws(['automations', 'get', 'Weekly export'], { WS_BASE_URL: server.baseUrl, WS_API_KEY: testKey });
      expect(result.exitCode).toBe(4);
      expect(result.stderr).toBe(`error: the name "Weekly export" matches 2 automations\nhint: use the id of one: Weekly export (${a}), Weekly export (${b})\n`);
      expect(server.unmatched).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});

describe('trigger --input', () => {
  it('keys the automation does not declare are exit 2 naming them and the declared ones; nothing is triggered', async () => {
    const result = await ws(['automations', 'trigger', morning, '--input', 'start_date=2026-06-01', '--input', 'region=EU', '--input', 'minimum=5'], env);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe('error: automation "Morning revenue report" has no input "region", "minimum"\nhint: its inputs: start_date, min_amount\n');
    expect(routes(await emu.requests())).toEqual([`GET /automations/${morning}`]);
  });

  it('declared keys are sent; an automation that declares no inputs takes any', async () => {
    const declared = await ws(['automations', 'trigger', morning, '--input', 'min_amount=10'], env);
    expect(declared.exitCode, declared.stderr).toBe(0);
    const open = await ws(['automations', 'trigger', nightly, '--input', 'anything=1'], env);
    expect(open.exitCode, open.stderr).toBe(0);
    expect(routes(await emu.requests())).toEqual([`GET /automations/${morning}`, `POST /automations/${morning}/runs`, `GET /automations/${nightly}`, `POST /automations/${nightly}/runs`]);
  });
});

describe('automation runs', () => {
  it('get-run shows a run with its steps; run, the former name, still works', async () => {
    const shown = await ws(['automations', 'get-run', automationRun, '--json', 'run'], env);
    expect(shown.exitCode, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout).run.id).toBe(automationRun);
    const old = await ws(['automations', 'run', automationRun, '--json', 'run'], env);
    expect(old.exitCode, old.stderr).toBe(0);
    expect(old.stdout).toBe(shown.stdout);
  });

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
