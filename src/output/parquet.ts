import type { Writable } from 'node:stream';
import { ByteWriter, ParquetWriter } from 'hyparquet-writer';
import { snappyCompressor } from 'hysnappy';
import {
  bigintOf,
  booleanOf,
  bytesOf,
  daysOf,
  floatOf,
  microsOfTime,
  microsOfTimestamp,
  textOf,
  unscaled,
  type RowsWriter,
  type TypedColumn,
} from './typed-columns.js';
import { write } from '../io.js';

type Row = Record<string, unknown>;
/** A Parquet schema element, as hyparquet-writer takes it (parquet-format's names). */
type Element = Record<string, unknown> & { name: string };

/**
 * Rows in a row group: what a reader skips or reads at once; memory holds one group's values. 5,000 rather than
 * 20,000: the peak RSS of 2,000,000 rows fell from 183-241 to 142-189 MiB (Node 20-24), the file grew 0.7%.
 */
const rowGroupRows = 5_000;

/**
 * And at most this many bytes of values, about (the text of strings, 8 for any other value): rows of hundreds of KB
 * each would make 5,000 of them a group of gigabytes, past the export worker's old generation limit
 * (src/query-runs/export-thread.ts), where a group of 32 MiB of values stays well within it.
 */
const rowGroupBytes = 32 * 1024 * 1024;

/** About how many bytes a value of a row holds: a string its length, a list or an object what it holds. */
function sizeOf(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (value === null || typeof value !== 'object') return 8;
  let size = 8;
  for (const [key, item] of Object.entries(value)) size += key.length + sizeOf(item);
  return size;
}

/** Bytes of a FIXED_LEN_BYTE_ARRAY that hold a decimal of this many digits (two's complement). */
function decimalBytes(precision: number): number {
  let bytes = 1;
  while (2n ** BigInt(8 * bytes - 1) <= 10n ** BigInt(precision)) bytes++;
  return bytes;
}

/** The schema element of a column, and how one of its values becomes what the writer takes. */
function parquetColumn(column: TypedColumn): { element: Element; value: (value: unknown) => unknown } {
  const name = column.name;
  const of = column.of;
  const optional = { name, repetition_type: 'OPTIONAL' };
  switch (of.kind) {
    case 'boolean':
      return { element: { ...optional, type: 'BOOLEAN' }, value: (v) => booleanOf(column, v) };
    case 'int': {
      // converted types, not the INTEGER logical type: hyparquet-writer 0.17 writes that one's bit width as an i32,
      // where the format has an i8, and DuckDB refuses the file
      const converted = of.bits === 32 && of.signed ? {} : of.bits === 64 && of.signed ? {} : { converted_type: `${of.signed ? '' : 'U'}INT_${of.bits}` };
      if (of.bits === 64) return { element: { ...optional, type: 'INT64', ...converted }, value: (v) => bigintOf(column, v) };
      return { element: { ...optional, type: 'INT32', ...converted }, value: (v) => Number(bigintOf(column, v)) };
    }
    case 'float':
      return { element: { ...optional, type: of.bits === 64 ? 'DOUBLE' : 'FLOAT' }, value: (v) => floatOf(column, v) };
    case 'decimal': {
      const decimal = {
        converted_type: 'DECIMAL',
        precision: of.precision,
        scale: of.scale,
        logical_type: { type: 'DECIMAL', precision: of.precision, scale: of.scale },
      };
      const physical =
        of.precision <= 9
          ? { type: 'INT32' }
          : of.precision <= 18
            ? { type: 'INT64' }
            : { type: 'FIXED_LEN_BYTE_ARRAY', type_length: decimalBytes(of.precision) };
      return { element: { ...optional, ...physical, ...decimal }, value: (v) => unscaled(column, v) };
    }
    case 'string':
      return { element: { ...optional, type: 'BYTE_ARRAY', converted_type: 'UTF8', logical_type: { type: 'STRING' } }, value: (v) => textOf(of, v) };
    case 'uuid':
      return { element: { ...optional, type: 'FIXED_LEN_BYTE_ARRAY', type_length: 16, logical_type: { type: 'UUID' } }, value: (v) => String(v) };
    case 'date':
      return { element: { ...optional, type: 'INT32', converted_type: 'DATE', logical_type: { type: 'DATE' } }, value: (v) => daysOf(column, v) };
    case 'time':
      return {
        element: { ...optional, type: 'INT64', converted_type: 'TIME_MICROS', logical_type: { type: 'TIME', isAdjustedToUTC: false, unit: 'MICROS' } },
        value: (v) => microsOfTime(column, v),
      };
    case 'timestamp':
      return {
        element: { ...optional, type: 'INT64', logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: of.zoned, unit: 'MICROS' } },
        value: (v) => microsOfTimestamp(column, v),
      };
    case 'blob':
      return { element: { ...optional, type: 'BYTE_ARRAY' }, value: bytesOf };
    case 'json':
      // the writer makes the JSON text of the value itself
      return { element: { ...optional, type: 'BYTE_ARRAY', converted_type: 'JSON', logical_type: { type: 'JSON' } }, value: (v) => v };
    default:
      return { element: { ...optional, type: 'BYTE_ARRAY', converted_type: 'UTF8', logical_type: { type: 'STRING' } }, value: (v) => textOf(of, v) };
  }
}

/**
 * A Parquet file written to `stream` row group by row group (hyparquet-writer): memory holds one group's values and
 * its encoded bytes, whatever the number of rows; the footer that makes the file readable comes at finish().
 * Snappy compression (zstd would need a compressor of its own).
 */
export function parquetRows(stream: Writable, columns: TypedColumn[]): RowsWriter {
  const plan = columns.map(parquetColumn);
  // ParquetWriter calls flush() after each row group and finish() at the end, when the writer has them
  const bytes = new ByteWriter() as ByteWriter & { flush: () => Promise<void> | undefined; finish: () => Promise<void> | undefined };
  // each row group goes to the stream as it is made (ByteWriter keeps counting the file's offset)
  bytes.flush = () => {
    const chunk = Buffer.from(new Uint8Array(bytes.buffer, 0, bytes.index));
    bytes.index = 0;
    return write(stream, chunk) ?? undefined;
  };
  bytes.finish = bytes.flush;
  // snappy in WebAssembly (hysnappy, by hyparquet's authors): a third of the time of the writer's JavaScript one
  const compressors = { SNAPPY: snappyCompressor() };
  const writer = new ParquetWriter({
    compressors,
    writer: bytes,
    schema: [{ name: 'root', num_children: columns.length }, ...plan.map((p) => p.element)] as never,
    createdBy: 'ws',
  });
  let group: unknown[][] = plan.map(() => []);
  let count = 0;
  let groupBytes = 0;
  const flush = async () => {
    if (count === 0) return;
    const columnData = plan.map((p, index) => ({ name: p.element.name, data: group[index]! }));
    group = plan.map(() => []);
    const rows = count;
    count = 0;
    groupBytes = 0;
    await writer.write({ columnData: columnData as never, rowGroupSize: rows });
  };
  return {
    async write(rows: Row[]) {
      for (const row of rows) {
        for (let index = 0; index < plan.length; index++) {
          const value = row[columns[index]!.name];
          groupBytes += sizeOf(value);
          group[index]!.push(value === null || value === undefined ? null : plan[index]!.value(value));
        }
        if (++count === rowGroupRows || groupBytes >= rowGroupBytes) await flush();
      }
    },
    async finish() {
      await flush();
      await writer.finish();
    },
  };
}
