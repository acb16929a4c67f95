import { WsError } from '../errors.js';

/**
 * What a typed file (Parquet, Arrow) makes of a result column, from the type the run's `columnSchema` gives it
 * (DuckDB's names, as the API sends them). One rule for nested values: lists, structs, maps, unions and intervals
 * are JSON text. A type this list does not name, or a column without one, is plain text.
 */
export type ColumnKind =
  | { kind: 'boolean' }
  | { kind: 'int'; bits: 8 | 16 | 32 | 64; signed: boolean }
  | { kind: 'float'; bits: 32 | 64 }
  | { kind: 'decimal'; precision: number; scale: number; huge?: boolean }
  | { kind: 'string' }
  | { kind: 'uuid' }
  | { kind: 'date' }
  | { kind: 'time' }
  | { kind: 'timestamp'; zoned: boolean }
  | { kind: 'blob' }
  | { kind: 'json' }
  | { kind: 'text'; why: string };

/** Rows written into a typed file (Parquet, Arrow), page after page; finish() writes what makes it readable. */
export interface RowsWriter {
  write(rows: Record<string, unknown>[]): Promise<void>;
  finish(): Promise<void>;
}

export interface TypedColumn {
  name: string;
  type: string | undefined;
  of: ColumnKind;
}

const ints: Record<string, ColumnKind> = {
  TINYINT: { kind: 'int', bits: 8, signed: true },
  SMALLINT: { kind: 'int', bits: 16, signed: true },
  INTEGER: { kind: 'int', bits: 32, signed: true },
  BIGINT: { kind: 'int', bits: 64, signed: true },
  UTINYINT: { kind: 'int', bits: 8, signed: false },
  USMALLINT: { kind: 'int', bits: 16, signed: false },
  UINTEGER: { kind: 'int', bits: 32, signed: false },
  UBIGINT: { kind: 'int', bits: 64, signed: false },
};

/** The kind of a column of this DuckDB type name. */
export function kindOf(type: string | undefined): ColumnKind {
  if (type === undefined) return { kind: 'text', why: 'the result names no type for it' };
  const name = type.trim().toUpperCase();
  if (Object.hasOwn(ints, name)) return ints[name]!;
  const decimal = /^(?:DECIMAL|NUMERIC)\((\d+),\s*(\d+)\)$/.exec(name);
  if (decimal) return { kind: 'decimal', precision: Number(decimal[1]), scale: Number(decimal[2]) };
  // HUGEINT holds 39 digits; Parquet's and Arrow's widest decimal 38: a value past that cannot be written
  if (name === 'HUGEINT' || name === 'UHUGEINT') return { kind: 'decimal', precision: 38, scale: 0, huge: true };
  if (name === 'BOOLEAN' || name === 'BOOL') return { kind: 'boolean' };
  if (name === 'DOUBLE' || name === 'FLOAT8') return { kind: 'float', bits: 64 };
  if (name === 'FLOAT' || name === 'REAL' || name === 'FLOAT4') return { kind: 'float', bits: 32 };
  if (name === 'VARCHAR' || name === 'TEXT' || name === 'STRING' || name.startsWith('ENUM(')) return { kind: 'string' };
  if (name === 'UUID') return { kind: 'uuid' };
  if (name === 'DATE') return { kind: 'date' };
  if (name === 'TIME') return { kind: 'time' };
  if (name === 'TIMESTAMP' || name === 'DATETIME') return { kind: 'timestamp', zoned: false };
  if (name === 'TIMESTAMP WITH TIME ZONE' || name === 'TIMESTAMPTZ') return { kind: 'timestamp', zoned: true };
  if (name === 'BLOB' || name === 'BYTEA') return { kind: 'blob' };
  if (name.endsWith(']') || /^(STRUCT|MAP|UNION)\(/.test(name) || name === 'INTERVAL' || name === 'JSON') return { kind: 'json' };
  return { kind: 'text', why: `ws writes no ${type} values typed` };
}

/** The columns of a result, typed from its `columns` (entries with a name and a type), else by name alone. */
export function typedColumns(columns: unknown, names: string[]): TypedColumn[] {
  const given = new Map<string, string>();
  if (Array.isArray(columns)) {
    for (const column of columns) {
      if (typeof column === 'object' && column !== null && typeof (column as { name?: unknown }).name === 'string') {
        const type = (column as { type?: unknown }).type;
        if (typeof type === 'string') given.set((column as { name: string }).name, type);
      }
    }
  }
  return names.map((name) => ({ name, type: given.get(name), of: kindOf(given.get(name)) }));
}

/** The sentence said once on stderr for the columns written as text: which, and why. */
export function textColumnsNote(columns: TypedColumn[], format: string): string | undefined {
  const text = columns.filter((c) => c.of.kind === 'text');
  if (text.length === 0) return undefined;
  return `${format}: ${text.map((c) => `column ${c.name} is written as text (${(c.of as { why: string }).why})`).join('; ')}`;
}

export function badValue(column: TypedColumn, value: unknown, rule: string): WsError {
  return new WsError('api', `the value ${JSON.stringify(value)} of column ${column.name} (${column.type}) ${rule}`, {
    code: 'unexpected_response',
    hint: 'write this result with -o csv or -o ndjson, or cast the column to VARCHAR in the query',
  });
}

/** An integer value (a JSON number, or a string for one past 2^53) as a bigint. */
export function bigintOf(column: TypedColumn, value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if ((typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && /^-?\d+$/.test(value))) return BigInt(value);
  throw badValue(column, value, 'is not an integer');
}

/** 10^precision, the first value past a decimal of `precision` digits: made once per precision, not per value. */
const decimalLimits: bigint[] = [];
const decimalLimit = (precision: number) => (decimalLimits[precision] ??= 10n ** BigInt(precision));

/** A decimal value (the exact text the API sends, or a number) as its unscaled integer at the column's scale. */
export function unscaled(column: TypedColumn, value: unknown): bigint {
  const { scale, precision } = column.of as { scale: number; precision: number };
  // the usual case, once per value of an export: the server's text at the column's own scale
  if (typeof value === 'string' && scale > 0 && value.length - value.indexOf('.') - 1 === scale && /^-?\d+\.\d+$/.test(value)) {
    const digits = BigInt(value.replace('.', ''));
    if ((digits < 0n ? -digits : digits) < decimalLimit(precision)) return digits;
  }
  const text = typeof value === 'number' ? (Number.isInteger(value) ? String(value) : value.toFixed(scale)) : String(value);
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && !match[3])) throw badValue(column, value, 'is not a decimal number');
  const fraction = (match[3] ?? '').padEnd(scale, '0');
  if (fraction.length > scale && /[1-9]/.test(fraction.slice(scale))) throw badValue(column, value, `has more than ${scale} decimals`);
  const digits = BigInt(`${match[2] || '0'}${fraction.slice(0, scale)}`);
  if (digits >= decimalLimit(precision)) throw badValue(column, value, `has more than ${precision} digits, the most a ${precision}-digit decimal holds`);
  return match[1] === '-' ? -digits : digits;
}

const day = 86_400_000;

/** Milliseconds since 1970 of a UTC date and time; years 0 to 99 too (Date.UTC would read them as 1900 to 1999). */
function utcMillis(year: number, month: number, date: number, hours = 0, minutes = 0, seconds = 0): number {
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, date);
  at.setUTCHours(hours, minutes, seconds, 0);
  return at.getTime();
}

/** `YYYY-MM-DD` as days since 1970-01-01. */
export function daysOf(column: TypedColumn, value: unknown): number {
  const match = typeof value === 'string' ? /^(-?\d{4,})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match) throw badValue(column, value, 'is not a date (YYYY-MM-DD)');
  return utcMillis(Number(match[1]), Number(match[2]), Number(match[3])) / day;
}

/** `HH:MM:SS[.ffffff]` as microseconds since midnight. */
export function microsOfTime(column: TypedColumn, value: unknown): bigint {
  const match = typeof value === 'string' ? /^(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?$/.exec(value) : null;
  if (!match) throw badValue(column, value, 'is not a time (HH:MM:SS)');
  const seconds = Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
  return BigInt(seconds) * 1_000_000n + BigInt((match[4] ?? '').padEnd(6, '0'));
}

/** `YYYY-MM-DD HH:MM:SS[.ffffff][±HH[:MM]]` as microseconds since 1970-01-01 UTC (a zone's offset taken off). */
export function microsOfTimestamp(column: TypedColumn, value: unknown): bigint {
  const match =
    typeof value === 'string' ? /^(-?\d{4,})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(?:([+-])(\d{2})(?::?(\d{2}))?|Z)?$/.exec(value) : null;
  if (!match) throw badValue(column, value, 'is not a timestamp (YYYY-MM-DD HH:MM:SS)');
  const [, y, mo, d, h, mi, s, fraction, sign, oh, om] = match;
  const millis = utcMillis(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s));
  const offset = sign ? (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om ?? 0)) * 60_000_000 : 0;
  return BigInt(millis) * 1000n + BigInt((fraction ?? '').padEnd(6, '0')) - BigInt(offset);
}

/** A BLOB as DuckDB writes it in text: bytes as `\xAB`, the others as their characters. */
export function bytesOf(value: unknown): Uint8Array {
  const text = String(value);
  const bytes: number[] = [];
  for (let at = 0; at < text.length; ) {
    const escaped = /^\\x([0-9a-fA-F]{2})/.exec(text.slice(at, at + 4));
    if (escaped) {
      bytes.push(Number.parseInt(escaped[1]!, 16));
      at += 4;
    } else {
      const code = text.codePointAt(at)!;
      bytes.push(...Buffer.from(String.fromCodePoint(code)));
      at += code > 0xffff ? 2 : 1;
    }
  }
  return Uint8Array.from(bytes);
}

/** A float column's value: a number, or the text DuckDB gives infinities and NaN. */
export function floatOf(column: TypedColumn, value: unknown): number {
  if (typeof value === 'number') return value;
  const text = String(value).toLowerCase();
  if (/^[+-]?(inf|infinity)$/.test(text)) return text.startsWith('-') ? -Infinity : Infinity;
  if (text === 'nan' || text === '-nan') return Number.NaN;
  const number = Number(value);
  if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(number)) return number;
  throw badValue(column, value, 'is not a number');
}

/** A BOOLEAN value: true or false (as JSON sends them, or as text). */
export function booleanOf(column: TypedColumn, value: unknown): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw badValue(column, value, 'is not a boolean');
}

/** A value of a JSON or text column, as its text. */
export function textOf(of: ColumnKind, value: unknown): string {
  if (of.kind === 'json') return JSON.stringify(value);
  return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
}
