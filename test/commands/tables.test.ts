/**
 * How tables show values, in-process against a stub API with a fake terminal of a given width: numbers and dates
 * never cut (also in later pages with --all), NULL apart from '' and '-', run lists that keep their state and
 * time when narrow, and `-o markdown`.
 */
import { describe, expect, it } from 'vitest';
import { orgId, query, queryList, uuid } from '../helpers/fixtures.js';
import { stubServer } from '../helpers/command.js';
import { tempConfigDir } from '../helpers/ws.js';

const now = '2026-11-20T12:00:00.000Z';
const { server, ws } = stubServer({ tty: true, columns: 80, now, env: { NO_COLOR: '1' } });

type Row = Record<string, unknown>;
const queryId = uuid(0xd47a);

/** GET /queries/{id}/latest/data over `rows`, paged by limit and offset as the API does. */
function serveRows(columns: { name: string; type: string }[], rows: Row[]): void {
  server.on('GET', `/queries/${queryId}/latest/data`, (request) => {
    const limit = Number(request.query.limit ?? 1000);
    const offset = Number(request.query.offset ?? 0);
    const page = rows.slice(offset, offset + limit);
    return { body: { queryRunId: uuid(0x5a1), status: 'COMPLETED', totalRowCount: rows.length, returnedRowCount: page.length, columns, rows: page } };
  });
}

/** The wide result of the issue: numbers, a date and a timestamp, then 45 text columns. */
function wideFifty(count: number): { columns: { name: string; type: string }[]; rows: Row[] } {
  const columns = [
    { name: 'i', type: 'BIGINT' },
    { name: 'amount', type: 'DECIMAL(12,3)' },
    { name: 'big', type: 'BIGINT' },
    { name: 'exact', type: 'HUGEINT' },
    { name: 'd', type: 'DATE' },
    { name: 'ts', type: 'TIMESTAMP' },
    ...Array.from({ length: 44 }, (_, n) => ({ name: `column_${String(n + 1).padStart(2, '0')}`, type: 'VARCHAR' })),
  ];
  const rows = Array.from({ length: count }, (_, i) => {
    const row: Row = { i, amount: 123456789.123, big: 3_000_000_000_000, exact: '9007199254740993', d: '2026-01-02', ts: '2026-01-02 03:04:05' };
    for (const { name } of columns.slice(6)) row[name] = 'text value';
    return row;
  });
  return { columns, rows };
}

/** Lines of a table that hold a cut number or date: an ellipsis next to a digit. */
function cutNumbers(text: string): string[] {
  return text.split('\n').filter((line) => /\d…|…\d/.test(line));
}

describe('numbers and dates are never cut', () => {
  it.each([40, 80, 200])('a 50-column result at %i columns shows each number and date whole, or leaves its column out', async (columns) => {
    const { columns: types, rows } = wideFifty(3);
    serveRows(types, rows);
    const result = await ws(['queries', 'data', queryId, '--limit', '3'], { columns });
    expect(result.exitCode, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(cutNumbers(result.stdout)).toEqual([]);
    const header = lines[0]!.trim().split(/ {2,}/);
    const values: Record<string, string> = {
      amount: '123456789.123',
      big: '3000000000000',
      exact: '9007199254740993',
      d: '2026-01-02',
      ts: '2026-01-02 03:04:05',
    };
    for (const [name, value] of Object.entries(values)) {
      if (header.includes(name)) for (const line of lines.slice(1)) expect(line, `${name} at ${columns}`).toContain(value);
    }
    // at 40 columns the numbers still come first, whole
    expect(header.slice(0, 3)).toEqual(['i', 'amount', 'big']);
    for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(columns);
    // the rest are named, in one line
    expect(result.stderr).toMatch(/^\d+ columns left out(: .*)?(; see them with --wide|: --wide)$/m);
  });

  it('one row at 200 columns: a BIGINT string and a timestamp whole, right-aligned numbers', async () => {
    serveRows(
      [
        { name: 'id', type: 'BIGINT' },
        { name: 'at', type: 'TIMESTAMP' },
        { name: 'note', type: 'VARCHAR' },
      ],
      [{ id: '9007199254740993', at: '2026-01-02 03:04:05.123456', note: 'x'.repeat(400) }],
    );
    const result = await ws(['queries', 'data', queryId], { columns: 200 });
    expect(result.exitCode, result.stderr).toBe(0);
    const [header, row] = result.stdout.split('\n');
    expect(row).toMatch(/^9007199254740993 {2}2026-01-02 03:04:05\.123456 {2}x+…$/);
    // a numeric column is right-aligned: its header ends where its values do
    expect(header).toMatch(/^ {14}id {2}at/);
  });

  it('--all over 3,000 rows whose later rows are wider: no row has a cut number, every one is whole', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) =>
      i < 2000 ? { i, n: i, t: 'short', amount: 1.5 } : { i, n: i * 1_000_000_007, t: `text_${'x'.repeat(30)}${i}`, amount: 123456789.125 + i },
    );
    serveRows(
      [
        { name: 'i', type: 'INTEGER' },
        { name: 'n', type: 'BIGINT' },
        { name: 't', type: 'VARCHAR' },
        { name: 'amount', type: 'DOUBLE' },
      ],
      rows,
    );
    for (const columns of [40, 80]) {
      const result = await ws(['queries', 'data', queryId, '--all'], { columns });
      expect(result.exitCode, result.stderr).toBe(0);
      const lines = result.stdout.trimEnd().split('\n');
      expect(lines).toHaveLength(3001);
      expect(cutNumbers(result.stdout)).toEqual([]);
      const header = lines[0]!.trim().split(/ {2,}/);
      for (const [at, row] of rows.entries()) {
        const cells = lines[at + 1]!.trim().split(/ {2,}/);
        for (const [index, name] of header.entries()) {
          const value = String(row[name as keyof typeof row]);
          if (name !== 't') expect(cells[index], `row ${at}, ${name} at ${columns}`).toBe(value);
        }
      }
      expect(header.slice(0, 2)).toEqual(['i', 'n']);
    }
  });

  it('--all over 10,000 rows is drawn 10,000 rows at a time, each block under its own header; every row whole', async () => {
    const rows = Array.from({ length: 25_000 }, (_, i) => ({ i, n: i < 20_000 ? i : i * 1_000_000_007 }));
    serveRows(
      [
        { name: 'i', type: 'INTEGER' },
        { name: 'n', type: 'BIGINT' },
      ],
      rows,
    );
    const result = await ws(['queries', 'data', queryId, '--all'], { columns: 40 });
    expect(result.exitCode, result.stderr).toBe(0);
    const blocks = result.stdout.trimEnd().split('\n\n');
    expect(blocks.map((block) => block.split('\n').length)).toEqual([10_001, 10_001, 5_001]);
    const shown = blocks.flatMap((block) =>
      block
        .split('\n')
        .slice(1)
        .map((line) => line.trim().split(/ {2,}/)),
    );
    expect(shown).toEqual(rows.map((row) => [String(row.i), String(row.n)]));
    // the last block's column is as wide as its widest number: its header moved right
    const at = blocks.map((block) => block.split('\n')[0]!.indexOf('n'));
    expect(at[2]).toBeGreaterThan(at[1]!);
  });

  it('with --wide the table is as wide as its values; in a pipe nothing is cut', async () => {
    const { columns: types, rows } = wideFifty(2);
    serveRows(types, rows);
    const wide = await ws(['queries', 'data', queryId, '--wide'], { columns: 40 });
    expect(wide.stdout.split('\n')[0]).toContain('column_44');
    expect(wide.stdout).not.toContain('…');
    const pipe = await ws(['queries', 'data', queryId], { tty: false });
    expect(pipe.stdout.split('\n')[1]).toBe(
      ['0', '123456789.123', '3000000000000', '9007199254740993', '2026-01-02', '2026-01-02 03:04:05', ...Array(44).fill('text value')].join('\t'),
    );
  });
});

describe('NULL, the empty string and the text "-"', () => {
  const columns = [
    { name: 'n', type: 'INTEGER' },
    { name: 'dash', type: 'VARCHAR' },
    { name: 'empty', type: 'VARCHAR' },
    { name: 'tail', type: 'VARCHAR' },
  ];
  const rows = [{ n: null, dash: '-', empty: '', tail: 'end' }];

  it('a terminal shows NULL (dim with colour), - and nothing', async () => {
    serveRows(columns, rows); // for every command of the test: a stub answers as often as it is asked
    const plain = await ws(['queries', 'data', queryId]);
    expect(plain.stdout).toBe('   n  dash  empty  tail\nNULL  -            end\n');
    const coloured = await ws(['queries', 'data', queryId], { env: { NO_COLOR: undefined, FORCE_COLOR: '1' } });
    expect(coloured.stdout.split('\n')[1]).toBe('\u001b[2mNULL\u001b[22m  -            end');
  });

  it('a pipe shows NULL too; csv writes NULL empty and the empty string "", tsv NULL as \\N, json null', async () => {
    serveRows(columns, rows);
    expect((await ws(['queries', 'data', queryId], { tty: false })).stdout).toBe('n\tdash\tempty\ttail\nNULL\t-\t\tend\n');
    expect((await ws(['queries', 'data', queryId, '-o', 'csv'], { tty: false })).stdout).toBe('n,dash,empty,tail\n,-,"",end\n');
    expect((await ws(['queries', 'data', queryId, '-o', 'tsv'], { tty: false })).stdout).toBe('n\tdash\tempty\ttail\n\\N\t-\t\tend\n');
    expect(JSON.parse((await ws(['queries', 'data', queryId, '--json'], { tty: false })).stdout).rows).toEqual(rows);
  });

  it('a resource field not sent is still - in a terminal, not NULL', async () => {
    server.on('GET', '/queries', { body: queryList([query({ updatedAt: now })]) });
    const result = await ws(['queries', 'list'], { columns: 120 });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout.split('\n')[1]).toMatch(/daily_revenue +Daily revenue +- +just now$/);
    expect(result.stdout).not.toContain('NULL');
  });
});

describe('run lists in a narrow terminal', () => {
  const automationId = uuid(0xa17);
  const run = (n: number, state: string) => ({
    id: `d1633b34-${String(n).padStart(4, '0')}-4b3c-adbf-fb8a3e9bced${n}`,
    workflowId: automationId,
    organizationId: orgId,
    runById: null,
    state,
    triggeredBy: 'api',
    error: state === 'failed' ? { message: 'Catalog Error: Table with name subscriptions does not exist!' } : null,
    metadata: {},
    inputValues: {},
    startedAt: '2026-11-20T11:58:00.000Z',
    completedAt: '2026-11-20T11:58:01.700Z',
    createdAt: '2026-11-20T11:58:00.000Z',
    updatedAt: '2026-11-20T11:58:01.700Z',
    stateHistory: [],
  });

  it.each([40, 60])('automations runs at %i columns keeps the state and the start, ids shortened', async (columns) => {
    server.on('GET', `/automations/${automationId}/runs`, { body: { runs: [run(1, 'failed'), run(2, 'failed')], total: 2, limit: 50, offset: 0 } });
    const result = await ws(['automations', 'runs', automationId], { columns });
    expect(result.exitCode, result.stderr).toBe(0);
    const [header, first, second] = result.stdout.split('\n');
    expect(header).toMatch(/^ID +STATE +STARTED/);
    expect(first).toMatch(/^d163…ced1 +failed +2 minutes ago/);
    expect(second).toMatch(/^d163…ced2 +failed +2 minutes ago/);
    if (columns === 60) expect(header).toMatch(/ERROR$/);
    for (const line of result.stdout.split('\n')) expect([...line].length).toBeLessThanOrEqual(columns);
  });

  it('queries runs at 40 columns keeps the status and the start', async () => {
    const id = uuid(0x9e1);
    server.on('GET', `/queries/${id}/query-runs`, {
      body: {
        runs: [
          {
            id: 'e626af51-2f0e-4a1c-9d0e-3b2f1c0d9a01',
            queryId: id,
            status: 'FAILED',
            rowCount: null,
            executionTimeMs: 20,
            createdAt: '2026-11-20T11:58:00.000Z',
            errorDetails: 'Catalog Error',
          },
        ],
        total: 1,
        limit: 50,
        offset: 0,
      },
    });
    const result = await ws(['queries', 'runs', id], { columns: 40 });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout.split('\n')[0]).toMatch(/^ID +STATUS .*STARTED$/);
    expect(result.stdout.split('\n')[1]).toMatch(/^e626…9a01 +FAILED .*2 minutes ago$/);
  });
});

describe('-o markdown', () => {
  it('prints a GitHub table: header, separator with numbers right-aligned, values escaped, NULL, nothing cut', async () => {
    serveRows(
      [
        { name: 'name', type: 'VARCHAR' },
        { name: 'amount', type: 'DECIMAL(38,2)' },
        { name: 'n', type: 'INTEGER' },
        { name: 'when', type: 'DATE' },
      ],
      [
        { name: 'a|b', amount: '12345678901234567890.12', n: 1, when: '2026-01-02' },
        { name: 'line one\nline two\r\nthree', amount: '-0.50', n: null, when: null },
        { name: '*not bold* `code` [link](x) <b> ~~s~~ __init__ daily_revenue &amp; R&D \\', amount: '0', n: 3, when: '2026-01-03' },
        { name: '', amount: '1', n: 4, when: '2026-01-04' },
        { name: 'x'.repeat(300), amount: '2', n: 5, when: '2026-01-05' },
      ],
    );
    const result = await ws(['queries', 'data', queryId, '-o', 'markdown'], { tty: false });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe(
      [
        '| name | amount | n | when |',
        '| --- | ---: | ---: | --- |',
        '| a\\|b | 12345678901234567890.12 | 1 | 2026-01-02 |',
        '| line one<br>line two<br>three | -0.50 | NULL | NULL |',
        '| \\*not bold\\* \\`code\\` \\[link\\](x) \\<b> \\~\\~s\\~\\~ \\_\\_init\\_\\_ daily_revenue \\&amp; R&D \\\\ | 0 | 3 | 2026-01-03 |',
        '|  | 1 | 4 | 2026-01-04 |',
        `| ${'x'.repeat(300)} | 2 | 5 | 2026-01-05 |`,
        // a blank line ends the table, so that a second one appended to the same file stays a table of its own
        '',
        '',
      ].join('\n'),
    );
    expect(result.stderr).toBe('');
  });

  it('prints every list with exact times and durations, and in a terminal the same text', async () => {
    const id = uuid(0x9e2);
    server.on('GET', `/queries/${id}/query-runs`, {
      body: {
        runs: [
          {
            id: 'e626af51-2f0e-4a1c-9d0e-3b2f1c0d9a01',
            queryId: id,
            status: 'COMPLETED',
            rowCount: 1200,
            executionTimeMs: 20,
            createdAt: '2026-11-20T11:58:00.000Z',
          },
        ],
        total: 1,
        limit: 50,
        offset: 0,
      },
    });
    const expected = [
      '| ID | STATUS | ROWS | DURATION | STARTED | ERROR |',
      '| --- | --- | ---: | ---: | --- | --- |',
      '| e626af51-2f0e-4a1c-9d0e-3b2f1c0d9a01 | COMPLETED | 1200 | 20ms | 2026-11-20T11:58:00.000Z |  |',
      '',
      '',
    ].join('\n');
    expect((await ws(['queries', 'runs', id, '-o', 'markdown'], { tty: false })).stdout).toBe(expected);
    expect((await ws(['queries', 'runs', id, '-o', 'markdown'], { columns: 40 })).stdout).toBe(expected);
  });

  it('a document is refused with -o markdown, as with csv; WS_OUTPUT=markdown prints the usual text there', async () => {
    const env = { WS_CONFIG_DIR: tempConfigDir() };
    const refused = await ws(['config', 'list', '-o', 'markdown'], { tty: false, env });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('error: -o markdown needs rows, and this command prints one document');
    const set = await ws(['config', 'set', 'output', 'markdown'], { tty: false, env });
    expect(set.exitCode, set.stderr).toBe(0);
    expect((await ws(['config', 'list'], { tty: false, env })).stdout).toMatch(/^output=markdown$/m);
    const unknown = await ws(['config', 'set', 'output', 'html'], { tty: false, env });
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain('valid formats: table, json, ndjson, csv, tsv, yaml, markdown, chart, parquet, arrow');
  });
});
