/**
 * `ws runs get`: a query run, its state and its whole history. In-process against the emulator.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { emulatorServer, expectUsageError } from '../../helpers/command.js';
import { demoIds } from '../../helpers/emulator.js';
import { describeRunReadErrors, executeDirectly } from '../../helpers/query-setup.js';

const { emu, ws } = emulatorServer();
const dailyRevenue = demoIds.queries.dailyRevenue;
let runId: string;

beforeAll(async () => {
  runId = await executeDirectly(emu, dailyRevenue);
});

describe('ws runs get', () => {
  it('get shows the status and the whole history; --json is the API body unchanged', async () => {
    const result = await ws(['runs', 'get', runId]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain(`run:\t${runId}\n`);
    expect(result.stdout).toContain('status:\tCOMPLETED\n');
    const states = [...result.stdout.matchAll(/\d{4}-\d\d-\d\dT[\d:.]+Z {2}([A-Z]+)/g)].map((m) => m[1]);
    expect(states).toEqual(['PENDING', 'SUBMITTED', 'RUNNING', 'COMPLETED']);
    const json = await ws(['runs', 'get', runId, '--json']);
    expect(json.exitCode).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual((await emu.api('GET', `/query-runs/${runId}`)).json);
  });

  it('in a terminal: aligned labels, the history under its label, times relative to now', async () => {
    const result = await ws(['runs', 'get', runId], { tty: true, columns: 100, env: { NO_COLOR: '1' } });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(
        `^run: {6}${runId}\\nstatus: {3}COMPLETED\\nmessage: {2}180 rows\\ncreated: {2}just now\\nhistory: {2}\\S+Z  PENDING  queued\\n {10}\\S+Z  SUBMITTED`,
      ),
    );
  });
});

describe('usage errors: exit 2, nothing sent', () => {
  it.each([
    [['runs', 'get'], "error: missing required argument 'runId'\nhint: run `ws runs get --help` for usage\n"],
    [['runs', 'get', 'last'], 'error: invalid query run id "last": must be a UUID\n'],
  ])('%j', async (argv, stderr) => {
    await expectUsageError(ws, argv, stderr);
    expect(await emu.requests()).toEqual([]);
  });
});

describeRunReadErrors('get', '', emu, ws, () => runId);
