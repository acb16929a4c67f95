import { parseExactly } from './exact-json.js';

type Row = Record<string, unknown>;

/**
 * The rows of one page of a result: how many there are, and those rows parsed when they are wanted. A page kept as
 * its bytes until its turn, and parsed a part at a time as it is written, holds no JavaScript object while it waits,
 * and the rows of a part die young (docs/development.md, "Exports stream").
 */
export interface PageRows {
  readonly length: number;
  /** The bytes of JSON the rows came in, about. */
  readonly bytes: number;
  /** The rows from `start` to `end`, as paginate cuts a page (--limit). */
  slice(start: number, end?: number): PageRows;
  /** The rows, parsed. */
  parse(): Row[];
  /**
   * The rows parsed a part at a time, each part about `bytes` of JSON (one row at least). Read to its end, the page
   * gives its bytes back: it is read so once.
   */
  parts(bytes: number): Generator<Row[]>;
  /** The rows as JSON.stringify sees them (a page compared with the one before it). */
  toJSON(): Row[];
}

/** Rows already parsed (a body the byte reader left whole). */
class ParsedRows implements PageRows {
  constructor(
    private readonly rows: Row[],
    readonly bytes: number,
  ) {}

  get length(): number {
    return this.rows.length;
  }

  slice(start: number, end?: number): PageRows {
    const rows = this.rows.slice(start, end);
    return new ParsedRows(rows, this.rows.length ? Math.round((this.bytes * rows.length) / this.rows.length) : 0);
  }

  parse(): Row[] {
    return this.rows;
  }

  *parts(): Generator<Row[]> {
    yield this.rows;
  }

  toJSON(): Row[] {
    return this.rows;
  }
}

/** Rows as the bytes of the body they came in: where each starts and ends (`spans`: start, end, start, end…). */
class RowBytes implements PageRows {
  constructor(
    private readonly body: Buffer,
    private readonly spans: Uint32Array,
    private readonly notJson: () => Error,
  ) {}

  get length(): number {
    return this.spans.length / 2;
  }

  get bytes(): number {
    return this.length ? this.spans[this.spans.length - 1]! - this.spans[0]! : 0;
  }

  slice(start: number, end = this.length): PageRows {
    const from = Math.max(0, Math.min(start, this.length));
    const to = Math.max(from, Math.min(end, this.length));
    return new RowBytes(this.body, this.spans.subarray(2 * from, 2 * to), this.notJson);
  }

  parse(): Row[] {
    return this.rowsBetween(0, this.length);
  }

  *parts(bytes: number): Generator<Row[]> {
    const spans = this.spans;
    for (let from = 0; from < this.length; ) {
      let to = from + 1;
      while (to < this.length && spans[2 * to + 1]! - spans[2 * from]! <= bytes) to++;
      const rows = this.rowsBetween(from, to);
      if (to === this.length) release(this.body);
      yield rows;
      from = to;
    }
  }

  toJSON(): Row[] {
    return this.parse();
  }

  /** Rows `from` to `to` (not included), parsed as one JSON array of the bytes that hold them. */
  private rowsBetween(from: number, to: number): Row[] {
    if (from >= to) return [];
    const text = this.body.toString('utf8', this.spans[2 * from]!, this.spans[2 * to - 1]!);
    let rows: unknown;
    try {
      rows = parseExactly(`[${text}]`);
    } catch {
      throw this.notJson();
    }
    // each span starts with `{` and ends with its `}`: a part holds as many objects as spans, or it is not JSON
    if (!Array.isArray(rows) || rows.length !== to - from) throw this.notJson();
    return rows as Row[];
  }
}

/**
 * Gives the memory of a body back now. V8 frees what is behind a Buffer when it collects the Buffer, and a page's
 * Buffer, promoted while the page waited its turn, waits for a full collection, which V8 starts late for memory
 * outside its heap (tens of MiB of pages read): moved into a new ArrayBuffer that nothing keeps, the memory goes at
 * the next scavenge. A Buffer that shares its ArrayBuffer (a small one, of Node's pool) is left as it is.
 */
function release(body: Buffer): void {
  const memory = body.buffer;
  if (memory instanceof ArrayBuffer && body.byteOffset === 0 && body.byteLength === memory.byteLength) structuredClone(memory, { transfer: [memory] });
}

const quote = 0x22;
const backslash = 0x5c;
const openBrace = 0x7b;
const closeBrace = 0x7d;
const openBracket = 0x5b;
const closeBracket = 0x5d;
const comma = 0x2c;
const colon = 0x3a;
const rowsKey = Buffer.from('"rows"');

/** Whether a byte is JSON's white space. */
const isSpace = (byte: number | undefined) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

function skipSpace(body: Buffer, at: number): number {
  while (isSpace(body[at])) at++;
  return at;
}

/** Where the string that starts at `at` (its opening quote) ends: its closing quote, or -1. */
function stringEnd(body: Buffer, at: number): number {
  for (let end = body.indexOf(quote, at + 1); end !== -1; end = body.indexOf(quote, end + 1)) {
    let escapes = 0;
    while (body[end - 1 - escapes] === backslash) escapes++;
    if (escapes % 2 === 0) return end;
  }
  return -1;
}

/** Where the object or array that opens at `at` closes (just past it), strings skipped; -1 if it does not. */
function valueEnd(body: Buffer, at: number): number {
  let depth = 0;
  for (let i = at; i < body.length; i++) {
    const byte = body[i];
    if (byte === quote) {
      i = stringEnd(body, i);
      if (i === -1) return -1;
    } else if (byte === openBrace || byte === openBracket) depth++;
    else if (byte === closeBrace || byte === closeBracket) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/**
 * A body `{…, "rows": [{…}, …], …}` read apart: the text of its other fields (rows: []), and its rows as bytes, found
 * by their braces and quotes without being parsed. Undefined for any other shape (no `rows` array of objects at the
 * top, a key written with escapes, a body cut short): such a body is parsed whole, and found wanting there.
 */
export function rowsApart(body: Buffer, notJson: () => Error): { fields: string; rows: PageRows } | undefined {
  let at = skipSpace(body, 0);
  if (body[at] !== openBrace) return undefined;
  // the top object's keys: a string at depth 1 followed by a colon
  for (at++; at < body.length; at++) {
    const byte = body[at];
    if (byte === openBrace || byte === openBracket) {
      const end = valueEnd(body, at);
      if (end === -1) return undefined;
      at = end - 1;
    } else if (byte === closeBrace) return undefined;
    else if (byte === quote) {
      const end = stringEnd(body, at);
      if (end === -1) return undefined;
      const value = skipSpace(body, end + 1);
      const isKey = body[value] === colon;
      if (isKey && end - at + 1 === rowsKey.length && body.compare(rowsKey, 0, rowsKey.length, at, end + 1) === 0) {
        const open = skipSpace(body, value + 1);
        const spans = rowSpans(body, open);
        if (!spans) return undefined;
        const close = spans.close;
        const fields = `${body.toString('utf8', 0, open)}[]${body.toString('utf8', close + 1)}`;
        return { fields, rows: new RowBytes(body, spans.spans, notJson) };
      }
      at = end;
    }
  }
  return undefined;
}

/** The rows of the array that opens at `open`: where each object starts and ends, and where the array closes. */
function rowSpans(body: Buffer, open: number): { spans: Uint32Array; close: number } | undefined {
  if (body[open] !== openBracket) return undefined;
  let spans = new Uint32Array(2048);
  let count = 0;
  let at = skipSpace(body, open + 1);
  if (body[at] === closeBracket) return { spans: spans.subarray(0, 0), close: at };
  for (;;) {
    if (body[at] !== openBrace) return undefined;
    const end = valueEnd(body, at);
    if (end === -1) return undefined;
    if (2 * count + 2 > spans.length) {
      const more = new Uint32Array(spans.length * 2);
      more.set(spans);
      spans = more;
    }
    spans[2 * count] = at;
    spans[2 * count + 1] = end;
    count++;
    at = skipSpace(body, end);
    if (body[at] === closeBracket) return { spans: spans.slice(0, 2 * count), close: at };
    if (body[at] !== comma) return undefined;
    at = skipSpace(body, at + 1);
  }
}

/** Rows that came parsed, for the pages of a body read whole. */
export function parsedRows(rows: Row[], bytes: number): PageRows {
  return new ParsedRows(rows, bytes);
}
