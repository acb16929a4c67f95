/**
 * What a script reads from ws (issue 20, items 3 to 6), where a real process is needed: a wait ended by a signal
 * sent for real is one JSON object on stderr naming the run, and a person watching a terminal still sees the wait.
 * Every other way a wait ends, in-process: test/commands/json-errors.test.ts; csv line ends and --param values
 * by type: test/commands/queries/data.test.ts and execute.test.ts.
 */
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollUntil, spawnWs, startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { expectFailure } from '../helpers/json-error.js';
import { lines, skipWithoutPty, wsInPty } from '../helpers/pty.js';
import { type WsResult, wsCommand } from '../helpers/ws.js';

/** Runs stay pending for a minute here: for signals and the spinner. */
let stuck: TestEmulator;

beforeAll(async () => {
  stuck = await startTestEmulator({ stepMs: 60_000 });
});
afterAll(async () => {
  await stuck?.close();
});

describe('a machine format off a terminal: stderr is one JSON object when a signal ends the wait', () => {
  describe.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s while waiting', (signal, exitCode) => {
    it.each([
      [['queries', 'execute', 'daily_revenue', '--wait'], /^\/query-runs\/[^/]+$/, 'queryRunId'],
      [['automations', 'trigger', 'Morning revenue report', '--wait'], /^\/automation-runs\/[^/]+$/, 'automationRunId'],
    ])(`%j: interrupted (exit ${exitCode}), naming the run`, async (args, polled, idField) => {
      await stuck.clearRequests();
      const child = spawnWs([...args, '--json'], stuck.env);
      const poll = await pollUntil(async () => (await stuck.requests()).find((r) => r.method === 'GET' && polled.test(r.path)), 'the wait polls the run');
      const runId = poll.path.split('/')[2]!;
      child.kill(signal);
      const result = (await child) as unknown as WsResult;
      const error = expectFailure(result, exitCode, { code: 'interrupted', [idField]: runId });
      expect(error.hint).toMatch(/^wait again with `ws (runs|automations) wait /);
      // the waits on a known run stop the same way
      await stuck.clearRequests();
      const again = spawnWs([...(idField === 'queryRunId' ? ['runs', 'wait', runId] : ['automations', 'watch', runId]), '-o', 'ndjson'], stuck.env);
      await pollUntil(async () => (await stuck.requests()).some((r) => r.method === 'GET' && r.path === poll.path), 'the second wait polls');
      again.kill(signal);
      expectFailure((await again) as unknown as WsResult, exitCode, { code: 'interrupted', [idField]: runId });
    });
  });
});

describe.skipIf(skipWithoutPty)('a machine format where stderr is a terminal: the person watching still sees the wait', () => {
  const args = ['queries', 'execute', 'daily_revenue', '--wait', '--timeout', '1s', '--json'];

  it('80 columns: the spinner runs, and the error is text for the person', async () => {
    const result = await wsInPty(args, { env: stuck.env, columns: 80, maxBytes: 64 * 1024 }).result;
    expect(result.exitCode, result.killed ?? result.output).toBe(6);
    expect(result.output).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] PENDING [0-9.]+m?s {2}query run [0-9a-f-]+/);
    // ora erases its line in place (CSI 1G, CSI 0K): the error starts where the spinner was
    expect(lines(result.output)).toMatch(/(^|\x1b\[0K)error: gave up waiting for query run /m);
  });

  it('a terminal nobody watches (CI set, 0 columns): one line per state', async () => {
    const result = await wsInPty(args, { env: { ...stuck.env, CI: 'true' }, columns: 0, maxBytes: 64 * 1024 }).result;
    expect(result.exitCode, result.killed ?? result.output).toBe(6);
    expect(lines(result.output)).toMatch(/^query run [0-9a-f-]+: PENDING$/m);
  });
});

describe('a reader gone before ws writes', () => {
  it('ws --version into a pipe whose reader has ended: quiet, exit 0 (a stack trace and exit 1 before)', async () => {
    const [command, args] = wsCommand(['--version']);
    // the reader (`true`) has ended before ws starts: its one write fails with EPIPE
    const result = await execa('sh', ['-c', '{ sleep 0.3; "$@"; echo "exit $?" >&2; } | true', 'sh', command, ...args], {
      reject: false,
      timeout: 20_000,
    });
    expect(result.stderr).toBe('exit 0');
  });
});
