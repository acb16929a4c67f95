/**
 * `-o chart` and the runs' sparkline, in real pseudo-terminals at 0 (unknown), 20, 40, 80 and 120 columns,
 * in a pipe, and with the colour rules, against the emulator's demo queries.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, pollUntil, startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { lines as lf, screenOf, skipWithoutPty, wsInPty } from '../helpers/pty.js';
import { tempConfigDir, ws } from '../helpers/ws.js';
import { textWidth } from '../../src/output/width.js';
import { labelProblems, means, panelsOf } from '../helpers/chart-axis.js';

let emu: TestEmulator;
let env: Record<string, string>;

beforeAll(async () => {
  emu = await startTestEmulator();
  env = { ...emu.env, WS_CONFIG_DIR: tempConfigDir() };
  // the morning report runs daily_revenue and revenue_by_country: an automation run, and results to chart
  const automationRun = (await emu.api('POST', `/automations/${demoIds.automations.morningReport}/runs`, {})).json.id;
  await pollUntil(async () => (await emu.api('GET', `/automation-runs/${automationRun}`)).json.run.state === 'completed', 'the automation run to complete', 30_000);
  for (const query of [demoIds.queries.dailyRevenue, demoIds.queries.revenueByCountry]) {
    await pollUntil(async () => (await emu.api('GET', `/queries/${query}`)).json.lastSuccessfulRunId !== null, `a run of ${query}`, 15_000);
  }
});

afterAll(async () => {
  await emu?.close();
});

// eslint-disable-next-line no-control-regex
const colour = /\u001b\[\d+m/;

/** ws in a terminal of this size, stderr into a file: the screen is stdout alone. */
async function chartIn(args: string[], columns: number, rows = 24, extra: Record<string, string | undefined> = {}, term = 'xterm-256color') {
  const errFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ws-chart-')), 'stderr');
  const run = await wsInPty(args, { columns, rows, env: { ...env, ...extra }, term, redirect: `2> ${errFile}`, timeoutMs: 30_000 }).result;
  const screen = lf(screenOf(run.output));
  // the lines as a person reads them: colours take no room
  const lines = screen.replace(new RegExp(colour.source, 'g'), '').replace(/\n$/, '').split('\n');
  return { exitCode: run.exitCode, screen, lines, stderr: fs.readFileSync(errFile, 'utf8') };
}

describe.skipIf(skipWithoutPty).each([0, 20, 40, 80, 120])('in a terminal of %i columns', (columns) => {
  const room = columns === 0 ? 80 : columns;

  it('daily_revenue draws a line, revenue_by_country bars, every line within the terminal', async () => {
    const [line, bars, both] = await Promise.all([
      chartIn(['queries', 'execute', 'daily_revenue', '--wait', '-o', 'chart'], columns),
      chartIn(['queries', 'data', 'revenue_by_country', '-o', 'chart', '--y', 'revenue'], columns),
      chartIn(['queries', 'data', 'revenue_by_country', '-o', 'chart'], columns),
    ]);
    for (const run of [line, bars, both]) {
      expect(run.exitCode, run.screen + run.stderr).toBe(0);
      for (const l of run.lines) expect(textWidth(l), `at ${columns}: "${l}"`).toBeLessThanOrEqual(room);
      expect(run.lines.length).toBeLessThanOrEqual(columns === 0 ? 20 : 23);
      // an unknown size is drawn plain; a known one in colour
      expect(colour.test(run.screen)).toBe(columns !== 0);
    }
    expect(line.screen).toMatch(/ ┤/);
    expect(line.screen).toContain(room >= 40 ? '2026-01-01' : '2026-…');
    // orders (16 or 17 a day) and revenue (about 4k) in panels of their own, one above the other
    expect(line.lines.filter((l) => /^── (orders|reve)/.test(l))).toHaveLength(2);
    expect(bars.lines[0]).toMatch(/revenue/);
    expect(bars.lines.filter((l) => l.includes('│'))).toHaveLength(8);
    // orders (hundreds) beside revenue (tens of thousands): a panel each, so that the orders bars are not empty
    expect(both.lines.filter((l) => /^█ (orders|revenue)$/.test(l)).map((l) => l.slice(2))).toEqual(['orders', 'revenue']);
    const [ordersBars, revenueBars] = [both.lines.slice(1, 9), both.lines.slice(10, 18)];
    for (const panel of [ordersBars, revenueBars]) expect(Math.max(...panel.map((l) => l.split('│')[1]!.split(' ')[0]!.length))).toBeGreaterThan(room / 4);
  }, 60_000);

  it('the y labels of daily_revenue are true to the values drawn: the lowest at or below them, the highest at or above', async () => {
    const [run, data] = await Promise.all([chartIn(['queries', 'data', 'daily_revenue', '-o', 'chart'], columns), ws(['queries', 'data', 'daily_revenue', '-o', 'json'], env)]);
    expect(run.exitCode, run.stderr).toBe(0);
    const rows = JSON.parse(data.stdout).rows as Record<string, number>[];
    const { panels, bucket } = panelsOf(run.lines);
    // the legend wraps at every width: it always says how many rows a column holds
    expect(panels.map((panel) => panel.names)).toEqual([['orders'], ['revenue']]);
    for (const { names, labels } of panels) {
      const drawn = means(rows.map((row) => Number(row[names[0]!])), bucket);
      expect(labelProblems(labels, drawn), run.lines.join('\n')).toEqual([]);
    }
  }, 30_000);

  it('queries runs and automations runs end with the runs at a glance', async () => {
    const runs = await Promise.all([chartIn(['queries', 'runs', 'daily_revenue'], columns), chartIn(['automations', 'runs', demoIds.automations.morningReport], columns)]);
    for (const run of runs) {
      expect(run.exitCode).toBe(0);
      const glance = /^durations [▁▂▃▄▅▆▇█]+ +median \S+ +slowest \S+ +\d+ failed$/;
      if (room >= 50) expect(run.lines.at(-1)).toMatch(glance);
      else expect(run.lines.at(-1)).toMatch(/^[▁▂▃▄▅▆▇█d]/);
      for (const l of run.lines) expect(textWidth(l)).toBeLessThanOrEqual(room);
    }
  }, 30_000);
});

describe.skipIf(skipWithoutPty)('the height and the colour rules', () => {
  it('a line chart takes about half of a tall terminal, bars all of a short one, never more', async () => {
    const [tall, short] = await Promise.all([chartIn(['queries', 'data', 'daily_revenue', '-o', 'chart'], 100, 50), chartIn(['queries', 'data', 'revenue_by_country', '-o', 'chart'], 100, 8)]);
    expect(tall.lines.length).toBe(25);
    expect(short.lines.length).toBeLessThanOrEqual(7);
    expect(short.stderr).toMatch(/^\d+ more rows left out to fit; every row: ws queries data revenue_by_country --all$/m);
  }, 30_000);

  it('one bar left out is "1 more row", not "1 more rows"', async () => {
    // revenue_by_country has 8 rows, orders and revenue in a panel each: 18 terminal rows hold 7 rows of both
    const run = await chartIn(['queries', 'data', 'revenue_by_country', '-o', 'chart'], 100, 18);
    expect(run.lines.filter((l) => l.includes('│'))).toHaveLength(14);
    expect(run.stderr).toMatch(/^1 more row left out to fit; every row: ws queries data revenue_by_country --all$/m);
  }, 30_000);

  it('NO_COLOR, CLICOLOR=0 and TERM=dumb draw it plain', async () => {
    const args = ['queries', 'data', 'daily_revenue', '-o', 'chart'];
    const runs = await Promise.all([chartIn(args, 80, 24, { NO_COLOR: '1' }), chartIn(args, 80, 24, { CLICOLOR: '0' }), chartIn(args, 80, 24, {}, 'dumb')]);
    for (const run of runs) {
      expect(run.exitCode).toBe(0);
      expect(run.screen).toContain('┤');
      expect(colour.test(run.screen)).toBe(false);
    }
  }, 30_000);
});

describe('off a terminal', () => {
  it('a pipe gets the 80-column chart, at most 20 lines, plain', async () => {
    const { stdout, exitCode } = await ws(['queries', 'data', 'daily_revenue', '-o', 'chart', '--y', 'revenue'], { ...env, FORCE_COLOR: '1' });
    expect(exitCode).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(20);
    for (const l of lines) expect(textWidth(l)).toBeLessThanOrEqual(80);
    expect(stdout).not.toMatch(colour);
    expect(lines.at(-1)).toBe('── revenue   each column: 3 rows, mean');
    expect(lines.at(-2)).toMatch(/^ +2026-01-01 +2026-\d\d-\d\d$/);
    const bars = await ws(['queries', 'data', 'revenue_by_country', '-o', 'chart', '--y', 'revenue'], env);
    expect(Math.max(...bars.stdout.trimEnd().split('\n').map((l) => textWidth(l)))).toBe(80);
  }, 30_000);

  it('the runs list stays as it was: no sparkline in a pipe or a machine format', async () => {
    const formats = [[], ['-o', 'json'], ['-o', 'ndjson'], ['-o', 'csv'], ['-o', 'tsv'], ['-o', 'yaml']];
    const lists = [['queries', 'runs', 'daily_revenue'], ['automations', 'runs', demoIds.automations.morningReport]];
    for (const args of lists.flatMap((list) => formats.map((format) => [...list, ...format]))) {
      const { stdout, exitCode } = await ws(args, env);
      expect(exitCode).toBe(0);
      expect(stdout).not.toMatch(/durations|[▁▂▃▄▅▆▇█]/);
    }
  }, 30_000);
});

describe('--series: one line or bar per value of a column', () => {
  const types = ['dashboard_view', 'export', 'page_view', 'query_run', 'signup'];
  beforeAll(async () => {
    const ran = await ws(['queries', 'execute', 'events_by_type', '--wait', '--no-data', '-q'], env);
    expect(ran.exitCode, ran.stderr).toBe(0);
  }, 30_000);

  it('events_by_type (month, event_type, events) is split by event_type, and stderr names --series', async () => {
    const found = await ws(['queries', 'data', 'events_by_type', '-o', 'chart'], env);
    expect(found.exitCode, found.stderr).toBe(0);
    // the demo's event types have about the same counts each month: at 20 lines only the last line shows, and stderr says so
    const hidden = `drawn over by a later line, at the same rows at this height: ${types.slice(0, -1).join(', ')}\n`;
    expect(found.stderr).toBe(`one series per event_type (the values of month repeat); choose the column with --series\n${hidden}`);
    expect(found.stdout.trimEnd().split('\n').at(-1)).toBe(types.map((type) => `── ${type}`).join('   '));
    const chosen = await ws(['queries', 'data', 'events_by_type', '-o', 'chart', '--series', 'event_type'], env);
    expect(chosen.stderr).toBe(hidden);
    expect(chosen.stdout).toBe(found.stdout);
  }, 30_000);

  it('as bars: a group per x value, one bar per series value, with a legend', async () => {
    const { exitCode, stdout, stderr } = await ws(['queries', 'data', 'events_by_type', '-o', 'chart', '--x', 'event_type', '--series', 'month'], env);
    expect(exitCode, stderr).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^█ 2026-01-01 {3}█ 2026-02-01 {3}█ 2026-03-01/);
    // six months (the most drawn) do not fit one line of 80 columns: the legend wraps, every month named
    const first = lines.findIndex((l) => l.includes('│'));
    expect(lines.slice(0, first).join('   ').split('   ')).toEqual(Array.from({ length: 6 }, (_v, m) => `█ 2026-${String(m + 1).padStart(2, '0')}-01`));
    expect(lines[first]).toMatch(/^dashboard_view │█+\S* \d+/);
    expect(lines[first + 1]).toMatch(/^ {14} │█+\S* \d+/);
  }, 30_000);

  it('a --series that names no column is refused before a run is started; without -o chart it is exit 2', async () => {
    await emu.clearRequests();
    const wrong = await ws(['queries', 'execute', 'daily_revenue', '--wait', '-o', 'chart', '--series', 'country'], env);
    expect(wrong.exitCode).toBe(2);
    expect(wrong.stderr).toMatch(/^error: cannot draw a chart: the result has no column "country"; its columns: day \(DATE\), orders \(BIGINT\), revenue \(DECIMAL\(38,2\)\)$/m);
    const table = await ws(['queries', 'data', 'events_by_type', '--series', 'event_type'], env);
    expect(table.exitCode).toBe(2);
    expect(table.stderr).toContain("error: --series chooses a chart's columns: add -o chart");
    expect((await emu.requests()).filter((r) => r.method === 'POST')).toEqual([]);
  }, 30_000);
});

describe('what cannot be charted: exit 2, naming the columns', () => {
  const executes = async () => (await emu.requests()).filter((r) => r.method === 'POST' && r.path.endsWith('/execute')).length;

  it('a --x or --y not in the last run is refused before a run is started', async () => {
    await emu.clearRequests();
    for (const flags of [['--x', 'month'], ['--y', 'day'], ['--y', 'orders,refunds']]) {
      const { exitCode, stderr } = await ws(['queries', 'execute', 'daily_revenue', '--wait', '-o', 'chart', ...flags], env);
      expect(exitCode).toBe(2);
      expect(stderr).toMatch(/^error: cannot draw a chart: .*its columns: day \(DATE\), orders \(BIGINT\), revenue \(DECIMAL\(38,2\)\)$/m);
    }
    expect(await executes()).toBe(0);
  }, 30_000);

  it('found once the run ends: the error names the run, whose rows are kept', async () => {
    const started = await ws(['queries', 'execute', 'top_customers'], env);
    const runId = started.stdout.trim();
    const { exitCode, stderr } = await ws(['runs', 'wait', runId, '--data', '-o', 'chart', '--y', 'plan'], env);
    expect(exitCode).toBe(2);
    expect(stderr).toContain(`error: cannot draw a chart of run ${runId}: --y plan: not a numeric column; its columns: customer_id`);
    expect(stderr).toContain(`hint: its rows are kept: ws runs wait ${runId} --data`);
    const rows = await ws(['runs', 'wait', runId, '--data', '-o', 'csv'], env);
    expect(rows.stdout.split('\n')[0]).toBe('customer_id,name,country,plan,revenue');
  }, 30_000);

  it('an explicit -o chart on a command that prints no result names the ones that do; a configured one falls back to the table', async () => {
    for (const args of [['queries', 'list', '-o', 'chart'], ['queries', 'execute', 'daily_revenue', '-o', 'chart'], ['runs', 'get', '00000000-0000-4000-8000-000000000000', '-o', 'chart']]) {
      const { exitCode, stderr } = await ws(args, env);
      expect(exitCode, args.join(' ')).toBe(2);
      expect(stderr).toContain('error: -o chart draws a query result, and this command prints none\nhint: the commands that draw one: ws queries execute <query> --wait, ws queries data <query>, ws runs wait <runId> --data');
    }
    const configured = await ws(['queries', 'list'], { ...env, WS_OUTPUT: 'chart' });
    expect(configured.exitCode).toBe(0);
    expect(configured.stdout).toMatch(/^ID\tSLUG\t/);
    const drawn = await ws(['queries', 'data', 'daily_revenue'], { ...env, WS_OUTPUT: 'chart' });
    expect(drawn.stdout).toContain(' ┤');
    const flags = await ws(['queries', 'data', 'daily_revenue', '--y', 'revenue'], env);
    expect(flags.exitCode).toBe(2);
    expect(flags.stderr).toContain("error: --y chooses a chart's columns: add -o chart");
  }, 30_000);
});

describe.skipIf(skipWithoutPty)('the charts of docs/output.md', () => {
  /** The blocks marked `<!-- chart: <args> -->`: the command's arguments and the chart shown (after its stderr line). */
  const blocks = [...fs.readFileSync(new URL('../../docs/output.md', import.meta.url), 'utf8').matchAll(/<!-- chart: (.+) -->\n```console\n\$ .+\n.+\n([^`]+)```/g)].map((m) => ({ args: m[1]!.split(' '), chart: m[2]! }));

  it('shows the charts of the demo queries as an 80x24 terminal does', async () => {
    expect(blocks).toHaveLength(2);
    for (const { args, chart } of blocks) {
      const run = await chartIn(args, 80, 24, { NO_COLOR: '1' });
      expect(run.exitCode).toBe(0);
      expect(run.screen, args.join(' ')).toBe(chart);
    }
  }, 60_000);
});

describe('results of other shapes', () => {
  async function query(name: string, sql: string): Promise<string> {
    const created = await emu.api('POST', '/queries', { name, sql, userAgent: 'cli' });
    expect(created.status).toBe(201);
    return created.json.slug;
  }

  it('more rows than a page: the first page, and stderr says how to chart them all; more than 3 series: the rest named', async () => {
    const slug = await query('Squares', 'SELECT range AS n, range AS a, 2 * range AS b, 3 * range AS c, 4 * range AS d FROM range(1500)');
    const { exitCode, stdout, stderr } = await ws(['queries', 'execute', slug, '--wait', '-o', 'chart', '-q'], env);
    expect(exitCode, stderr).toBe(0);
    // a is n: its line is drawn over n's
    expect(stderr).toBe(`not drawn (at most 3 series): c, d; choose with --y\ndrawn over by a later line, at the same rows at this height: n\nthe chart shows the first 1000 of 1500 rows; all of them: ws queries data ${slug} --all -o chart\n`);
    const lines = stdout.trimEnd().split('\n');
    // no date or text column: the row number on x, and the first three numeric columns
    expect(lines.at(-1)).toBe('── n   ── a   ── b   each column: 14 rows, mean');
    expect(lines.at(-2)).toMatch(/^ +1 +1000$/);
    const all = await ws(['queries', 'data', slug, '--all', '-o', 'chart', '--x', 'n', '--y', 'd'], env);
    expect(all.stderr).toBe('');
    expect(all.stdout.trimEnd().split('\n').at(-2)).toMatch(/^ +0 +1499$/);
  }, 60_000);

  it('a query of text alone is refused before a run when its last run said so (the server gives the types)', async () => {
    const slug = await query('Names', "SELECT 'Ada' AS name, 'Turing' AS other");
    expect((await ws(['queries', 'execute', slug, '--wait', '-o', 'csv'], env)).exitCode).toBe(0);
    await emu.clearRequests();
    const { exitCode, stderr } = await ws(['queries', 'execute', slug, '--wait', '-o', 'chart'], env);
    expect(exitCode).toBe(2);
    expect(stderr).toMatch(/^error: cannot draw a chart: no numeric column to draw against name; its columns: name \(VARCHAR\), other \(VARCHAR\)\n/);
    expect((await emu.requests()).filter((r) => r.method === 'POST')).toEqual([]);
  }, 30_000);

  it('a terminal nobody watches (CI, no size) gets the plain 80-column chart', async () => {
    if (skipWithoutPty) return;
    const run = await chartIn(['queries', 'data', 'daily_revenue', '-o', 'chart'], 0, 24, { CI: '1' });
    expect(run.exitCode).toBe(0);
    expect(colour.test(run.screen)).toBe(false);
    expect(Math.max(...run.lines.map((l) => textWidth(l)))).toBeLessThanOrEqual(80);
    expect(run.lines.length).toBeLessThanOrEqual(20);
  }, 30_000);
});
