import type { Writable } from 'node:stream';
import {
  Binary,
  Bool,
  type Data,
  type DataType,
  DateDay,
  Decimal,
  Field,
  Float32,
  Float64,
  Int8,
  Int16,
  Int32,
  Int64,
  makeData,
  RecordBatch,
  RecordBatchStreamWriter,
  Schema,
  Struct,
  TimeMicrosecond,
  TimestampMicrosecond,
  Uint8,
  Uint16,
  Uint32,
  Uint64,
  Utf8,
  vectorFromArray,
} from 'apache-arrow';
import { write } from '../io.js';
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
  type ColumnKind,
  type RowsWriter,
  type TypedColumn,
} from './typed-columns.js';

type Row = Record<string, unknown>;

/** The Arrow type of a column. */
function arrowType(of: ColumnKind): DataType {
  switch (of.kind) {
    case 'boolean':
      return new Bool();
    case 'int': {
      const types = of.signed ? { 8: Int8, 16: Int16, 32: Int32, 64: Int64 } : { 8: Uint8, 16: Uint16, 32: Uint32, 64: Uint64 };
      return new types[of.bits]();
    }
    case 'float':
      return of.bits === 64 ? new Float64() : new Float32();
    case 'decimal':
      return new Decimal(of.scale, of.precision, 128);
    case 'date':
      return new DateDay();
    case 'time':
      return new TimeMicrosecond();
    case 'timestamp':
      return new TimestampMicrosecond(of.zoned ? 'UTC' : null);
    case 'blob':
      return new Binary();
    default:
      // VARCHAR, UUID (as its text), JSON text and the types written as text
      return new Utf8();
  }
}

/** A fixed-width column: its values in a typed array, `set` writing one, and the validity bitmap. */
function fixedWidth<A extends { length: number }>(type: DataType, values: unknown[], array: A, set: (array: A, index: number, value: unknown) => void): Data {
  const valid = new Uint8Array(Math.ceil(values.length / 8));
  let nulls = 0;
  values.forEach((value, index) => {
    if (value === null || value === undefined) nulls++;
    else {
      valid[index >> 3]! |= 1 << (index & 7);
      set(array, index, value);
    }
  });
  return makeData({ type, length: values.length, nullCount: nulls, nullBitmap: nulls ? valid : null, data: array } as never) as Data;
}

/** A 128-bit two's complement integer as the four little-endian 32-bit words Arrow's Decimal holds. */
function setDecimal(words: Uint32Array, index: number, value: bigint): void {
  let rest = BigInt.asUintN(128, value);
  for (let word = 0; word < 4; word++) {
    words[index * 4 + word] = Number(rest & 0xffffffffn);
    rest >>= 32n;
  }
}

/** One column of a batch, from the rows' values. */
function columnData(column: TypedColumn, type: DataType, values: unknown[]): Data {
  const { of } = column;
  const n = values.length;
  switch (of.kind) {
    case 'int':
      if (of.bits === 64) {
        const array = of.signed ? new BigInt64Array(n) : new BigUint64Array(n);
        return fixedWidth(type, values, array, (a, i, v) => {
          a[i] = bigintOf(column, v);
        });
      }
      return fixedWidth(
        type,
        values,
        new (of.signed ? { 8: Int8Array, 16: Int16Array, 32: Int32Array } : { 8: Uint8Array, 16: Uint16Array, 32: Uint32Array })[of.bits](n),
        (a, i, v) => {
          a[i] = Number(bigintOf(column, v));
        },
      );
    case 'float':
      return fixedWidth(type, values, of.bits === 64 ? new Float64Array(n) : new Float32Array(n), (a, i, v) => {
        a[i] = floatOf(column, v);
      });
    case 'decimal':
      return fixedWidth(type, values, new Uint32Array(n * 4), (a, i, v) => setDecimal(a, i, unscaled(column, v)));
    case 'date':
      return fixedWidth(type, values, new Int32Array(n), (a, i, v) => {
        a[i] = daysOf(column, v);
      });
    case 'time':
      return fixedWidth(type, values, new BigInt64Array(n), (a, i, v) => {
        a[i] = microsOfTime(column, v);
      });
    case 'timestamp':
      return fixedWidth(type, values, new BigInt64Array(n), (a, i, v) => {
        a[i] = microsOfTimestamp(column, v);
      });
    case 'boolean':
      return vectorFromArray(
        values.map((v) => (v === null || v === undefined ? null : booleanOf(column, v))),
        type as Bool,
      ).data[0]!;
    case 'blob':
      return vectorFromArray(
        values.map((v) => (v === null || v === undefined ? null : bytesOf(v))),
        type as Binary,
      ).data[0]!;
    default:
      return vectorFromArray(
        values.map((v) => (v === null || v === undefined ? null : textOf(of, v))),
        type as Utf8,
      ).data[0]!;
  }
}

/**
 * An Arrow IPC stream (what DuckDB, Polars and pyarrow read from a pipe) written to `stream` batch by batch
 * (apache-arrow): each page of rows is one record batch, in memory only while it is written.
 */
export function arrowRows(stream: Writable, columns: TypedColumn[]): RowsWriter {
  const types = columns.map((c) => arrowType(c.of));
  const fields = columns.map((c, i) => new Field(c.name, types[i]!, true));
  const schema = new Schema(fields);
  const writer = new RecordBatchStreamWriter();
  // the writer's bytes, as it makes them, to the stream
  const pumped = (async () => {
    for await (const chunk of writer) await write(stream, Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  })();
  pumped.catch(() => undefined);
  let started = false;
  return {
    async write(rows: Row[]) {
      if (rows.length === 0) return;
      const children = columns.map((c, i) =>
        columnData(
          c,
          types[i]!,
          rows.map((row) => row[c.name]),
        ),
      );
      writer.write(new RecordBatch(schema, makeData({ type: new Struct(fields), length: rows.length, nullCount: 0, children })));
      started = true;
      // let the bytes of this batch go before the next page is made
      await new Promise((resolve) => setImmediate(resolve));
    },
    async finish() {
      // a result without rows is still a stream with its schema
      if (!started) writer.reset(undefined, schema);
      writer.finish();
      await pumped;
    },
  };
}
