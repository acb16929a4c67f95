/**
 * `-o chart` and the runs' sparkline, in real pseudo-terminals at 0 (unknown), 20, 40, 80 and 120 columns, and
 * with the colour rules, against the emulator's demo queries. In a pipe, --series and what cannot be charted:
 * in-process in test/commands/chart.test.ts.
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
  await pollUntil(
    async () => (await emu.api('GET', `/automation-runs/${automationRun}`)).json.run.state === 'completed',
    'the automation run to complete',
    30_000,
  );
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
    const [run, data] = await Promise.all([
      chartIn(['queries', 'data', 'daily_revenue', '-o', 'chart'], columns),
      ws(['queries', 'data', 'daily_revenue', '-o', 'json'], env),
    ]);
    expect(run.exitCode, run.stderr).toBe(0);
    const rows = JSON.parse(data.stdout).rows as Record<string, number>[];
    const { panels, bucket } = panelsOf(run.lines);
    // the legend wraps at every width: it always says how many rows a column holds
    expect(panels.map((panel) => panel.names)).toEqual([['orders'], ['revenue']]);
    for (const { names, labels } of panels) {
      const drawn = means(
        rows.map((row) => Number(row[names[0]!])),
        bucket,
      );
      expect(labelProblems(labels, drawn), run.lines.join('\n')).toEqual([]);
    }
  }, 30_000);

  it('queries runs and automations runs end with the runs at a glance', async () => {
    const runs = await Promise.all([
      chartIn(['queries', 'runs', 'daily_revenue'], columns),
      chartIn(['automations', 'runs', demoIds.automations.morningReport], columns),
    ]);
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
    const [tall, short] = await Promise.all([
      chartIn(['queries', 'data', 'daily_revenue', '-o', 'chart'], 100, 50),
      chartIn(['queries', 'data', 'revenue_by_country', '-o', 'chart'], 100, 8),
    ]);
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

describe.skipIf(skipWithoutPty)('the charts of docs/output.md', () => {
  /** The blocks marked `<!-- chart: <args> -->`: the command's arguments and the chart shown (after its stderr line). */
  const blocks = [
    ...fs.readFileSync(new URL('../../docs/output.md', import.meta.url), 'utf8').matchAll(/<!-- chart: (.+) -->\n```console\n\$ .+\n.+\n([^`]+)```/g),
  ].map((m) => ({ args: m[1]!.split(' '), chart: m[2]! }));

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
  it('a terminal nobody watches (CI, no size) gets the plain 80-column chart', async () => {
    if (skipWithoutPty) return;
    const run = await chartIn(['queries', 'data', 'daily_revenue', '-o', 'chart'], 0, 24, { CI: '1' });
    expect(run.exitCode).toBe(0);
    expect(colour.test(run.screen)).toBe(false);
    expect(Math.max(...run.lines.map((l) => textWidth(l)))).toBeLessThanOrEqual(80);
    expect(run.lines.length).toBeLessThanOrEqual(20);
  }, 30_000);
});
