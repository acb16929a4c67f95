/**
 * The formats that write a list row by row (csv, tsv, ndjson, markdown, a table off a terminal), streaming: one
 * page in memory at a time, one write per page.
 */
import type { Writable } from 'node:stream';
import { WsError } from '../../errors.js';
import { RowLedger } from '../row-ledger.js';
import type { Column } from '../view.js';
import { outputFailure, type ListWriting } from './list.js';

/** How one format writes rows: a header from the columns and the first rows, each row, what ends the list. */
export interface RowFormat<T> {
  header(columns: Column<T>[], first: T[]): string;
  row(columns: Column<T>[], item: T): string;
  end?: string;
}

/**
 * Writes the list page by page. The header waits for the first page, since some views (query data) learn their
 * columns from it, and markdown aligns numbers by it. After a failed write the output holds whole rows only (a file
 * is cut back to them).
 */
export async function writeRows<T>({ source, view, progress, out }: ListWriting<T>, format: RowFormat<T>, stdout: Writable): Promise<void> {
  let headerWritten = false;
  const ledger = new RowLedger(stdout);
  const write = async (text: string, ends: number[]) => {
    try {
      await out(text);
    } catch (error) {
      if (error instanceof WsError && error.code === 'output_failed') progress.written = ledger.failed(text, ends);
      throw error;
    }
    ledger.wrote(text, ends);
  };
  const writeHeader = async (first: T[]) => {
    if (headerWritten) return;
    headerWritten = true;
    const header = format.header(view.columns, first);
    if (header) await write(header, []);
  };
  for await (const page of source.pages) {
    await writeHeader(page.items);
    // one write per page, not per row: each write is a system call; the columns are read once per page too
    const { columns } = view;
    let text = '';
    const ends: number[] = [];
    for (const item of page.items) {
      text += format.row(columns, item);
      ends.push(text.length);
    }
    await write(text, ends);
    progress.written += page.items.length;
  }
  await writeHeader([]);
  if (format.end) await write(format.end, []);
  // a file's last write cut short by a full disk reports no error: its size tells
  if (ledger.short()) {
    progress.written = ledger.settle();
    throw outputFailure(new Error('the file holds less than was written to it (a full disk, or a file size limit)'));
  }
}
