/**
 * A Parquet file written to a stream row group by row group. ws encodes the pages itself (src/output/parquet-columns.ts:
 * every value appended to its page's bytes as it comes, PLAIN, so that no object per value waits for the group) and
 * takes from hyparquet-writer what the format's thrift needs: the page headers, the definition levels' encoding and
 * the footer (its modules, which its package exports). Its own column writer took 2x the time of csv: a BigInt
 * shift per byte of each wide decimal, an ArrayBuffer per string, a dictionary tried per column (docs/output.md).
 */
import type { Writable } from 'node:stream';
import { ByteWriter } from 'hyparquet-writer';
import { writeMetadata } from 'hyparquet-writer/src/metadata.js';
import { snappyCompressor } from 'hysnappy';
import { write } from '../io.js';
import { ColumnChunk } from './parquet-chunk.js';
import { type Element, parquetColumn } from './parquet-columns.js';
import type { RowsWriter, TypedColumn } from './typed-columns.js';

type Row = Record<string, unknown>;

/**
 * Rows in a row group: what a reader skips or reads at once; memory holds one group's pages. 5,000 rather than
 * 20,000: the peak RSS of 2,000,000 rows fell from 183-241 to 142-189 MiB (Node 20-24), the file grew 0.7%.
 */
const rowGroupRows = 5_000;

/**
 * And at most about this many bytes of values: rows of hundreds of KB each would make 5,000 of them a group of
 * gigabytes, past the export worker's old generation limit (src/query-runs/export-thread.ts).
 */
const rowGroupBytes = 32 * 1024 * 1024;

/**
 * And at most this many values (rows times columns): a result of 2,000 columns holds a group of 500 rows, whose
 * definition levels and dictionary numbers wait in memory until the group is written.
 */
const rowGroupValues = 1_000_000;

/** "PAR1", at the start and at the end of every Parquet file. */
const magic = Buffer.from('PAR1');

/**
 * A Parquet file written to `stream` row group by row group: memory holds one group's pages, whatever the number
 * of rows; the footer that makes the file readable comes at finish(). Snappy compression (hysnappy: snappy in
 * WebAssembly, by hyparquet's authors; zstd would need a compressor of its own).
 */
export function parquetRows(stream: Writable, columns: TypedColumn[]): RowsWriter {
  const compress = snappyCompressor();
  const chunks = columns.map((column) => new ColumnChunk(parquetColumn(column), compress));
  const schema: (Element | { name: string; num_children: number })[] = [{ name: 'root', num_children: columns.length }, ...chunks.map((c) => c.column.element)];
  const rowGroups: unknown[] = [];
  let offset = 0;
  let rows = 0;
  let groupRows = 0;
  const out = async (bytes: Uint8Array) => {
    offset += bytes.length;
    await write(stream, bytes);
  };
  const endGroup = async () => {
    if (groupRows === 0) return;
    // each chunk's metadata names where it starts in the file
    let at = offset;
    const taken = chunks.map((chunk) => {
      const chunkTaken = chunk.take(at);
      at += chunkTaken.bytes.length;
      return chunkTaken;
    });
    rowGroups.push({
      columns: taken.map((t) => t.chunk),
      total_byte_size: BigInt(taken.reduce((sum, t) => sum + t.uncompressedSize, 0)),
      num_rows: BigInt(groupRows),
      file_offset: BigInt(offset),
      total_compressed_size: BigInt(at - offset),
    });
    groupRows = 0;
    await out(Buffer.concat(taken.map((t) => t.bytes)));
  };
  let started = false;
  const begin = async () => {
    if (started) return;
    started = true;
    await out(magic);
  };
  return {
    async write(batch: Row[]) {
      await begin();
      for (const row of batch) {
        for (let index = 0; index < chunks.length; index++) chunks[index]!.add(row[columns[index]!.name]);
        groupRows++;
        rows++;
        if (groupRows === rowGroupRows || groupRows * chunks.length >= rowGroupValues || groupBytes(chunks) >= rowGroupBytes) await endGroup();
      }
    },
    async finish() {
      await begin();
      await endGroup();
      const footer = new ByteWriter();
      writeMetadata(footer, { version: 2, created_by: 'ws', schema, num_rows: BigInt(rows), row_groups: rowGroups } as never);
      footer.appendBytes(magic);
      await out(footer.getBytes());
    },
  };
}

/** About the bytes of values of the group so far: its pages', and those waiting in each column's page and dictionary. */
function groupBytes(chunks: ColumnChunk[]): number {
  let total = 0;
  for (const chunk of chunks) total += chunk.uncompressedSize + chunk.pending;
  return total;
}
