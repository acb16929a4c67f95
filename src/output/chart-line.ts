/**
 * A line chart drawn with box-drawing characters, one column per point (or per bucket of points when
 * there are more points than columns). A pure function of the data and the room it is given: no line is
 * wider than `width` (as a terminal counts columns) and there are never more than `height` lines.
 */
import { unitOf } from './chart-data.js';
import { cutWidth, textWidth } from './width.js';

export interface Series {
  name: string;
  /** One value per point; null is a gap in the line. */
  values: (number | null)[];
  /** The values as the server sent them, where known: a DECIMAL's string has digits its double may not. */
  sent?: unknown[];
}

export interface LineChartInput {
  series: Series[];
  /** The x axis labels of the first and last points. */
  first: string;
  last: string;
  /** What one point stands for when points are put in buckets: a number of days, or of rows. */
  step: { days: number } | 'row';
  width: number;
  height: number;
  color: boolean;
  /** The y labels take at least this many columns: panels one above the other keep their columns aligned. */
  labelWidth?: number;
  /** false for a panel above another: its plot and legend only, the x axis being the lowest panel's. */
  xAxis?: boolean;
  /** The number of the first series, for its colour, in a panel of its own. */
  firstColor?: number;
  /** Filled with the names of the series drawn over entirely by later ones (the same rows at this height). */
  hidden?: string[];
  /**
   * Filled, where a column is the mean of several points, with each series' extremes that the means hide: its
   * highest point above the highest mean drawn, its lowest below the lowest (by their index among the points).
   */
  extremes?: Extreme[];
}

/** A point of a series that a chart of means does not show: the highest or the lowest, by its index. */
export interface Extreme {
  series: string;
  which: 'highest' | 'lowest';
  value: number;
  point: number;
  /** Points per column. */
  size: number;
}

/** Cyan, magenta, yellow, then green, blue and red: as many as a series column draws (maxSplitSeries). */
export const seriesColors = ['\u001b[36m', '\u001b[35m', '\u001b[33m', '\u001b[32m', '\u001b[34m', '\u001b[31m'];
export const endColor = '\u001b[39m';

/** Mean of each bucket of `size` points (null when every point in it is null). */
export function bucket(values: (number | null)[], size: number): (number | null)[] {
  if (size <= 1) return values;
  const out: (number | null)[] = [];
  for (let start = 0; start < values.length; start += size) {
    const present = values.slice(start, start + size).filter((v): v is number => v !== null);
    out.push(present.length ? present.reduce((sum, v) => sum + v, 0) / present.length : null);
  }
  return out;
}

function range(series: (number | null)[][]): { lo: number; hi: number } {
  let lo = Infinity;
  let hi = -Infinity;
  for (const values of series) for (const v of values) if (v !== null) [lo, hi] = [Math.min(lo, v), Math.max(hi, v)];
  if (lo === Infinity) return { lo: 0, hi: 1 };
  if (lo !== hi) return { lo, hi };
  // a flat line is drawn across the middle: ±1, or ±1% where 1 is below a double's precision (12345678901234567)
  const pad = lo - 1 === lo || hi + 1 === hi ? Math.abs(lo) / 100 : 1;
  return { lo: lo - pad, hi: hi + pad };
}

/** `x` rounded to `decimals` by `round`, where a float's last bit (16.499999…) does not count. */
function roundTo(x: number, decimals: number, round: (n: number) => number): number {
  const f = 10 ** decimals;
  const near = Math.round(x * f);
  return (Math.abs(x * f - near) <= 1e-9 * Math.max(1, Math.abs(near)) ? near : round(x * f)) / f;
}

/**
 * The y labels, bottom row first: the bottom and top rows and every few rows between. Each is true, a value that
 * would be drawn on its row (within half a row of the row's value); the bottom one is at or below the lowest value,
 * the top one at or above the highest. The bottom and top ones take as few decimals as that (and differing) takes,
 * the same on every label; a label between them that is not true or repeats another at those decimals is left out.
 */
function yLabels(lo: number, hi: number, rows: number): string[] {
  const step = rows > 8 ? 4 : 2;
  const valueAt = (r: number) => (rows === 1 ? lo : lo + ((hi - lo) * r) / (rows - 1));
  const half = (rows === 1 ? hi - lo : (hi - lo) / (rows - 1) / 2) * (1 + 1e-9);
  const { scale, unit } = unitOf(Math.max(Math.abs(lo), Math.abs(hi)));
  const labelAt = (r: number, decimals: number, round: (n: number) => number) => {
    const value = roundTo(valueAt(r) / scale, decimals, round);
    return Math.abs(value * scale - valueAt(r)) <= half ? `${value.toFixed(decimals)}${unit}` : '';
  };
  let decimals = 0;
  for (; decimals < 20; decimals++) {
    const [bottom, top] = [labelAt(0, decimals, Math.floor), labelAt(rows - 1, decimals, Math.ceil)];
    if (bottom && top && (rows === 1 || bottom !== top)) break;
  }
  const labels = Array.from({ length: rows }, (_v, r) => (r === 0 ? labelAt(0, decimals, Math.floor) : r === rows - 1 ? labelAt(r, decimals, Math.ceil) : ''));
  for (let r = rows - 1 - step; r > 0; r -= step) {
    const label = labelAt(r, decimals, Math.round);
    if (!labels.includes(label)) labels[r] = label;
  }
  return labels;
}

export function lineChart(input: LineChartInput): string[] {
  const { series, width, height } = input;
  const xAxis = input.xAxis ?? true;
  const withText = height >= (xAxis ? 6 : 3);
  const points = Math.max(0, ...series.map((s) => s.values.length));
  // the legend wraps rather than cut a name; its lines are counted as if it named the most days a column can hold
  const legendLines = withText ? legendOf(input, points, width).length : 0;
  const rows = Math.max(1, height - (xAxis ? (withText ? 2 + legendLines : 1) : legendLines));
  // the label width decides the plot's, which decides the buckets, whose means decide the labels: settle it
  let labelWidth = Math.max(
    input.labelWidth ?? 0,
    ...yLabels(range(series.map((s) => s.values)).lo, range(series.map((s) => s.values)).hi, rows).map((l) => textWidth(l)),
  );
  let size = 1;
  let drawn: (number | null)[][] = [];
  let labels: string[] = [];
  for (let attempt = 0; attempt < 4; attempt++) {
    const cols = Math.max(1, width - labelWidth - 2);
    size = Math.ceil(points / cols);
    drawn = series.map((s) => bucket(s.values, size));
    const { lo, hi } = range(drawn);
    labels = yLabels(lo, hi, rows);
    const needed = Math.max(...labels.map((l) => textWidth(l)));
    if (needed <= labelWidth) break;
    labelWidth = needed;
  }
  if (size > 1 && input.extremes) nameExtremes(series, drawn, rows, size, input.extremes);
  // fewer points than columns: each takes the same run of columns, so that a few months use the width
  const stretch = size === 1 && points > 0 ? Math.max(1, Math.floor(Math.max(1, width - labelWidth - 2) / points)) : 1;
  if (stretch > 1) drawn = drawn.map((values) => values.flatMap((v) => Array<number | null>(stretch).fill(v)));
  const { lo, hi } = range(drawn);
  const cols = Math.max(0, ...drawn.map((values) => values.length));
  const grid = plot(drawn, rows, cols, lo, hi);
  const visible = new Set(grid.flatMap((row) => row.map((at) => at.series)));
  drawn.forEach((values, s) => {
    if (values.some((v) => v !== null) && !visible.has(s)) input.hidden?.push(series[s]!.name);
  });
  const first = input.firstColor ?? 0;
  const paint = (text: string, s: number) => (input.color && s >= 0 ? `${seriesColors[(first + s) % seriesColors.length]}${text}${endColor}` : text);
  const lines: string[] = [];
  for (let r = rows - 1; r >= 0; r--) {
    const label = labels[r]!;
    let line = `${' '.repeat(labelWidth - textWidth(label))}${label} ${label ? '┤' : '│'}`;
    // one colour code per run of a series, not per character
    let run = '';
    let runSeries = -1;
    for (const { glyph, series: s } of grid[r]!) {
      if (s !== runSeries && run) {
        line += paint(run, runSeries);
        run = '';
      }
      runSeries = s;
      run += glyph;
    }
    lines.push(`${line}${paint(run.trimEnd(), runSeries)}`.trimEnd());
  }
  if (!xAxis) return withText ? [...lines, ...legendOf(input, size, width)] : lines;
  lines.push(`${' '.repeat(labelWidth)} └${'─'.repeat(cols)}`);
  if (!withText) return lines;
  // the x labels stay under the plot
  lines.push(' '.repeat(labelWidth + 2) + ends(input.first, points > 1 ? input.last : '', cols));
  lines.push(...legendOf(input, size, width));
  return lines;
}

/**
 * The highest and lowest value of each series that a column's mean hides (`size` points to a column): an extreme
 * within a row of the means drawn is as good as drawn (a ramp's ends), so only those beyond are named.
 */
function nameExtremes(series: Series[], drawn: (number | null)[][], rows: number, size: number, extremes: Extreme[]): void {
  const { lo: low, hi: high } = range(drawn);
  const row = (high - low) / Math.max(1, rows - 1);
  series.forEach((s, i) => {
    const means = drawn[i]!.filter((v): v is number => v !== null);
    if (!means.length) return;
    const [top, bottom] = means.reduce(([hi, lo], v) => [Math.max(hi, v), Math.min(lo, v)], [-Infinity, Infinity]);
    let highest = -1;
    let lowest = -1;
    s.values.forEach((v, at) => {
      if (v === null) return;
      if (highest < 0 || v > s.values[highest]!) highest = at;
      if (lowest < 0 || v < s.values[lowest]!) lowest = at;
    });
    const off = (v: number, mean: number) => Math.abs(v - mean) > row;
    if (off(s.values[highest]!, top)) extremes.push({ series: s.name, which: 'highest', value: s.values[highest]!, point: highest, size });
    if (off(s.values[lowest]!, bottom)) extremes.push({ series: s.name, which: 'lowest', value: s.values[lowest]!, point: lowest, size });
  });
}

/** A glyph of the plot and the series it draws (-1: none). */
interface Cell {
  glyph: string;
  series: number;
}

/** The plot's glyphs, `rows` by `cols`, row 0 at the bottom: each series a line of box-drawing corners between its points. */
function plot(drawn: (number | null)[][], rows: number, cols: number, lo: number, hi: number): Cell[][] {
  const grid: Cell[][] = Array.from({ length: rows }, () => Array.from({ length: cols }, () => ({ glyph: ' ', series: -1 })));
  const rowOf = (v: number) => Math.round(((v - lo) / (hi - lo)) * (rows - 1));
  const put = (r: number, c: number, glyph: string, s: number) => {
    grid[r]![c] = { glyph, series: s };
  };
  drawn.forEach((values, s) => {
    values.forEach((v, c) => {
      if (v === null) return;
      const r = rowOf(v);
      const before = c > 0 ? values[c - 1]! : null;
      if (before === null) {
        put(r, c, (values[c + 1] ?? null) === null ? '•' : '─', s);
        return;
      }
      const from = rowOf(before);
      if (from === r) {
        put(r, c, '─', s);
        return;
      }
      put(from, c, r > from ? '╯' : '╮', s);
      put(r, c, r > from ? '╭' : '╰', s);
      for (let between = Math.min(r, from) + 1; between < Math.max(r, from); between++) put(between, c, '│', s);
    });
  });
  return grid;
}

/** The columns the y labels of these values take. */
export function labelWidthOf(values: (number | null)[], rows: number): number {
  const { lo, hi } = range([values]);
  return Math.max(...yLabels(lo, hi, rows).map((l) => textWidth(l)));
}

/**
 * Series of such different sizes that one would be a flat line beside the other (orders in tens, revenue in
 * thousands) are drawn in panels one above the other, each with its own y axis, sharing the x axis.
 */
export function panels(series: Series[]): Series[][] {
  // a loop, not Math.max(...values): a spread of 125,000 values or more overflows the stack
  const size = (s: Series) => s.values.reduce<number>((most, v) => (v !== null && Number.isFinite(v) ? Math.max(most, Math.abs(v)) : most), 0);
  const sizes = series.map(size).filter((v) => v > 0);
  return sizes.length > 1 && Math.max(...sizes) > 10 * Math.min(...sizes) ? series.map((s) => [s]) : [series];
}

/** The first label at the left, the last at the right, both cut when they do not fit side by side. */
function ends(first: string, last: string, room: number): string {
  if (!last) return cutWidth(first, room);
  const half = Math.floor((room - 1) / 2);
  const [a, b] = textWidth(first) + 1 + textWidth(last) <= room ? [first, last] : [cutWidth(first, half), cutWidth(last, room - 1 - half)];
  return `${a}${' '.repeat(Math.max(1, room - textWidth(a) - textWidth(b)))}${b}`;
}

function legendOf(input: LineChartInput, size: number, width: number): string[] {
  const unit = input.step === 'row' ? `${size} rows` : `${size * input.step.days} days`;
  // said once, under the x axis
  const note = size > 1 && input.xAxis !== false ? `each column: ${unit}, mean` : '';
  const first = input.firstColor ?? 0;
  const entries = input.series.map((s, i) => ({ plain: `── ${s.name}`, painted: `${seriesColors[(first + i) % seriesColors.length]}──${endColor} ${s.name}` }));
  return wrapLegend([...entries, ...(note ? [{ plain: note, painted: note }] : [])], width, input.color);
}

/** Legend entries three spaces apart, on as many lines as the width asks: a name is cut only when it alone is too wide. */
export function wrapLegend(entries: { plain: string; painted: string }[], width: number, color: boolean): string[] {
  const lines: { plain: string; painted: string }[] = [];
  for (const entry of entries) {
    const last = lines.at(-1);
    if (last && textWidth(last.plain) + 3 + textWidth(entry.plain) <= width)
      [last.plain, last.painted] = [`${last.plain}   ${entry.plain}`, `${last.painted}   ${entry.painted}`];
    else lines.push(textWidth(entry.plain) > width ? { plain: cutWidth(entry.plain, width), painted: cutWidth(entry.plain, width) } : { ...entry });
  }
  return lines.map((line) => (color ? line.painted : line.plain));
}
