/**
 * Horizontal bars, one per row in the result's order (one line per series of it), labelled, the value
 * after the bar. Lengths are proportional to the values, in eighths of a column; negative values grow to
 * the left of the zero line. A pure function of the data and the room it is given.
 */
import { barValue, shortNumber } from './chart-data.js';
import { endColor, panels, seriesColors, wrapLegend, type Series } from './chart-line.js';
import { cutWidth, textWidth } from './width.js';

export interface BarChartInput {
  labels: string[];
  series: Series[];
  width: number;
  height: number;
  color: boolean;
  /** The number of the first series, for its colour, in a panel of its own. */
  firstColor?: number;
}

const eighths = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];
/** Columns left for the bars at the least, before values and labels give way. */
const minBar = 4;

/**
 * The lines, and how many rows of the result they show (the first ones). Series of very different sizes (orders
 * beside revenue) get panels one below the other, each with its legend and scale, as lines do: on one scale the
 * smaller ones would be bars too short to see.
 */
export function barChart(input: BarChartInput): { lines: string[]; shown: number } {
  const groups = panels(input.series);
  if (groups.length === 1) return barPanel(input);
  // each panel its legend line; the rows that fit all of them, in every panel
  const { shown } = barPanel({ ...input, height: input.height - (groups.length - 1) });
  let first = 0;
  const lines = groups.flatMap((series) => {
    const panel = barPanel({
      ...input,
      labels: input.labels.slice(0, shown),
      series: series.map((s) => ({ ...s, values: s.values.slice(0, shown) })),
      height: Infinity,
      firstColor: first,
    });
    first += series.length;
    return panel.lines;
  });
  return { lines, shown };
}

function barPanel(input: BarChartInput): { lines: string[]; shown: number } {
  const { labels, series, width, color } = input;
  const firstColor = input.firstColor ?? 0;
  const perRow = series.length;
  // the legend's lines, and a line for the note on how many rows were left out
  const legendLines = legend(series, width, color, firstColor);
  const room = Math.max(perRow, input.height - legendLines.length);
  const shown = labels.length * perRow <= room ? labels.length : Math.max(1, Math.floor((room - 1) / perRow));
  const rows = labels
    .slice(0, shown)
    .map((label, index) => ({ label, values: series.map((s) => s.values[index] ?? null), sent: series.map((s) => s.sent?.[index]) }));
  const all = rows.flatMap((row) => row.values).filter((v): v is number => v !== null && Number.isFinite(v));
  const maxPos = Math.max(0, ...all);
  const maxNeg = Math.max(0, ...all.map((v) => -v));
  // several series: each value names its series, which tells the bars apart without colour; where that leaves
  // too little room for the bars, the legend's order does, and then values are shortened (4.7k)
  const textsOf = (named: boolean, format: (v: number, sent: unknown) => string) =>
    rows.map((row) => row.values.map((v, s) => (v === null ? '' : named ? `${format(v, row.sent[s])} ${series[s]!.name}` : format(v, row.sent[s]))));
  const widest = (texts: string[][]) => Math.max(0, ...texts.flat().map((t) => textWidth(t)));
  let labelWidth = Math.min(Math.max(0, ...rows.map((row) => textWidth(row.label))), Math.floor(width / 3));
  let texts = textsOf(perRow > 1, barValue);
  if (width - labelWidth - 3 - widest(texts) < minBar) texts = textsOf(false, barValue);
  if (width - labelWidth - 3 - widest(texts) < minBar) texts = textsOf(false, (v, sent) => shortNumber(v, sent));
  const valueWidth = widest(texts);
  labelWidth = Math.max(1, Math.min(labelWidth, width - 3 - valueWidth - minBar));
  const space = Math.max(2, width - labelWidth - 3 - valueWidth);
  const negCols = maxNeg === 0 ? 0 : Math.min(space - 1, Math.max(1, Math.round((space * maxNeg) / (maxNeg + maxPos))));
  const posCols = space - negCols;
  // one scale for both sides: a column stands for the same amount left and right of the zero line
  const unit = Math.max(maxPos / posCols, negCols ? maxNeg / negCols : 0) || 1;
  const paint = (text: string, s: number) => (color && text ? `${seriesColors[(firstColor + s) % seriesColors.length]}${text}${endColor}` : text);
  const lines = [...legendLines];
  rows.forEach((row, r) => {
    row.values.forEach((v, s) => {
      const label = s === 0 ? cutWidth(row.label, labelWidth) : '';
      let left = ' '.repeat(negCols);
      let right = '';
      // NaN and ±Infinity have no length: the value after the zero line names them
      const finite = v !== null && Number.isFinite(v);
      if (finite && v < 0) {
        const halves = Math.round((-v / unit) * 2);
        const bar = `${halves % 2 ? '▐' : ''}${'█'.repeat(Math.floor(halves / 2))}`;
        left = ' '.repeat(negCols - textWidth(bar)) + paint(bar, s);
      } else if (finite) {
        const length = Math.round((v / unit) * 8);
        right = paint(`${'█'.repeat(Math.floor(length / 8))}${eighths[length % 8]}`, s);
      }
      const line = `${label}${' '.repeat(labelWidth - textWidth(label))} ${left}│${right} ${texts[r]![s]}`;
      lines.push(line.trimEnd());
    });
  });
  return { lines, shown };
}

function legend(series: Series[], width: number, color: boolean, firstColor: number): string[] {
  return wrapLegend(
    series.map((s, i) => ({ plain: `█ ${s.name}`, painted: `${seriesColors[(firstColor + i) % seriesColors.length]}█${endColor} ${s.name}` })),
    width,
    color,
  );
}
