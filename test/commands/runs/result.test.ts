/**
 * `ws runs result`: where the rows of a completed query run are, how many, and their columns. In-process against the emulator.
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

describe('ws runs result', () => {
  it('result shows rows, duration and columns; --json is the API body unchanged', async () => {
    const result = await ws(['runs', 'result', runId]);
    expect(result.exitCode, result.stderr).toBe(0);
    const truth = (await emu.api('GET', `/query-runs/${runId}/result`)).json;
    expect(result.stdout).toContain(`query:\t${dailyRevenue}\n`);
    expect(result.stdout).toContain(`rows:\t${truth.rowCount}\n`);
    expect(result.stdout).toContain(`columns:\t${truth.columnSchema.map((c: any) => `${c.name} ${c.type}`).join(', ')}\n`);
    const json = await ws(['runs', 'result', runId, '--json']);
    expect(JSON.parse(json.stdout)).toEqual(truth);
  });

  it('in a terminal: aligned labels, times relative to now', async () => {
    const result = await ws(['runs', 'result', runId], { tty: true, columns: 100, env: { NO_COLOR: '1' } });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain(`run:              ${runId}\nquery:            ${dailyRevenue}\nstatus:           COMPLETED\nrows:             180\n`);
    expect(result.stdout).toContain('columns:          day DATE, orders BIGINT, revenue DECIMAL(38,2)\n');
    expect(result.stdout).toContain('completed:        just now\n');
  });
});

describe('usage errors: exit 2, nothing sent', () => {
  it.each([
    [['runs', 'result'], "error: missing required argument 'runId'\nhint: run `ws runs result --help` for usage\n"],
    [['runs', 'result', 'last'], 'error: invalid query run id "last": must be a UUID\n'],
  ])('%j', async (argv, stderr) => {
    await expectUsageError(ws, argv, stderr);
    expect(await emu.requests()).toEqual([]);
  });
});

describeRunReadErrors('result', '/result', emu, ws, () => runId);
