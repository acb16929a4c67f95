/**
 * End to end: the live view of an automation run (`automations watch`, `automations trigger --wait`) and the
 * completion note of query runs, with bin/ws against the in-process emulator. The terminal cases run in a real
 * pseudo-terminal made by `script` (util-linux), sized with stty, never a mocked stream. The view off a terminal (one
 * line per change) is tested in-process in test/commands/automations/watch.test.ts and trigger.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { screenOf, wsInPty, type PtySession } from '../helpers/pty.js';
import { ws } from '../helpers/ws.js';

const nightly = demoIds.automations.nightlyExport;
const morning = demoIds.automations.morningReport;
const hide = '\u001b[?25l';
const show = '\u001b[?25h';

/** Runs move at 250 ms a state, so that a watch sees them go by. */
let emu: TestEmulator;

beforeAll(async () => {
  emu = await startTestEmulator({ stepMs: 250 });
});
afterAll(async () => {
  await emu?.close();
});

async function startRun(automation: string): Promise<string> {
  const started = await emu.api('POST', `/automations/${automation}/runs`, {});
  expect(started.status).toBe(202);
  return started.json.id as string;
}

/** bin/ws in a pseudo-terminal of `columns` x `rows` (0 for "unknown", as some CI terminals say); no PAGER. */
function inTerminal(args: string[], columns: number, rows = 24): PtySession {
  return wsInPty(args, { columns, rows, term: 'xterm', env: { PAGER: undefined, ...emu.env }, timeoutMs: 30_000 });
}

/** What the terminal showed when the run in it ended. */
async function screen(session: PtySession): Promise<{ exitCode: number; output: string }> {
  const { exitCode, output } = await session.result;
  return { exitCode, output: screenOf(output) };
}

/** A watch of a fresh run of the morning report in an 80-column terminal, once its first frame is drawn. */
async function watchingInTerminal(): Promise<{ id: string; session: PtySession }> {
  const id = await startRun(morning);
  const session = inTerminal(['automations', 'watch', id], 80);
  await session.waitFor(new RegExp(`automation run ${id}`), 15_000);
  return { id, session };
}

/** A row erased on the way up to a frame's first row. */
const eraseRow = '\u001b[1A\u001b[2K';

/** How many rows each redraw went up, erasing them, to reach the top of the frame before. */
function rowsErased(output: string): number[] {
  return [...output.matchAll(/(?:\u001b\[1A\u001b\[2K)+/g)].map((match) => match[0].length / eraseRow.length);
}

/** The text a person sees on one line: escape sequences and carriage returns removed. */
function visible(line: string): string {
  return line.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '').replace(/\r/g, '');
}

// a run takes a few seconds here, and the machine may be loaded: more than the default per test
describe('ws automations watch in a terminal', { timeout: 60_000 }, () => {
  it('at 0 columns (a width it cannot know): one plain line per change, nothing redrawn, bounded, ends with the failure', async () => {
    const id = await startRun(nightly);
    const { output } = await screen(inTerminal(['automations', 'watch', id], 0, 0));
    expect(output.length).toBeLessThan(64_000);
    expect(output).not.toContain(hide);
    expect(output).not.toMatch(/\u001b\[\d+A/);
    expect(visible(output)).toMatch(
      new RegExp(`^automation run ${id}: step 2/2 Churn report: failed \\(\\S+\\): Catalog Error: Table with name subscriptions`, 'm'),
    );
    expect(visible(output)).toMatch(
      new RegExp(`error: automation run ${id} failed: step 2 \\(Churn report\\) failed: .*\\nhint: see every step: ws automations get-run ${id}`),
    );
  });

  for (const columns of [20, 120]) {
    it(`at ${columns} columns: redrawn in place, no line wider than the terminal, bounded, cursor restored, ends with the failure`, async () => {
      const id = await startRun(nightly);
      const result = await screen(inTerminal(['automations', 'watch', id], columns, 24));
      const output = result.output;
      expect(result.exitCode, output).toBe(5);
      // bounded: a few seconds of 100 ms frames of three short lines, not a stream that grows with the width
      expect(output.length).toBeLessThan(64_000);
      expect(output.startsWith(hide) || output.includes(hide)).toBe(true);
      expect(output.lastIndexOf(show)).toBeGreaterThan(output.lastIndexOf(hide));
      // erased row by row, never cleared to the end of the screen (from the top row, tmux would keep each frame)
      expect(output).not.toMatch(/\u001b\[[0-2]?J/);
      // a redraw moves up over the lines it drew: never more than the screen holds (24 rows)
      const ups = rowsErased(output);
      expect(ups.length).toBeGreaterThan(1);
      expect(Math.max(...ups)).toBeLessThanOrEqual(23);
      const [frames, after] = [output.slice(0, output.lastIndexOf(show)), output.slice(output.lastIndexOf(show) + show.length)];
      const width = columns - 1;
      for (const line of frames.split('\n').map(visible)) expect(line.length, line).toBeLessThanOrEqual(width);
      const last = frames
        .slice(frames.lastIndexOf(eraseRow) + eraseRow.length)
        .split('\n')
        .map(visible);
      if (columns >= 120) {
        expect(last[0]).toMatch(new RegExp(`^✗ failed  \\S+  automation run ${id}$`));
        expect(last[1]).toMatch(/^ {2}✓ {2}1\. completed +\S+ {2}Top customers$/);
        expect(last[2]).toMatch(/^ {2}✗ {2}2\. failed +\S+ {2}Churn report: Catalog Error: Table with name subscriptions/);
      } else expect(last[0]).toMatch(/^✗ fa/);
      expect(visible(after).trimEnd().split('\n')).toEqual([
        expect.stringMatching(new RegExp(`^error: automation run ${id} failed: step 2 \\(Churn report\\) failed: .*subscriptions does not exist`)),
        `hint: see every step: ws automations get-run ${id}`,
      ]);
    });
  }

  it('in a terminal of 3 rows, every frame keeps to 2 lines, so each redraw reaches its top', async () => {
    const id = await startRun(nightly);
    const { output } = await screen(inTerminal(['automations', 'watch', id], 120, 3));
    const ups = rowsErased(output);
    expect(ups.length).toBeGreaterThan(1);
    expect(Math.max(...ups)).toBeLessThanOrEqual(2);
    expect(visible(output)).toContain('Churn report: Catalog Error');
  });

  it('shows a spinner and a ticking time for the running step', async () => {
    const id = await startRun(morning);
    const { output } = await screen(inTerminal(['automations', 'watch', id], 100));
    const running = output
      .split('\n')
      .map(visible)
      .filter((line) => / \d\. running /.test(line));
    expect(running.length).toBeGreaterThan(1);
    // braille spinner frames change between redraws
    expect(new Set(running.map((line) => line.trim()[0])).size).toBeGreaterThan(1);
  });

  it('Ctrl-C stops watching with exit 130, restores the cursor and names the run to resume', async () => {
    const { id, session } = await watchingInTerminal();
    session.type('\u0003');
    const result = await screen(session);
    const output = result.output;
    expect(result.exitCode, output).toBe(130);
    expect(output.lastIndexOf(show)).toBeGreaterThan(output.lastIndexOf(hide));
    expect(visible(output)).toContain(`error: stopped waiting for automation run ${id}; it goes on`);
  });

  it('trigger --wait --cancel-on-interrupt: Ctrl-C restores the cursor, says it is cancelling, and cancels', async () => {
    const session = inTerminal(['automations', 'trigger', morning, '--wait', '--cancel-on-interrupt', '--no-prompt'], 80);
    const id = (await session.waitFor(/automation run ([0-9a-f-]{36})/, 15_000))[1]!;
    session.type('\u0003');
    const { output } = await screen(session);
    expect(output.lastIndexOf(show)).toBeGreaterThan(output.lastIndexOf(hide));
    const after = visible(output.slice(output.lastIndexOf(show)));
    expect(after).toContain(`Cancelling automation run ${id}… (press Ctrl-C again to leave it running)`);
    expect(after).toContain(`error: stopped waiting for automation run ${id}; it was cancelled`);
    expect((await emu.api('GET', `/automation-runs/${id}`)).json.run.state).toBe('cancelled');
  });

  it('trigger --wait --cancel-on-interrupt: SIGTERM (a CI runner) erases the frame, says it is cancelling, and cancels; exit 143', async () => {
    const session = inTerminal(['automations', 'trigger', morning, '--wait', '--cancel-on-interrupt', '--no-prompt'], 80);
    const id = (await session.waitFor(/automation run ([0-9a-f-]{36})/, 15_000))[1]!;
    await session.signal('SIGTERM');
    const result = await screen(session);
    expect(result.exitCode, result.output).toBe(143);
    const after = visible(result.output.slice(result.output.lastIndexOf(show)));
    expect(after).toContain(`Cancelling automation run ${id}…`);
    expect(after).toContain(`error: stopped waiting for automation run ${id} (SIGTERM); it was cancelled`);
    expect((await emu.api('GET', `/automation-runs/${id}`)).json.run.state).toBe('cancelled');
  });

  it('SIGTERM restores the cursor before the process ends', async () => {
    const { session } = await watchingInTerminal();
    // the pid wsInPty reports is ws's own: the shell in the terminal execs it
    await session.signal('SIGTERM');
    const { output } = await screen(session);
    expect(output.lastIndexOf(show)).toBeGreaterThan(output.lastIndexOf(hide));
  });
});

describe('completion note of a query run', { timeout: 60_000 }, () => {
  it('queries execute --wait: rows on stdout; row count and execution time on stderr', async () => {
    const result = await ws(['queries', 'execute', 'top_customers', '--wait', '-o', 'csv'], emu.env, { timeout: 30_000 });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(26);
    expect(result.stderr).toMatch(/^query run [0-9a-f-]{36}: COMPLETED, 25 rows in \d+(ms|\.\ds)$/m);
  });

  it('runs wait: the same note; --quiet leaves it out', async () => {
    const started = await emu.api('POST', `/queries/${demoIds.queries.topCustomers}/execute`, {});
    const id = started.json.queryRunId as string;
    const result = await ws(['runs', 'wait', id], emu.env, { timeout: 30_000 });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('status:\tCOMPLETED\n');
    expect(result.stderr).toMatch(new RegExp(`^query run ${id}: COMPLETED, 25 rows in \\d+`, 'm'));
    // off a terminal, --json leaves the note out as --quiet does
    const json = await ws(['runs', 'wait', id, '--json', 'status'], emu.env);
    expect(JSON.parse(json.stdout)).toEqual({ status: 'COMPLETED' });
    expect(json.stderr).toBe('');
    const quiet = await ws(['runs', 'wait', id, '--quiet'], emu.env);
    expect(quiet.exitCode).toBe(0);
    expect(quiet.stderr).toBe('');
  });
});
