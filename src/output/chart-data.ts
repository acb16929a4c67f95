/**
 * What `-o chart` draws from a query result: which column is the x axis, which are the series, and whether
 * the result can be charted at all. Pure functions of the columns (and rows, once there are some).
 */

/** A result column; its type when the server names one (the API does not promise it). */
export interface ResultColumn {
  name: string;
  type?: string;
}

/** `--x <column>`, `--y <column>[,<column>…]` and `--series <column>`. */
export interface ChartChoice {
  x?: string;
  y?: string[];
  series?: string;
}

export type Row = Record<string, unknown>;

export type XKind = 'time' | 'number' | 'text' | 'row';

export interface ChartPlan {
  /** The x column, or undefined for the row number. */
  x: string | undefined;
  xKind: XKind;
  /** The series drawn: at most three. */
  y: string[];
  /** Numeric columns not drawn (more than three, or more than one with a series column). */
  left: string[];
  /** The column whose values split `y` into series, one line or bar each (`--series`, or found: see seriesFound). */
  series?: string;
  /** The series column was not chosen but found: a text column beside x and y, and x values that repeat. */
  seriesFound?: boolean;
  /** A text column that would split the series, had it one --y column: stderr names `--series`. */
  couldSplit?: string;
}

/** At most this many columns are drawn as series; more would not be told apart. */
export const maxSeries = 3;
/** At most this many values of a series column are drawn, one colour each. */
export const maxSplitSeries = 6;

/** Scalar SQL types (DuckDB's names and their aliases, PostgreSQL's) that hold numbers; DECIMAL(p,s) by its name. */
const numericTypes = new Set([
  'tinyint',
  'smallint',
  'integer',
  'int',
  'bigint',
  'hugeint',
  'utinyint',
  'usmallint',
  'uinteger',
  'ubigint',
  'uhugeint',
  'varint',
  'bignum',
  'int1',
  'int2',
  'int4',
  'int8',
  'int16',
  'int32',
  'int64',
  'int128',
  'uint8',
  'uint16',
  'uint32',
  'uint64',
  'uint128',
  'short',
  'long',
  'signed',
  'decimal',
  'numeric',
  'number',
  'double',
  'double precision',
  'float',
  'float4',
  'float8',
  'real',
]);
/** Scalar SQL types that hold a date or a time of day (INTERVAL, a length of time, is neither). */
const timeTypes = new Set([
  'date',
  'time',
  'timetz',
  'time with time zone',
  'time without time zone',
  'timestamp',
  'timestamptz',
  'datetime',
  'timestamp with time zone',
  'timestamp without time zone',
  'timestamp_s',
  'timestamp_ms',
  'timestamp_ns',
  'timestamp_us',
]);

/**
 * What a declared column type holds, read by its grammar, not by a prefix: a list (`INTEGER[]`), an array
 * (`DATE[3]`), a struct, map or union is neither a number nor a time, whatever its items are; `UBIGINT` is a
 * number, `INTERVAL` is not.
 */
export function typeKind(type: string): 'number' | 'time' | 'nested' | 'other' {
  const text = type.trim().toLowerCase();
  if (/\[\d*\]$/.test(text) || /^(struct|map|union|list)\b/.test(text)) return 'nested';
  const name = text.replace(/\s*\(.*\)$/, '').replace(/\s+/g, ' ');
  return numericTypes.has(name) ? 'number' : timeTypes.has(name) ? 'time' : 'other';
}
const isoTime = /^\d{4}-\d{2}(-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?)?$/;

/** A value as a number, or null (a NULL, or a value that is not a finite number). */
export function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

// DuckDB's 'NaN'::DOUBLE and 'Infinity'::DOUBLE come as numbers or as these strings
const notFinite = /^[+-]?(nan|inf|infinity)$/i;

/** A value as a number to draw, NaN and ±Infinity kept (a chart says they are there), or null. */
export function drawnValueOf(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && notFinite.test(value.trim())) return /nan/i.test(value) ? NaN : value.trim().startsWith('-') ? -Infinity : Infinity;
  return numberOf(value);
}

/** `1 row`, `2 rows`. */
export function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** A value as a time (ms since 1970), or null. */
export function timeOf(value: unknown): number | null {
  if (typeof value !== 'string' || !isoTime.test(value)) return null;
  const ms = Date.parse(value.length === 7 ? `${value}-01` : value);
  return Number.isNaN(ms) ? null : ms;
}

/** What a column holds, from its declared type, else from its values (NULLs say nothing). */
export function kindOf(column: ResultColumn, rows: Row[]): 'number' | 'time' | 'text' | 'unknown' {
  const declared = column.type ? typeKind(column.type) : undefined;
  if (declared === 'number' || declared === 'time') return declared;
  if (declared === 'nested') return 'text';
  const present = rows.map((row) => row[column.name]).filter((value) => value !== null && value !== undefined);
  if (present.length === 0) return column.type ? 'text' : 'unknown';
  // a string of digits is a number only when the server says the column is numeric (a zip code is text)
  if (present.every((value) => typeof value === 'number' || typeof value === 'bigint' || (typeof value === 'string' && notFinite.test(value.trim()))))
    return 'number';
  if (present.every((value) => timeOf(value) !== null)) return 'time';
  return 'text';
}

/** The columns as a person reads them in an error: `day (date), orders, revenue`. */
export function describeColumns(columns: ResultColumn[]): string {
  return columns.map((c) => (c.type ? `${c.name} (${c.type})` : c.name)).join(', ');
}

/**
 * The plan for a chart, or the problem that prevents one (a message naming the columns there are). With no
 * rows, only names are checked (and types, when the server gave them): the check before a run.
 */
export function planChart(columns: ResultColumn[], rows: Row[], choice: ChartChoice): ChartPlan | { problem: string } {
  const there = `its columns: ${describeColumns(columns)}`;
  const names = columns.map((c) => c.name);
  const missing = [choice.x, ...(choice.y ?? []), choice.series].filter((name): name is string => name !== undefined && !names.includes(name));
  if (missing.length) return { problem: `the result has no column ${missing.map((n) => `"${n}"`).join(', ')}; ${there}` };
  if (choice.series !== undefined && (choice.series === choice.x || choice.y?.includes(choice.series))) {
    return {
      problem: `--series ${choice.series}: it is ${choice.series === choice.x ? 'the x axis (--x)' : 'a --y column'}; the series column is another one`,
    };
  }
  if (choice.series !== undefined && (choice.y?.length ?? 0) > 1)
    return { problem: `--series ${choice.series} splits one --y column into series, and --y names ${choice.y!.length}: ${choice.y!.join(',')}` };
  const kinds = new Map(columns.map((c) => [c.name, kindOf(c, rows)]));
  // with no rows and no type a column could be anything: the check before a run passes it
  const maybeNumber = (name: string) => kinds.get(name) === 'number' || (rows.length === 0 && kinds.get(name) === 'unknown');
  const notNumber = (choice.y ?? []).filter((name) => !maybeNumber(name));
  if (notNumber.length) return { problem: `--y ${notNumber.join(',')}: not a numeric column; ${there}` };
  const textBeside = (taken: (string | undefined)[]) => columns.find((c) => kinds.get(c.name) === 'text' && !taken.includes(c.name))?.name;
  const x = choice.x ?? columns.find((c) => kinds.get(c.name) === 'time')?.name ?? textBeside([choice.series]);
  const numeric = names.filter((name) => name !== x && name !== choice.series && maybeNumber(name));
  const y = choice.y ?? numeric;
  if (y.length === 0) return { problem: `no numeric column to draw${x ? ` against ${x}` : ''}; ${there}` };
  const xKind: XKind = x === undefined ? 'row' : kinds.get(x) === 'time' ? 'time' : kinds.get(x) === 'number' ? 'number' : 'text';
  if (choice.series !== undefined) return { x, xKind, y: y.slice(0, 1), left: y.slice(1), series: choice.series };
  // a "long" result (month, event_type, events): x repeats, once per value of a text column beside it
  const splitter = x === undefined ? undefined : textBeside([x, ...y]);
  const repeats = splitter !== undefined && new Set(rows.map((row) => JSON.stringify(row[x!] ?? null))).size < rows.length;
  if (repeats && y.length === 1) return { x, xKind, y, left: [], series: splitter, seriesFound: true };
  return { x, xKind, y: y.slice(0, maxSeries), left: y.slice(maxSeries), ...(repeats ? { couldSplit: splitter } : {}) };
}

const units = ['', 'k', 'M', 'B', 'T'];

/** The unit a number of this size is written in: 4712 in k (scale 1000), 950 in none. */
export function unitOf(abs: number): { scale: number; unit: string } {
  let unit = 0;
  let scaled = abs;
  while (scaled >= 999.5 && unit < units.length - 1) {
    scaled /= 1000;
    unit++;
  }
  return { scale: 1000 ** unit, unit: units[unit]! };
}

/** The shortest text that reads back as this number, or undefined past 15 significant digits (all a double holds for sure). */
function exactText(value: number): string | undefined {
  // -0 and 0 are both 0: a "-0" reads as a value below zero
  if (value === 0) return '0';
  const text = String(value);
  if (text.replace(/e.*$/, '').replace(/[-.]/g, '').replace(/^0+/, '').length > 15) return undefined;
  if (text.includes('e')) return text.replace('e+', 'e');
  return text.replace(/^(-?)(\d+)/, (_m, sign: string, whole: string) => sign + whole.replace(/\B(?=(\d{3})+$)/g, ','));
}

/** A decimal string with more significant digits than a double keeps for sure (15): its number is not its value. */
function beyondDouble(sent: unknown): boolean {
  if (typeof sent !== 'string' || !/^[+-]?\d+(\.\d+)?$/.test(sent.trim())) return false;
  const [whole, fraction = ''] = sent.trim().replace(/^[+-]/, '').split('.');
  return `${whole}${fraction.replace(/0+$/, '')}`.replace(/^0+/, '').length > 15;
}

/**
 * A number in three significant digits (4.71k, 0.333, 1.23e16, 1.23e-7), marked `≈` unless that is the number
 * itself, as the server sent it (`sent`): a value shortened reads as shortened, never as another value.
 */
export function shortNumber(value: number, sent?: unknown): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  let short: string;
  let back: number;
  if (abs !== 0 && (abs < 0.001 || abs >= 999.5e12)) {
    short = value
      .toExponential(2)
      .replace(/\.?0+e/, 'e')
      .replace('e+', 'e');
    back = Number(short);
  } else {
    const { scale, unit } = unitOf(abs);
    const digits = Number((value / scale).toPrecision(3));
    short = `${digits === 0 ? 0 : digits}${unit}`;
    back = digits * scale;
  }
  return Math.abs(back - value) <= 1e-12 * abs && !beyondDouble(sent) ? short : `≈${short}`;
}

/** A value printed after a bar: exact (thousands separated) while short, else shortened and marked `≈`; NaN and ±Infinity by name. */
export function barValue(value: number, sent?: unknown): string {
  if (!Number.isFinite(value)) return String(value);
  const exact = beyondDouble(sent) ? undefined : exactText(value);
  return exact !== undefined && exact.length <= 12 ? exact : shortNumber(value, sent);
}
