/**
 * The `<slug>.sql` format of `ws queries pull|apply`: what pull writes reads back as the same query (so a
 * second apply sends nothing), whatever the text holds, and each broken rule names its line.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Query } from '../../src/api/schemas/queries.js';
import { formatQueryFile, isFileSlug, parseQueryFile, QueryFileProblem } from '../../src/commands/queries/shared/query-file.js';
import { canonical, lineDiff } from '../../src/cmdutil/apply-plan.js';
import { planQuery } from '../../src/commands/queries/shared/query-plan.js';
import { undeclaredPlaceholders } from '../../src/commands/queries/shared/parameters.js';
import { notUtf8, utf8Text } from '../../src/cmdutil/file-text.js';

function query(fields: Partial<Query>): Query {
  return {
    id: '10000000-0000-4000-8000-0000000000aa',
    name: 'Q',
    sql: 'SELECT 1',
    lastSuccessfulRunId: null,
    lastQueryRunId: null,
    slug: 'q',
    parameters: null,
    agentRunId: null,
    dataSourceId: null,
    organizationId: '0d000000-0000-4000-8000-000000000001',
    createdById: '0d000000-0000-4000-8000-0000000000a1',
    updatedById: '0d000000-0000-4000-8000-0000000000a1',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

async function problem(text: string, file = 'q.sql'): Promise<string> {
  try {
    await parseQueryFile(text, file);
  } catch (error) {
    expect(error).toBeInstanceOf(QueryFileProblem);
    return (error as Error).message;
  }
  throw new Error('the file was accepted');
}

describe('round trip', () => {
  const tricky = [
    query({}),
    query({ name: 'Tricky: one # two', description: 'line one\n  line two: with colon\n# hash', metadata: { a: [1, { b: null }], s: 'yes', n: '1' } }),
    query({
      sql: "-- ---\nSELECT 'a' AS x,   \n  {{p}} AS y  \n\n",
      parameters: [{ name: 'p', type: '', description: 'multi\nline', defaultValue: '-- ---' }],
    }),
    query({
      sql: 'SELECT {{n}}',
      parameters: [{ name: 'n', type: 'number', description: null, defaultValue: '007' }],
      dataSourceId: '60000000-0000-4000-8000-000000000001',
    }),
    query({ name: 'ünïcödé 名前 🚀', description: '', sql: 'SELECT 1 -- trailing comment', metadata: [] }),
  ];
  for (const [index, original] of tricky.entries()) {
    it(`query ${index}: pulled then read back is unchanged`, async () => {
      const text = await formatQueryFile(original);
      const parsed = await parseQueryFile(text, 'q.sql');
      expect(planQuery(parsed, original)).toMatchObject({ action: 'unchanged', changes: {}, notes: [] });
      // the same with Windows line ends
      expect(planQuery(await parseQueryFile(text.replace(/\n/g, '\r\n'), 'q.sql'), original).action).toBe('unchanged');
    });
  }

  it('a missing file becomes a create, with the fields it sets', async () => {
    const parsed = await parseQueryFile('-- ---\n-- name: New one\n-- ---\nSELECT 2\n', 'new_one.sql');
    const plan = planQuery(parsed, undefined);
    expect(plan.action).toBe('created');
    expect(plan.create).toEqual({ name: 'New one', description: null, parameters: [], metadata: null, sql: 'SELECT 2', userAgent: 'cli' });
    expect(Object.keys(plan.changes)).toEqual(['name', 'sql']);
  });

  it('an update sends only the changed fields', async () => {
    const parsed = await parseQueryFile('-- ---\n-- name: Q\n-- description: now described\n-- ---\nSELECT 1\n', 'q.sql');
    expect(planQuery(parsed, query({})).update).toEqual({ description: 'now described' });
  });
});

describe('line ends: one rule, LF', () => {
  it('a query the server keeps with CRLF is pulled with LF and reads back as unchanged', async () => {
    const kept = query({ sql: 'SELECT 1 AS one,\r\n  2 AS two\r\n' });
    const text = await formatQueryFile(kept);
    expect(text).not.toContain('\r');
    expect(planQuery(await parseQueryFile(text, 'q.sql'), kept)).toMatchObject({ action: 'unchanged', changes: {} });
    // a real change of the SQL is still one
    expect(planQuery(await parseQueryFile(text.replace('2 AS two', '3 AS three'), 'q.sql'), kept).action).toBe('updated');
  });
});

describe('notUtf8', () => {
  const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))));

  it('accepts UTF-8 of every length, and drops only a leading byte order mark', () => {
    const text = 'é € 𝄞 ünïcödé \uFEFF';
    expect(notUtf8(Buffer.from(text))).toBeUndefined();
    expect(utf8Text(Buffer.from(`\uFEFF${text}`))).toBe(text);
  });

  it.each([
    ['an overlong form', bytes('a', [0xc0, 0xaf]), 1],
    ['a surrogate', bytes('ab', [0xed, 0xa0, 0x80]), 2],
    ['past U+10FFFF', bytes([0xf4, 0x90, 0x80, 0x80]), 0],
    ['a continuation byte alone', bytes('x\ny', [0x80]), 3],
    ['a character cut at the end', bytes('SELECT ', [0xe2, 0x82]), 7],
  ])('refuses %s, naming the first bad byte', (_what, input, offset) => {
    expect(notUtf8(input)).toMatchObject({ offset });
  });

  it('says what docs/queries-as-code.md shows it says', () => {
    const doc = fs.readFileSync(fileURLToPath(new URL('../../docs/queries-as-code.md', import.meta.url)), 'utf8').replace(/\s+/g, ' ');
    const shown = /\(`(byte offset \d+ \(line 1\) is 0xE9; [^`]+)`\)/.exec(doc)?.[1];
    expect(shown).toBe(notUtf8(Buffer.from("SELECT 'caf\xe9'", 'latin1'))!.detail);
  });

  it('says what the bytes likely are', () => {
    expect(notUtf8(Buffer.from('caf\x80', 'latin1'))!.detail).toBe(
      'byte offset 3 (line 1) is 0x80; it looks like Latin-1 or Windows-1252 (where these bytes read "€")',
    );
    expect(notUtf8(Buffer.from([0xfe, 0xff, 0, 0x41]))!.detail).toContain('the byte order mark of UTF-16 (big-endian)');
    expect(notUtf8(Buffer.from('SELECT 1 \u00e9', 'utf16le'))!.detail).toContain('UTF-16 or binary data');
  });
});

describe('rules, each with its line', () => {
  it('a name is required and the block must be closed', async () => {
    expect(await problem('-- ---\n-- description: x\n-- ---\nSELECT 1')).toBe('q.sql:2: the block needs a name (name: …)');
    expect(await problem('-- ---\n-- name: x\nSELECT 1')).toMatch(/^q\.sql:1: the front-matter block is not closed/);
  });

  it('a block line without "-- " is named', async () => {
    expect(await problem('-- ---\n-- name: x\nname2: y\n-- ---\nSELECT 1')).toBe('q.sql:3: every line of the front-matter block starts with "-- "');
  });

  it('unknown fields, in the query and in a parameter', async () => {
    expect(await problem('-- ---\n-- name: x\n-- colour: red\n-- ---\nSELECT 1')).toMatch(
      /^q\.sql:3: unknown field "colour"; a query file holds name, description, parameters, metadata, dataSourceId$/,
    );
    expect(await problem('-- ---\n-- name: x\n-- parameters:\n--   - name: a\n--     default: 1\n-- ---\nSELECT {{a}}')).toMatch(
      /^q\.sql:5: unknown parameter field "default"/,
    );
  });

  it('duplicate parameters and bad parameter names', async () => {
    expect(await problem('-- ---\n-- name: x\n-- parameters:\n--   - name: a\n--   - name: a\n-- ---\nSELECT {{a}}')).toBe(
      'q.sql:5: parameter "a" is declared twice',
    );
    expect(await problem('-- ---\n-- name: x\n-- parameters:\n--   - name: 1a\n-- ---\nSELECT 1')).toMatch(
      /^q\.sql:4: parameters\[0\] needs a name of letters/,
    );
  });

  it('the API limits: description up to 2000 characters, dataSourceId a UUID', async () => {
    expect(await problem(`-- ---\n-- name: x\n-- description: ${'d'.repeat(2001)}\n-- ---\nSELECT 1`)).toMatch(/^q\.sql:3: description: /);
    expect(await problem('-- ---\n-- name: x\n-- dataSourceId: nope\n-- ---\nSELECT 1')).toMatch(/^q\.sql:3: dataSourceId: /);
  });

  it('a file name that cannot be a slug, and an empty body', async () => {
    expect(await problem('-- ---\n-- name: x\n-- ---\nSELECT 1', '.hidden.sql')).toMatch(/^\.hidden\.sql:1: "\.hidden" cannot be a query slug/);
    expect(await problem('-- ---\n-- name: x\n-- ---\n\n')).toBe('q.sql:4: no SQL below the front-matter block');
  });
});

describe('undeclaredPlaceholders', () => {
  it('lists each placeholder no parameter declares, once, spaces inside the braces allowed', () => {
    expect(undeclaredPlaceholders('SELECT {{a}}, {{ b }}, {{a}}, {{c}}', [{ name: 'c' }])).toEqual(['a', 'b']);
    expect(undeclaredPlaceholders('SELECT 1', [])).toEqual([]);
  });
});

describe('canonical: a changed field, whatever the order of its keys', () => {
  it('reads objects the same whatever order their keys came in, at any depth, and keeps the order of arrays', () => {
    expect(canonical({ b: 1, a: { d: [2, 1], c: null } })).toBe(canonical({ a: { c: null, d: [2, 1] }, b: 1 }));
    expect(canonical({ a: [1, 2] })).not.toBe(canonical({ a: [2, 1] }));
    expect(canonical(undefined)).toBe(canonical(null));
    expect(canonical({ a: 1 })).not.toBe(canonical({ a: '1' }));
  });
});

describe('lineDiff', () => {
  it('shows changed lines with one line of context and elides the rest', () => {
    expect(lineDiff('a\nb\nc\nd\ne', 'a\nb\nc\nD\ne')).toEqual(['  …', '  c', '- d', '+ D', '  e']);
    expect(lineDiff('', 'x')).toEqual(['+ x']);
  });
});

describe('isFileSlug', () => {
  it('takes letters of any script, as slugs have them, and nothing that leaves the folder or hides the file', () => {
    for (const slug of ['daily_revenue', '数据_报告', 'ёлка_отчёт', 'हिन्दी_रिपोर्ट', 'v1.2-final']) expect(isFileSlug(slug), slug).toBe(true);
    for (const slug of ['', '.hidden', '..', 'a/b', 'a\\b', '-x', 'a b', 'x'.repeat(252)]) expect(isFileSlug(slug), slug).toBe(false);
    // the file name in bytes: 84 three-byte letters and .sql are 256
    expect(isFileSlug('数'.repeat(83))).toBe(true);
    expect(isFileSlug('数'.repeat(84))).toBe(false);
  });
});
