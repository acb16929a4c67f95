/**
 * What a script reads from ws (issue 20, items 3 to 6), in-process against the emulator: with a machine format and
 * stderr not a terminal, stderr is one JSON object on failure (code, hint, the ids it is about) and nothing on
 * success, for every waiting command (queries and automations alike: by theme) and every way a wait ends badly.
 * Signals sent for real and a real terminal: test/e2e/script-errors.test.ts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiServer } from '../helpers/api-server.js';
import { emulatorServer, runWs } from '../helpers/command.js';
import { demoIds, pollUntil } from '../helpers/emulator.js';
import { errorObject, expectFailure } from '../helpers/json-error.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const unknownRun = '10000000-0000-4000-8000-0000000000aa';

/** Runs end in milliseconds here. */
const { emu: quick, ws } = emulatorServer();
/** Runs stay pending for a minute here: for timeouts and cancels. */
const { emu: stuck, ws: stuckWs } = emulatorServer({ stepMs: 60_000 });
/** A port where nothing listens. */
let closedPort: number;

beforeAll(async () => {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closedPort = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The five commands that wait, given the run (or what starts one) they wait for. */
const waits = {
  queryRun: (runId: string) => [
    ['runs', 'wait', runId],
    ['runs', 'wait', runId, '--data'],
  ],
  automationRun: (runId: string) => [
    ['automations', 'wait', runId],
    ['automations', 'watch', runId],
  ],
};

describe('a machine format off a terminal: stderr is one JSON object on failure, nothing on success', () => {
  it('a FAILED query run: run_failed with queryId and queryRunId, in json, ndjson and --jq; the same from runs wait', async () => {
    const failed: string[] = [];
    for (const format of [['--json'], ['-o', 'ndjson'], ['--jq', '.status']]) {
      const result = await ws(['queries', 'execute', 'churn_report', '--wait', ...format]);
      const error = expectFailure(result, 5, { code: 'run_failed', queryId: demoIds.queries.brokenReport });
      expect(error.queryRunId).toMatch(uuid);
      expect(error.hint).toBe(`see its history: ws runs get ${error.queryRunId}`);
      expect(result.stdout).toBe('');
      failed.push(error.queryRunId as string);
    }
    // the ids are the run's: the server says that run failed
    for (const runId of failed) expect((await quick.api('GET', `/query-runs/${runId}`)).json.status).toBe('FAILED');
    for (const args of waits.queryRun(failed[0]!)) {
      expectFailure(await ws([...args, '--json']), 5, { code: 'run_failed', queryRunId: failed[0] });
    }
  });

  it('a failed automation run: run_failed with automationId and automationRunId, from trigger --wait, wait and watch', async () => {
    const result = await ws(['automations', 'trigger', 'Nightly churn export', '--wait', '--json']);
    const error = expectFailure(result, 5, { code: 'run_failed', automationId: demoIds.automations.nightlyExport });
    expect(error.automationRunId).toMatch(uuid);
    expect(error.message).toMatch(/failed: step 2 \(.*\) failed: /);
    expect((await quick.api('GET', `/automation-runs/${error.automationRunId}`)).json.run.state).toBe('failed');
    for (const args of waits.automationRun(error.automationRunId as string)) {
      expectFailure(await ws([...args, '-o', 'ndjson']), 5, { code: 'run_failed', automationRunId: error.automationRunId });
    }
  });

  it('a cancelled automation run: run_cancelled, from trigger --wait (cancelled while it waits), wait and watch', async () => {
    await stuck.clearRequests();
    const child = stuckWs(['automations', 'trigger', demoIds.automations.morningReport, '--wait', '--json']);
    const started = await pollUntil(
      async () => (await stuck.requests()).find((r) => r.method === 'GET' && /^\/automation-runs\/[^/]+$/.test(r.path)),
      'the wait polls the run',
    );
    const runId = started.path.split('/')[2]!;
    expect((await stuck.api('POST', `/automation-runs/${runId}/cancel`)).status).toBeLessThan(300);
    const result = await child;
    expectFailure(result, 5, { code: 'run_cancelled', automationRunId: runId, automationId: demoIds.automations.morningReport });
    for (const args of waits.automationRun(runId)) expectFailure(await stuckWs([...args, '--json']), 5, { code: 'run_cancelled', automationRunId: runId });
  });

  it('a cancelled query run: run_cancelled from queries execute --wait and runs wait (a stub server says CANCELLED)', async () => {
    const query = (await quick.api('GET', `/queries/${demoIds.queries.dailyRevenue}`)).json;
    const runId = '3f6c0000-0000-4000-8000-00000000c0c0';
    const status = {
      queryRunId: runId,
      status: 'CANCELLED',
      message: 'cancelled by an admin',
      userAgent: 'cli',
      createdAt: '2026-11-20T09:00:00.000Z',
      history: [],
    };
    const api = await new ApiServer()
      .on('GET', `/queries/${query.id}`, { body: query })
      .on('POST', `/queries/${query.id}/execute`, { body: { queryId: query.id, queryRunId: runId, status: 'PENDING', queryName: query.name } })
      .on('GET', `/query-runs/${runId}`, { body: status })
      .start();
    try {
      const env = { WS_BASE_URL: api.baseUrl, WS_API_KEY: 'wsk_stub' };
      expectFailure(await runWs(['queries', 'execute', query.id, '--wait', '--json'], env), 5, { code: 'run_cancelled', queryId: query.id, queryRunId: runId });
      for (const args of waits.queryRun(runId)) expectFailure(await runWs([...args, '--json'], env), 5, { code: 'run_cancelled', queryRunId: runId });
      expect(api.unmatched).toEqual([]);
    } finally {
      await api.stop();
    }
  });

  it('--timeout: timeout (exit 6) with the ids of what goes on, from every waiting command', async () => {
    const execute = expectFailure(await stuckWs(['queries', 'execute', 'daily_revenue', '--wait', '--timeout', '300ms', '--json']), 6, {
      code: 'timeout',
      queryId: demoIds.queries.dailyRevenue,
    });
    const queryRunId = execute.queryRunId as string;
    expect(queryRunId).toMatch(uuid);
    // the wait to paste prints what this one would have: the rows, in JSON
    expect(execute.hint).toBe(`wait again with \`ws runs wait ${queryRunId} --data --json\``);
    const trigger = expectFailure(await stuckWs(['automations', 'trigger', 'Morning revenue report', '--wait', '--timeout', '300ms', '--json']), 6, {
      code: 'timeout',
      automationId: demoIds.automations.morningReport,
    });
    const automationRunId = trigger.automationRunId as string;
    expect(automationRunId).toMatch(uuid);
    // the waits for those two runs, side by side
    const waited = [...waits.queryRun(queryRunId), ...waits.automationRun(automationRunId)];
    const results = await Promise.all(waited.map((args) => stuckWs([...args, '--timeout', '300ms', '--json'])));
    results.forEach((result, index) => {
      expectFailure(result, 6, index < 2 ? { code: 'timeout', queryRunId } : { code: 'timeout', automationRunId });
    });
  });

  // this test and the connection refused one wait seconds each (a wait rides out what may pass): side by side
  it.concurrent('not found: not_found (exit 4), with the id that matched nothing', async () => {
    expectFailure(await ws(['queries', 'execute', 'no_such_query', '--wait', '--json']), 4, { code: 'not_found' });
    expectFailure(await ws(['automations', 'trigger', 'No such automation', '--wait', '--json']), 4, { code: 'not_found' });
    // a wait rides out a 404 for a few seconds (a new run may not be visible yet): these three in parallel
    const [queryRun, automationRun, watched] = await Promise.all([
      ws(['runs', 'wait', unknownRun, '--json']),
      ws(['automations', 'wait', unknownRun, '--json']),
      ws(['automations', 'watch', unknownRun, '--json']),
    ]);
    expectFailure(queryRun, 4, { code: 'not_found', status: 404, queryRunId: unknownRun });
    expectFailure(automationRun, 4, { code: 'not_found', status: 404, automationRunId: unknownRun });
    expectFailure(watched, 4, { code: 'not_found', status: 404, automationRunId: unknownRun });
  });

  it.concurrent('the connection refused: connection_refused (exit 1) from every waiting command', async () => {
    // one try a request (the transport's own retries are test/unit/http.test.ts's): the wait's riding out is what takes time
    const env = { WS_BASE_URL: `http://127.0.0.1:${closedPort}/public/v3`, WS_API_KEY: 'wsk_nobody_listens', WS_MAX_ATTEMPTS: '1' };
    const commands = [
      ['queries', 'execute', 'daily_revenue', '--wait'],
      ['automations', 'trigger', 'Morning revenue report', '--wait'],
      ...waits.queryRun(unknownRun),
      ...waits.automationRun(unknownRun),
    ];
    // a wait rides out network errors for a while before it gives up: all at once
    const results = await Promise.all(commands.map((args) => runWs([...args, '--json'], env)));
    results.forEach((result, index) => {
      const error = expectFailure(result, 1, { code: 'connection_refused' });
      expect(error.hint, commands[index]!.join(' ')).toMatch(/^nothing is listening there/);
    });
    expect(errorObject(results[2]!).queryRunId).toBe(unknownRun);
    expect(errorObject(results[4]!).automationRunId).toBe(unknownRun);
  });

  it('no API key: no_api_key (exit 3) from every waiting command, and no request', async () => {
    await quick.clearRequests();
    const env = { WS_BASE_URL: quick.baseUrl };
    const commands = [
      ['queries', 'execute', 'daily_revenue', '--wait'],
      ['automations', 'trigger', 'Morning revenue report', '--wait'],
      ...waits.queryRun(unknownRun),
      ...waits.automationRun(unknownRun),
    ];
    for (const args of commands) {
      const error = expectFailure(await runWs([...args, '--json'], env), 3, { code: 'no_api_key' });
      expect(error.hint).toBe('run `ws auth login`, or set WS_API_KEY');
    }
    expect(await quick.requests()).toEqual([]);
  });

  it('success: stderr stays empty with --json, -o ndjson and --jq; without them the same commands write progress and notes', async () => {
    const quiet = async (args: string[]) => {
      const result = await ws(args);
      expect({ command: args.join(' '), exitCode: result.exitCode, stderr: result.stderr }).toEqual({ command: args.join(' '), exitCode: 0, stderr: '' });
      expect(result.stdout).not.toBe('');
      return result.stdout;
    };
    for (const format of [['--json'], ['-o', 'ndjson'], ['--jq', '.']]) {
      const automationRunId = JSON.parse(await quiet(['automations', 'trigger', 'Morning revenue report', '--wait', ...format])).id as string;
      for (const args of waits.automationRun(automationRunId)) await quiet([...args, ...format]);
      // runs wait --data reads the rows of the run it waits for: before any other run of the query completes
      const queryRunId = JSON.parse(await quiet(['queries', 'execute', 'daily_revenue', '--wait', '--no-data', ...format])).queryRunId as string;
      for (const args of waits.queryRun(queryRunId)) await quiet([...args, ...format]);
      await quiet(['queries', 'execute', 'daily_revenue', '--wait', ...format]);
      await quiet(['queries', 'execute', 'daily_revenue', ...format]);
    }
    // the control: a table off a terminal still gets the notes
    expect((await ws(['queries', 'execute', 'daily_revenue', '--wait'])).stderr).toMatch(/^query run [0-9a-f-]+: COMPLETED, \d+ rows? in /m);
    expect((await ws(['queries', 'execute', 'daily_revenue'])).stderr).toMatch(/^Started run [0-9a-f-]+ of daily_revenue\./m);
  });
});

describe('--input values', () => {
  it('a name given twice is exit 2 naming both values, and nothing reaches the server', async () => {
    await quick.clearRequests();
    const input = await ws(['automations', 'trigger', 'Morning revenue report', '--input', 'day=1', '--input', 'day=2', '--json']);
    expectFailure(input, 2, { code: 'usage', message: 'invalid --input "day=2": day is given twice (day=1 before it)' });
    expect(await quick.requests()).toEqual([]);
  });
});
