/**
 * What a person sees in a terminal, measured by a terminal: tables with emoji, CJK, combining marks and a
 * zero-width space aligned where tmux puts their columns (not where ws's own width function says); a 30-column
 * result and a 240-character slug at 120 columns; TERM=dumb without an escape; colour as `ws help environment`
 * says; help wrapped to 20 and 40 columns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { lines, screenOf, wsInPty } from '../helpers/pty.js';
import { inTerminal } from '../helpers/terminal.js';
import { skipWithoutTmux, terminalWidths } from '../helpers/tmux.js';
import { tempConfigDir, ws } from '../helpers/ws.js';

let emu: TestEmulator;
let env: Record<string, string>;

/**
 * Names that terminals and a code-point count disagree on. 👍🏽 (a skin tone) and ⚠️ (a variation selector) are
 * left out: tmux 3.3 draws them 4 and 1 columns wide where string-width (and most terminals) say 2.
 */
const names = ['☕ Coffee sales', '👨‍👩‍👧 Family plans', '売上データ 月次', 'Cafe\u0301 noe\u0308l', 'zero\u200bwidth space'];

async function createQuery(name: string, sql: string): Promise<string> {
  const created = await emu.api('POST', '/queries', { name, sql });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return created.json.slug as string;
}

beforeAll(async () => {
  emu = await startTestEmulator();
  env = { ...emu.env, WS_CONFIG_DIR: tempConfigDir(), NO_COLOR: '1' };
  for (const name of names) await createQuery(name, 'SELECT 1 AS n');
}, 30_000);

afterAll(async () => {
  await emu?.close();
});

/** The table's lines: the screen less the hints on stderr. */
function tableLines(screen: string): string[] {
  return screen.split('\n').filter((line) => line !== '' && !/^(left out to fit|\d+ (columns? )?left out|showing \d)/.test(line));
}

/** Where each cell of a line starts, as string offsets: after every run of two blanks or more. */
function cellStarts(line: string): number[] {
  return [0, ...[...line.matchAll(/ {2,}(?=\S)/g)].map((match) => match.index + match[0].length)];
}

/**
 * Every left-aligned column starts at the same terminal column in every row as under its header (the terminal
 * measures each row's text up to the cell), and no line is wider than the terminal.
 */
async function expectAligned(table: string[], room: number, from = 0): Promise<void> {
  const starts = table.map(cellStarts);
  const prefixes = table.flatMap((line, row) => [line, ...starts[row]!.map((start) => line.slice(0, start))]);
  const measured = await terminalWidths(prefixes);
  let at = 0;
  const columns = table.map((_line, row) => {
    const [whole, ...cells] = measured.slice(at, at + 1 + starts[row]!.length);
    at += 1 + starts[row]!.length;
    expect(whole, `wider than ${room} columns: "${table[row]}"`).toBeLessThanOrEqual(room);
    return cells;
  });
  for (const [row, cells] of columns.entries()) {
    expect(cells.length, `cells of "${table[row]}"`).toBe(columns[0]!.length);
    expect(cells.slice(from), `"${table[row]}" under "${table[0]}"`).toEqual(columns[0]!.slice(from));
  }
}

describe.skipIf(skipWithoutTmux)('tables aligned as the terminal draws them', () => {
  it.each([0, 20, 40, 80, 120])(
    'queries list at %i columns: every column starts where its header does',
    async (columns) => {
      const run = await inTerminal(['queries', 'list'], { columns, env });
      expect(run.exitCode, run.screen).toBe(0);
      const table = tableLines(run.screen);
      expect(table.length).toBe(6 + names.length);
      if (columns >= 80) for (const name of names) expect(run.screen).toContain(name);
      await expectAligned(table, columns || 80);
    },
    60_000,
  );

  it.each([20, 40, 80])(
    'a result whose cells hold emoji, CJK, marks and a zero-width space, at %i columns',
    async (columns) => {
      const slug = await createQuery(
        `cells ${columns}`,
        names.map((name, at) => `SELECT ${at * 7} AS n, '${name}' AS drink, 'end' AS tail`).join(' UNION ALL '),
      );
      const run = await inTerminal(['queries', 'execute', slug, '--wait'], { columns, env, redirect: '2>/dev/null' });
      expect(run.exitCode, run.screen).toBe(0);
      const table = tableLines(run.screen).filter((line) => !line.startsWith('query run'));
      expect(table[0]).toMatch(/^ {0,2}n +drink +tail$/);
      // n is right-aligned: the columns after it start together
      await expectAligned(table, columns, 1);
    },
    60_000,
  );
});

describe('wide results at 120 columns', () => {
  it('a 30-column result: the headers shown are told apart, and the hint for the rest is one line with a count and --wide', async () => {
    const slug = await createQuery(
      'thirty columns',
      `SELECT ${Array.from({ length: 30 }, (_, i) => `${i + 1} AS column_${String(i + 1).padStart(2, '0')}`).join(', ')}`,
    );
    const run = await inTerminal(['queries', 'execute', slug, '--wait'], { columns: 120, env });
    expect(run.exitCode, run.screen).toBe(0);
    const screen = run.screen.split('\n').filter(Boolean);
    const header = screen.find((line) => line.startsWith('col'))!;
    const headers = header.split(/ {2,}/);
    expect(headers.length).toBeGreaterThan(9);
    expect(new Set(headers).size, header).toBe(headers.length);
    for (const [at, shown] of headers.entries()) expect(shown, header).toMatch(new RegExp(`^colu.*${String(at + 1).padStart(2, '0')}$`));
    const hint = screen.filter((line) => /left out|--wide/.test(line));
    expect(hint).toHaveLength(1);
    expect(hint[0]).toMatch(
      new RegExp(`^${30 - headers.length} columns left out: column_${String(headers.length + 1).padStart(2, '0')}, .*; see them with --wide$`),
    );
    expect([...hint[0]!].length).toBeLessThan(120);
  }, 30_000);

  it('a 240-character slug is cut, and every row keeps its name, last run and update time', async () => {
    const slug = await createQuery('s'.repeat(240), 'SELECT 1 AS n');
    expect(slug).toHaveLength(240);
    const run = await inTerminal(['queries', 'list'], { columns: 120, env });
    expect(run.exitCode, run.screen).toBe(0);
    const table = tableLines(run.screen);
    expect(table[0]).toMatch(/^ID +SLUG +NAME +LAST RUN +UPDATED$/);
    expect(table.find((line) => line.includes('sss'))).toMatch(/^\S+ +s+… +s+… +- +just now$/);
    expect(table.find((line) => line.includes('daily_revenue'))).toMatch(/daily_revenue +Daily revenue +\S+ +2026-01-15$/);
    expect(run.screen).not.toMatch(/left out/);
  }, 30_000);
});

describe('colour says what it does', () => {
  it('TERM=dumb: a table, a detail and a wait without one escape sequence', async () => {
    const colourEnv = { ...emu.env };
    for (const args of [
      ['queries', 'list'],
      ['queries', 'get', 'daily_revenue'],
      ['queries', 'execute', 'daily_revenue', '--wait', '--limit', '2'],
    ]) {
      const result = await wsInPty(args, { env: colourEnv, term: 'dumb', columns: 100 }).result;
      expect(result.exitCode, result.output).toBe(0);
      expect(screenOf(result.output), args.join(' ')).toMatch(/daily_revenue|2026-01-01/);
      expect(result.output, args.join(' ')).not.toContain('\u001b');
    }
  }, 30_000);

  it('forced colour colours a terminal that CLICOLOR=0 or TERM=dumb leaves plain; a pipe stays plain data, as help says', async () => {
    for (const [term, extra] of [
      ['xterm', { CLICOLOR: '0', CLICOLOR_FORCE: '1' }],
      ['dumb', { FORCE_COLOR: '1' }],
    ] as const) {
      const result = await wsInPty(['queries', 'list'], { env: { ...emu.env, ...extra }, term, columns: 100 }).result;
      expect(result.output, `${term} ${JSON.stringify(extra)}`).toContain('\u001b[1m');
    }
    const piped = await ws(['queries', 'list'], { ...emu.env, CLICOLOR_FORCE: '1', FORCE_COLOR: '1' });
    expect(piped.exitCode).toBe(0);
    expect(piped.stdout).toMatch(/^ID\tSLUG\t/);
    expect(piped.stdout).not.toContain('\u001b');
    const help = await ws(['help', 'environment']);
    expect(help.stdout).toMatch(
      /CLICOLOR_FORCE +any value but 0: colour on a terminal despite CLICOLOR=0 or TERM=dumb; output to\n +a pipe or file stays plain data/,
    );
    expect(help.stdout).not.toMatch(/colour even when stdout is not a terminal/);
  }, 30_000);
});

describe('help in a narrow terminal', () => {
  it.each([20, 40])(
    'at %i columns no line is wider than the terminal but an example, or a term or word too long for it',
    async (columns) => {
      for (const args of [['--help'], ['queries', 'update', '--help'], ['queries']]) {
        const result = await wsInPty(args, { columns, env: emu.env }).result;
        const shown = lines(screenOf(result.output)).split('\n');
        expect(shown.length).toBeGreaterThan(10);
        // an example stays whole to be copied; a term, or a single word, cannot be broken
        const long = shown.filter(
          (line) => [...line].length > columns && !/^\s*\$ ws /.test(line) && !/^ {2}\S+(?: \S+)*$/.test(line) && /\S\s+\S/.test(line.trim()),
        );
        expect(long, `ws ${args.join(' ')} at ${columns}`).toEqual([]);
        // words are whole: the text is the same words as at 200 columns
        const wide = await wsInPty(args, { columns: 200, env: emu.env }).result;
        expect(lines(screenOf(result.output)).split(/\s+/)).toEqual(lines(screenOf(wide.output)).split(/\s+/));
      }
    },
    30_000,
  );
});
