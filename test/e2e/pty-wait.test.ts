/**
 * `--wait` in a real terminal (a pty driven by util-linux `script`) of any size and TERM, and the signals
 * that stop a wait: Ctrl-C typed, SIGTERM, SIGHUP, a closed terminal. Against the in-process emulator.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, pollUntil, routes, spawnWs, startTestEmulator, waitForOutput, type TestEmulator } from '../helpers/emulator.js';
import { skipWithoutPty, lines, wsInPty, type PtyResult, type PtySession } from '../helpers/pty.js';

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A spinner frame starts with one of these. */
const frameStart = /^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] /;
/** The terminal may show a few KB while waiting a few seconds; a redraw loop shows megabytes. */
const maxBytes = 64 * 1024;

/** Runs take about a second here (300 ms a state). */
let quick: TestEmulator;
/** Runs stay PENDING for a minute here: for the signals. */
let stuck: TestEmulator;
/**
 * As stuck, each answer taking 200 ms: polls further apart than the spinner's ticks (ws polls a run every 40 ms
 * while the wait is young).
 */
let slowStuck: TestEmulator;

beforeAll(async () => {
  [quick, stuck, slowStuck] = await Promise.all([
    startTestEmulator({ stepMs: 300 }),
    startTestEmulator({ stepMs: 60_000 }),
    startTestEmulator({ stepMs: 60_000, latencyMs: 200 }),
  ]);
});
afterAll(async () => {
  await Promise.all([quick?.close(), stuck?.close(), slowStuck?.close()]);
});

/** The spinner's frames: what each redraw by ora (to column 1, the line cleared, then drawn) put on the line. */
function frames(output: string): string[] {
  return output
    .split(/\x1b\[1G(?:\x1b\[0K)?/)
    .map((part) => part.replace(/\x1b\[\?2026[hl][\s\S]*$/, ''))
    .filter((part) => frameStart.test(part));
}

/** The rows that end the output of `execute --wait --limit 3 -o csv`, whatever came before, and the note (stderr) that the result was cut. */
function expectRowsAtTheEnd(result: PtyResult): void {
  expect(lines(result.output)).toMatch(
    /day,orders,revenue\n2026-01-01,\d+,[\d.]+\n2026-01-02,\d+,[\d.]+\n2026-01-03,\d+,[\d.]+\nshowing 3 of 180 rows; every row: ws queries data daily_revenue --all -o csv\n$/,
  );
}

const execute = ['queries', 'execute', 'daily_revenue', '--wait', '--limit', '3', '-o', 'csv'];

describe.skipIf(skipWithoutPty)('--wait in a terminal of any size', () => {
  it('0 columns: plain state lines instead of a spinner, bounded output, the rows, exit 0', async () => {
    const result = await wsInPty(execute, { env: quick.env, columns: 0, maxBytes }).result;
    expect(result.exitCode, result.killed ?? result.output).toBe(0);
    expect(result.bytes).toBeLessThan(maxBytes);
    expect(lines(result.output)).toMatch(new RegExp(`^query run ${uuid}: PENDING$`, 'm'));
    expect(frames(result.output)).toEqual([]);
    expectRowsAtTheEnd(result);
  });

  it('20 columns: a spinner whose every frame fits in 19 columns, bounded output, the rows, exit 0', async () => {
    const result = await wsInPty(execute, { env: quick.env, columns: 20, maxBytes }).result;
    expect(result.exitCode, result.killed ?? result.output).toBe(0);
    expect(result.bytes).toBeLessThan(maxBytes);
    const shown = frames(result.output);
    expect(shown.length).toBeGreaterThan(0);
    for (const frame of shown) expect([...frame].length, frame).toBeLessThanOrEqual(19);
    expectRowsAtTheEnd(result);
  });

  it('TERM=dumb gets plain lines; without TERM the spinner runs; both end with the rows', async () => {
    const dumb = await wsInPty(execute, { env: quick.env, term: 'dumb', maxBytes }).result;
    expect(dumb.exitCode, dumb.killed ?? dumb.output).toBe(0);
    expect(frames(dumb.output)).toEqual([]);
    expect(lines(dumb.output)).toMatch(new RegExp(`^query run ${uuid}: PENDING$`, 'm'));
    expectRowsAtTheEnd(dumb);

    const unset = await wsInPty(execute, { env: quick.env, term: null, maxBytes }).result;
    expect(unset.exitCode, unset.killed ?? unset.output).toBe(0);
    expect(frames(unset.output).length).toBeGreaterThan(0);
    expectRowsAtTheEnd(unset);
  });

  it('a table in a terminal of 0 columns is laid out for 80 columns, not cut to nothing', async () => {
    const result = await wsInPty(['queries', 'list', '--limit', '3', '--sort', 'name', '--no-color'], { env: quick.env, columns: 0, maxBytes }).result;
    expect(result.exitCode, result.killed ?? result.output).toBe(0);
    expect(lines(result.output)).toMatch(/^ID +SLUG +NAME/m);
    expect(result.output).toMatch(/revenue_by_country +Revenue by country/);
    for (const line of lines(result.output).split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
  });

  it('1 column and 1 row: plain lines, bounded output, the rows, exit 0', async () => {
    const result = await wsInPty(execute, { env: quick.env, columns: 1, rows: 1, maxBytes }).result;
    expect(result.exitCode, result.killed ?? result.output).toBe(0);
    expect(result.bytes).toBeLessThan(maxBytes);
    expect(frames(result.output)).toEqual([]);
    expectRowsAtTheEnd(result);
  });
});

describe.skipIf(skipWithoutPty)('signals during --wait in a terminal', () => {
  /** Starts `execute --wait` on a run that stays PENDING; resolves once ws has polled it (the run id from the server's log). */
  async function waiting(columns: number, emulator = stuck) {
    await emulator.clearRequests();
    const session = wsInPty(['queries', 'execute', 'daily_revenue', '--wait'], { env: emulator.env, columns, maxBytes });
    const poll = new RegExp(`^/query-runs/(${uuid})$`);
    const runId = await pollUntil(async () => (await emulator.requests()).map((r) => r.path.match(poll)?.[1]).find(Boolean), 'the first poll');
    return { session, runId };
  }

  function expectResumeHint(output: string, runId: string, signal: string): void {
    const text = lines(output);
    expect(text).toContain(`error: stopped waiting for query run ${runId} (${signal}); it goes on\n`);
    expect(text).toContain(`hint: wait again with \`ws runs wait ${runId} --data\`\n`);
  }

  it('SIGTERM at 0 columns: exit 143, the run id and how to resume; the run goes on', async () => {
    const { session, runId } = await waiting(0);
    await session.signal('SIGTERM');
    const result = await session.result;
    expect(result.exitCode, result.killed ?? result.output).toBe(143);
    expectResumeHint(result.output, runId, 'SIGTERM');
    expect(result.bytes).toBeLessThan(maxBytes);
    expect((await stuck.api('GET', `/query-runs/${runId}`)).json.status).toBe('PENDING');
  });

  it('SIGHUP with a spinner: exit 129, the line cleared, the resume hint; the elapsed time ticks between polls', async () => {
    const { session, runId } = await waiting(100, slowStuck);
    // let the spinner tick for a while: at least two polls apart
    await pollUntil(async () => (await slowStuck.requests()).filter((r) => r.path === `/query-runs/${runId}`).length >= 3, 'three polls');
    await session.signal('SIGHUP');
    const result = await session.result;
    expect(result.exitCode, result.killed ?? result.output).toBe(129);
    expectResumeHint(result.output, runId, 'SIGHUP');
    const polls = (await slowStuck.requests()).filter((r) => r.path === `/query-runs/${runId}`).length;
    const elapsed = frames(result.output).map((frame) => frame.match(/^\S+ PENDING (\d+ms|[\d.]+s) {2}query run /)?.[1]);
    expect(new Set(elapsed).size).toBeGreaterThan(polls);
    // the spinner's line is cleared before the error is printed
    expect(result.output).toMatch(/\x1b\[1G\x1b\[0K(\x1b\[\?2026l)?error: stopped waiting/);
    expect(result.output).not.toContain('\x1b[?25l'); // the cursor is never hidden, so never left hidden
  });

  it.each([20, 40])('%i columns: every frame of the spinner says the state and time first, the run last, cut with …', async (columns) => {
    const { session, runId } = await waiting(columns);
    await session.waitFor(/PENDING \d/);
    session.type('\x03');
    const result = await session.result;
    // the terminal echoes the Ctrl-C typed after the frame it interrupted
    const shown = frames(result.output).map((frame) => frame.replace(/\^C$/, ''));
    expect(shown.length).toBeGreaterThan(0);
    for (const frame of shown) {
      // two columns stay free for the `^C` the terminal echoes (a wrapped line could not be erased)
      expect([...frame].length, frame).toBeLessThanOrEqual(columns - 2);
      expect(frame).toMatch(/^\S (waiting|PENDING) (\d+ms|[\d.]+s) {2}(\S.*)?…$/);
    }
    if (columns === 40) expect(shown.at(-1)).toContain(`query run ${runId.slice(0, 8)}`);
  });

  it('Ctrl-C typed in the terminal: exit 130 with the resume hint', async () => {
    const { session, runId } = await waiting(20);
    session.type('\x03');
    const result = await session.result;
    expect(result.exitCode, result.killed ?? result.output).toBe(130);
    expect(lines(result.output)).toContain(`error: stopped waiting for query run ${runId}; it goes on\n`);
    expect(lines(result.output)).toContain(`ws runs wait ${runId}`);
  });

  it('a closed terminal ends ws (it does not wait on alone)', async () => {
    const { session } = await waiting(0);
    await expectEndAfterClose(session);
  });

  it('a closed terminal ends ws even when no SIGHUP reaches it: the spinner cannot write, and the wait stops', async () => {
    await stuck.clearRequests();
    const session = wsInPty(['queries', 'execute', 'daily_revenue', '--wait'], { env: stuck.env, behindParent: true, maxBytes });
    await session.waitFor(/PENDING \d+(ms|\.\ds) {2}query run /);
    await expectEndAfterClose(session);
  });
});

/** Closes the terminal under ws and expects ws to end by itself (bounded); a failed test leaves nothing running. */
async function expectEndAfterClose(session: PtySession): Promise<void> {
  const pid = await session.pid;
  session.closeTerminal();
  await session.result;
  try {
    await pollUntil(async () => !alive(pid), `ws (pid ${pid}) to end after its terminal closed`, 10_000);
  } finally {
    if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
}

/** Whether the process still runs (a zombie waiting for its parent counts as ended). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

describe('SIGTERM during the other waits', () => {
  it('runs wait: exit 143 naming the run and the resume command', async () => {
    const started = await stuck.api('POST', `/queries/${demoIds.queries.dailyRevenue}/execute`, {});
    const runId = started.json.queryRunId as string;
    const child = spawnWs(['runs', 'wait', runId], stuck.env, { stderr: 'pipe' });
    await waitForOutput(child.stderr, new RegExp(`query run ${runId}: PENDING`));
    child.kill('SIGTERM');
    const result = await child;
    expect(result.exitCode).toBe(143);
    expect(result.stderr).toContain(`error: stopped waiting for query run ${runId} (SIGTERM); it goes on\nhint: wait again with \`ws runs wait ${runId}\`\n`);
  });

  it('automations trigger --wait: exit 143, the run goes on, resume and cancel named', async () => {
    await stuck.clearRequests();
    const child = spawnWs(['automations', 'trigger', demoIds.automations.morningReport, '--wait'], stuck.env);
    const runId = (await waitForOutput(child.stderr, new RegExp(`automation run (${uuid}): `)))[1]!;
    child.kill('SIGTERM');
    const result = await child;
    expect(result.exitCode).toBe(143);
    expect(result.stderr).toContain(`error: stopped waiting for automation run ${runId} (SIGTERM); it goes on\n`);
    expect(result.stderr).toContain(`wait again with \`ws automations wait ${runId}\`, or cancel it with \`ws automations cancel ${runId}\``);
    expect(routes(await stuck.requests()).filter((route) => route.endsWith('/cancel'))).toEqual([]);
  });

  it('automations wait with SIGHUP: ends by SIGHUP itself (status 129 to a shell), after naming the run', async () => {
    const started = await stuck.api('POST', `/automations/${demoIds.automations.morningReport}/runs`, {});
    const runId = started.json.id as string;
    const child = spawnWs(['automations', 'wait', runId], stuck.env);
    await waitForOutput(child.stderr, new RegExp(`automation run ${runId}: `));
    child.kill('SIGHUP');
    const result = await child;
    expect(result.signal).toBe('SIGHUP');
    expect(result.stderr).toContain(`error: stopped waiting for automation run ${runId} (SIGHUP); it goes on\n`);
  });
});
