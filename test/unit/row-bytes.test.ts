import { describe, expect, it } from 'vitest';
import { parseExactly } from '../../src/api/exact-json.js';
import { rowsApart } from '../../src/api/row-bytes.js';

const notJson = () => new Error('not JSON');
const apart = (text: string) => rowsApart(Buffer.from(text), notJson);

/** Rows whose text has all that could mislead a reader of braces: braces, brackets and quotes in strings, escapes. */
const tricky = [
  { n: 1, s: 'a } b ] c { d [', q: 'say "hi" \\ there', u: 'héllo 世界 🎉', e: '\\"' },
  { n: 2, nested: { list: [1, [2, { deep: '}' }]], empty: {} }, arr: [], nil: null, t: true, f: false },
  { n: 3, big: '12345678901234567890', neg: -1.5e-3, '{"rows":[]}': 'a key like the field' },
];

describe('rowsApart: a page of rows read apart from its other fields, without parsing the rows', () => {
  it('finds every row and the other fields, in their order, as JSON.parse reads the whole body', () => {
    const body = JSON.stringify({ queryRunId: 'r1', status: 'rows', columns: [{ name: 'n' }], rows: tricky, totalRowCount: 3, returnedRowCount: 3 }, null, 1);
    const read = apart(body);
    expect(read).toBeDefined();
    const fields = JSON.parse(read!.fields);
    expect(Object.keys(fields)).toEqual(['queryRunId', 'status', 'columns', 'rows', 'totalRowCount', 'returnedRowCount']);
    expect(fields).toEqual({ ...JSON.parse(body), rows: [] });
    expect(read!.rows.length).toBe(3);
    expect(read!.rows.parse()).toEqual(tricky);
    expect(read!.rows.bytes).toBeGreaterThan(JSON.stringify(tricky).length - 10);
  });

  it('parses a part at a time, each at most the bytes asked (or one row), every row once and in order', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ n: i, label: `row ${i}`, pad: 'x'.repeat(i % 50) }));
    const read = apart(JSON.stringify({ rows, totalRowCount: 1000 }))!;
    const parts = [...read.rows.parts(2000)];
    expect(parts.length).toBeGreaterThan(10);
    for (const part of parts) expect(part.length === 1 || JSON.stringify(part).length <= 2000).toBe(true);
    expect(parts.flat()).toEqual(rows);
    // a row wider than a part is a part of its own
    const wide = [{ n: 0, s: 'y'.repeat(5000) }, { n: 1 }, { n: 2 }];
    expect([...apart(JSON.stringify({ rows: wide }))!.rows.parts(100)].map((part) => part.length)).toEqual([1, 2]);
  });

  it('gives the bytes of a page back once its last part is parsed, and not before', () => {
    // past half of Node's Buffer pool (64 KiB on Node 24), so that the body has a memory of its own, as a page has
    const body = Buffer.from(JSON.stringify({ rows: Array.from({ length: 5000 }, (_, i) => ({ n: i, s: 'z'.repeat(20) })) }));
    expect(body.length).toBeGreaterThan(128 * 1024);
    const parts = apart(body.toString())!.rows.parts(1000);
    // the text given to rowsApart is copied into a Buffer of its own there; read one whose Buffer this test holds
    const own = rowsApart(body, notJson)!.rows.parts(1000);
    own.next();
    expect(body.length).toBeGreaterThan(0);
    for (let part = own.next(); !part.done; part = own.next());
    expect(body.length).toBe(0);
    expect([...parts].flat()).toHaveLength(5000);
  });

  it('keeps the numbers a double would round as their text, part by part as in the whole body', () => {
    const text = '{"rows":[{"a":9007199254740993,"b":1.5},{"a":12345678901234567890.12,"b":2}]}';
    expect([...apart(text)!.rows.parts(10)].flat()).toEqual((parseExactly(text) as { rows: unknown[] }).rows);
  });

  it('cuts a page to the rows wanted (--limit), as paginate does', () => {
    const read = apart(JSON.stringify({ rows: tricky }))!;
    expect(read.rows.slice(0, 2).parse()).toEqual(tricky.slice(0, 2));
    expect(read.rows.slice(1).parse()).toEqual(tricky.slice(1));
    expect(read.rows.slice(0, 0).length).toBe(0);
    expect(JSON.stringify(read.rows.slice(2, 3))).toBe(JSON.stringify(tricky.slice(2)));
  });

  it('an empty page, and white space everywhere JSON allows it', () => {
    expect(apart('{"rows":[],"totalRowCount":0}')!.rows.length).toBe(0);
    const read = apart(' \n{ "x" : 1 ,\t"rows" :\r\n [ {"n":1} ,\n {"n":2}\n ] }\n')!;
    expect(read.rows.parse()).toEqual([{ n: 1 }, { n: 2 }]);
    expect(JSON.parse(read.fields)).toEqual({ x: 1, rows: [] });
  });

  it('leaves a body of any other shape to be parsed whole (and found wanting there)', () => {
    for (const body of [
      '[{"rows":[]}]',
      '{"rows":{"n":1}}',
      '{"rows":[1,2]}',
      '{"rows":[{"n":1},null]}',
      '{"rows":[{"n":1}',
      '{"rows":[{"n":"1}]}',
      '{"\\u0072ows":[{"n":1}]}',
      '{"other":[1],"x":2}',
      '\ufeff{"rows":[]}',
    ]) {
      expect(apart(body), body).toBeUndefined();
    }
    // a value "rows" is not the key
    expect(apart('{"status":"rows","rows":[{"n":1}]}')!.rows.parse()).toEqual([{ n: 1 }]);
  });

  it('a row that is not JSON inside its braces is found when its part is parsed: the error of a body that is not JSON', () => {
    const read = apart('{"rows":[{"n":1},{"n":tru},{"n":3}]}')!;
    expect(read.rows.length).toBe(3);
    expect(() => [...read.rows.parts(1)]).toThrow('not JSON');
  });
});
