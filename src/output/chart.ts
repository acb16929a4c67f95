/**
 * `-o chart`: a query result drawn for a person. Dates, times and numbers on x make a line chart; text
 * makes horizontal bars. Loaded only when a chart is drawn.
 */
import { cell } from '../text.js';
import { barChart } from './chart-bars.js';
import { counted, drawnValueOf, maxSeries, maxSplitSeries, numberOf, timeOf, type ChartPlan, type Row } from './chart-data.js';
import { labelWidthOf, lineChart, panels, type Extreme, type Series } from './chart-line.js';

/** The terminal the chart is drawn for. */
export interface ChartRoom {
  tty: boolean;
  columns: number | undefined;
  rows: number | undefined;
  color: boolean;
}

/** Off a terminal, below 20 columns, or on one that tells no size: 80 columns, 20 rows, no colour. */
export const plainRoom = { width: 80, height: 20 };

export function chartRoom(room: ChartRoom): { width: number; lineHeight: number; barHeight: number; color: boolean } {
  if (!room.tty || room.columns === undefined || room.columns < 20)
    return { width: plainRoom.width, lineHeight: plainRoom.height, barHeight: plainRoom.height, color: false };
  // the line under the chart is the shell's prompt
  const rows = room.rows && room.rows > 1 ? room.rows - 1 : plainRoom.height;
  return { width: room.columns, lineHeight: Math.min(rows, Math.max(10, Math.ceil(rows / 2))), barHeight: rows, color: room.color };
}

/** Days between consecutive x values when they are all the same whole number of days apart. */
function dayStep(times: (number | null)[]): { days: number } | 'row' {
  const steps = new Set<number>();
  for (let i = 1; i < times.length; i++) if (times[i] !== null && times[i - 1] !== null) steps.add(times[i]! - times[i - 1]!);
  const [step] = [...steps];
  return steps.size === 1 && step! > 0 && step! % 86_400_000 === 0 ? { days: step! / 86_400_000 } : 'row';
}

/**
 * The series drawn, the rows that carry x, and for each row of the result the x it is drawn at. A series column
 * gives one row per x value and one series per value of the column, in the order they first come.
 */
function seriesOf(rows: Row[], plan: ChartPlan): { rows: Row[]; series: Series[]; notes: string[]; xOf: number[] } {
  if (plan.series === undefined) {
    const notes = plan.left.length ? [`not drawn (at most ${maxSeries} series): ${plan.left.join(', ')}; choose with --y`] : [];
    if (plan.couldSplit)
      notes.push(`the values of ${plan.x} repeat: --series ${plan.couldSplit} draws one series per ${plan.couldSplit} (with one --y column)`);
    return {
      rows,
      series: plan.y.map((name) => ({ name: cell(name), values: rows.map((row) => drawnValueOf(row[name])), sent: rows.map((row) => row[name]) })),
      notes,
      xOf: rows.map((_row, index) => index),
    };
  }
  const [y, split] = [plan.y[0]!, plan.series];
  const xAt = new Map<string, number>();
  const xs: Row[] = [];
  const xOf: number[] = [];
  const points = new Map<string, { sum: number; count: number }[]>();
  let shared = 0;
  rows.forEach((row, index) => {
    const key = plan.x === undefined ? String(index) : JSON.stringify(row[plan.x] ?? null);
    if (!xAt.has(key)) {
      xAt.set(key, xs.length);
      xs.push(row);
    }
    xOf.push(xAt.get(key)!);
    const name = row[split] === null || row[split] === undefined ? 'NULL' : String(row[split]);
    if (!points.has(name)) points.set(name, []);
    const value = drawnValueOf(row[y]);
    const series = points.get(name)!;
    const at = xAt.get(key)!;
    series[at] ??= { sum: 0, count: 0 };
    const point = series[at];
    if (point.count > 0) shared++;
    if (value !== null) [point.sum, point.count] = [point.sum + value, point.count + 1];
  });
  const names = [...points.keys()];
  const drawn = names.slice(0, maxSplitSeries);
  const notes: string[] = [];
  if (plan.seriesFound) notes.push(`one series per ${split} (the values of ${plan.x} repeat); choose the column with --series`);
  if (plan.left.length) notes.push(`not drawn (--series splits one column): ${plan.left.join(', ')}; choose it with --y`);
  if (names.length > drawn.length)
    notes.push(
      `not drawn (at most ${maxSplitSeries} series): ${counted(names.length - drawn.length, 'value')} of ${split}: ${names.slice(maxSplitSeries).join(', ')}`,
    );
  if (shared)
    notes.push(
      `${counted(shared, 'row')} ${shared === 1 ? 'shares its' : 'share their'} ${plan.x} and ${split} with another: each point is the mean of its rows`,
    );
  const series = drawn.map((name) => {
    const at = points.get(name)!;
    return { name: cell(name), values: xs.map((_x, i) => (at[i]?.count ? at[i].sum / at[i].count : null)) };
  });
  return { rows: xs, series, notes, xOf };
}

/**
 * Dates a whole number of days apart, with the points of the days missing between them (index -1, no row), so
 * that a gap in the dates is a gap in the line: when nine steps in ten are one step (a day, a week), the others
 * being holes of whole steps, and at most as many points are added as there are rows; other dates are drawn as
 * they were, one point a row.
 */
function withGaps<T extends { at: number | null; index: number; row: Row | undefined }>(points: T[]): T[] {
  const day = 86_400_000;
  const steps = new Map<number, number>();
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1]!.at, points[i]!.at];
    if (a !== null && b !== null && b > a && (b - a) % day === 0) steps.set(b - a, (steps.get(b - a) ?? 0) + 1);
  }
  const [step, count = 0] = [...steps.entries()].sort((x, y) => y[1] - x[1] || x[0] - y[0])[0] ?? [];
  // only a regular series with holes: dates at uneven steps stay one point a row
  if (step === undefined || count < 0.9 * [...steps.values()].reduce((a, b) => a + b, 0)) return points;
  const missing = points.reduce((sum, p, i) => {
    const before = points[i - 1]?.at;
    return before === undefined || before === null || p.at === null || (p.at - before) % step !== 0 ? sum : sum + Math.max(0, (p.at - before) / step - 1);
  }, 0);
  if (missing === 0 || missing > points.length) return points;
  const out: T[] = [];
  for (const [i, p] of points.entries()) {
    const before = points[i - 1]?.at;
    if (before !== undefined && before !== null && p.at !== null && (p.at - before) % step === 0)
      for (let at = before + step; at < p.at; at += step) out.push({ ...p, at, index: -1, row: undefined });
    out.push(p);
  }
  return out;
}

/** The chart's text, and notes for stderr (series not drawn, rows left out: `shownRows` of them shown). */
export function drawChart(result: Row[], plan: ChartPlan, room: ChartRoom): { text: string; notes: string[]; shownRows: number } {
  const size = chartRoom(room);
  const { rows, series, notes, xOf } = seriesOf(result, plan);
  const text = (row: Row | undefined, column: string) => cell(row?.[column] == null ? '' : String(row[column]));
  // bars whose x repeats (DE DE DE) are told apart by the text column that would split them
  const label = (row: Row | undefined, index: number) =>
    plan.x === undefined
      ? String(index + 1)
      : plan.couldSplit && plan.xKind === 'text'
        ? `${text(row, plan.x)} ${text(row, plan.couldSplit)}`
        : text(row, plan.x);
  if (plan.xKind === 'text') {
    const { lines, shown } = barChart({ labels: rows.map(label), series, width: size.width, height: size.barHeight, color: size.color });
    // the rows of the result whose x is among the bars shown
    return { text: `${lines.join('\n')}\n`, notes, shownRows: xOf.filter((x) => x < shown).length };
  }
  // x in its own order: a line is drawn left to right whatever order the rows came in
  const order = rows.map((row, index) => ({
    row,
    index,
    at: plan.x === undefined ? index : plan.xKind === 'time' ? timeOf(row[plan.x]) : numberOf(row[plan.x]),
  }));
  const inOrder = order.every((o, i) => i === 0 || (o.at ?? -Infinity) >= (order[i - 1]!.at ?? -Infinity))
    ? order
    : [...order].sort((a, b) => (a.at ?? -Infinity) - (b.at ?? -Infinity));
  const sorted = plan.xKind === 'time' ? withGaps(inOrder) : inOrder;
  // NaN and ±Infinity have no place on a y axis: gaps, as NULLs are, and said on stderr
  for (const s of series) {
    const left = sorted.map((o) => s.values[o.index]).filter((v): v is number => v !== null && v !== undefined && !Number.isFinite(v));
    if (!left.length) continue;
    const kinds = ['NaN', 'Infinity', '-Infinity'].map((name) => [name, left.filter((v) => String(v) === name).length] as const).filter(([, n]) => n > 0);
    notes.push(`${counted(left.length, 'value')} of ${s.name} not drawn, being no finite number: ${kinds.map(([name, n]) => `${n} ${name}`).join(', ')}`);
  }
  const drawn = series.map((s) => ({
    name: s.name,
    values: sorted.map((o) => {
      const v = o.index < 0 ? null : s.values[o.index]!;
      return v !== null && Number.isFinite(v) ? v : null;
    }),
  }));
  const groups = panels(drawn);
  // the lowest panel has the x axis, its labels and the legend (3 lines); each panel above, its legend (1)
  const plotRows = Math.max(1, Math.floor((size.lineHeight - 3 - (groups.length - 1)) / groups.length));
  const labelWidth = Math.max(...drawn.map((s) => labelWidthOf(s.values, plotRows)));
  let color = 0;
  const hidden: string[] = [];
  const extremes: Extreme[] = [];
  const lines = groups.flatMap((group, index) => {
    const last = index === groups.length - 1;
    const panel = lineChart({
      series: group,
      first: label(sorted[0]?.row, sorted[0]?.index ?? 0),
      last: label(sorted.at(-1)?.row, sorted.at(-1)?.index ?? 0),
      step: plan.xKind === 'time' ? dayStep(sorted.map((o) => o.at)) : 'row',
      width: size.width,
      height: last ? size.lineHeight - (plotRows + 1) * (groups.length - 1) : plotRows + 1,
      color: size.color,
      labelWidth,
      xAxis: last,
      firstColor: color,
      hidden,
      extremes,
    });
    color += group.length;
    return panel;
  });
  if (hidden.length) notes.push(`drawn over by a later line, at the same rows at this height: ${hidden.join(', ')}`);
  // a column is a mean: a spike it hides is named, with its x, so that it is not lost
  for (const { series: name, which, value, point, size: per } of extremes) {
    const at = sorted[point];
    notes.push(
      `each column of ${name} is the mean of ${per} points: its ${which} value, ${value} (${at ? label(at.row, at.index) : point + 1}), is ${which === 'highest' ? 'above' : 'below'} the line drawn`,
    );
  }
  return { text: `${lines.join('\n')}\n`, notes, shownRows: result.length };
}
