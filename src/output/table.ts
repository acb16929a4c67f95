import { cell } from '../text.js';
import { plain, pretty, type Paint } from './cells.js';
import type { Column } from './view.js';

const gap = 2;
const minFlex = 8;

/** Plain columns for a pipe: tab-separated with a header, nothing cut, no colour (as `gh` does). */
export function plainHeader<T>(columns: Column<T>[]): string {
  return `${columns.map((c) => cell(c.header)).join('\t')}\n`;
}

export function plainRow<T>(columns: Column<T>[], item: T): string {
  // values stay exact (ISO times, whole numbers), but a duration keeps its unit
  const text = (c: Column<T>, value: unknown) => (c.kind === 'duration' && typeof value === 'number' ? `${value}ms` : plain(value));
  return `${columns.map((c) => cell(text(c, c.value(item)))).join('\t')}\n`;
}

/** Columns for a terminal: humanised cells, cut to the width with an ellipsis in the flexible columns. */
export async function terminalTable<T>(columns: Column<T>[], items: T[], width: number, now: number, paint: Paint): Promise<string> {
  const { default: Table } = await import('cli-table3');
  const rows = items.map((item) => columns.map((c) => pretty(c.value(item), c.kind ?? 'text', now, paint)));
  const natural = columns.map((c, index) => Math.max(cell(c.header).length, ...rows.map((row) => visibleLength(row[index]!))));
  const widths = fit(natural, columns.map((c) => Boolean(c.flex)), width);
  const table = new Table({
    head: columns.map((c) => paint('bold', cell(c.header))),
    // cli-table3 cuts a cell to its column width less the padding, so the gap is padding, never content.
    colWidths: widths.map((w) => w + gap),
    wordWrap: false,
    truncate: '…',
    chars: { top: '', 'top-mid': '', 'top-left': '', 'top-right': '', bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '', left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '', middle: '' },
    style: { 'padding-left': 0, 'padding-right': gap, head: [], border: [], compact: true },
  });
  table.push(...rows);
  return `${table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')}\n`;
}

/** Shrinks the widest flexible column one character at a time until the row fits, so cuts are shared. */
export function fit(natural: number[], flexible: boolean[], width: number): number[] {
  const widths = [...natural];
  let total = widths.reduce((sum, w) => sum + w, 0) + gap * (widths.length - 1);
  while (total > width) {
    let widest = -1;
    for (let i = 0; i < widths.length; i++) {
      if (flexible[i] && widths[i]! > minFlex && (widest < 0 || widths[i]! > widths[widest]!)) widest = i;
    }
    if (widest < 0) break;
    widths[widest]!--;
    total--;
  }
  return widths;
}

// eslint-disable-next-line no-control-regex
const ansi = /\u001b\[[0-9;]*m/g;

function visibleLength(text: string): number {
  return text.replace(ansi, '').length;
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
