/**
 * `ws runs wait`: follows a query run to its end; prints its status, or with --data its rows. In-process against the emulator.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { emulatorServer, expectUsageError } from '../../helpers/command.js';
import { demoIds } from '../../helpers/emulator.js';
import { executeDirectly } from '../../helpers/query-setup.js';

const { emu, ws } = emulatorServer();
/** Runs move slowly here (300 ms a state): a wait follows one. */
const { emu: slow, ws: slowWs } = emulatorServer({ stepMs: 300 });
const dailyRevenue = demoIds.queries.dailyRevenue;
const brokenReport = demoIds.queries.brokenReport;
let runId: string;

beforeAll(async () => {
  runId = await executeDirectly(emu, dailyRevenue);
});

describe('ws runs wait', () => {
  it('wait on a finished run prints its status at once; --data prints its rows', async () => {
    const status = await ws(['runs', 'wait', runId]);
    expect(status.exitCode, status.stderr).toBe(0);
    expect(status.stdout).toContain('status:\tCOMPLETED\n');
    const data = await ws(['runs', 'wait', runId, '--data', '--limit', '2', '-o', 'csv']);
    expect(data.exitCode, data.stderr).toBe(0);
    const truth = (await emu.api('GET', `/queries/${dailyRevenue}/latest/data?limit=2`)).json;
    expect(data.stdout).toBe(`day,orders,revenue\n${truth.rows.map((r: any) => `${r.day},${r.orders},${r.revenue}\n`).join('')}`);
  });
  it('wait follows a run that has just started to its end, and --data prints the rows of that run', async () => {
    const started = await slow.api('POST', `/queries/${dailyRevenue}/execute`, {});
    const id = started.json.queryRunId as string;
    const result = await slowWs(['runs', 'wait', id, '--data', '-o', 'json', '--limit', '1']);
    expect(result.exitCode, result.stderr).toBe(0);
    const body = JSON.parse(result.stdout);
    expect(body.queryRunId).toBe(id);
    expect(body.rows).toEqual([expect.objectContaining({ day: '2026-01-01' })]);
    expect((await slow.api('GET', `/query-runs/${id}`)).json.status).toBe('COMPLETED');
  });
  it('wait on a failed run is exit 5 with the reason', async () => {
    const started = await emu.api('POST', `/queries/${brokenReport}/execute`, {});
    const id = started.json.queryRunId as string;
    const result = await ws(['runs', 'wait', id]);
    expect(result.exitCode).toBe(5);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`error: query run ${id} FAILED: `);
    expect(result.stderr).toContain('subscriptions does not exist');
  });

  it('in a terminal: the end state on stderr, --data as an aligned table and how to get every row', async () => {
    const result = await ws(['runs', 'wait', runId, '--data', '--limit', '2'], { tty: true, columns: 100, env: { NO_COLOR: '1', WS_PAGER: '' } });
    expect(result.exitCode, result.stderr).toBe(0);
    const truth = (await emu.api('GET', `/queries/${dailyRevenue}/latest/data?limit=2`)).json;
    expect(result.stdout).toBe(
      `day         orders  revenue\n${truth.rows.map((r: any) => `${r.day}  ${String(r.orders).padStart(6)}  ${r.revenue}\n`).join('')}`,
    );
    expect(result.stderr).toBe(
      `query run ${runId}: COMPLETED, 180 rows in ${result.stderr.match(/in (\d+ms)/)?.[1]}\nshowing 2 of 180 rows; every row: ws queries data ${dailyRevenue} --all\n`,
    );
  });

  it('--timeout passing is exit 6 naming the run and the command that waits again', async () => {
    const started = await slow.api('POST', `/queries/${dailyRevenue}/execute`, {});
    const id = started.json.queryRunId as string;
    const result = await slowWs(['runs', 'wait', id, '--timeout', '1ms']);
    expect(result.exitCode).toBe(6);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(new RegExp(`^error: gave up waiting for query run ${id} after .*goes on`, 'm'));
    expect(result.stderr).toContain(`ws runs wait ${id}`);
  });
});

describe('usage errors: exit 2, nothing sent', () => {
  it.each([
    [['runs', 'wait'], "error: missing required argument 'runId'\nhint: run `ws runs wait --help` for usage\n"],
    [['runs', 'wait', 'last'], 'error: invalid query run id "last": must be a UUID\n'],
    [
      ['runs', 'wait', '00000000-0000-4000-8000-00000000dead', '--timeout', 'x'],
      'error: invalid duration for --timeout: "x"\nhint: use a number with a unit: 500ms, 30s, 10m, 1h (or 0)\n',
    ],
    // past what a timer holds
    [
      ['runs', 'wait', '00000000-0000-4000-8000-00000000dead', '--timeout', '2147483648ms'],
      'error: invalid duration for --timeout: "2147483648ms" is longer than 24 days, the most ws can wait\nhint: use a shorter duration, or 0 for no limit\n',
    ],
    [['runs', 'wait', '00000000-0000-4000-8000-00000000dead', '--out', 'rows.csv'], 'error: --out writes the rows of the run: it needs --data\n'],
  ])('%j', async (argv, stderr) => {
    await expectUsageError(ws, argv, stderr);
    expect(await emu.requests()).toEqual([]);
  });
});

describe('server errors', () => {
  // a 404 is ridden out too (a run just started may not be visible yet): 8 polls, about 6 s, so not shown here
  it('a refused poll (HTTP 400) ends the wait at once: exit 1, and the command that waits again', async () => {
    await emu.fault({ path: `^/query-runs/${runId}$`, status: 400 });
    const result = await ws(['runs', 'wait', runId]);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      `error: GET /query-runs/${runId} failed (HTTP 400): injected fault\nhint: the run may go on: wait again with \`ws runs wait ${runId}\`\n`,
    );
    expect((await emu.requests()).map((r) => `${r.method} ${r.path}`)).toEqual([`GET /query-runs/${runId}`]);
  });

  it('polls that fail with 503 are ridden out: the wait goes on to the end, exit 0', async () => {
    await emu.fault({ path: `^/query-runs/${runId}$`, status: 503, retryAfter: 0, times: 2 });
    const result = await ws(['runs', 'wait', runId, '--json', 'status'], { env: { WS_MAX_ATTEMPTS: '1' } });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ status: 'COMPLETED' });
    expect((await emu.requests()).map((r) => `${r.status} ${r.method} ${r.path}`).slice(0, 3)).toEqual(
      [503, 503, 200].map((status) => `${status} GET /query-runs/${runId}`),
    );
  });
});
