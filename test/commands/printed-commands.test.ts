/**
 * Commands that ws prints for a person to paste (wait again, cancel, run again, every row) carry the global
 * options given on the command line that decide where they run and, for the ones that go on with this command,
 * what they print: pasted, they continue exactly what was interrupted (issue 29.1, 29.2, 29.7).
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli.js';
import { fileServer } from '../helpers/stub-server.js';
import { fakeIO, type FakeIO, type FakeIOOptions } from '../helpers/fake-io.js';
import { query, queryRunResult, uuid } from '../helpers/fixtures.js';
import { tempConfigDir, testKey } from '../helpers/ws.js';

const server = fileServer();
let configDir: string;

beforeAll(() => {
  // the key and base URL live in profile "slowp" only: a pasted command without --profile would not find them
  configDir = tempConfigDir();
  const origin = new URL(server.baseUrl).origin;
  fs.writeFileSync(
    path.join(configDir, 'config.json'),
    JSON.stringify({ profiles: { slowp: { apiKey: testKey, baseUrl: server.baseUrl, apiKeyOrigin: origin } } }),
  );
});

/** The IO of the command running now: a stub interrupts its wait (the fake clock never reaches a --timeout). */
let current: FakeIO | undefined;

async function ws(argv: string[], options: FakeIOOptions = {}) {
  const io = fakeIO({ ...options, env: { WS_CONFIG_DIR: configDir, ...options.env } });
  current = io;
  const exitCode = await run(argv, io);
  return { exitCode, stdout: io.out(), stderr: io.err() };
}

const queryId = '00000000-0000-4000-8000-00000000c001';
const runId = '00000000-0000-4000-8000-00000000c002';
const saved = query({ id: queryId, slug: 'daily_revenue' });
const status = (state: string) => ({ queryRunId: runId, status: state, message: null, userAgent: 'cli', createdAt: '2026-11-20T10:00:00.000Z', history: [] });

/** SIGTERM to the running command while its wait reads `body` (as `kill` would): the wait stops with exit 143. */
const interrupting = (body: unknown) => () => {
  current!.interrupt('SIGTERM');
  return { body };
};

/** A query whose run is RUNNING when the wait is stopped. */
function runningQuery(): void {
  server
    .on('GET', `/queries/${queryId}`, { body: saved })
    .on('POST', `/queries/${queryId}/execute`, { status: 202, body: { queryId, queryRunId: runId, status: 'PENDING' } })
    .on('GET', `/query-runs/${runId}`, interrupting(status('RUNNING')));
}

/** The hint of an error, from the text or from the JSON error object. */
function hintOf(stderr: string): string {
  const json = /^\{"error".*$/m.exec(stderr);
  if (json) return JSON.parse(json[0]).error.hint as string;
  return /^hint: (.*)$/m.exec(stderr)?.[1] ?? '';
}

describe('the wait a timed-out queries execute --wait prints carries the options of the command line', () => {
  it.each([
    [[], ''],
    [['--json'], ' --json'],
    [['-o', 'csv'], ' -o csv'],
    [['-o', 'chart', '--y', 'revenue'], ' -o chart'],
    [['--jq', '.[] | .day'], " --jq '.[] | .day'"],
  ])('with %j', async (extra, carried) => {
    runningQuery();
    const result = await ws(['--profile', 'slowp', 'queries', 'execute', queryId, '--wait', ...extra]);
    expect(result.exitCode, result.stderr).toBe(143);
    const chartWords = extra.includes('--y') ? ' --y revenue' : '';
    expect(hintOf(result.stderr)).toBe(`wait again with \`ws runs wait ${runId} --data${chartWords} --profile slowp${carried}\``);
  });

  it('carries --base-url given as a flag, without any user:password, and --limit; never a key', async () => {
    runningQuery();
    const withCredentials = server.baseUrl.replace('http://', 'http://alice:s3cret@');
    const result = await ws(['queries', 'execute', queryId, '--wait', '--limit', '5', '--base-url', withCredentials, '--http-timeout', '10s'], {
      env: { WS_API_KEY: testKey },
    });
    expect(result.exitCode, result.stderr).toBe(143);
    expect(hintOf(result.stderr)).toBe(`wait again with \`ws runs wait ${runId} --data --limit 5 --base-url ${server.baseUrl} --http-timeout 10s\``);
    expect(result.stderr).not.toContain('s3cret');
    expect(result.stderr).not.toContain(testKey);
  });

  it('carries nothing from the environment: WS_PROFILE and WS_BASE_URL apply again when pasted', async () => {
    runningQuery();
    const result = await ws(['queries', 'execute', queryId, '--wait'], { env: { WS_PROFILE: 'slowp', WS_OUTPUT: 'csv' } });
    expect(result.exitCode, result.stderr).toBe(143);
    expect(hintOf(result.stderr)).toBe(`wait again with \`ws runs wait ${runId} --data\``);
  });

  it('runs wait prints itself again with the same options', async () => {
    server.on('GET', `/query-runs/${runId}`, interrupting(status('RUNNING')));
    const result = await ws(['runs', 'wait', runId, '--data', '--profile', 'slowp', '-o', 'csv', '--crlf']);
    expect(result.exitCode).toBe(143);
    expect(hintOf(result.stderr)).toBe(`wait again with \`ws runs wait ${runId} --data --profile slowp -o csv --crlf\``);
  });

  it('a failed run names the command that shows its history, in its own output', async () => {
    server
      .on('GET', `/queries/${queryId}`, { body: saved })
      .on('POST', `/queries/${queryId}/execute`, { status: 202, body: { queryId, queryRunId: runId, status: 'PENDING' } })
      .on('GET', `/query-runs/${runId}`, { body: { ...status('FAILED'), message: 'boom' } });
    const result = await ws(['--profile', 'slowp', 'queries', 'execute', queryId, '--wait', '--json']);
    expect(result.exitCode).toBe(5);
    expect(hintOf(result.stderr)).toBe(`see its history: ws runs get ${runId} --profile slowp`);
  });
});

describe('every row, and runs again', () => {
  const rows = Array.from({ length: 1200 }, (_, i) => ({ day: new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString().slice(0, 10), revenue: i }));
  const dataPage = (runOf: string) => (request: { query: Record<string, string> }) => {
    const [limit, offset] = [Number(request.query.limit), Number(request.query.offset)];
    const page = rows.slice(offset, offset + limit);
    return {
      body: {
        queryRunId: runOf,
        status: 'COMPLETED',
        totalRowCount: rows.length,
        returnedRowCount: page.length,
        columns: [{ name: 'day' }, { name: 'revenue' }],
        rows: page,
      },
    };
  };

  it('the note under a terminal table of rows names every row with the options', async () => {
    server.on('GET', `/queries/${queryId}/latest/data`, dataPage(runId));
    const result = await ws(['queries', 'data', queryId, '--profile', 'slowp', '--wide', '--no-pager'], { tty: true, columns: 100 });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      `showing the first 1000 of 1200 rows; every row: ws queries data ${queryId} --all --profile slowp --wide (or -o csv, or a pipe)`,
    );
  });

  it("a chart's notes: all of them as a chart with its columns", async () => {
    server.on('GET', `/queries/${queryId}/latest/data`, dataPage(runId));
    const result = await ws(['queries', 'data', queryId, '--profile', 'slowp', '-o', 'chart', '--y', 'revenue']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      `the chart shows the first 1000 of 1200 rows; all of them: ws queries data ${queryId} --all --y revenue --profile slowp -o chart`,
    );
  });

  it("rows replaced by another run's: run it again and read the others, both with the options", async () => {
    const other = uuid();
    server
      .on('GET', `/queries/${queryId}`, { body: { ...saved, lastSuccessfulRunId: runId } })
      .on('POST', `/queries/${queryId}/execute`, { status: 202, body: { queryId, queryRunId: runId, status: 'PENDING' } })
      .on('GET', `/query-runs/${runId}`, { body: status('COMPLETED') })
      .on('GET', `/query-runs/${runId}/result`, { body: queryRunResult(runId, queryId) })
      .on('GET', `/queries/${queryId}/latest/data`, dataPage(other));
    const result = await ws(['queries', 'execute', queryId, '--wait', '--profile', 'slowp', '-o', 'csv']);
    expect(result.exitCode).toBe(1);
    expect(hintOf(result.stderr)).toBe(
      `run it again: ws queries execute daily_revenue --wait --profile slowp -o csv (or read the other run's rows: ws queries data daily_revenue --all --profile slowp -o csv); for parallel jobs, give each job a query of its own, or run them with --no-data`,
    );
  });
});

describe('an unknown --json field found only after the run (issue 29.7)', () => {
  it('names the run and the command that prints its rows', async () => {
    server
      .on('GET', `/queries/${queryId}`, { body: saved })
      .on('POST', `/queries/${queryId}/execute`, { status: 202, body: { queryId, queryRunId: runId, status: 'PENDING' } })
      .on('GET', `/query-runs/${runId}`, { body: status('COMPLETED') })
      // its row count: how many rows there are decides where they are written (src/query-runs/export-thread.ts)
      .on('GET', `/query-runs/${runId}/result`, { body: queryRunResult(runId, queryId) })
      .on('GET', `/queries/${queryId}/latest/data`, {
        body: {
          queryRunId: runId,
          status: 'COMPLETED',
          totalRowCount: 1,
          returnedRowCount: 1,
          columns: [{ name: 'day' }, { name: 'revenue' }],
          rows: [{ day: '2026-11-01', revenue: 1 }],
        },
      });
    // the query has no successful run: its columns cannot be checked before this run starts
    const result = await ws(['--profile', 'slowp', 'queries', 'execute', queryId, '--wait', '--json', 'noSuchField']);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    const error = JSON.parse(result.stderr).error;
    expect(error).toMatchObject({ code: 'usage', queryId, queryRunId: runId });
    expect(error.message).toContain('unknown JSON field: noSuchField; valid fields: day, revenue');
    expect(error.hint).toContain(`ws runs wait ${runId} --data --profile slowp`);
  });
});

describe('automations: the wait printed to resume trigger --wait prints what trigger --wait prints (issue 29.2)', () => {
  const automationId = '00000000-0000-4000-8000-00000000d001';
  const automationRunId = '00000000-0000-4000-8000-00000000d002';
  const runOf = (state: string) => ({
    id: automationRunId,
    workflowId: automationId,
    organizationId: '0f0e0d0c-0b0a-4909-8807-060504030201',
    runById: null,
    state,
    triggeredBy: 'api',
    error: null,
    metadata: {},
    inputValues: {},
    startedAt: '2026-11-20T10:00:00.000Z',
    completedAt: state === 'completed' ? '2026-11-20T10:00:02.000Z' : null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:02.000Z',
    stateHistory: [],
  });
  const detailOf = (state: string) => ({ run: runOf(state), stepRuns: [{ id: uuid(), workflowStepId: 'step-1', state }] });

  /** The run, in this state (a wait on a running one is stopped); with `trigger`, the POST that starts it too. */
  function serve(state: string, { trigger = true } = {}): void {
    if (trigger) server.on('POST', `/automations/${automationId}/runs`, { status: 201, body: runOf('pending') });
    server.on('GET', `/automation-runs/${automationRunId}`, state === 'running' ? interrupting(detailOf(state)) : { body: detailOf(state) });
  }

  it('the resume carries the output and where; the cancel only where', async () => {
    serve('running');
    const result = await ws(['automations', 'trigger', automationId, '--wait', '--profile', 'slowp', '--json', 'state']);
    expect(result.exitCode, result.stderr).toBe(143);
    expect(hintOf(result.stderr)).toBe(
      `wait again with \`ws automations wait ${automationRunId} --profile slowp --json state\`, or cancel it with \`ws automations cancel ${automationRunId} --profile slowp\``,
    );
  });

  it('watch prints itself to resume: it prints the run with its steps, as wait no longer does', async () => {
    serve('running', { trigger: false });
    const result = await ws(['automations', 'watch', automationRunId, '--profile', 'slowp', '--json']);
    expect(result.exitCode, result.stderr).toBe(143);
    expect(hintOf(result.stderr)).toBe(
      `wait again with \`ws automations watch ${automationRunId} --profile slowp --json\`, or cancel it with \`ws automations cancel ${automationRunId} --profile slowp\``,
    );
  });

  it.each([[['--json']], [['--json', 'state,id']], [['-o', 'yaml']], [['--jq', '.state']], [['-o', 'csv']]])(
    'trigger --wait and wait print the same with %j',
    async (extra) => {
      serve('completed');
      const triggered = await ws(['--profile', 'slowp', 'automations', 'trigger', automationId, '--wait', ...extra]);
      expect(triggered.exitCode, triggered.stderr).toBe(0);
      const waited = await ws(['--profile', 'slowp', 'automations', 'wait', automationRunId, ...extra]);
      expect(waited.exitCode, waited.stderr).toBe(0);
      expect(waited.stdout).toBe(triggered.stdout);
    },
  );

  it('wait --json prints the run: .state is its state', async () => {
    serve('completed', { trigger: false });
    const waited = await ws(['--profile', 'slowp', 'automations', 'wait', automationRunId, '--jq', '.state']);
    expect(waited.stdout).toBe('completed\n');
  });
});
