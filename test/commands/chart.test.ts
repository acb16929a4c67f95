/**
 * `-o chart` (of queries data, queries execute --wait and runs wait --data) off a terminal, in-process against the
 * emulator's demo queries: the chart a pipe gets, --series, and what cannot be charted (exit 2 before a run starts).
 * In real terminals of several sizes and with the colour rules: test/e2e/chart.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { textWidth } from '../../src/output/width.js';
import { emulatorServer } from '../helpers/command.js';
import { demoIds, pollUntil } from '../helpers/emulator.js';

const { emu, ws } = emulatorServer();

beforeAll(async () => {
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

// eslint-disable-next-line no-control-regex
const colour = /\u001b\[\d+m/;

describe('off a terminal', () => {
  it('a pipe gets the 80-column chart, at most 20 lines, plain', async () => {
    const { stdout, exitCode } = await ws(['queries', 'data', 'daily_revenue', '-o', 'chart', '--y', 'revenue'], { env: { FORCE_COLOR: '1' } });
    expect(exitCode).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(20);
    for (const l of lines) expect(textWidth(l)).toBeLessThanOrEqual(80);
    expect(stdout).not.toMatch(colour);
    expect(lines.at(-1)).toBe('── revenue   each column: 3 rows, mean');
    expect(lines.at(-2)).toMatch(/^ +2026-01-01 +2026-\d\d-\d\d$/);
    const bars = await ws(['queries', 'data', 'revenue_by_country', '-o', 'chart', '--y', 'revenue']);
    expect(
      Math.max(
        ...bars.stdout
          .trimEnd()
          .split('\n')
          .map((l) => textWidth(l)),
      ),
    ).toBe(80);
  }, 30_000);

  it('the runs list stays as it was: no sparkline in a pipe or a machine format', async () => {
    const formats = [[], ['-o', 'json'], ['-o', 'ndjson'], ['-o', 'csv'], ['-o', 'tsv'], ['-o', 'yaml']];
    const lists = [
      ['queries', 'runs', 'daily_revenue'],
      ['automations', 'runs', demoIds.automations.morningReport],
    ];
    for (const args of lists.flatMap((list) => formats.map((format) => [...list, ...format]))) {
      const { stdout, exitCode } = await ws(args);
      expect(exitCode).toBe(0);
      expect(stdout).not.toMatch(/durations|[▁▂▃▄▅▆▇█]/);
    }
  }, 30_000);
});

describe('--series: one line or bar per value of a column', () => {
  const types = ['dashboard_view', 'export', 'page_view', 'query_run', 'signup'];
  beforeAll(async () => {
    const ran = await ws(['queries', 'execute', 'events_by_type', '--wait', '--no-data', '-q']);
    expect(ran.exitCode, ran.stderr).toBe(0);
  }, 30_000);

  it('events_by_type (month, event_type, events) is split by event_type, and stderr names --series', async () => {
    const found = await ws(['queries', 'data', 'events_by_type', '-o', 'chart']);
    expect(found.exitCode, found.stderr).toBe(0);
    // the demo's event types have about the same counts each month: at 20 lines only the last line shows, and stderr says so
    const hidden = `drawn over by a later line, at the same rows at this height: ${types.slice(0, -1).join(', ')}\n`;
    expect(found.stderr).toBe(`one series per event_type (the values of month repeat); choose the column with --series\n${hidden}`);
    expect(found.stdout.trimEnd().split('\n').at(-1)).toBe(types.map((type) => `── ${type}`).join('   '));
    const chosen = await ws(['queries', 'data', 'events_by_type', '-o', 'chart', '--series', 'event_type']);
    expect(chosen.stderr).toBe(hidden);
    expect(chosen.stdout).toBe(found.stdout);
  }, 30_000);

  it('as bars: a group per x value, one bar per series value, with a legend', async () => {
    const { exitCode, stdout, stderr } = await ws(['queries', 'data', 'events_by_type', '-o', 'chart', '--x', 'event_type', '--series', 'month']);
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
    const wrong = await ws(['queries', 'execute', 'daily_revenue', '--wait', '-o', 'chart', '--series', 'country']);
    expect(wrong.exitCode).toBe(2);
    expect(wrong.stderr).toMatch(
      /^error: cannot draw a chart: the result has no column "country"; its columns: day \(DATE\), orders \(BIGINT\), revenue \(DECIMAL\(38,2\)\)$/m,
    );
    const table = await ws(['queries', 'data', 'events_by_type', '--series', 'event_type']);
    expect(table.exitCode).toBe(2);
    expect(table.stderr).toContain("error: --series chooses a chart's columns: add -o chart");
    expect((await emu.requests()).filter((r) => r.method === 'POST')).toEqual([]);
  }, 30_000);
});

describe('what cannot be charted: exit 2, naming the columns', () => {
  const executes = async () => (await emu.requests()).filter((r) => r.method === 'POST' && r.path.endsWith('/execute')).length;

  it('a --x or --y not in the last run is refused before a run is started', async () => {
    await emu.clearRequests();
    for (const flags of [
      ['--x', 'month'],
      ['--y', 'day'],
      ['--y', 'orders,refunds'],
    ]) {
      const { exitCode, stderr } = await ws(['queries', 'execute', 'daily_revenue', '--wait', '-o', 'chart', ...flags]);
      expect(exitCode).toBe(2);
      expect(stderr).toMatch(/^error: cannot draw a chart: .*its columns: day \(DATE\), orders \(BIGINT\), revenue \(DECIMAL\(38,2\)\)$/m);
    }
    expect(await executes()).toBe(0);
  }, 30_000);

  it('found once the run ends: the error names the run, whose rows are kept', async () => {
    const started = await ws(['queries', 'execute', 'top_customers']);
    const runId = started.stdout.trim();
    const { exitCode, stderr } = await ws(['runs', 'wait', runId, '--data', '-o', 'chart', '--y', 'plan']);
    expect(exitCode).toBe(2);
    expect(stderr).toContain(`error: cannot draw a chart of run ${runId}: --y plan: not a numeric column; its columns: customer_id`);
    expect(stderr).toContain(`hint: its rows are kept: ws runs wait ${runId} --data`);
    const rows = await ws(['runs', 'wait', runId, '--data', '-o', 'csv']);
    expect(rows.stdout.split('\n')[0]).toBe('customer_id,name,country,plan,revenue');
  }, 30_000);

  it('an explicit -o chart on a command that prints no result names the ones that do; a configured one falls back to the table', async () => {
    for (const args of [
      ['queries', 'list', '-o', 'chart'],
      ['queries', 'execute', 'daily_revenue', '-o', 'chart'],
      ['runs', 'get', '00000000-0000-4000-8000-000000000000', '-o', 'chart'],
    ]) {
      const { exitCode, stderr } = await ws(args);
      expect(exitCode, args.join(' ')).toBe(2);
      expect(stderr).toContain(
        'error: -o chart draws a query result, and this command prints none\nhint: the commands that draw one: ws queries execute <query> --wait, ws queries data <query>, ws runs wait <runId> --data',
      );
    }
    const configured = await ws(['queries', 'list'], { env: { WS_OUTPUT: 'chart' } });
    expect(configured.exitCode).toBe(0);
    expect(configured.stdout).toMatch(/^ID\tSLUG\t/);
    const drawn = await ws(['queries', 'data', 'daily_revenue'], { env: { WS_OUTPUT: 'chart' } });
    expect(drawn.stdout).toContain(' ┤');
    const flags = await ws(['queries', 'data', 'daily_revenue', '--y', 'revenue']);
    expect(flags.exitCode).toBe(2);
    expect(flags.stderr).toContain("error: --y chooses a chart's columns: add -o chart");
  }, 30_000);
});

describe('results of other shapes', () => {
  async function query(name: string, sql: string): Promise<string> {
    const created = await emu.api('POST', '/queries', { name, sql, userAgent: 'cli' });
    expect(created.status).toBe(201);
    return created.json.slug;
  }

  it('more rows than a page: the first page, and stderr says how to chart them all; more than 3 series: the rest named', async () => {
    const slug = await query('Squares', 'SELECT range AS n, range AS a, 2 * range AS b, 3 * range AS c, 4 * range AS d FROM range(1500)');
    const { exitCode, stdout, stderr } = await ws(['queries', 'execute', slug, '--wait', '-o', 'chart', '-q']);
    expect(exitCode, stderr).toBe(0);
    // a is n: its line is drawn over n's
    expect(stderr).toBe(
      `not drawn (at most 3 series): c, d; choose with --y\ndrawn over by a later line, at the same rows at this height: n\nthe chart shows the first 1000 of 1500 rows; all of them: ws queries data ${slug} --all -o chart\n`,
    );
    const lines = stdout.trimEnd().split('\n');
    // no date or text column: the row number on x, and the first three numeric columns
    expect(lines.at(-1)).toBe('── n   ── a   ── b   each column: 14 rows, mean');
    expect(lines.at(-2)).toMatch(/^ +1 +1000$/);
    const all = await ws(['queries', 'data', slug, '--all', '-o', 'chart', '--x', 'n', '--y', 'd']);
    expect(all.stderr).toBe('');
    expect(all.stdout.trimEnd().split('\n').at(-2)).toMatch(/^ +0 +1499$/);
  }, 60_000);

  it('a query of text alone is refused before a run when its last run said so (the server gives the types)', async () => {
    const slug = await query('Names', "SELECT 'Ada' AS name, 'Turing' AS other");
    expect((await ws(['queries', 'execute', slug, '--wait', '-o', 'csv'])).exitCode).toBe(0);
    await emu.clearRequests();
    const { exitCode, stderr } = await ws(['queries', 'execute', slug, '--wait', '-o', 'chart']);
    expect(exitCode).toBe(2);
    expect(stderr).toMatch(/^error: cannot draw a chart: no numeric column to draw against name; its columns: name \(VARCHAR\), other \(VARCHAR\)\n/);
    expect((await emu.requests()).filter((r) => r.method === 'POST')).toEqual([]);
  }, 30_000);
});

/** A query made with ws and run once; its slug. */
async function made(name: string, sql: string): Promise<string> {
  const created = await ws(['queries', 'create', '--name', name, '--sql', sql, '--json', 'slug']);
  expect(created.exitCode, created.stderr).toBe(0);
  const { slug } = JSON.parse(created.stdout);
  const ran = await ws(['queries', 'execute', slug, '--wait', '--no-data', '-q']);
  expect(ran.exitCode, ran.stderr).toBe(0);
  return slug as string;
}

describe('charts that crashed (issue 39)', () => {
  it('a flat line of large values draws across the middle, between labels around its value (12,345T)', async () => {
    const slug = await made('Flat big', 'SELECT i AS x, 12345678901234567::BIGINT AS v FROM range(4) t(i)');
    const result = await ws(['queries', 'data', slug, '-o', 'chart', '--y', 'v']);
    expect(result.exitCode, result.stderr).toBe(0);
    const lines = result.stdout.split('\n');
    const line = lines.findIndex((l) => /[│┤]─{20,}$/.test(l));
    const label = (l: string | undefined) => (l === undefined ? undefined : /^ *(\d+)T ┤/.exec(l)?.[1]);
    const above = lines
      .slice(0, line)
      .map(label)
      .findLast((l) => l !== undefined);
    const below = lines
      .slice(line + 1)
      .map(label)
      .find((l) => l !== undefined);
    expect(Number(above)).toBeGreaterThanOrEqual(12_345);
    expect(Number(below)).toBeLessThanOrEqual(12_345);
    expect(result.stdout).toContain('── v');
  });

  it('a one-row DECIMAL(38,10) result draws', async () => {
    const slug = await made('One decimal', "SELECT CAST('12345678901234567890.0123456789' AS DECIMAL(38,10)) AS v");
    const result = await ws(['queries', 'data', slug, '-o', 'chart']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('── v');
  });

  it('more than 125,000 rows draw (the hint after a first-page chart asks for --all)', async () => {
    const slug = await made('Many points', 'SELECT i AS x, i % 1000 AS v FROM range(130000) t(i)');
    const result = await ws(['queries', 'data', slug, '--all', '-o', 'chart']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('── v');
  }, 60_000);
});

describe('column kinds by the type grammar (issue 39)', () => {
  it('lists, arrays and INTERVAL are not numbers (nor a DATE[] a time); UBIGINT and UHUGEINT are', async () => {
    const sql =
      "SELECT 'k' || i AS label, [DATE '2026-01-01'] AS days, INTERVAL (i) DAY AS span, [i]::INTEGER[] AS ints, [i, i, i]::BIGINT[3] AS arr, (18446744073709551615 - i)::UBIGINT AS big, (i * 1000)::UHUGEINT AS huge FROM range(3) t(i)";
    const created = await ws(['queries', 'create', '--name', 'Kinds', '--sql', sql, '--json', 'slug']);
    const { slug } = JSON.parse(created.stdout);
    const ran = await ws(['queries', 'execute', slug, '--wait', '-o', 'markdown']);
    expect(ran.exitCode, ran.stderr).toBe(0);
    expect(ran.stdout.split('\n')[1]).toBe('| --- | --- | --- | --- | --- | ---: | ---: |');
    // the series are the two numeric columns, drawn as bars against the text column (a DATE[] is no x axis)
    const chart = await ws(['queries', 'data', slug, '-o', 'chart']);
    expect(chart.exitCode, chart.stderr).toBe(0);
    expect(chart.stdout).toMatch(/^k0 │/m);
    expect(chart.stdout).toContain('big');
    expect(chart.stdout).toContain('huge');
    expect(chart.stdout).not.toMatch(/span|ints|arr/);
  });
});

describe('what a chart of means hides, and gaps in dates (issue 39)', () => {
  it('a spike the means hide is named on stderr with its date', async () => {
    const slug = await made(
      'Spike',
      "SELECT CAST(DATE '2026-01-01' + INTERVAL (i) DAY AS DATE) AS day, CASE WHEN i = 2345 THEN 1000000000 ELSE 10000 + i % 7 END AS v FROM range(5000) t(i)",
    );
    const result = await ws(['queries', 'data', slug, '--all', '-o', 'chart']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('mean');
    expect(result.stderr).toMatch(/each column of v is the mean of \d+ points: its highest value, 1000000000 \(2032-06-03\), is above the line drawn/);
  });

  it('a gap in the dates is a gap in the line', async () => {
    const slug = await made('Gap', "SELECT DATE '2026-01-01' + INTERVAL (i) DAY AS day, 5 + i % 3 AS v FROM range(30) t(i) WHERE i NOT BETWEEN 10 AND 19");
    const result = await ws(['queries', 'data', slug, '-o', 'chart']);
    expect(result.exitCode, result.stderr).toBe(0);
    const plot = result.stdout.split('\n').filter((line) => /[┤│]/.test(line) && !line.includes('└'));
    const start = plot[0]!.search(/[┤│]/) + 1;
    const width = Math.max(...plot.map((line) => line.length)) - start;
    const blank = Array.from({ length: width }, (_v, c) => plot.every((line) => (line[start + c] ?? ' ') === ' '));
    // ten days of thirty missing: a third of the plot, in its middle, has nothing drawn
    let run = 0;
    let now = 0;
    for (const empty of blank) {
      now = empty ? now + 1 : 0;
      run = Math.max(run, now);
    }
    expect(run).toBeGreaterThanOrEqual(Math.floor(width / 4));
  });
});
