import { cell } from '../text.js';
import { durationText, plain, pretty, type Paint } from './cells.js';
import type { Column } from './view.js';
import { cutWidth, fallbackColumns, textWidth } from './width.js';

const gap = 2;
const minFlex = 8;

/** Plain columns for a pipe: tab-separated with a header, nothing cut, no colour (as `gh` does). */
export function plainHeader<T>(columns: Column<T>[]): string {
  return `${columns.map((c) => cell(c.header)).join('\t')}\n`;
}

export function plainRow<T>(columns: Column<T>[], item: T): string {
  // values stay exact (ISO times, whole numbers), but a duration keeps its unit
  const text = (c: Column<T>, value: unknown) => (c.kind === 'duration' && typeof value === 'number' ? durationText(value) : plain(value));
  return `${columns.map((c) => cell(text(c, c.value(item)))).join('\t')}\n`;
}

/**
 * Columns for a terminal, never wider than it. To fit, in this order: the few cells far longer than the rest of
 * their column are cut (a 240-character slug), so that one row does not cost every row a column; ids that do not
 * identify the row are shortened to a form still unique in the table (`1000…0001`), then left out; flexible
 * columns are cut (never the column a person identifies the row by); then columns are left out from the right,
 * and their headers returned for a hint. `wide` shows every column whole, however
 * wide. Numbers are right-aligned. ws chooses the widths; cli-table3 draws the table (gh's style: no borders,
 * two blanks between columns), loaded only here.
 */
export async function terminalTable<T>(columns: Column<T>[], items: T[], width: number, now: number, paint: Paint, wide = false): Promise<{ text: string; hidden: string[] }> {
  const room = wide ? Infinity : width > 0 ? width : fallbackColumns;
  let shown = columns.map((_c, index) => index);
  const cells = items.map((item) => columns.map((c) => pretty(c.value(item), c.kind ?? 'text', now, paint)));
  // each cell is measured once: a table may have thousands of rows, and its layout is tried several times
  const measure = () => cells.map((row) => row.map((text) => textWidth(text)));
  let measured = measure();
  const fits = () => layout(columns, measured, shown, room, 'outliers').total <= room;
  const spareIds = shown.filter((i) => columns[i]!.kind === 'id' && !columns[i]!.key);
  if (!wide && !fits()) {
    for (const i of spareIds) shortenIds(cells, i);
    measured = measure();
  }
  if (!wide && !fits()) shown = shown.filter((i) => !spareIds.includes(i));
  const dropOrder = [...shown].reverse().filter((i) => !columns[i]!.key).sort((a, b) => Number(Boolean(columns[b]!.dropFirst)) - Number(Boolean(columns[a]!.dropFirst)));
  for (const i of wide ? [] : dropOrder) {
    if (layout(columns, measured, shown, room).total <= room || shown.length === 1) break;
    shown = shown.filter((at) => at !== i);
  }
  const right = columns.map((c) => c.kind === 'count' || c.kind === 'duration' || isNumberColumn(items.map((item) => c.value(item))));
  const { widths } = layout(columns, measured, shown, room, 'last');
  const { default: Table } = await import('cli-table3');
  // a header cut keeps both ends, so that `column_01` and `column_02` stay told apart
  const rows = [shown.map((i, at) => paint('bold', cutMiddle(cell(columns[i]!.header), widths[at]!))), ...cells.map((row) => shown.map((i) => row[i]!))];
  let text = '';
  // cli-table3's layout takes time in the square of its rows (20,000 took 80 s): with fixed widths and no spans,
  // tables of a few rows each, one under the other, draw the same lines (README, Development)
  for (let at = 0; at < rows.length; at += chunkRows) {
    const table = new Table({
      chars: borderless,
      style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
      colWidths: widths,
      colAligns: shown.map((i) => (right[i] ? 'right' : 'left')),
      wordWrap: false,
    });
    table.push(...rows.slice(at, at + chunkRows));
    text += `${table.toString().split('\n').map((line) => line.trimEnd()).join('\n')}\n`;
  }
  return { text, hidden: columns.filter((_c, i) => !shown.includes(i) && !(columns[i]!.kind === 'id' && !columns[i]!.key)).map((c) => cell(c.header)) };
}

/** Fewer rows than this have no cells too long for their column: each is a tenth or more of the table. */
const minRowsForOutliers = 4;
/** Rows drawn by one cli-table3 table. */
const chunkRows = 100;

/** cli-table3's characters for gh's style: no borders, two blanks between columns. */
const borderless = {
  top: '', 'top-mid': '', 'top-left': '', 'top-right': '', bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '',
  left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '', middle: ' '.repeat(gap),
};

/**
 * The hint for columns left out, on one line of the terminal: every name when they fit; else their count and as
 * many names as fit; else the count alone.
 */
export function leftOutHint(hidden: string[], width: number): string {
  const room = (width > 0 ? width : fallbackColumns) - 1;
  const named = `left out to fit the terminal: ${hidden.join(', ')}; see them with --wide or -o tsv`;
  if (textWidth(named) <= room) return named;
  const counted = (names: string[]) => `${hidden.length} columns left out${names.length ? `: ${names.join(', ')}, …` : ''}; see them with --wide`;
  for (let k = hidden.length - 1; k >= 0; k--) if (textWidth(counted(hidden.slice(0, k))) <= room) return counted(hidden.slice(0, k));
  // narrower still, the flag stays whole: it is what the line is for
  const short = [`${hidden.length} columns left out: --wide shows them`, `${hidden.length} left out: --wide`];
  return short.find((line) => textWidth(line) <= room) ?? cutWidth(short.at(-1)!, room);
}

/** Text cut to `columns` in its middle, its start and end kept around an ellipsis. */
function cutMiddle(text: string, columns: number): string {
  if (textWidth(text) <= columns || columns < 5) return cutWidth(text, columns);
  const head = cutWidth(text, Math.ceil((columns - 1) / 2) + 1).slice(0, -1);
  const chars = [...text];
  let tail = '';
  while (chars.length && textWidth(chars.at(-1)! + tail) <= columns - 1 - textWidth(head)) tail = chars.pop()! + tail;
  return `${head}…${tail}`;
}

/** A column of numbers (a query result's), shown right-aligned like counts and durations. */
function isNumberColumn(values: unknown[]): boolean {
  const present = values.filter((value) => value !== null && value !== undefined);
  return present.length > 0 && present.every((value) => typeof value === 'number' || typeof value === 'bigint');
}

/**
 * Widths of the shown columns: natural, then the outliers of any column cut to the width of its ordinary cells,
 * then (past the `outliers` stage) flexible columns cut (not the identifying one). At the `last` stage, when nothing else is left to give, the identifying column is cut too, then the widest,
 * so that no line is wider than `room` however narrow it is.
 */
function layout<T>(columns: Column<T>[], measured: number[][], shown: number[], room = Infinity, stage: 'outliers' | 'flex' | 'last' = 'flex'): { widths: number[]; total: number } {
  const natural = shown.map((i) => measured.reduce((widest, row) => Math.max(widest, row[i]!), textWidth(cell(columns[i]!.header))));
  const flexible = shown.map((i) => Boolean(columns[i]!.flex) && !columns[i]!.key);
  let widths = natural;
  if (room !== Infinity) {
    // a few cells far longer than the rest of their column give way first, the column a row is known by included
    widths = shrink(natural, shown.map((i, at) => ordinary(columns[i]!, measured, i, natural[at]!)), room);
    if (stage !== 'outliers') widths = fit(widths, flexible, room);
  }
  let total = widths.reduce((sum, w) => sum + w, 0) + gap * (widths.length - 1);
  while (stage === 'last' && total > room) {
    const key = widths.findIndex((w, at) => columns[shown[at]!]!.key && w > 1);
    const at = key >= 0 ? key : widths.indexOf(Math.max(...widths));
    if (widths[at]! <= 1) break;
    widths = widths.map((w, index) => (index === at ? w - 1 : w));
    total--;
  }
  return { widths, total };
}

/**
 * The width of a column but for its longest tenth of cells (one at least), when those are more than twice as
 * wide as the rest: what cutting them leaves. Otherwise its natural width: nothing there is an outlier.
 */
function ordinary<T>(column: Column<T>, measured: number[][], i: number, natural: number): number {
  const sorted = measured.map((row) => row[i]!).sort((a, b) => b - a);
  // a few rows have no ordinary cells to tell an outlier by
  if (sorted.length < minRowsForOutliers) return natural;
  const rest = sorted[Math.max(1, Math.floor(sorted.length / 10))]!;
  const typical = Math.max(textWidth(cell(column.header)), minFlex, rest);
  return natural > 2 * typical ? typical : natural;
}
/** The shortest `head…tail` form of each id in a column that keeps them distinct; ids are plain text. */
function shortenIds(cells: string[][], column: number): void {
  const ids = cells.map((row) => row[column]!);
  const distinct = new Set(ids).size;
  for (let keep = 4; keep * 2 + 1 < Math.max(0, ...ids.map((id) => id.length)); keep++) {
    const short = ids.map((id) => (id.length > keep * 2 + 1 ? `${id.slice(0, keep)}…${id.slice(-keep)}` : id));
    if (new Set(short).size === distinct) {
      cells.forEach((row, at) => (row[column] = short[at]!));
      return;
    }
  }
}

/** Shrinks the widest flexible column one character at a time until the row fits, so cuts are shared. */
export function fit(natural: number[], flexible: boolean[], width: number): number[] {
  return shrink(natural, natural.map((w, i) => (flexible[i] ? Math.min(w, minFlex) : w)), width);
}

/** Shrinks the widest column still above its floor one character at a time until the row fits. */
function shrink(natural: number[], floors: number[], width: number): number[] {
  const widths = [...natural];
  let total = widths.reduce((sum, w) => sum + w, 0) + gap * (widths.length - 1);
  while (total > width) {
    let widest = -1;
    for (let i = 0; i < widths.length; i++) {
      if (widths[i]! > floors[i]! && (widest < 0 || widths[i]! > widths[widest]!)) widest = i;
    }
    if (widest < 0) break;
    widths[widest]!--;
    total--;
  }
  return widths;
}

/** A single item as aligned "label  value" lines, then an optional block of text. */
export function detail(rows: [string, string][], block: { title: string; text: string } | undefined, paint: Paint): string {
  const labelWidth = Math.max(...rows.map(([label]) => label.length));
  // a row without a label continues the one above (history lines)
  let out = rows.map(([label, value]) => `${paint('bold', (label ? `${label}:` : '').padEnd(labelWidth + 1))}  ${value}`).join('\n');
  out += '\n';
  if (block) out += `\n${paint('bold', `${block.title}:`)}\n${block.text.replace(/\n?$/, '\n')}`;
  return out;
}
