/** parquet and arrow: a typed file of the rows (the encoders are ../parquet.ts and ../arrow.ts). */
import type { Writable } from 'node:stream';
import { typedRows, type RowsWriter, type TypedFormat } from '../binary-rows.js';
import { textColumnsNote, typedColumns } from '../typed-columns.js';
import { csvHeader, outputFailure, type ListWriting } from './list.js';

/**
 * A typed file (Parquet, Arrow) of the rows, with the column types of the result (the first page's `columns`),
 * page by page; a column it writes as text is said once (`notice`). Unreadable until finish() wrote its end.
 */
export async function writeTyped<T>(
  format: TypedFormat,
  { source, view, progress }: ListWriting<T>,
  stdout: Writable,
  notice: (text: string) => void,
): Promise<void> {
  let writer: RowsWriter | undefined;
  const start = async (envelope: Record<string, unknown> | undefined) => {
    const columns = typedColumns(envelope?.columns, csvHeader(view.columns));
    const note = textColumnsNote(columns, `-o ${format}`);
    if (note) notice(note);
    return typedRows(format, stdout, columns);
  };
  try {
    for await (const page of source.pages) {
      writer ??= await start(page.envelope);
      await writer.write(page.items as Record<string, unknown>[]);
      progress.written += page.items.length;
    }
    writer ??= await start(undefined);
    await writer.finish();
  } catch (error) {
    throw outputFailure(error);
  }
}
