import { cell } from '../text.js';
import { durationText, nullText, plain, pretty, wholeCell, type Paint } from './cells.js';
import type { Column } from './view.js';
import { cutWidth, fallbackColumns, textWidth } from './width.js';

const gap = 2;
const minFlex = 8;

/** Plain columns for a pipe: tab-separated with a header, nothing cut, no colour (as `gh` does). */
export function plainHeader<T>(columns: Column<T>[]): string {
  return `${columns.map((c) => cell(c.header)).join('\t')}\n`;
}

export function plainRow<T>(columns: Column<T>[], item: T): string {
  return `${columns.map((c) => cell(exactText(c, c.value(item)))).join('\t')}\n`;
}

/**
 * A cell's text where nothing is cut or humanised (a pipe, markdown): ISO times, whole numbers, a duration
 * with its unit, a result's NULL as NULL; a resource's field not sent is empty.
 */
export function exactText<T>(column: Column<T>, value: unknown): string {
  if (column.kind === 'duration' && typeof value === 'number') return durationText(value);
  if (column.kind === 'value' && (value === null || value === undefined)) return nullText;
  return plain(value);
}

/**
 * Columns for a terminal, never wider than it. Numbers, dates, times and NULL are never cut: a column is never
 * narrower than the widest of them (a cut number reads as another number), and when it cannot have that room it
 * is left out (one wider than the terminal itself, the last column left, is shown whole and wraps). To fit, in
 * this order: the few text cells far longer than the rest of their column are cut (a 240-character slug), so
 * that one row does not cost every row a column; ids that do not identify the row are shortened to a form still
 * unique in the table (`1000…0001`), then left out; flexible columns are cut (never the column a person
 * identifies the row by); the columns to leave out first (a run's TRIGGERED BY) are left out; ids that identify
 * the row are shortened (`d163…3b2f`); then columns are left out from the right, those marked `dropLast` (a
 * run's state and start) last, and their headers returned for a hint. `wide` shows every column whole, however
 * wide. Numbers are right-aligned. ws chooses the widths; cli-table3 draws the table (gh's style: no borders,
 * two blanks between columns), loaded only here.
 */
export async function terminalTable<T>(
  columns: Column<T>[],
  items: T[],
  width: number,
  now: number,
  paint: Paint,
  wide = false,
): Promise<{ text: string; hidden: string[] }> {
  const room = wide ? Infinity : width > 0 ? width : fallbackColumns;
  let shown = columns.map((_c, index) => index);
  const values = items.map((item) => columns.map((c) => c.value(item)));
  const cells = values.map((row) => columns.map((c, i) => pretty(row[i], c.kind ?? 'text', now, paint)));
  const whole = values.map((row) => columns.map((c, i) => wholeCell(row[i], c.kind ?? 'text')));
  // each cell is measured once: a table may have thousands of rows, and its layout is tried several times
  let sizes = measure(columns, cells, whole);
  const fits = (stage: 'outliers' | 'flex') => layout(columns, sizes, shown, room, stage).total <= room;
  const shorten = (ids: number[]) => {
    for (const i of ids) shortenIds(cells, i);
    sizes = measure(columns, cells, whole);
  };
  const isId = (i: number, key: boolean) => columns[i]!.kind === 'id' && Boolean(columns[i]!.key) === key;
  const spareIds = shown.filter((i) => isId(i, false));
  if (!wide && !fits('outliers')) shorten(spareIds);
  if (!wide && !fits('outliers')) shown = shown.filter((i) => !spareIds.includes(i));
  const rank = (c: Column<T>) => (c.dropFirst ? 0 : c.dropLast ? 2 : 1);
  const dropOrder = [...shown]
    .reverse()
    .filter((i) => !columns[i]!.key)
    .sort((a, b) => rank(columns[a]!) - rank(columns[b]!));
  let keysShortened = false;
  for (const i of wide ? [] : [...dropOrder, undefined]) {
    if (fits('flex')) break;
    if (!keysShortened && (i === undefined || !columns[i]!.dropFirst)) {
      keysShortened = true;
      shorten(shown.filter((at) => isId(at, true)));
      if (fits('flex')) break;
    }
    if (i === undefined || shown.length === 1) break;
    shown = shown.filter((at) => at !== i);
  }
  const right = rightAligned(columns, items);
  const { widths } = layout(columns, sizes, shown, room, 'last');
  const { default: Table } = await import('cli-table3');
  // a header cut keeps both ends, so that `column_01` and `column_02` stay told apart
  const rows = [shown.map((i, at) => paint('bold', cutMiddle(cell(columns[i]!.header), widths[at]!))), ...cells.map((row) => shown.map((i) => row[i]!))];
  let text = '';
  // cli-table3's layout takes time in the square of its rows (20,000 took 80 s): with fixed widths and no spans,
  // tables of a few rows each, one under the other, draw the same lines (docs/development.md)
  for (let at = 0; at < rows.length; at += chunkRows) {
    const table = new Table({
      chars: borderless,
      style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
      colWidths: widths,
      colAligns: shown.map((i) => (right[i] ? 'right' : 'left')),
      wordWrap: false,
    });
    table.push(...rows.slice(at, at + chunkRows));
    text += `${table
      .toString()
      .split('\n')
      .map((line) => line.trimEnd())
      .join('\n')}\n`;
  }
  return { text, hidden: columns.filter((_c, i) => !shown.includes(i) && !spareIds.includes(i)).map((c) => cell(c.header)) };
}

/** A column's widths: its widest cell or header, its widest cell that is never cut, its width but for outliers. */
interface Size {
  natural: number;
  floor: number;
  ordinary: number;
}

function measure<T>(columns: Column<T>[], cells: string[][], whole: boolean[][]): Size[] {
  return columns.map((c, i) => {
    const header = textWidth(cell(c.header));
    const widths = cells.map((row) => textWidth(row[i]!));
    let natural = header;
    let floor = 0;
    widths.forEach((w, row) => {
      natural = Math.max(natural, w);
      if (whole[row]![i]) floor = Math.max(floor, w);
    });
    return { natural, floor, ordinary: Math.max(floor, ordinary(header, widths, natural)) };
  });
}

/** Fewer rows than this have no cells too long for their column: each is a tenth or more of the table. */
const minRowsForOutliers = 4;
/** Rows drawn by one cli-table3 table. */
const chunkRows = 100;

/** cli-table3's characters for gh's style: no borders, two blanks between columns. */
const borderless = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: ' '.repeat(gap),
};

/**
 * The note on columns left out, on one line of the terminal, in one wording: their count, then every name that
 * fits (`, …` for the rest), then how to see them; narrower, the count and the flag alone.
 */
export function leftOutHint(hidden: string[], width: number): string {
  const room = (width > 0 ? width : fallbackColumns) - 1;
  const one = hidden.length === 1;
  const count = `${hidden.length} ${one ? 'column' : 'columns'} left out`;
  const see = `see ${one ? 'it' : 'them'} with --wide`;
  const lines = hidden.map((_name, at) => `${count}: ${hidden.slice(0, hidden.length - at).join(', ')}${at ? ', …' : ''}; ${see}`);
  // narrower still, the flag stays whole: it is what the line is for
  lines.push(`${count}; ${see}`, `${count}: --wide`, `${hidden.length} left out: --wide`);
  return lines.find((line) => textWidth(line) <= room) ?? cutWidth(lines.at(-1)!, room);
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

/** Which columns are right-aligned: counts, durations, numeric result columns, and columns of numbers among `items`. */
export function rightAligned<T>(columns: Column<T>[], items: T[]): boolean[] {
  return columns.map((c) => Boolean(c.numeric) || c.kind === 'count' || c.kind === 'duration' || isNumberColumn(items.map((item) => c.value(item))));
}

/** A column of numbers (a query result's without types), shown right-aligned like counts and durations. */
function isNumberColumn(values: unknown[]): boolean {
  const present = values.filter((value) => value !== null && value !== undefined);
  return present.length > 0 && present.every((value) => typeof value === 'number' || typeof value === 'bigint');
}

/**
 * Widths of the shown columns: natural, then the outliers of any column cut to the width of its ordinary cells,
 * then (past the `outliers` stage) flexible columns cut (not the identifying one). At the `last` stage, when
 * nothing else is left to give, the identifying column is cut too, then the widest, so that no line is wider
 * than `room` however narrow it is; but never below a column's floor, its widest number or date.
 */
function layout<T>(
  columns: Column<T>[],
  sizes: Size[],
  shown: number[],
  room = Infinity,
  stage: 'outliers' | 'flex' | 'last' = 'flex',
): { widths: number[]; total: number } {
  const floors = shown.map((i) => sizes[i]!.floor);
  let widths = shown.map((i) => sizes[i]!.natural);
  if (room !== Infinity) {
    // a few cells far longer than the rest of their column give way first, the column a row is known by included
    widths = shrink(
      widths,
      shown.map((i) => sizes[i]!.ordinary),
      room,
    );
    const flexible = shown.map((i) => Boolean(columns[i]!.flex) && !columns[i]!.key);
    if (stage !== 'outliers')
      widths = shrink(
        widths,
        widths.map((w, at) => (flexible[at] ? Math.max(Math.min(w, minFlex), floors[at]!) : w)),
        room,
      );
  }
  let total = widths.reduce((sum, w) => sum + w, 0) + gap * (widths.length - 1);
  const cuttable = (at: number) => widths[at]! > Math.max(1, floors[at]!);
  while (stage === 'last' && total > room) {
    const key = widths.findIndex((_w, at) => columns[shown[at]!]!.key && cuttable(at));
    let at = key;
    if (at < 0) for (let other = 0; other < widths.length; other++) if (cuttable(other) && (at < 0 || widths[other]! > widths[at]!)) at = other;
    if (at < 0) break;
    widths = widths.map((w, index) => (index === at ? w - 1 : w));
    total--;
  }
  return { widths, total };
}

/**
 * The width of a column but for its longest tenth of cells (one at least), when those are more than twice as
 * wide as the rest: what cutting them leaves. Otherwise its natural width: nothing there is an outlier.
 */
function ordinary(header: number, widths: number[], natural: number): number {
  // a few rows have no ordinary cells to tell an outlier by
  if (widths.length < minRowsForOutliers) return natural;
  const sorted = [...widths].sort((a, b) => b - a);
  const rest = sorted[Math.max(1, Math.floor(sorted.length / 10))]!;
  const typical = Math.max(header, minFlex, rest);
  return natural > 2 * typical ? typical : natural;
}
/** The shortest `head…tail` form of each id in a column that keeps them distinct; ids are plain text. */
function shortenIds(cells: string[][], column: number): void {
  const ids = cells.map((row) => row[column]!);
  const distinct = new Set(ids).size;
  for (let keep = 4; keep * 2 + 1 < Math.max(0, ...ids.map((id) => id.length)); keep++) {
    const short = ids.map((id) => (id.length > keep * 2 + 1 ? `${id.slice(0, keep)}…${id.slice(-keep)}` : id));
    if (new Set(short).size === distinct) {
      for (const [at, row] of cells.entries()) row[column] = short[at]!;
      return;
    }
  }
}

/** Shrinks the widest column still above its floor one character at a time until the row fits, so cuts are shared. */
export function shrink(natural: number[], floors: number[], width: number): number[] {
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
