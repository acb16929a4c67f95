/**
 * Tables in a real pseudo-terminal at 0 (unknown), 20, 60, 80 and 120 columns: never wider than the
 * terminal, the column a row is known by (slug, name) whole while anything else can give way, ids shortened
 * or left out first (a run's id shortened so that its state and time stay), numbers right-aligned, numbers and
 * dates never cut, NULL apart from '' and '-', and `--wide` for everything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, pollUntil, startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { inTerminal } from '../helpers/terminal.js';
import { tempConfigDir } from '../helpers/ws.js';

let emu: TestEmulator;
let env: Record<string, string>;
let automationRun: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  env = { ...emu.env, WS_CONFIG_DIR: tempConfigDir(), NO_COLOR: '1' };
  automationRun = (await emu.api('POST', `/automations/${demoIds.automations.morningReport}/runs`, {})).json.id;
  await pollUntil(
    async () => (await emu.api('GET', `/automation-runs/${automationRun}`)).json.run.state === 'completed',
    'the automation run to complete',
    15_000,
  );
  await pollUntil(
    async () => (await emu.api('GET', `/queries/${demoIds.queries.dailyRevenue}`)).json.lastSuccessfulRunId !== null,
    'a run of daily_revenue',
    15_000,
  );
});

afterAll(async () => {
  await emu?.close();
});

const slugs = ['churn_report', 'events_by_type', 'top_customers', 'revenue_by_country', 'daily_revenue'];
const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** The table's lines: the screen less the hints on stderr. */
function tableLines(screen: string): string[] {
  // the hints on stderr, and the runs' sparkline under a list of runs
  return screen.split('\n').filter((line) => line !== '' && !/^(left out to fit|\d+ (columns? )?left out|showing (the first )?\d|durations )/.test(line));
}

const width = (line: string) => [...line].length;

const lists = () => [
  { args: ['queries', 'list'], keys: slugs },
  { args: ['automations', 'list'], keys: ['Nightly churn export', 'Morning revenue report'] },
  { args: ['automations', 'runs', demoIds.automations.morningReport], keys: [automationRun] },
  { args: ['queries', 'runs', 'daily_revenue'], keys: [] as string[] },
  { args: ['automations', 'steps', automationRun], keys: ['Daily revenue', 'Revenue by country'] },
  { args: ['queries', 'data', 'daily_revenue', '--limit', '3'], keys: ['2026-01-01'] },
];

describe.each([0, 20, 60, 80, 120])('at %i columns', (columns) => {
  const room = columns === 0 ? 80 : columns;

  it('no line of any list is wider than the terminal; what a row is known by is whole when it fits', async () => {
    const runs = await Promise.all(lists().map(({ args }) => inTerminal(args, { columns, env })));
    runs.forEach((run, index) => {
      const { args, keys } = lists()[index]!;
      expect(run.exitCode, `${args.join(' ')}:\n${run.screen}`).toBe(0);
      const lines = tableLines(run.screen);
      expect(lines.length, args.join(' ')).toBeGreaterThan(1);
      for (const line of lines) expect(width(line), `${args.join(' ')} at ${columns}: "${line}"`).toBeLessThanOrEqual(room);
      // a run's id may be shortened (head…tail) to keep its state and time: either form names it
      for (const key of keys)
        if (key.length <= room) expect(run.screen, `${args.join(' ')} at ${columns}`).toMatch(new RegExp(`${key}|${key.slice(0, 4)}…${key.slice(-4)}`));
    });
  }, 90_000);
});

describe('what gives way first', () => {
  it('at 80 columns, queries list shows every slug and name whole and shortens the ids', async () => {
    const run = await inTerminal(['queries', 'list'], { columns: 80, env });
    const lines = tableLines(run.screen);
    expect(lines[0]).toMatch(/^ID +SLUG +NAME +LAST RUN +UPDATED$/);
    for (const [slug, name] of [
      ['revenue_by_country', 'Revenue by country'],
      ['churn_report', 'Churn report (broken)'],
    ] as const) {
      expect(lines.find((line) => line.includes(slug))).toContain(name);
    }
    expect(run.screen.match(uuid)).toBeNull();
    expect(lines.find((line) => line.includes('daily_revenue'))).toMatch(/^1000…0001 /);
  }, 30_000);

  it('at 80 columns, automations list fits on one line a row', async () => {
    const run = await inTerminal(['automations', 'list'], { columns: 80, env });
    const lines = tableLines(run.screen);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/^2000…0001 +Morning revenue report +daily 06:00 /);
  }, 30_000);

  it('at 120 columns, ids are whole; with --wide at 60 too, whatever the width', async () => {
    const [wide, narrow] = await Promise.all([
      inTerminal(['queries', 'list'], { columns: 120, env }),
      inTerminal(['queries', 'list', '--wide'], { columns: 60, env }),
    ]);
    expect(wide.screen).toContain(demoIds.queries.revenueByCountry);
    expect(narrow.screen).toContain(demoIds.queries.revenueByCountry);
    expect(tableLines(narrow.screen)[0]).toMatch(/^ID +SLUG +NAME +LAST RUN +UPDATED$/);
  }, 30_000);

  it('a column left out is named on stderr; a run list keeps state and start time, its ids shortened', async () => {
    const run = await inTerminal(['automations', 'runs', demoIds.automations.morningReport], { columns: 60, env });
    const [header, row] = tableLines(run.screen);
    expect(header).toMatch(/^ID +STATE +STARTED +DURATION +ERROR$/);
    expect(row).toMatch(new RegExp(`^${automationRun.slice(0, 4)}…${automationRun.slice(-4)} +completed +`));
    expect(run.screen).toMatch(/^1 column left out: TRIGGERED BY; see it with --wide$/m);
    for (const columns of [40]) {
      const narrow = await inTerminal(['automations', 'runs', demoIds.automations.morningReport], { columns, env });
      expect(tableLines(narrow.screen)[0], `${columns}`).toMatch(/^ID +STATE +STARTED/);
      expect(tableLines(narrow.screen)[1], `${columns}`).toMatch(/ completed +(just now|\d+ \w+ ago)( +\d+(ms|\.\ds|s))?$/);
    }
  }, 30_000);

  it('numbers are right-aligned under their header', async () => {
    const run = await inTerminal(['queries', 'runs', 'daily_revenue'], { columns: 120, env });
    const [header, ...rows] = tableLines(run.screen);
    const end = (line: string, text: string) => line.indexOf(text) + text.length;
    // where a number standing alone ends (the same digits may stand inside the run's id too)
    const endOf = (line: string, pattern: RegExp) => {
      const match = pattern.exec(line)!;
      return match.index + match[0].length;
    };
    for (const row of rows) {
      expect(endOf(row, / \d+(?= {2})/), row).toBe(end(header!, 'ROWS'));
      expect(endOf(row, / \d+ms(?= )/), row).toBe(end(header!, 'DURATION'));
    }
  }, 30_000);
});

describe('values shown as they are', () => {
  const values = { amount: '123456789.123', big: '3000000000000', exact: '9007199254740993', d: '2026-01-02', ts: '2026-01-02 03:04:05' };
  let wide: string;
  let nulls: string;
  let later: string;

  beforeAll(async () => {
    const text = Array.from({ length: 45 }, (_, n) => `'text_' || (i % 100) AS column_${String(n + 1).padStart(2, '0')}`).join(', ');
    const create = async (name: string, sql: string) => {
      const created = await emu.api('POST', '/queries', { name, sql });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      const started = await emu.api('POST', `/queries/${created.json.id}/execute`, {});
      expect(started.status, JSON.stringify(started.json)).toBeLessThan(300);
      await pollUntil(
        async () => (await emu.api('GET', `/queries/${created.json.id}`)).json.lastSuccessfulRunId === started.json.queryRunId,
        `a run of ${name}`,
        15_000,
      );
      return created.json.slug as string;
    };
    wide = await create(
      'wide fifty',
      `SELECT i, 123456789.123 AS amount, 3000000000000 AS big, 9007199254740993 AS exact, DATE '2026-01-02' AS d, TIMESTAMP '2026-01-02 03:04:05' AS ts, ${text} FROM range(10000) t(i)`,
    );
    nulls = await create('nulls', `SELECT NULL AS n, '-' AS dash, '' AS empty, 'end' AS tail`);
    later = await create(
      'later wider',
      `SELECT i, CASE WHEN i < 2000 THEN i ELSE i * 1000000007 END AS n, CASE WHEN i < 2000 THEN 'short' ELSE 'text_' || repeat('x', 30) || i END AS t, CASE WHEN i < 2000 THEN 1.5 ELSE 123456789.125 END AS amount FROM range(3000) t(i)`,
    );
  }, 60_000);

  it.each([40, 80, 200])(
    'a 50-column result at %i columns: every number and date whole, or its column left out and named',
    async (columns) => {
      const run = await inTerminal(['queries', 'data', wide], { columns, env });
      expect(run.exitCode, run.screen).toBe(0);
      const lines = tableLines(run.screen);
      expect(lines.length).toBeGreaterThan(10);
      for (const line of lines) {
        expect(line, `${columns}`).not.toMatch(/\d…|…\d/);
        expect(width(line)).toBeLessThanOrEqual(columns);
      }
      const header = lines[0]!.trim().split(/ {2,}/);
      expect(header.slice(0, 3)).toEqual(['i', 'amount', 'big']);
      for (const [name, value] of Object.entries(values)) if (header.includes(name)) for (const line of lines.slice(1)) expect(line).toContain(value);
      expect(run.screen).toMatch(/^\d+ columns left out(: \w+.*)?(; see them with --wide|: --wide)$/m);
    },
    30_000,
  );

  it('--all over 3,000 rows whose later rows are wider: no row has a cut number', async () => {
    for (const [columns, last] of [
      [80, /^2999 +2999000020993 +text_x+2999 +123456789\.125$/],
      [40, /^2999 +2999000020993 +text_x+…$/],
    ] as const) {
      const run = await inTerminal(['queries', 'data', later, '--all', '--no-pager'], { columns, env });
      expect(run.exitCode).toBe(0);
      const lines = tableLines(run.screen);
      expect(lines).toHaveLength(3001);
      for (const line of lines) expect(line, `${columns}`).not.toMatch(/\d…|…\d/);
      expect(lines.at(-1)).toMatch(last);
      expect(lines[1]).toMatch(/^ +0 +0 +short/);
    }
  }, 30_000);

  it('NULL, the text "-" and an empty string are three different cells', async () => {
    const run = await inTerminal(['queries', 'data', nulls], { columns: 80, env });
    expect(tableLines(run.screen)).toEqual([' n  dash  empty  tail'.replace(/^ n/, '   n'), 'NULL  -            end']);
  }, 30_000);
});
