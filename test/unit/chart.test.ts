/**
 * The drawing of `-o chart` with fixed data: bars in proportion, lines from the bottom row to the top one,
 * buckets, NULL gaps, negative values, wide characters, and every size fitting.
 */
import { describe, expect, it } from 'vitest';
import { barChart } from '../../src/output/chart-bars.js';
import { planChart, shortNumber } from '../../src/output/chart-data.js';
import { drawChart } from '../../src/output/chart.js';
import { bucket, lineChart, type Series } from '../../src/output/chart-line.js';
import { runsAtAGlance, sparkline } from '../../src/output/sparkline.js';
import { textWidth } from '../../src/output/width.js';
import { labelProblems, means, panelsOf } from '../helpers/chart-axis.js';

/** The part of a bar line right of the zero line, up to the value. */
const barOf = (line: string) => line.slice(line.indexOf('│') + 1).split(' ')[0]!;
/** A bar's length in eighths of a column. */
const eighths = (bar: string) => [...bar].reduce((sum, char) => sum + (char === '█' ? 8 : '▏▎▍▌▋▊▉'.indexOf(char) + 1), 0);

const bars = (values: (number | null)[], labels = values.map((_v, i) => `row ${i + 1}`), width = 60, height = 30) =>
  barChart({ labels, series: [{ name: 'revenue', values }], width, height, color: false });

describe('bars', () => {
  it('are in proportion: the largest value the longest bar, equal values equal bars, half a value half a bar', () => {
    const { lines } = bars([40, 100, 40, 50, 10]);
    expect(lines[0]).toBe('█ revenue');
    const lengths = lines.slice(1).map((line) => eighths(barOf(line)));
    expect(Math.max(...lengths)).toBe(lengths[1]);
    expect(lengths[0]).toBe(lengths[2]);
    expect(Math.abs(lengths[3]! * 2 - lengths[1]!)).toBeLessThanOrEqual(1);
    expect(lengths[4]! * 10).toBeCloseTo(lengths[1]!, -1);
    expect(lines[2]).toMatch(/│█+ 100$/);
  });

  it('use eighth blocks, so that close values get different bars', () => {
    const { lines } = bars([100, 99, 98]);
    const lengths = lines.slice(1).map((line) => eighths(barOf(line)));
    expect(new Set(lengths).size).toBe(3);
    expect(lines.slice(1).some((line) => /[▏▎▍▌▋▊▉]/.test(line))).toBe(true);
  });

  it('draw negative values to the left of the zero line, on the same scale', () => {
    const { lines } = bars([100, -50, 0]);
    const zero = lines.slice(1).map((line) => line.indexOf('│'));
    expect(new Set(zero).size).toBe(1);
    const negative = lines[2]!;
    const left = negative.slice(0, zero[0]).replace(/^row 2 /, '');
    expect(left).toMatch(/^ *█+▐?$|^ *▐?█+$/);
    expect(negative).toMatch(/│ -50$/);
    const leftCells = [...left.trim()].length;
    const rightCells = eighths(barOf(lines[1]!)) / 8;
    expect(Math.abs(leftCells * 2 - rightCells)).toBeLessThanOrEqual(1);
  });

  it('leave a NULL empty, not a bar of zero length with a 0', () => {
    const { lines } = bars([5, null, 7]);
    expect(lines[2]).toBe('row 2 │');
  });

  it('measure labels as a terminal shows them: wide characters take two columns', () => {
    const { lines } = bars([3, 4], ['東京', 'Paris'], 40);
    const zero = lines.slice(1).map((line) => textWidth(line.slice(0, line.indexOf('│'))));
    expect(zero[0]).toBe(zero[1]);
    for (const line of lines) expect(textWidth(line)).toBeLessThanOrEqual(40);
  });

  it('show the first rows that fit the height, and say how many', () => {
    const values = Array.from({ length: 30 }, (_v, i) => i + 1);
    const { lines, shown } = bars(values, undefined, 80, 10);
    expect(shown).toBeLessThan(30);
    expect(lines.length + 1).toBeLessThanOrEqual(10);
    expect(lines[1]).toMatch(/^row 1 /);
  });
});

const line = (series: Series[], width = 80, height = 20, first = '2026-01-01', last = '2026-01-31') =>
  lineChart({ series, first, last, step: { days: 1 }, width, height, color: false });
/** The plot's rows, top first: the lines above the x axis. */
const plotOf = (lines: string[]) =>
  lines.slice(
    0,
    lines.findIndex((l) => l.includes('└')),
  );

describe('lines', () => {
  const wave = [3, 5, 9, 4, 1, 6, 8, 2];

  it('put the largest value on the top row and the smallest on the bottom one, labelled with both', () => {
    const lines = line([{ name: 'revenue', values: wave }]);
    const plot = plotOf(lines);
    const start = plot[0]!.indexOf('┤') + 1;
    // eight points over the width: each takes the same run of columns
    const run = Math.floor((80 - start) / wave.length);
    expect(lines.find((l) => l.includes('└'))!.slice(start)).toBe('─'.repeat(run * wave.length));
    const column = (row: string, at: number) => [...row.slice(start)][at * run + 1] ?? ' ';
    expect(column(plot[0]!, wave.indexOf(9))).not.toBe(' ');
    expect(column(plot.at(-1)!, wave.indexOf(1))).not.toBe(' ');
    expect(plot[0]).toMatch(/^ *9 ┤/);
    expect(plot.at(-1)).toMatch(/^ *1 ┤/);
    expect(lines.at(-2)).toMatch(/^ +2026-01-01 +2026-01-31$/);
    expect(lines.at(-1)).toBe('── revenue');
  });

  it('put more points than columns in buckets, each the mean of its points, and say so', () => {
    expect(bucket([1, 3, 5, null, null, null, 7], 3)).toEqual([3, null, 7]);
    const values = Array.from({ length: 365 }, (_v, i) => i);
    const lines = line([{ name: 'revenue', values }], 40);
    for (const l of lines) expect(textWidth(l)).toBeLessThanOrEqual(40);
    const size = Math.ceil(365 / (40 - 2 - textWidth(plotOf(lines)[0]!.split(' ┤')[0]!)));
    expect(lines.at(-1)).toBe(`── revenue   each column: ${size} days, mean`);
  });

  it('leave gaps for NULLs, not a fall to zero', () => {
    const lines = line([{ name: 'revenue', values: [5, 5, null, null, 5, 5] }]);
    const plot = plotOf(lines);
    const middle = plot.find((row) => row.includes('─'))!;
    const [, before, gap, after] = /^(─+)( +)(─+)$/.exec(middle.slice(middle.indexOf('│') + 1 || middle.indexOf('┤') + 1))!;
    expect([before!.length, after!.length]).toEqual([gap!.length, gap!.length]);
    expect(plot.at(-1)).not.toMatch(/[─╯╰]/);
  });

  it('draw up to three series with a legend naming each', () => {
    const lines = line([
      { name: 'orders', values: [1, 2, 3] },
      { name: 'revenue', values: [3, 2, 1] },
    ]);
    expect(lines.at(-1)).toBe('── orders   ── revenue');
    const { lines: bars } = barChart({
      labels: ['DE', 'JP'],
      series: [
        { name: 'orders', values: [30, 50] },
        { name: 'revenue', values: [100, 80] },
      ],
      width: 40,
      height: 20,
      color: false,
    });
    expect(bars).toHaveLength(5);
    expect(bars[0]).toBe('█ orders   █ revenue');
    expect(bars.slice(1).map((l) => l.replace(/[█▏▎▍▌▋▊▉]+/, '#'))).toEqual(['DE │# 30 orders', '   │# 100 revenue', 'JP │# 50 orders', '   │# 80 revenue']);
  });

  it('draw series of very different sizes in panels of their own, the columns aligned, the x axis under the last', () => {
    const days = Array.from({ length: 10 }, (_v, i) => ({ day: `2026-01-${String(i + 1).padStart(2, '0')}`, orders: 16 + (i % 2), revenue: 4000 + i * 40 }));
    const plan = planChart([{ name: 'day' }, { name: 'orders' }, { name: 'revenue' }], days, {});
    if ('problem' in plan) throw new Error(plan.problem);
    const lines = drawChart(days, plan, { tty: true, columns: 60, rows: 25, color: false }).text.trimEnd().split('\n');
    expect(lines).toHaveLength(12);
    const legends = lines.flatMap((l, i) => (l.startsWith('── ') ? [i] : []));
    expect(legends.map((i) => lines[i])).toEqual(['── orders', '── revenue']);
    expect(lines[0]).toMatch(/^ +17 ┤/);
    expect(lines[legends[0]! - 1]).toMatch(/^ +16 ┤/);
    expect(lines[legends[0]! + 1]).toMatch(/^4\.4k ┤/);
    expect(new Set(lines.filter((l) => /[┤│└]/.test(l)).map((l) => l.search(/[┤│└]/))).size).toBe(1);
    expect(lines.filter((l) => l.includes('└'))).toHaveLength(1);
  });

  it('colour each series and its legend when asked, and nothing else', () => {
    const lines = lineChart({
      series: [
        { name: 'a', values: [1, 2] },
        { name: 'b', values: [2, 1] },
      ],
      first: '1',
      last: '2',
      step: 'row',
      width: 40,
      height: 10,
      color: true,
    });
    expect(lines.join('\n')).toContain('\u001b[36m');
    expect(lines.join('\n')).toContain('\u001b[35m');
    expect(lines.at(-1)).toBe('\u001b[36m──\u001b[39m a   \u001b[35m──\u001b[39m b');
  });

  it('measure x labels as a terminal shows them', () => {
    const lines = line([{ name: 'v', values: [1, 2, 3] }], 30, 10, '東京東京東京東京', '大阪大阪大阪大阪');
    for (const l of lines) expect(textWidth(l)).toBeLessThanOrEqual(30);
  });
});

describe('y labels', () => {
  // orders of 16 or 17 a day, their means from 16.4 up; revenue about 4k
  const days = Array.from({ length: 180 }, (_v, i) => ({ day: `d${i}`, orders: 16 + (i % 5 < 2 ? 1 : 0), revenue: 3934.5 + ((i * 37) % 517) }));
  const dayPlan = planChart([{ name: 'day', type: 'DATE' }, { name: 'orders' }, { name: 'revenue' }], [], {});

  it.each([40, 50, 80, 120])(
    'at %i columns are true and distinct, the bottom one at or below the lowest value, the top one at or above the highest',
    (columns) => {
      if ('problem' in dayPlan) throw new Error(dayPlan.problem);
      for (const height of [12, 24, 40]) {
        const lines = drawChart(days, dayPlan, { tty: true, columns, rows: height, color: false }).text.trimEnd().split('\n');
        const { panels, bucket } = panelsOf(lines);
        expect(panels.map((p) => p.names)).toEqual([['orders'], ['revenue']]);
        for (const { names, labels } of panels) {
          const drawn = means(
            days.map((d) => d[names[0] as 'orders' | 'revenue']),
            bucket,
          );
          expect(labelProblems(labels, drawn), `${columns}x${height} ${names[0]}:\n${lines.join('\n')}`).toEqual([]);
        }
      }
    },
  );

  it.each([
    ['fractions', [0.0012, 0.0019, 0.0015, 0.00125]],
    ['negative and positive', [-3100, 4000, 250, -17.5]],
    ['close together', [1000.25, 1000.5, 1000.75, 1000.3]],
    ['large', [12_345_678_901, 12_345_978_901, 12_346_000_000]],
    ['flat', [7.25, 7.25]],
    ['one', [16.5]],
  ])('of %s are true and distinct at every height', (_name, values) => {
    for (const height of [4, 6, 9, 14, 20]) {
      const lines = line([{ name: 'v', values }], 60, height);
      const { panels } = panelsOf(lines);
      expect(labelProblems(panels[0]!.labels, values), `${height}:\n${lines.join('\n')}`).toEqual([]);
    }
  });
});

describe('every size fits', () => {
  const days = Array.from({ length: 180 }, (_v, i) => ({
    day: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
    revenue: 4000 + ((i * 37) % 500),
    orders: i % 3 === 0 ? null : 16 + (i % 2),
  }));
  const countries = ['Deutschland', '日本', 'España', 'United States of America', 'Sverige'].map((country, i) => ({
    country,
    revenue: [96335.2, -1200, 93000, 50000.5, 0][i],
    orders: [380, 12, 370, null, 1][i],
  }));
  for (const width of [20, 40, 80, 200]) {
    for (const height of [10, 24, 50]) {
      it(`${width} columns, ${height} rows: lines and bars`, () => {
        for (const [rows, columns] of [
          [days, [{ name: 'day' }, { name: 'revenue' }, { name: 'orders' }]],
          [countries, [{ name: 'country' }, { name: 'revenue' }]],
          [countries, [{ name: 'country' }, { name: 'revenue' }, { name: 'orders' }]],
        ] as const) {
          const plan = planChart([...columns], [...rows], {});
          if ('problem' in plan) throw new Error(plan.problem);
          const { text } = drawChart([...rows], plan, { tty: true, columns: width, rows: height, color: false });
          const lines = text.trimEnd().split('\n');
          expect(lines.length, text).toBeLessThanOrEqual(height - 1);
          for (const l of lines) expect(textWidth(l), `${width}x${height}: "${l}"`).toBeLessThanOrEqual(width);
        }
      });
    }
  }

  it('off a terminal, below 20 columns or without a size: 80 columns, at most 20 rows, no colour', () => {
    const plan = planChart([{ name: 'day' }, { name: 'revenue' }], days, {});
    if ('problem' in plan) throw new Error(plan.problem);
    for (const room of [
      { tty: false, columns: undefined, rows: undefined },
      { tty: true, columns: 12, rows: 40 },
      { tty: true, columns: undefined, rows: undefined },
    ]) {
      const { text } = drawChart(days, plan, { ...room, color: true });
      const lines = text.trimEnd().split('\n');
      expect(lines.length).toBeLessThanOrEqual(20);
      // 180 days in buckets of 3 (an 80-column plot holds no more than 74): 60 columns right of the y labels
      expect(Math.max(...lines.map((l) => textWidth(l)))).toBe(lines[0]!.indexOf('┤') + 1 + 60);
      expect(text).not.toContain('\u001b');
    }
    const bars = planChart([{ name: 'country' }, { name: 'revenue' }], countries, {});
    if ('problem' in bars) throw new Error(bars.problem);
    const { text } = drawChart(countries, bars, { tty: false, columns: undefined, rows: undefined, color: true });
    expect(
      Math.max(
        ...text
          .trimEnd()
          .split('\n')
          .map((l) => textWidth(l)),
      ),
    ).toBe(80);
  });
});

describe('what is charted', () => {
  const rows = [{ day: '2026-01-01', country: 'DE', orders: 3, revenue: 10 }];
  const columns = [{ name: 'day' }, { name: 'country' }, { name: 'orders' }, { name: 'revenue' }];

  it('x: the first date column, else text, else the row number; y: the numeric columns, three at most', () => {
    expect(planChart(columns, rows, {})).toEqual({ x: 'day', xKind: 'time', y: ['orders', 'revenue'], left: [] });
    expect(planChart(columns.slice(1), rows, {})).toMatchObject({ x: 'country', xKind: 'text' });
    expect(planChart([{ name: 'orders' }], rows, {})).toMatchObject({ x: undefined, xKind: 'row', y: ['orders'] });
    const many = { a: 1, b: 2, c: 3, d: 4, e: 5 };
    expect(
      planChart(
        Object.keys(many).map((name) => ({ name })),
        [many],
        {},
      ),
    ).toMatchObject({ y: ['a', 'b', 'c'], left: ['d', 'e'] });
    expect(planChart(columns, rows, { x: 'country', y: ['revenue'] })).toEqual({ x: 'country', xKind: 'text', y: ['revenue'], left: [] });
  });

  it('no numeric column, or a --x/--y not there, is a problem naming the columns there are', () => {
    expect(planChart(columns.slice(0, 2), rows, {})).toEqual({ problem: 'no numeric column to draw against day; its columns: day, country' });
    expect(planChart(columns, rows, { x: 'month' })).toEqual({ problem: 'the result has no column "month"; its columns: day, country, orders, revenue' });
    expect(planChart(columns, rows, { y: ['country'] })).toEqual({ problem: '--y country: not a numeric column; its columns: day, country, orders, revenue' });
  });

  it('before a run: names, and the types the server gave', () => {
    expect(
      planChart(
        [
          { name: 'day', type: 'DATE' },
          { name: 'name', type: 'VARCHAR' },
        ],
        [],
        {},
      ),
    ).toEqual({ problem: 'no numeric column to draw against day; its columns: day (DATE), name (VARCHAR)' });
    expect(planChart([{ name: 'day' }, { name: 'name' }], [], {})).not.toHaveProperty('problem');
    expect(planChart([{ name: 'day' }], [], { y: ['revenue'] })).toHaveProperty('problem');
  });

  it('numbers after a bar read short where the room asks, marked ≈ where that is not the number', () => {
    expect([950, 4712, 1_234_567, 0.25, -3100, 4000, 12_345_678_901, -1e-9, 0.000123456].map(shortNumber)).toEqual([
      '950',
      '≈4.71k',
      '≈1.23M',
      '0.25',
      '-3.1k',
      '4k',
      '≈12.3B',
      '-1e-9',
      '≈1.23e-4',
    ]);
  });
});

describe('--series: a "long" result, one series per value of a column', () => {
  const types = ['page_view', 'signup', 'export'];
  // month, event_type, events: each month once per type; signup far below the others
  const events = ['2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01'].flatMap((month, m) =>
    types.map((event_type, t) => ({ month, event_type, events: [400, 30, 300][t]! + m * 10 })),
  );
  const columns = [
    { name: 'month', type: 'DATE' },
    { name: 'event_type', type: 'VARCHAR' },
    { name: 'events', type: 'BIGINT' },
  ];
  const room = { tty: true, columns: 60, rows: 30, color: false };

  it('is found: a text column beside x and y, and x values that repeat, split the line; stderr says so and names --series', () => {
    const plan = planChart(columns, events, {});
    expect(plan).toMatchObject({ x: 'month', y: ['events'], series: 'event_type', seriesFound: true });
    if ('problem' in plan) throw new Error(plan.problem);
    const { text, notes } = drawChart(events, plan, room);
    const lines = text.trimEnd().split('\n');
    // in the order the values first come
    expect(lines.filter((l) => l.startsWith('── '))).toEqual(['── page_view   ── signup   ── export']);
    expect(notes).toEqual(['one series per event_type (the values of month repeat); choose the column with --series']);
    // one point per month: four runs of columns over the width, not twelve
    const axis = lines.find((l) => l.includes('└'))!;
    expect(axis.length - axis.indexOf('└') - 1).toBe(4 * Math.floor((60 - axis.indexOf('└') - 1) / 4));
  });

  it('chosen with --series: one line per value with a legend, each at its own values, and no note', () => {
    const plan = planChart(columns, events, { series: 'event_type' });
    if ('problem' in plan) throw new Error(plan.problem);
    const { text, notes } = drawChart(
      events.filter((e) => e.event_type !== 'signup'),
      plan,
      room,
    );
    expect(notes).toEqual([]);
    const lines = text.trimEnd().split('\n');
    expect(lines.at(-1)).toBe('── page_view   ── export');
    const { panels } = panelsOf(lines);
    expect(panels[0]!.labels[0]).toBe('430');
    expect(panels[0]!.labels.at(-1)).toBe('300');
  });

  it('as bars: one bar per value in each group, named, with a legend', () => {
    const byType = events.map(({ month, event_type, events }) => ({ month, event_type, events }));
    const bars = planChart([{ name: 'event_type', type: 'VARCHAR' }, ...columns.filter((c) => c.name !== 'event_type')], byType, {
      x: 'event_type',
      series: 'month',
    });
    if ('problem' in bars) throw new Error(bars.problem);
    expect(bars).toMatchObject({ xKind: 'text', series: 'month' });
    const lines = drawChart(byType.slice(0, 6), bars, room).text.trimEnd().split('\n');
    expect(lines[0]).toBe('█ 2026-01-01   █ 2026-02-01');
    expect(lines.slice(1).map((l) => l.replace(/[█▏▎▍▌▋▊▉]+/, '#'))).toEqual([
      'page_view │# 400 2026-01-01',
      '          │# 410 2026-02-01',
      'signup    │# 30 2026-01-01',
      '          │# 40 2026-02-01',
      'export    │# 300 2026-01-01',
      '          │# 310 2026-02-01',
    ]);
  });

  it('bars of series more than 10 times apart are drawn in panels, each on its own scale, so that none is empty', () => {
    const countries = [
      { country: 'DE', orders: 370, revenue: 93_869.9 },
      { country: 'JP', orders: 380, revenue: 96_335.2 },
    ];
    const plan = planChart([{ name: 'country' }, { name: 'orders' }, { name: 'revenue' }], countries, {});
    if ('problem' in plan) throw new Error(plan.problem);
    const lines = drawChart(countries, plan, { tty: true, columns: 40, rows: 24, color: false }).text.trimEnd().split('\n');
    expect(lines.map((l) => (l.includes('│') ? l.replace(/[█▏▎▍▌▋▊▉]+/, '#') : l))).toEqual([
      '█ orders',
      'DE │# 370',
      'JP │# 380',
      '█ revenue',
      'DE │# 93,869.9',
      'JP │# 96,335.2',
    ]);
    // each panel's largest bar fills its room: neither is a sliver
    for (const at of [2, 5]) expect(lines[at]!.split(' ')[1]!.length).toBeGreaterThan(20);
  });

  it('a --series that names no column, or the x axis, or with several --y columns, is a problem naming the columns; before a run too', () => {
    expect(planChart(columns, [], { series: 'kind' })).toEqual({
      problem: 'the result has no column "kind"; its columns: month (DATE), event_type (VARCHAR), events (BIGINT)',
    });
    expect(planChart(columns, events, { x: 'event_type', series: 'event_type' })).toMatchObject({
      problem: expect.stringContaining('--series event_type: it is the x axis'),
    });
    expect(planChart([...columns, { name: 'users', type: 'BIGINT' }], [], { series: 'event_type', y: ['events', 'users'] })).toMatchObject({
      problem: expect.stringContaining('--series event_type splits one --y column into series, and --y names 2'),
    });
  });

  it('several y columns and a text column that would split them: drawn as they are, and stderr names --series', () => {
    const both = events.map((e) => ({ ...e, users: e.events / 2 }));
    const plan = planChart([...columns, { name: 'users', type: 'DOUBLE' }], both, {});
    if ('problem' in plan) throw new Error(plan.problem);
    expect(plan).toMatchObject({ y: ['events', 'users'], couldSplit: 'event_type' });
    expect(drawChart(both, plan, room).notes).toEqual([
      'the values of month repeat: --series event_type draws one series per event_type (with one --y column)',
    ]);
  });

  it('more values than colours: the first six drawn, the others named on stderr', () => {
    const many = Array.from({ length: 8 }, (_v, i) => [
      { day: '2026-01-01', kind: `k${i}`, n: i },
      { day: '2026-01-02', kind: `k${i}`, n: i + 1 },
    ]).flat();
    const plan = planChart(
      [
        { name: 'day', type: 'DATE' },
        { name: 'kind', type: 'VARCHAR' },
        { name: 'n', type: 'INTEGER' },
      ],
      many,
      { series: 'kind' },
    );
    if ('problem' in plan) throw new Error(plan.problem);
    const { text, notes } = drawChart(many, plan, { ...room, columns: 120 });
    expect(text).toContain('── k5');
    expect(text).not.toContain('── k6');
    expect(notes).toEqual(['not drawn (at most 6 series): 2 values of kind: k6, k7']);
  });
});

describe('exact decimal strings', () => {
  it('are read as numbers: DECIMAL values the server sends as strings are drawn and labelled as their numbers', () => {
    const rows = [
      { country: 'DE', revenue: '12345678901234567890.12' },
      { country: 'JP', revenue: '6172839450617283945.06' },
    ];
    const plan = planChart(
      [
        { name: 'country', type: 'VARCHAR' },
        { name: 'revenue', type: 'DECIMAL(38,2)' },
      ],
      rows,
      {},
    );
    expect(plan).toMatchObject({ x: 'country', y: ['revenue'] });
    if ('problem' in plan) throw new Error(plan.problem);
    const lines = drawChart(rows, plan, { tty: true, columns: 60, rows: 10, color: false }).text.trimEnd().split('\n');
    // more digits than a double holds for sure: shortened, and marked so
    expect(lines.slice(1).map((l) => l.replace(/[█▏▎▍▌▋▊▉]+/, '#'))).toEqual(['DE │# ≈1.23e19', 'JP │# ≈6.17e18']);
    // a DECIMAL whose double reads as a shorter number (0.3) is not labelled as that number
    const close = [
      { country: 'DE', revenue: '0.30000000000000001' },
      { country: 'JP', revenue: '2.50' },
    ];
    const closeLines = drawChart(close, plan, { tty: true, columns: 60, rows: 10, color: false }).text.trimEnd().split('\n');
    expect(closeLines.slice(1).map((l) => l.replace(/[█▏▎▍▌▋▊▉]+/, '#'))).toEqual(['DE │# ≈0.3', 'JP │# 2.5']);
    // JP is half of DE: half the bar
    const [de, jp] = lines.slice(1).map((l) => eighths(barOf(l)));
    expect(Math.abs(jp! * 2 - de!)).toBeLessThanOrEqual(1);
  });
});

describe('the runs at a glance', () => {
  it('durations in time order, the median, the slowest and the failures', () => {
    const runs = [
      { at: '2026-01-03T00:00:00Z', ms: 800, failed: true },
      { at: '2026-01-01T00:00:00Z', ms: 100, failed: false },
      { at: '2026-01-02T00:00:00Z', ms: 200, failed: false },
      { at: '2026-01-04T00:00:00Z', ms: null, failed: false },
    ];
    expect(runsAtAGlance(runs, 80)).toBe('durations ▂▃█  median 200ms  slowest 800ms  1 failed');
    expect(runsAtAGlance(runs.slice(1, 3), 80)).toBe('durations ▅█  median 150ms  slowest 200ms  0 failed');
    // bars from 0: equal runs are equal bars, and 300 ms next to 301 ms is no slowdown
    expect(sparkline([5, 5])).toBe('██');
    expect(sparkline([300, 301, 300])).toBe('███');
    expect(sparkline([0, 0])).toBe('▁▁');
  });

  it('keeps the newest runs that fit the width', () => {
    const runs = Array.from({ length: 100 }, (_v, i) => ({ at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(), ms: i * 10, failed: false }));
    for (const width of [20, 40, 80]) expect(textWidth(runsAtAGlance(runs, width))).toBeLessThanOrEqual(width);
    expect(runsAtAGlance(runs, 80)).toMatch(/█ {2}median 495ms {2}slowest 990ms {2}0 failed$/);
  });
});

describe('charts that do not mislead (a trial of -o chart)', () => {
  const planOf = (columns: { name: string; type?: string }[], rows: Record<string, unknown>[], choice = {}) => {
    const plan = planChart(columns, rows, choice);
    if ('problem' in plan) throw new Error(plan.problem);
    return plan;
  };
  /** The value printed after each bar. */
  const valuesOf = (lines: string[]) =>
    lines
      .filter((l) => l.includes('│'))
      .map((l) =>
        l
          .slice(l.indexOf('│') + 1)
          .replace(/^[█▏▎▍▌▋▊▉]*/, '')
          .trim(),
      );

  it('a bar value is true: exact, or marked ≈ where shortened; never -0', () => {
    const { lines } = bars([0.000123, -1e-9, 12_345_678_901_234_568, 0, 96_335.2, 1 / 3]);
    expect(valuesOf(lines)).toEqual(['0.000123', '-1e-9', '≈1.23e16', '0', '96,335.2', '≈0.333']);
    // where the room is short the value is shortened, and says so
    const narrow = barChart({ labels: ['a', 'b'], series: [{ name: 'v', values: [123_456_789, 4712] }], width: 16, height: 10, color: false });
    expect(valuesOf(narrow.lines)).toEqual(['≈123M', '≈4.71k']);
  });

  it('NaN and Infinity: a bar says so; a line leaves them out and stderr says how many and why', () => {
    const columns = [
      { name: 'country', type: 'VARCHAR' },
      { name: 'ratio', type: 'DOUBLE' },
    ];
    const rows = [
      { country: 'DE', ratio: 2 },
      { country: 'JP', ratio: 'NaN' },
      { country: 'US', ratio: 'Infinity' },
      { country: 'FR', ratio: -Infinity },
    ];
    const { text } = drawChart(rows, planOf(columns, rows), { tty: true, columns: 40, rows: 20, color: false });
    expect(valuesOf(text.trimEnd().split('\n'))).toEqual(['2', 'NaN', 'Infinity', '-Infinity']);
    const days = ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04'].map((day, i) => ({ day, ratio: [1, 'NaN', Infinity, 2][i] }));
    const line = drawChart(
      days,
      planOf(
        [
          { name: 'day', type: 'DATE' },
          { name: 'ratio', type: 'DOUBLE' },
        ],
        days,
      ),
      { tty: true, columns: 40, rows: 20, color: false },
    );
    expect(line.notes).toEqual(['2 values of ratio not drawn, being no finite number: 1 NaN, 1 Infinity']);
  });

  it('few x values spread over the width, x labels within the plot, a legend that wraps rather than cuts names', () => {
    const types = ['dashboard_view', 'export', 'page_view', 'query_run', 'signup'];
    const events = Array.from({ length: 10 }, (_v, m) => `2026-${String(m + 1).padStart(2, '0')}-01`).flatMap((month, m) =>
      types.map((event_type, t) => ({ month, event_type, events: 360 + ((m * 7 + t * 13) % 100) })),
    );
    const plan = planOf(
      [
        { name: 'month', type: 'DATE' },
        { name: 'event_type', type: 'VARCHAR' },
        { name: 'events', type: 'BIGINT' },
      ],
      events,
    );
    for (const columns of [40, 80]) {
      const lines = drawChart(events, plan, { tty: true, columns, rows: 24, color: false }).text.trimEnd().split('\n');
      const axis = lines.find((l) => l.includes('└'))!;
      // ten months over most of the width, not ten columns
      expect(textWidth(axis), lines.join('\n')).toBeGreaterThan(columns - 10);
      const xLabels = lines[lines.indexOf(axis) + 1]!;
      expect(textWidth(xLabels)).toBeLessThanOrEqual(textWidth(axis));
      expect(xLabels).toMatch(/2026-01-01 .*2026-10-01$/);
      const legend = lines.slice(lines.indexOf(axis) + 2).join('   ');
      for (const name of types) expect(legend, lines.join('\n')).toContain(`── ${name}`);
      for (const l of lines) expect(textWidth(l)).toBeLessThanOrEqual(columns);
      expect(lines.length).toBeLessThanOrEqual(23);
    }
    // five series of the same values: one line shows, and stderr names the ones under it
    const same = events.map((e) => ({ ...e, events: 400 + (Number(e.month.slice(5, 7)) % 3) }));
    expect(drawChart(same, plan, { tty: true, columns: 80, rows: 24, color: false }).notes).toContain(
      'drawn over by a later line, at the same rows at this height: dashboard_view, export, page_view, query_run',
    );
  });

  it('bars whose x repeats, without --series, are told apart by the text column beside it', () => {
    const rows = ['DE', 'JP'].flatMap((country) => ['signup', 'export', 'page_view'].map((kind, i) => ({ country, kind, users: 10 + i, events: 100 + i })));
    const plan = planOf(
      [
        { name: 'country', type: 'VARCHAR' },
        { name: 'kind', type: 'VARCHAR' },
        { name: 'users', type: 'BIGINT' },
        { name: 'events', type: 'BIGINT' },
      ],
      rows,
    );
    const lines = drawChart(rows, plan, { tty: true, columns: 60, rows: 40, color: false }).text.trimEnd().split('\n');
    const labels = lines.map((l) => (l.includes('│') ? l.slice(0, l.indexOf('│')).trim() : '')).filter(Boolean);
    expect(labels.length, lines.join('\n')).toBeGreaterThan(0);
    // each bar's label names the country and the kind: no two alike
    expect(labels).toHaveLength(6);
    expect(new Set(labels).size).toBe(6);
    expect(labels).toContain('DE signup');
  });

  it('notes of one say one: 1 value, 1 row', () => {
    const many = Array.from({ length: 7 }, (_v, i) => [
      { day: '2026-01-01', kind: `k${i}`, n: i },
      { day: '2026-01-02', kind: `k${i}`, n: i + 1 },
    ]).flat();
    many.push({ day: '2026-01-02', kind: 'k0', n: 3 });
    const plan = planOf(
      [
        { name: 'day', type: 'DATE' },
        { name: 'kind', type: 'VARCHAR' },
        { name: 'n', type: 'INTEGER' },
      ],
      many,
      { series: 'kind' },
    );
    const { notes } = drawChart(many, plan, { tty: true, columns: 120, rows: 30, color: false });
    expect(notes).toEqual([
      'not drawn (at most 6 series): 1 value of kind: k6',
      '1 row shares its day and kind with another: each point is the mean of its rows',
    ]);
  });
});
