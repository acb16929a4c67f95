/**
 * The columns of a Parquet file as ws writes them (src/output/parquet.ts): each result type's schema element, and
 * how a value becomes its PLAIN bytes in a page and what the column's statistics compare. Every column is a flat
 * OPTIONAL one: nested values are JSON text (docs/output.md).
 */
import {
  badValue,
  bigintOf,
  booleanOf,
  bytesOf,
  daysOf,
  floatOf,
  microsOfTime,
  microsOfTimestamp,
  textOf,
  unscaled,
  type TypedColumn,
} from './typed-columns.js';

/** A Parquet schema element, as hyparquet-writer's writeMetadata takes it (parquet-format's names). */
export interface Element {
  name: string;
  repetition_type: 'OPTIONAL';
  type: 'BOOLEAN' | 'INT32' | 'INT64' | 'FLOAT' | 'DOUBLE' | 'BYTE_ARRAY' | 'FIXED_LEN_BYTE_ARRAY';
  type_length?: number;
  converted_type?: string;
  precision?: number;
  scale?: number;
  logical_type?: Record<string, unknown>;
}

/**
 * A value as a column's statistics hold it, in the form writeMetadata turns into the format's bytes: a boolean, a
 * number or a bigint (a decimal's unscaled value), a string, or bytes.
 */
export type Statistic = boolean | number | bigint | string | Uint8Array;

/** A page's values, PLAIN-encoded, in a buffer that grows (a BOOLEAN column's are bits, the first the lowest). */
export class PlainValues {
  bytes = Buffer.allocUnsafeSlow(4096);
  length = 0;
  private bits = 0;

  /** Room for `size` more bytes. */
  room(size: number): void {
    if (this.length + size <= this.bytes.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(2 * this.bytes.length, this.length + size));
    this.bytes.copy(grown, 0, 0, this.length);
    this.bytes = grown;
  }

  /** `size` bytes written by `write` at the end, which returns where its bytes end (as Buffer's writers do). */
  put(size: number, write: (bytes: Buffer, at: number) => number): void {
    this.room(size);
    this.length = write(this.bytes, this.length);
  }

  bit(on: boolean): void {
    if (this.bits % 8 === 0) {
      this.room(1);
      this.bytes[this.length++] = 0;
    }
    if (on) this.bytes[this.length - 1]! |= 1 << (this.bits % 8);
    this.bits++;
  }

  /** Empty again for the next page; a buffer grown past 4 MiB by a wide value is let go. */
  clear(): void {
    this.length = 0;
    this.bits = 0;
    if (this.bytes.length > 4 * 1024 * 1024) this.bytes = Buffer.allocUnsafeSlow(4096);
  }
}

/**
 * How a column is written: its element; each value converted (and checked) to what its statistics compare and its
 * dictionary keys, then put in a page as that; the order of two of them; whether a row group's values may go in a
 * dictionary (not booleans, already a bit each; not floats, whose -0 and 0 a Map takes as one key; not bytes,
 * which a Map keys by the object).
 */
export interface ParquetColumn {
  element: Element;
  convert(value: unknown): Statistic;
  put(values: PlainValues, value: Statistic): void;
  /** The order of two statistics; none for a column whose min and max would mean nothing (JSON text). */
  compare: ((a: Statistic, b: Statistic) => number) | undefined;
  dictionary: boolean;
}

const numeric = (a: number | bigint, b: number | bigint) => (a < b ? -1 : a > b ? 1 : 0);
const bytewise = (a: Uint8Array, b: Uint8Array) => Buffer.compare(a, b);
const booleans = (a: boolean, b: boolean) => Number(a) - Number(b);

/** A UTF-16 code unit mapped so that units compare in code point order (the order of UTF-8 bytes). */
const codePointOrder = (unit: number) => (unit >= 0xd800 ? (unit <= 0xdfff ? unit + 0x2000 : unit - 0x800) : unit);

/** Strings in the order of their UTF-8 bytes, as the format orders them (JavaScript's `<` orders UTF-16 units). */
function utf8Order(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let at = 0; at < length; at++) {
    const x = a.charCodeAt(at);
    const y = b.charCodeAt(at);
    if (x !== y) return codePointOrder(x) - codePointOrder(y);
  }
  return a.length - b.length;
}

function int32(values: PlainValues, value: number): void {
  values.room(4);
  values.bytes.writeInt32LE(value | 0, values.length);
  values.length += 4;
}

/** A 64-bit integer: a safe integer without a bigint, in two halves; a bigint as one (wrapped past 2^63, unsigned). */
function int64(values: PlainValues, value: number | bigint): void {
  values.room(8);
  if (typeof value === 'number') {
    const high = Math.floor(value / 2 ** 32);
    values.bytes.writeUInt32LE(value - high * 2 ** 32, values.length);
    values.bytes.writeInt32LE(high, values.length + 4);
  } else values.bytes.writeBigUInt64LE(BigInt.asUintN(64, value), values.length);
  values.length += 8;
}

/** A BYTE_ARRAY: its length in 4 bytes, then the bytes. */
function byteArray(values: PlainValues, value: string | Uint8Array): void {
  if (typeof value === 'string') {
    values.room(4 + (value.length > 65_536 ? Buffer.byteLength(value) : 3 * value.length));
    const size = values.bytes.write(value, values.length + 4);
    values.bytes.writeUInt32LE(size, values.length);
    values.length += 4 + size;
  } else {
    values.room(4 + value.length);
    values.bytes.writeUInt32LE(value.length, values.length);
    values.bytes.set(value, values.length + 4);
    values.length += 4 + value.length;
  }
}

const int64Range = { min: -(2n ** 63n), max: 2n ** 63n - 1n };

/** A decimal's unscaled value in `length` bytes of two's complement, big-endian (FIXED_LEN_BYTE_ARRAY). */
function fixedDecimal(values: PlainValues, value: bigint, length: number): void {
  values.room(length);
  const end = values.length + length;
  values.bytes.fill(value < 0n ? 0xff : 0, values.length, end - 8);
  values.bytes.writeBigUInt64BE(BigInt.asUintN(64, value), end - 8);
  if (value < int64Range.min || value > int64Range.max) {
    let high = value >> 64n;
    for (let at = end - 9; at >= values.length; at--, high >>= 8n) values.bytes[at] = Number(high & 0xffn);
  }
  values.length = end;
}

/** Bytes of a FIXED_LEN_BYTE_ARRAY that hold a decimal of this many digits (two's complement). */
function decimalBytes(precision: number): number {
  let bytes = 1;
  while (2n ** BigInt(8 * bytes - 1) <= 10n ** BigInt(precision)) bytes++;
  return bytes;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID's 16 bytes, from its text. */
function uuidOf(column: TypedColumn, value: unknown): Buffer {
  if (typeof value !== 'string' || !uuidPattern.test(value)) throw badValue(column, value, 'is not a UUID');
  return Buffer.from(value.replaceAll('-', ''), 'hex');
}

/**
 * An integer column's value, checked against its type's range: a safe integer stays a number (no bigint made for
 * it), a larger one is a bigint.
 */
function integerOf(column: TypedColumn, bits: number, signed: boolean): (value: unknown) => number | bigint {
  const min = signed ? -(2n ** BigInt(bits - 1)) : 0n;
  const max = signed ? 2n ** BigInt(bits - 1) - 1n : 2n ** BigInt(bits) - 1n;
  const [low, high] = [Number(min), Number(max)];
  return (value) => {
    const integer = typeof value === 'number' && Number.isSafeInteger(value) ? value : bigintOf(column, value);
    if (typeof integer === 'number' ? integer < low || integer > high : integer < min || integer > max)
      throw badValue(column, value, `is out of the range of ${column.type} (${min} to ${max})`);
    return integer;
  };
}

/** A column of values of one kind (T), which statistics compare and a dictionary keys. */
function written<T extends Statistic>(
  element: Element,
  convert: (value: unknown) => T,
  put: (values: PlainValues, value: T) => void,
  compare: ((a: T, b: T) => number) | undefined,
  dictionary = true,
): ParquetColumn {
  return { element, convert, put, compare, dictionary } as ParquetColumn;
}

/** How a column of the result is written, by its type (docs/output.md's table). */
export function parquetColumn(column: TypedColumn): ParquetColumn {
  const of = column.of;
  const optional = { name: column.name, repetition_type: 'OPTIONAL' } as const;
  switch (of.kind) {
    case 'boolean':
      return written(
        { ...optional, type: 'BOOLEAN' },
        (v) => booleanOf(column, v),
        (values, on) => values.bit(on),
        booleans,
        false,
      );
    case 'int': {
      // converted types, not the INTEGER logical type: hyparquet-writer 0.17 writes that one's bit width as an i32,
      // where the format has an i8, and DuckDB refuses the file
      const converted = of.signed && of.bits >= 32 ? {} : { converted_type: `${of.signed ? '' : 'U'}INT_${of.bits}` };
      const integer = integerOf(column, of.bits, of.signed);
      if (of.bits === 64) return written({ ...optional, type: 'INT64', ...converted }, integer, int64, numeric);
      return written({ ...optional, type: 'INT32', ...converted }, (v) => Number(integer(v)), int32, numeric);
    }
    case 'float': {
      const double = of.bits === 64;
      const put = (values: PlainValues, n: number) => values.put(8, (bytes, at) => (double ? bytes.writeDoubleLE(n, at) : bytes.writeFloatLE(n, at)));
      return written({ ...optional, type: double ? 'DOUBLE' : 'FLOAT' }, (v) => floatOf(column, v), put, numeric, false);
    }
    case 'decimal': {
      const { precision, scale } = of;
      const decimal = { converted_type: 'DECIMAL', precision, scale, logical_type: { type: 'DECIMAL', precision, scale } };
      const digits = (v: unknown) => unscaled(column, v);
      if (precision <= 9) return written({ ...optional, type: 'INT32', ...decimal }, digits, (values, d) => int32(values, Number(d)), numeric);
      if (precision <= 18) return written({ ...optional, type: 'INT64', ...decimal }, digits, int64, numeric);
      const length = decimalBytes(precision);
      return written(
        { ...optional, type: 'FIXED_LEN_BYTE_ARRAY', type_length: length, ...decimal },
        digits,
        (values, d) => fixedDecimal(values, d, length),
        numeric,
      );
    }
    case 'uuid':
      return written(
        { ...optional, type: 'FIXED_LEN_BYTE_ARRAY', type_length: 16, logical_type: { type: 'UUID' } },
        (v) => uuidOf(column, v),
        (values, bytes) => values.put(16, (b, at) => at + bytes.copy(b, at)),
        bytewise,
        false,
      );
    case 'date':
      return written({ ...optional, type: 'INT32', converted_type: 'DATE', logical_type: { type: 'DATE' } }, (v) => daysOf(column, v), int32, numeric);
    case 'time': {
      const time = { type: 'TIME', isAdjustedToUTC: false, unit: 'MICROS' };
      return written({ ...optional, type: 'INT64', converted_type: 'TIME_MICROS', logical_type: time }, (v) => microsOfTime(column, v), int64, numeric);
    }
    case 'timestamp': {
      const timestamp = { type: 'TIMESTAMP', isAdjustedToUTC: of.zoned, unit: 'MICROS' };
      return written({ ...optional, type: 'INT64', logical_type: timestamp }, (v) => microsOfTimestamp(column, v), int64, numeric);
    }
    case 'blob':
      return written({ ...optional, type: 'BYTE_ARRAY' }, bytesOf, byteArray, bytewise, false);
    case 'json':
      return written({ ...optional, type: 'BYTE_ARRAY', converted_type: 'JSON', logical_type: { type: 'JSON' } }, (v) => textOf(of, v), byteArray, undefined);
    default:
      // VARCHAR, and the types ws writes as text
      return written({ ...optional, type: 'BYTE_ARRAY', converted_type: 'UTF8', logical_type: { type: 'STRING' } }, (v) => textOf(of, v), byteArray, utf8Order);
  }
}
