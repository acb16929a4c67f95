/**
 * `ws queries runs`: the runs of one saved query, newest first, a page or --all. In-process against the emulator.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { emulatorServer, expectUsageError, stubServer } from '../../helpers/command.js';
import { demoIds } from '../../helpers/emulator.js';
import { uuid } from '../../helpers/fixtures.js';
import { createQuery, executeDirectly } from '../../helpers/query-setup.js';

const { emu, ws } = emulatorServer();
const dailyRevenue = demoIds.queries.dailyRevenue;
/** A stub for what the API description allows and the emulator never sends. */
const { server: stub, ws: stubWs } = stubServer();

describe('in a terminal', () => {
  it('an aligned table under a header, times relative to now, and a line of durations', async () => {
    const runId = await executeDirectly(emu, dailyRevenue);
    await emu.clearRequests();
    const result = await ws(['queries', 'runs', 'daily_revenue', '--limit', '1'], { tty: true, columns: 100, env: { NO_COLOR: '1' } });
    expect(result.exitCode, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID +STATUS +ROWS +DURATION +STARTED +ERROR$/);
    expect(lines[1]).toMatch(new RegExp(`^${runId} +COMPLETED +180 +\\d+ms +just now +-$`));
    expect(lines[2]).toMatch(/^durations .* median \d+ms +slowest \d+ms +0 failed$/);
    expect((await emu.requests()).filter((r) => r.path.endsWith('/query-runs')).map((r) => r.query)).toEqual(['?limit=1&offset=0']);
  });
});

describe('usage errors: exit 2, nothing sent', () => {
  it.each([
    // at a terminal ws would ask for it: --no-prompt makes it the error it is off one (test/commands/prompts.test.ts)
    [
      ['queries', 'runs', '--no-prompt'],
      "error: missing required argument 'query'\nhint: name one by its UUID, slug or name (`ws queries list` lists them); ws asks for it only at a terminal, and did not: --no-prompt is given\n",
    ],
    [
      ['queries', 'runs', 'daily_revenue', '--limit', '0'],
      "error: option '--limit <n>' argument '0' is invalid. must be a whole number of at least 1.\nhint: run `ws queries runs --help` for usage\n",
    ],
  ])('%j', async (argv, stderr) => {
    await expectUsageError(ws, argv, stderr);
    expect(await emu.requests()).toEqual([]);
  });
});

describe('server errors', () => {
  it('a list refused with 503 at each try is exit 1 naming the request; nothing on stdout', async () => {
    await emu.fault({ path: `^/queries/${dailyRevenue}/query-runs$`, status: 503, retryAfter: 0, times: 2 });
    const result = await ws(['queries', 'runs', dailyRevenue], { env: { WS_MAX_ATTEMPTS: '2' } });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`error: GET /queries/${dailyRevenue}/query-runs failed (HTTP 503)`);
    expect((await emu.requests()).filter((r) => r.path.endsWith('/query-runs'))).toHaveLength(2);
  });

  it('a query that does not exist is exit 4, and no list is asked for', async () => {
    const result = await ws(['queries', 'runs', 'no_such_query']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('error: no query has the slug or name "no_such_query"');
    expect((await emu.requests()).filter((r) => r.path.endsWith('/query-runs'))).toEqual([]);
  });
});

describe('ws queries runs', () => {
  let id: string;
  beforeAll(async () => {
    ({ id } = await createQuery(ws, 'Many runs', 'SELECT 1 AS one'));
    const started = await Promise.all(Array.from({ length: 105 }, () => emu.api('POST', `/queries/${id}/execute`, {})));
    expect(started.every((r) => r.status === 202)).toBe(true);
  }, 30_000);

  it('--limit n lists the newest n runs', async () => {
    const result = await ws(['queries', 'runs', 'many_runs', '--limit', '2']);
    expect(result.exitCode, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('ID\tSTATUS\tROWS\tDURATION\tSTARTED\tERROR');
    expect(lines).toHaveLength(3);
    const listed = (await emu.requests()).filter((r) => r.path.endsWith('/query-runs'));
    expect(listed.map((r) => r.query)).toEqual(['?limit=2&offset=0']);
    const truth = await emu.api('GET', `/queries/${id}/query-runs?limit=2`);
    expect(lines.slice(1).map((line) => line.split('\t')[0])).toEqual(truth.json.runs.map((r: any) => r.id));
  });

  it('--all fetches every page and prints one envelope describing the whole', async () => {
    const result = await ws(['queries', 'runs', id, '--all', '--json', 'id,queryId']);
    expect(result.exitCode, result.stderr).toBe(0);
    const body = JSON.parse(result.stdout);
    expect(body.runs).toHaveLength(105);
    expect(new Set(body.runs.map((r: any) => r.id)).size).toBe(105);
    expect(body.runs.every((r: any) => r.queryId === id && Object.keys(r).length === 2)).toBe(true);
    expect(body).toMatchObject({ total: 105, limit: 105, offset: 0 });
    const listed = (await emu.requests()).filter((r) => r.path.endsWith('/query-runs'));
    expect(listed.map((r) => r.query)).toEqual(['?limit=100&offset=0', '?limit=100&offset=100']);
  });

  it('--all with --limit is exit 2', async () => {
    const result = await ws(['queries', 'runs', id, '--all', '--limit', '5']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--all and --limit cannot be used together');
    expect(await emu.requests()).toEqual([]);
  });
});

describe('what the description allows and the emulator never sends', () => {
  it('queries runs lists runs without id or status (empty cells off a terminal, as for any missing value)', async () => {
    const id = uuid();
    const runningId = uuid();
    stub.on('GET', `/queries/${id}/query-runs`, { body: { runs: [{ rowCount: 3 }, { id: runningId, status: 'RUNNING' }], total: 2, limit: 20, offset: 0 } });
    const result = await stubWs(['queries', 'runs', id]);
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(
      result.stdout
        .split('\n')
        .slice(1, 3)
        .map((line) => line.split('\t').slice(0, 3)),
    ).toEqual([
      ['', '', '3'],
      [runningId, 'RUNNING', ''],
    ]);
  });

  it('a negative or month-long execution time is - in a table and exact in CSV', async () => {
    const id = uuid();
    const runs = [
      { id: uuid(), status: 'COMPLETED', executionTimeMs: -22908026 },
      { id: uuid(), status: 'COMPLETED', executionTimeMs: 377349312000 },
      { id: uuid(), status: 'COMPLETED', executionTimeMs: 1234 },
    ];
    stub.on('GET', `/queries/${id}/query-runs`, { body: { runs, total: 3, limit: 20, offset: 0 } });
    const table = await stubWs(['queries', 'runs', id]);
    expect(table.exitCode, table.stderr).toBe(0);
    expect(
      table.stdout
        .split('\n')
        .slice(1, 4)
        .map((line) => line.split('\t')[3]),
    ).toEqual(['-', '-', '1234ms']);
    const csv = await stubWs(['queries', 'runs', id, '-o', 'csv']);
    expect(csv.stdout).toContain('-22908026');
    expect(csv.stdout).toContain('377349312000');
  });
});
