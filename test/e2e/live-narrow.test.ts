/**
 * The automation live view as a person sees it in tmux: at 20, 40 and 80 columns state and time come first and
 * each step keeps its name (cut with `…`, never silently); Ctrl-C leaves no frame above the error; a terminal
 * narrowed while the run goes on keeps one frame, no stale line. The query spinner too leaves no line after Ctrl-C
 * where it fills the terminal's width (the terminal echoes `^C` after it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { skipWithoutTmux, startTmux, type TmuxSession } from '../helpers/tmux.js';

let emu: TestEmulator;
const steps = ['Daily revenue', 'Revenue by country'];
// --no-prompt: the morning report declares inputs, which a terminal would be asked for
const trigger = `ws automations trigger ${demoIds.automations.morningReport} --wait --no-prompt > /dev/null`;
/** A line of a frame: its icon, a state and (for the run, and a step that started) the time. */
const frameLine = /^\S (waiting|pending|running|completed|failed) +(\d+ms|[\d.]+s)/;

beforeAll(async () => {
  // slow steps: the run is on the screen for a few seconds
  emu = await startTestEmulator({ stepMs: 1500 });
});
afterAll(async () => {
  await emu?.close();
});

/** A shell in tmux at `columns` x `rows`, on the emulator, for `body`; closed after it, whatever happens. */
async function inTmux(columns: number, rows: number, body: (terminal: TmuxSession & { run(line: string): Promise<void> }) => Promise<void>): Promise<void> {
  const terminal = await startTmux(columns, rows, emu.env);
  try {
    await body(terminal);
  } finally {
    terminal.close();
  }
}

/** The run's time in a frame cut to 30 columns, once it shows another than `shown`: a redraw happened. */
async function frameTime(terminal: TmuxSession, shown?: string): Promise<string> {
  const head = /^\S \S+ +(\S+) +autom.*…$/m;
  const screen = await terminal.waitFor(
    new RegExp(`^\\S \\S+ +(?!${(shown ?? '-').replace(/\./g, '\\.')}\\s)\\S+ +autom.*…$`, 'm'),
    shown ? `a frame later than ${shown}` : 'a frame cut to 30 columns',
  );
  return screen.join('\n').match(head)![1]!;
}

describe.skipIf(skipWithoutTmux)('the live view in tmux', () => {
  it.each([20, 40, 80])(
    'at %i columns: state and time first, every step named, every cut ending in …; Ctrl-C leaves no frame',
    async (columns) => {
      await inTmux(columns, 20, async (terminal) => {
        await terminal.run(trigger);
        const screen = (await terminal.waitFor(/running/, 'a running step')).filter(Boolean);
        expect(screen[0], screen.join('\n')).toMatch(/^\S (waiting|pending|running) +(\d+ms|[\d.]+s) +(a|…)/);
        // the run's id is cut, and says so
        if (columns < 60) expect(screen[0]).toMatch(/…$/);
        for (const [at, name] of steps.entries()) {
          // the frame: the run's line, then one line a step
          const line = screen[at + 1]!;
          expect(screen, screen.join('\n')).toHaveLength(3);
          expect([...line].length).toBeLessThan(columns);
          const shown = line.replace(/^\s*\S\s+(\d+\. )?(pending|running|completed) +((\d+ms|[\d.]+s|-) +)?/, '');
          expect(shown === name || (shown.length > 1 && shown.endsWith('…') && name.startsWith(shown.slice(0, -1))), `step ${at + 1}: "${line}"`).toBe(true);
        }
        await terminal.keys('C-c');
        const after = await terminal.waitFor(/error: stopped/, 'the error after Ctrl-C');
        expect(
          after.filter((line) => frameLine.test(line.trim()) || steps.some((name) => line.includes(name.slice(0, 6)))),
          after.join('\n'),
        ).toEqual([]);
      });
    },
    60_000,
  );

  it('a terminal narrowed from 80 to 30 columns mid-run shows one frame: no stale line of the wider one', async () => {
    await inTmux(80, 20, async (terminal) => {
      await terminal.run(trigger);
      await terminal.waitFor(/Revenue by country/, 'the frame at 80 columns');
      await terminal.resize(30);
      // a few redraws at the new width
      await terminal.waitFor(/^\S \S+ +\S+ +autom.*…$/m, 'a frame cut to 30 columns');
      await new Promise((resolve) => setTimeout(resolve, 500));
      const screen = (await terminal.screen()).filter(Boolean);
      expect(
        screen.filter((line) => /autom/.test(line)),
        screen.join('\n'),
      ).toHaveLength(1);
      for (const name of steps)
        expect(
          screen.filter((line) => line.includes(name.slice(0, 5))),
          screen.join('\n'),
        ).toHaveLength(1);
      expect(screen, screen.join('\n')).toHaveLength(3);
      await terminal.keys('C-c');
      await terminal.waitFor(/error: stopped/, 'the error after Ctrl-C');
    });
  }, 60_000);

  it('at 120x40 after `clear` (the frame on the top row), the redraws leave the scrollback as it was', async () => {
    await inTmux(120, 40, async (terminal) => {
      await terminal.run(`${trigger}; echo "exit $?"`);
      await terminal.waitFor(/running/, 'a running step');
      const before = await terminal.historySize();
      await terminal.waitFor(/^exit 0$/m, 'the end of the run', 30_000);
      const all = (await terminal.scrollback()).filter(Boolean);
      // a frame redrawn every 100 ms for seconds: each redraw replaced the last, none went to the scrollback
      expect(await terminal.historySize(), all.join('\n')).toBe(before);
      expect(
        all.filter((line) => /automation run/.test(line)),
        all.join('\n'),
      ).toHaveLength(1);
    });
  }, 60_000);

  it('narrowed from 120 to 30 columns with the command on the row above the frame: what was above stays in the scrollback, redraws add nothing to it', async () => {
    await inTmux(120, 40, async (terminal) => {
      await terminal.keys('clear; echo above-one; echo above-two', true);
      await terminal.keys('Enter');
      await terminal.waitFor(/^above-two\n\$/m, 'the lines above');
      await terminal.keys(trigger, true);
      await terminal.keys('Enter');
      await terminal.waitFor(/Revenue by country/, 'the frame at 120 columns');
      await terminal.resize(30);
      const first = await frameTime(terminal);
      const history = await terminal.historySize();
      // two redraws later (the run's time has moved on twice), the scrollback has not grown
      await frameTime(terminal, await frameTime(terminal, first));
      const all = (await terminal.scrollback()).filter(Boolean);
      expect(await terminal.historySize(), all.join('\n')).toBe(history);
      for (const line of ['above-one', 'above-two', `$ ${trigger}`])
        expect(
          all.filter((shown) => shown === line),
          all.join('\n'),
        ).toHaveLength(1);
      // the screen holds one frame of 30 columns
      const screen = (await terminal.screen()).filter(Boolean);
      expect(
        screen.filter((line) => /autom/.test(line)),
        screen.join('\n'),
      ).toHaveLength(1);
      await terminal.keys('C-c');
      await terminal.waitFor(/error: stopped/, 'the error after Ctrl-C');
    });
  }, 60_000);

  it('a spinner narrowed from 120 to 25 columns, then Ctrl-C: no row of its wider line stays above the error', async () => {
    await inTmux(120, 12, async (terminal) => {
      await terminal.run('echo one; echo two; echo three; ws queries execute daily_revenue --wait > /dev/null');
      await terminal.waitFor(/^\S (waiting|PENDING|SUBMITTED|RUNNING) .*query run [0-9a-f-]{36}$/m, 'the spinner at 120 columns');
      await terminal.resize(25);
      // redrawn at the new width: a line that fits in 25 columns, cut with …
      await terminal.waitFor(/^\S (waiting|PENDING|SUBMITTED|RUNNING) \S+ .{0,12}…$/m, 'the spinner at 25 columns');
      await terminal.keys('C-c');
      await terminal.waitFor(/error: stopped/, 'the error after Ctrl-C');
      const all = (await terminal.scrollback()).filter(Boolean);
      expect(
        all.filter((line) => /^\S (waiting|PENDING|SUBMITTED|RUNNING) /.test(line) || /^ ?[0-9a-f]{4,}-[0-9a-f-]*$/.test(line)),
        all.join('\n'),
      ).toEqual([]);
      expect(all.slice(0, 3)).toEqual(['one', 'two', 'three']);
      expect(all[3]).toMatch(/^error: stopped waiting for query run /);
    });
  }, 60_000);

  it.each([20, 40, 60])(
    'at %i columns, Ctrl-C leaves no spinner line of a query run above the error',
    async (columns) => {
      await inTmux(columns, 12, async (terminal) => {
        await terminal.run('ws queries execute daily_revenue --wait > /dev/null');
        await terminal.waitFor(/^\S (waiting|PENDING|SUBMITTED|RUNNING) /m, 'the spinner');
        await terminal.keys('C-c');
        const after = await terminal.waitFor(/error: stopped/, 'the error after Ctrl-C');
        expect(
          after.filter((line) => /^\S (waiting|PENDING|SUBMITTED|RUNNING) /.test(line) || /query run [0-9a-f]{4}.*…/.test(line)),
          after.join('\n'),
        ).toEqual([]);
      });
    },
    60_000,
  );
});
