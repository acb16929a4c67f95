/**
 * Tables in a real pseudo-terminal at 0 (unknown), 20, 60, 80 and 120 columns: never wider than the
 * terminal, the column a row is known by (slug, name, run id) whole while anything else can give way,
 * ids shortened or left out first, numbers right-aligned, and `--wide` for everything.
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
  await pollUntil(async () => (await emu.api('GET', `/automation-runs/${automationRun}`)).json.run.state === 'completed', 'the automation run to complete', 15_000);
  await pollUntil(async () => (await emu.api('GET', `/queries/${demoIds.queries.dailyRevenue}`)).json.lastSuccessfulRunId !== null, 'a run of daily_revenue', 15_000);
});

afterAll(async () => {
  await emu?.close();
});

const slugs = ['churn_report', 'events_by_type', 'top_customers', 'revenue_by_country', 'daily_revenue'];
const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** The table's lines: the screen less the hints on stderr. */
function tableLines(screen: string): string[] {
  // the hints on stderr, and the runs' sparkline under a list of runs
  return screen.split('\n').filter((line) => line !== '' && !/^(left out to fit|\d+ (columns )?left out|showing \d|durations )/.test(line));
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
      for (const key of keys) if (key.length <= room) expect(run.screen, `${args.join(' ')} at ${columns}`).toContain(key);
    });
  }, 90_000);
});

describe('what gives way first', () => {
  it('at 80 columns, queries list shows every slug and name whole and shortens the ids', async () => {
    const run = await inTerminal(['queries', 'list'], { columns: 80, env });
    const lines = tableLines(run.screen);
    expect(lines[0]).toMatch(/^ID +SLUG +NAME +LAST RUN +UPDATED$/);
    for (const [slug, name] of [['revenue_by_country', 'Revenue by country'], ['churn_report', 'Churn report (broken)']] as const) {
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
    const [wide, narrow] = await Promise.all([inTerminal(['queries', 'list'], { columns: 120, env }), inTerminal(['queries', 'list', '--wide'], { columns: 60, env })]);
    expect(wide.screen).toContain(demoIds.queries.revenueByCountry);
    expect(narrow.screen).toContain(demoIds.queries.revenueByCountry);
    expect(tableLines(narrow.screen)[0]).toMatch(/^ID +SLUG +NAME +LAST RUN +UPDATED$/);
  }, 30_000);

  it('a column left out is named on stderr', async () => {
    const run = await inTerminal(['automations', 'runs', demoIds.automations.morningReport], { columns: 60, env });
    expect(run.screen).toContain(automationRun);
    // STARTED is "just now" or "2 minutes ago", which fits or not: 3 or 4 columns give way
    expect(run.screen).toMatch(/^[34] columns left out: TRIGGERED BY, .*…; see them with --wide$/m);
  }, 30_000);

  it('numbers are right-aligned under their header', async () => {
    const run = await inTerminal(['queries', 'runs', 'daily_revenue'], { columns: 120, env });
    const [header, ...rows] = tableLines(run.screen);
    const end = (line: string, text: string) => line.indexOf(text) + text.length;
    for (const row of rows) {
      expect(end(row, row.match(/ (\d+)  /)![1]!), row).toBe(end(header!, 'ROWS'));
      expect(end(row, row.match(/ (\d+ms) /)![1]!), row).toBe(end(header!, 'DURATION'));
    }
  }, 30_000);
});
