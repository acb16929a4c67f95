/** table: laid out for a terminal, or plain rows separated by tabs when stdout is a file or a pipe. */
import type { IO } from '../../io.js';
import { terminalText } from '../../text.js';
import type { Paint } from '../cells.js';
import { leftOutHint, plainHeader, plainRow, terminalTable } from '../table.js';
import { fallbackColumns } from '../width.js';
import type { ListWriting } from './list.js';
import type { RowFormat } from './rows.js';

/** Rows of a terminal table laid out and drawn together (see writeTerminalTable). */
const tableBlock = 10_000;

/** A table off a terminal: a header and one line a row, streamed as the other row formats are. */
export function plainTableFormat<T>(): RowFormat<T> {
  return { header: (columns) => plainHeader(columns), row: (columns, item) => plainRow(columns, item) };
}

/** What a terminal table needs beyond the list: the terminal, its colours, `--wide`, and where hints go. */
export interface TerminalTable {
  io: IO;
  paint: Paint;
  wide: boolean | undefined;
  hint: (text: string) => void;
}

/**
 * A table on a terminal, laid out from the rows it shows; past tableBlock rows, one block at a time, each under its
 * own header, so that memory stays flat and the first rows show at once (a million rows held 800 MB).
 */
export async function writeTerminalTable<T>({ source, view, out }: ListWriting<T>, { io, paint, wide, hint }: TerminalTable): Promise<void> {
  let items: T[] = [];
  let drawn: T[] = [];
  let blocks = 0;
  const hidden = new Set<string>();
  const draw = async () => {
    const table = await terminalTable(view.columns, items, io.columns ?? 0, io.now(), paint, wide);
    await out(`${blocks > 0 ? '\n' : ''}${table.text}`);
    for (const header of table.hidden) hidden.add(header);
    blocks += 1;
    drawn = items;
  };
  for await (const page of source.pages) {
    for (const item of page.items) {
      items.push(item);
      if (items.length === tableBlock) {
        await draw();
        items = [];
      }
    }
  }
  if (items.length > 0) await draw();
  if (blocks === 0) return hint(`no ${source.key} found`);
  if (source.footer && blocks === 1) await out(`${terminalText(source.footer(drawn, io.columns ?? fallbackColumns))}\n`);
  if (hidden.size) hint(leftOutHint([...hidden], io.columns ?? 0));
}
