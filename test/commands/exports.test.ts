/**
 * An export of a query's rows, as `ws queries data`, `queries execute --wait` and `runs wait --data` make it,
 * in-process against a stub server: the pages asked for and in flight, one JSON or YAML document whatever the
 * paging, --jq over many pages, --out written whole or not at all, a break part-way; against the emulator, every row
 * off a terminal and typed files (Parquet, Arrow) that other readers read back exactly.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { RecordedRequest } from '../helpers/api-server.js';
import { emulatorServer, stubServer } from '../helpers/command.js';
import { latestDataStub } from '../helpers/latest-data.js';
import { createQuery, tempFiles } from '../helpers/query-setup.js';

const queryId = '00000000-0000-4000-8000-00000000d001';
const runId = '00000000-0000-4000-8000-00000000e001';
/** `ws` in-process, with stdout and stderr off a terminal, as in a script. */
const { server, ws } = stubServer();
const { emu, ws: emuWs } = emulatorServer();
const { page, dataPath, dataRequests, serve } = latestDataStub(server, queryId, runId);

const numbered = (count: number) => Array.from({ length: count }, (_, n) => ({ n }));
const asked = () =>
  dataRequests()
    .map((r) => [Number(r.query.offset), Number(r.query.limit)])
    .sort((a, b) => a[0]! - b[0]!);
const ndjsonNumbers = (stdout: string) =>
  stdout
    .trimEnd()
    .split('\n')
    .map((line) => (JSON.parse(line) as { n: number }).n);

describe('pages of rows', () => {
  it('an export asks for a first page of 1,000 rows, then pages of 10,000 when the rows are narrow', async () => {
    serve(numbered(25_000));
    const result = await ws(['queries', 'data', queryId, '--all', '-o', 'ndjson']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(ndjsonNumbers(result.stdout)).toEqual(numbered(25_000).map((row) => row.n));
    expect(asked()).toEqual([
      [0, 1000],
      [1000, 10_000],
      [11_000, 10_000],
      [21_000, 10_000],
    ]);
  });

  it('a page whose rows are read a part at a time: a row that is not JSON ends the export there, as a body that is not JSON', async () => {
    const rows = numbered(30_000);
    server.on('GET', dataPath, (request) => {
      const text = JSON.stringify(page(rows, request));
      // in the last page (from row 21,000: no page is asked for after it), row 25,000 is broken inside its braces
      return { body: Number(request.query.offset) === 21_000 ? text.replace('{"n":25000}', '{"n":tru}') : text };
    });
    const result = await ws(['queries', 'data', queryId, '--all', '-o', 'ndjson']);
    expect(result.exitCode).toBe(1);
    const { error } = JSON.parse(result.stderr) as { error: { code: string; message: string; rowsWritten: number } };
    expect(error.code).toBe('unexpected_response');
    expect(error.message).toMatch(`unexpected response from GET /queries/${queryId}/latest/data: the body is not JSON; the output is partial`);
    // every row before the part that holds it was written, whole, and is said
    const written = ndjsonNumbers(result.stdout);
    expect(written).toEqual(numbered(written.length).map((row) => row.n));
    expect(written.length).toBeGreaterThanOrEqual(21_000);
    expect(written.length).toBeLessThan(25_000);
    expect(error.rowsWritten).toBe(written.length);
  });

  it('a terminal table still asks for one page of 1,000', async () => {
    serve(numbered(25_000));
    const result = await ws(['queries', 'data', queryId], { tty: true, columns: 80, env: { WS_PAGER: '' } });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(asked()).toEqual([[0, 1000]]);
  });

  it('follows a server that sends fewer rows than asked: its page size from then on, every row once', async () => {
    serve(numbered(10_000), 3000);
    const result = await ws(['queries', 'data', queryId, '--all', '-o', 'ndjson']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(ndjsonNumbers(result.stdout)).toEqual(numbered(10_000).map((row) => row.n));
    // the first page (1,000) is under the server's maximum; the second, asked for 10,000, brings 3,000
    expect(asked()).toEqual([
      [0, 1000],
      [1000, 10_000],
      [4000, 3000],
      [7000, 3000],
    ]);
  });

  it('asks for fewer rows a page when they are wide, judged by the first page: about 8 MiB a page', async () => {
    const rows = Array.from({ length: 14_000 }, (_, n) => ({ n, text: 'x'.repeat(4000) }));
    serve(rows);
    const result = await ws(['queries', 'data', queryId, '--all', '-o', 'ndjson']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(ndjsonNumbers(result.stdout)).toEqual(rows.map((row) => row.n));
    const perRow = JSON.stringify(rows.slice(0, 1000)).length / 1000;
    const size = Math.floor((8 * 1024 * 1024) / perRow);
    expect(size).toBeLessThan(10_000);
    const later = Array.from({ length: Math.ceil((rows.length - 1000) / size) }, (_, i) => [1000 + i * size, size]);
    expect(asked()).toEqual([[0, 1000], ...later]);
  });

  it('never asks for 10,000 wide rows at once, not even on the first page: no answer of 2 KB rows holds much over 8 MiB (issue 38)', async () => {
    // 10,000 rows of 2 KB were 20 MB in the first answer, too much for a slow link within --http-timeout
    const rows = Array.from({ length: 12_000 }, (_, n) => ({ n, text: 'x'.repeat(2000) }));
    const answered: number[] = [];
    server.on('GET', dataPath, (request) => {
      const body = page(rows, request);
      answered.push(JSON.stringify(body).length);
      return { body };
    });
    const result = await ws(['queries', 'data', queryId, '--all', '-o', 'ndjson']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(ndjsonNumbers(result.stdout)).toEqual(rows.map((row) => row.n));
    expect(asked()[0]).toEqual([0, 1000]);
    expect(Math.max(...asked().map(([, limit]) => limit!))).toBeLessThan(10_000);
    // later rows have longer numbers than the first page's: a little over 8 MiB, never 20 MB
    expect(Math.max(...answered)).toBeLessThan(8.1 * 1024 * 1024);
  });

  it('asks for half as many rows when a page is larger than ws reads (64 MiB), and that many from then on', async () => {
    const rows = numbered(12_000);
    // the size the response declares is enough: ws refuses it before reading the body
    server.on('GET', dataPath, (request) =>
      Number(request.query.limit) > 5000 ? { headers: { 'content-length': String(100 * 1024 * 1024) }, body: '' } : { body: page(rows, request) },
    );
    const result = await ws(['queries', 'data', queryId, '--all', '-o', 'ndjson']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(ndjsonNumbers(result.stdout)).toEqual(rows.map((row) => row.n));
    // the first page (1,000) is small enough; the two asked for next at 10,000 (at 1,000 and 11,000, together) are
    // refused, and asked for at 5,000; from then on pages of 5,000 (the one at 11,000 may be asked twice: once
    // again by its refused guess, once in order)
    const distinct = [...new Set(dataRequests().map((r) => `${r.query.offset} ${r.query.limit}`))].map((key) => key.split(' ').map(Number));
    expect(distinct.sort((a, b) => a[0]! - b[0]! || b[1]! - a[1]!)).toEqual([
      [0, 1000],
      [1000, 10_000],
      [1000, 5000],
      [6000, 5000],
      [11_000, 10_000],
      [11_000, 5000],
    ]);
  });

  it('keeps four pages in flight and prints them in order when they arrive out of order', async () => {
    const rows = numbered(60_000);
    // pages: 1,000 rows at 0, then 10,000 at 1,000, 11,000, 21,000, 31,000, ...
    let answered31k: () => void;
    const fourthAnswered = new Promise<void>((resolve) => (answered31k = resolve));
    let heldUntilLater = false;
    let askedWhileHeld: number[] = [];
    server.on('GET', dataPath, async (request) => {
      const offset = Number(request.query.offset);
      if (offset === 1000) {
        // answered only after the page three further on: bounded, so a client with fewer in flight fails, not hangs
        heldUntilLater = await Promise.race([fourthAnswered.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 3000))]);
        await new Promise((resolve) => setTimeout(resolve, 50)); // room for a client that asks too far ahead to do so
        askedWhileHeld = dataRequests().map((r) => Number(r.query.offset));
      }
      if (offset === 31_000) answered31k();
      return { body: page(rows, request) };
    });
    const result = await ws(['queries', 'data', queryId, '--all', '-o', 'ndjson']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(heldUntilLater).toBe(true);
    // while the second page was held, the client waited for it with four pages asked: no more
    expect(askedWhileHeld.sort((a, b) => a - b)).toEqual([0, 1000, 11_000, 21_000, 31_000]);
    expect(ndjsonNumbers(result.stdout)).toEqual(rows.map((row) => row.n));
  });
});

describe('one JSON document, whatever the size', () => {
  const keys = (stdout: string) => Object.keys(JSON.parse(stdout) as object);
  const order = ['queryRunId', 'status', 'totalRowCount', 'columns', 'startedAt', 'completedAt', 'rows', 'returnedRowCount'];

  it('has the same order of fields for one page, --all, and many pages', async () => {
    serve(numbered(2));
    const one = await ws(['queries', 'data', queryId, '--json']);
    const all = await ws(['queries', 'data', queryId, '--all', '--json']);
    server.reset();
    serve(numbered(2500), 1000);
    const many = await ws(['queries', 'data', queryId, '--all', '--json']);
    expect(keys(one.stdout)).toEqual(order);
    expect(keys(all.stdout)).toEqual(order);
    expect(keys(many.stdout)).toEqual(order);
    expect(JSON.parse(many.stdout)).toMatchObject({ totalRowCount: 2500, returnedRowCount: 2500 });
    expect(JSON.parse(one.stdout)).toEqual({ ...page(numbered(2), { query: {} } as RecordedRequest) });
  });

  it('the same with -o yaml', async () => {
    serve(numbered(2));
    const result = await ws(['queries', 'data', queryId, '-o', 'yaml']);
    expect([...result.stdout.matchAll(/^(\w+):/gm)].map((m) => m[1])).toEqual(order);
  });

  it('-o yaml written page by page is the document written whole, the same bytes, and the JSON document read back', async () => {
    const rows = numbered(2500).map((row, i) => ({ ...row, text: ['yes', '', 'a: b', 'line\nbreak', null][i % 5], list: [i, 'on'] }));
    serve(rows, 1000);
    const streamed = await ws(['queries', 'data', queryId, '--all', '-o', 'yaml']);
    const json = await ws(['queries', 'data', queryId, '--all', '--json']);
    expect(streamed.exitCode, streamed.stderr).toBe(0);
    expect(parseYaml(streamed.stdout)).toEqual(JSON.parse(json.stdout));
    server.reset();
    serve(rows);
    const whole = await ws(['queries', 'data', queryId, '--all', '-o', 'yaml']);
    expect(whole.stdout).toBe(streamed.stdout);
    server.reset();
    serve([]);
    const none = await ws(['queries', 'data', queryId, '--all', '-o', 'yaml']);
    expect(parseYaml(none.stdout).rows).toEqual([]);
  });
});

describe('--jq over many pages', () => {
  it('runs once on the whole result, the same document as a one-page result, and every row gets through', async () => {
    serve(numbered(25_000));
    const values = await ws(['queries', 'data', queryId, '--all', '--jq', '.rows[].n']);
    expect(values.exitCode, values.stderr).toBe(0);
    expect(values.stdout).toBe(
      numbered(25_000)
        .map((row) => `${row.n}\n`)
        .join(''),
    );
    const counts = await ws(['queries', 'data', queryId, '--all', '--jq', '[.returnedRowCount, (.rows | length), .totalRowCount, .rows[0].n] | @csv']);
    expect(counts.stdout).toBe('25000,25000,25000,0\n');
    expect(counts.stderr).toBe('');
  });

  it('whatever page size the server sends (here 3,000)', async () => {
    const rows = numbered(25_000);
    serve(rows, 3_000);
    const counts = await ws(['queries', 'data', queryId, '--all', '--jq', '[(.rows | length), .rows[-1].n] | @csv'], { stderrIsTTY: true });
    expect(counts.exitCode, counts.stderr).toBe(0);
    expect(counts.stdout).toBe('25000,24999\n');
    expect(counts.stderr).toBe('');
  });

  it('runs once on a result of no rows', async () => {
    serve([]);
    const none = await ws(['queries', 'data', queryId, '--all', '--jq', '.rows | length']);
    expect(none.stdout).toBe('0\n');
  });
});

/** Rows served until offset `breakAt`, where the server fails until `healed` is set. */
function breaking(rows: Record<string, unknown>[], breakAt: number) {
  const state = { healed: false };
  server.on('GET', dataPath, (request) =>
    Number(request.query.offset) >= breakAt && !state.healed ? { status: 500, body: { message: 'gone' } } : { body: page(rows, request) },
  );
  return state;
}

describe('an export that breaks part-way', () => {
  it('says the output is partial, the rows it holds and the command that prints the rest (JSON error)', async () => {
    const rows = numbered(35_000);
    // pages start at 0, 1,000, 11,000, 21,000, 31,000: the fourth fails
    const state = breaking(rows, 21_000);
    const result = await ws(['queries', 'data', queryId, '--all', '-o', 'ndjson'], { env: { WS_MAX_ATTEMPTS: '1' } });
    expect(result.exitCode).toBe(1);
    expect(ndjsonNumbers(result.stdout)).toEqual(rows.slice(0, 21_000).map((row) => row.n));
    const error = JSON.parse(result.stderr).error;
    expect(error).toMatchObject({
      code: 'server_error',
      partial: true,
      rowsWritten: 21_000,
      resumeCommand: `ws queries data ${queryId} --run ${runId} --offset 21000 --all -o ndjson`,
    });
    expect(error.message).toContain('the output is partial: it holds the first 21000 rows');
    state.healed = true;
    const rest = await ws(error.resumeCommand.split(' ').slice(1));
    expect(ndjsonNumbers(result.stdout + rest.stdout)).toEqual(rows.map((row) => row.n));
  });

  it('-o yaml streams too: the rows before the break are on stdout (issue 40: it held the whole result)', async () => {
    const rows = numbered(25_000);
    breaking(rows, 21_000);
    const result = await ws(['queries', 'data', queryId, '--all', '-o', 'yaml'], { env: { WS_MAX_ATTEMPTS: '1' } });
    expect(result.exitCode).toBe(1);
    expect([...result.stdout.matchAll(/^ {2}- "n": (\d+)$/gm)].map((m) => Number(m[1]))).toEqual(rows.slice(0, 21_000).map((row) => row.n));
    expect(result.stderr).toContain('the output is partial: it holds the first 21000 rows');
  });

  it('says so in text on a terminal, with --limit carried over', async () => {
    // pages start at 0, 1,000, 11,000, 21,000: the third fails
    breaking(numbered(35_000), 11_000);
    const result = await ws(['queries', 'data', queryId, '--limit', '30000', '-o', 'csv'], { env: { WS_MAX_ATTEMPTS: '1' }, stderrIsTTY: true });
    expect(result.exitCode).toBe(1);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(1 + 11_000);
    expect(result.stderr).toContain('the output is partial: it holds the first 11000 rows');
    expect(result.stderr).toContain(`hint: print the rest: ws queries data ${queryId} --run ${runId} --offset 11000 --limit 19000 -o csv\n`);
  });

  it('the command for the rest reads the same run or fails: another run completed meanwhile is data_replaced, no rows', async () => {
    const state = breaking(numbered(35_000), 20_000);
    const result = await ws(['queries', 'data', queryId, '--all', '-o', 'ndjson'], { env: { WS_MAX_ATTEMPTS: '1' } });
    const { resumeCommand } = JSON.parse(result.stderr).error;
    state.healed = true;
    server.reset();
    const newer = '00000000-0000-4000-8000-00000000e003';
    server.on('GET', dataPath, (request) => ({ body: { ...page(numbered(35_000), request), queryRunId: newer } }));
    const rest = await ws(resumeCommand.split(' ').slice(1));
    expect(rest.exitCode).toBe(1);
    expect(rest.stdout).toBe('');
    expect(JSON.parse(rest.stderr).error).toMatchObject({ code: 'data_replaced', queryRunId: runId });
  });

  it('--run is checked as a query run id before any request', async () => {
    const result = await ws(['queries', 'data', queryId, '--run', 'latest']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('invalid query run (--run) id "latest": must be a UUID');
    expect(dataRequests()).toEqual([]);
  });

  it('gives no command for the rest when another run replaced the rows meanwhile', async () => {
    const rows = numbered(25_000);
    server.on('GET', dataPath, (request) => ({
      body: { ...page(rows, request), ...(Number(request.query.offset) >= 21_000 ? { queryRunId: '00000000-0000-4000-8000-00000000e002' } : {}) },
    }));
    const result = await ws(['queries', 'data', queryId, '--all', '-o', 'ndjson']);
    expect(result.exitCode).toBe(1);
    const error = JSON.parse(result.stderr).error;
    expect(error).toMatchObject({ code: 'data_replaced', partial: true, rowsWritten: 21_000, hint: 'read it again; a new run completed meanwhile' });
    expect(error.resumeCommand).toBeUndefined();
  });

  it('is not called partial when nothing was written', async () => {
    breaking(numbered(10), 0);
    const result = await ws(['queries', 'data', queryId, '--all', '-o', 'ndjson'], { env: { WS_MAX_ATTEMPTS: '1' } });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(JSON.parse(result.stderr).error.partial).toBeUndefined();
  });
});

describe('--out <file>: the rows to a file, whole or not at all', () => {
  const files = tempFiles('ws-out-');
  const leftIn = (dir: string) => fs.readdirSync(dir).sort();

  it.each([
    ['rows.csv', [], 'csv'],
    ['rows.ndjson', [], 'ndjson'],
    ['rows.tsv', [], 'tsv'],
    ['rows.json', [], 'json'],
    ['rows.txt', ['-o', 'csv'], 'csv'],
    ['rows.csv', ['-o', 'ndjson'], 'ndjson'],
  ])('--out %s %j holds what -o %s prints, and nothing goes to stdout', async (name, flags, format) => {
    serve(numbered(25_000));
    const dir = files.folder(`each-${name}-${format}`);
    const file = path.join(dir, name);
    const result = await ws(['queries', 'data', queryId, '--all', ...flags, '--out', file]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    const printed = await ws(['queries', 'data', queryId, '--all', '-o', format]);
    expect(fs.readFileSync(file, 'utf8')).toBe(printed.stdout);
    expect(leftIn(dir)).toEqual([name]);
  });

  it('an export broken part-way leaves the target as it was, no other file, and says how to write it again', async () => {
    // the break is at the last page (pages start at 0, 1,000, 11,000, 21,000), so that no page asked for ahead is
    // still travelling when the test ends
    breaking(numbered(30_000), 21_000);
    const dir = files.folder('broken');
    const file = files.file('broken/sales.csv', 'yesterday\n');
    const result = await ws(['queries', 'data', queryId, '--all', '--out', file], { env: { WS_MAX_ATTEMPTS: '1' }, stderrIsTTY: true });
    expect(result.exitCode).toBe(1);
    expect(fs.readFileSync(file, 'utf8')).toBe('yesterday\n');
    expect(leftIn(dir)).toEqual(['sales.csv']);
    expect(result.stderr).toContain(`; ${file} was not written (21000 rows were read before this)\n`);
    expect(result.stderr).toContain(`hint: write it again: ws queries data ${queryId} --run ${runId} --all --out ${file}\n`);
  });

  it.each([
    [['--out', 'rows.txt'], '--out rows.txt: no output format for the extension ".txt"'],
    [['--out', 'rows'], '--out rows: no output format for the extension ""'],
    [['--out', 'rows.csv', '-o', 'table'], '--out writes rows to a file, and -o table is for a terminal'],
    [['--out', 'no/such/folder/rows.csv'], 'cannot write --out no/such/folder/rows.csv: the folder no/such/folder does not exist'],
  ])('%j is exit 2 before any request', async (flags, message) => {
    // a query of its own, so that no request of another test is counted here
    const unseen = '00000000-0000-4000-8000-00000000d0ff';
    const result = await ws(['queries', 'data', unseen, ...flags]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(message);
    expect(server.requests.filter((r) => r.path.includes(unseen)).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });
});

describe('-o parquet and -o arrow, what they refuse and say', () => {
  it.each(['parquet', 'arrow'])('-o %s at a terminal is exit 2 (binary), before any request', async (format) => {
    const unseen = '00000000-0000-4000-8000-00000000d0fe';
    const result = await ws(['queries', 'data', unseen, '-o', format], { stdoutIsTTY: true });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`-o ${format} is binary, not for a terminal`);
    expect(server.requests.filter((r) => r.path.includes(unseen))).toEqual([]);
  });

  it('-o parquet on a command that prints no query result is exit 2', async () => {
    const result = await ws(['queries', 'list', '-o', 'parquet']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('-o parquet writes the rows of a query result, and this command prints none');
    expect(server.requests).toEqual([]);
  });

  it('a column whose type the result does not name is written as text, said once on stderr', async () => {
    const files = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-typed-note-'));
    server.on('GET', dataPath, (request) => ({ body: { ...page(numbered(25_000), request), columns: [{ name: 'n' }] } }));
    const result = await ws(['queries', 'data', queryId, '--all', '--out', path.join(files, 'rows.parquet')]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('-o parquet: column n is written as text (the result names no type for it)\n');
    fs.rmSync(files, { recursive: true });
  });
});

describe('-o parquet: row groups bounded by bytes as well as by rows', () => {
  it('rows of 512 KiB each go into row groups of at most 32 MiB of values, every value read back by DuckDB', async () => {
    const files = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-wide-groups-'));
    const wide = Array.from({ length: 150 }, (_, n) => ({ n, text: `${n}:`.padEnd(512 * 1024, String.fromCharCode(97 + (n % 26))) }));
    server.on('GET', dataPath, (request) => ({
      body: {
        ...page(wide, request, 40),
        columns: [
          { name: 'n', type: 'BIGINT' },
          { name: 'text', type: 'VARCHAR' },
        ],
      },
    }));
    const file = path.join(files, 'wide.parquet');
    const result = await ws(['queries', 'data', queryId, '--all', '--out', file]);
    expect(result.exitCode, result.stderr).toBe(0);
    const { DuckDBInstance } = await import('@duckdb/node-api');
    const db = await DuckDBInstance.create(':memory:');
    const connection = await db.connect();
    try {
      const groups = (await connection.runAndReadAll(`SELECT DISTINCT row_group_id, row_group_num_rows FROM parquet_metadata('${file}') ORDER BY row_group_id`))
        .getRowObjectsJson()
        .map((group) => Number(group.row_group_num_rows));
      // 75 MiB of text: three groups at least (one group of 150 rows before), every row in one of them
      expect(groups.length).toBeGreaterThanOrEqual(3);
      expect(groups.reduce((sum, rows) => sum + rows, 0)).toBe(150);
      expect(Math.max(...groups) * 512 * 1024).toBeLessThanOrEqual(32 * 1024 * 1024);
      const read = (
        await connection.runAndReadAll(`SELECT n, length(text) AS length, md5(text) AS md5 FROM read_parquet('${file}') ORDER BY n`)
      ).getRowObjectsJson();
      const { createHash } = await import('node:crypto');
      expect(read).toEqual(wide.map(({ n, text }) => ({ n: String(n), length: String(text.length), md5: createHash('md5').update(text).digest('hex') })));
    } finally {
      connection.closeSync();
      fs.rmSync(files, { recursive: true });
    }
  }, 60_000);
});

describe('-o parquet: row groups bounded by values', () => {
  it('a result of 500 columns goes into row groups of 2,000 rows (a million values), every value read back by DuckDB', async () => {
    const files = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-many-columns-'));
    const names = Array.from({ length: 500 }, (_, c) => `c${c}`);
    const rows = Array.from({ length: 2_500 }, (_, n) => Object.fromEntries(names.map((name, c) => [name, n * 500 + c])));
    server.on('GET', dataPath, (request) => ({ body: { ...page(rows, request, 2_500), columns: names.map((name) => ({ name, type: 'INTEGER' })) } }));
    const file = path.join(files, 'many.parquet');
    const result = await ws(['queries', 'data', queryId, '--all', '--out', file]);
    expect(result.exitCode, result.stderr).toBe(0);
    const { DuckDBInstance } = await import('@duckdb/node-api');
    const connection = await (await DuckDBInstance.create(':memory:')).connect();
    try {
      const groups = (await connection.runAndReadAll(`SELECT DISTINCT row_group_id, row_group_num_rows FROM parquet_metadata('${file}') ORDER BY row_group_id`))
        .getRowObjectsJson()
        .map((group) => Number(group.row_group_num_rows));
      expect(groups).toEqual([2_000, 500]);
      const [sums] = (
        await connection.runAndReadAll(`SELECT count(*) AS n, sum(c0) AS first, sum(c499) AS last FROM read_parquet('${file}')`)
      ).getRowObjectsJson();
      const sum = (c: number) => rows.reduce((total, row) => total + (row[`c${c}`] as number), 0);
      expect(sums).toEqual({ n: '2500', first: String(sum(0)), last: String(sum(499)) });
    } finally {
      connection.closeSync();
      fs.rmSync(files, { recursive: true });
    }
  }, 60_000);
});

describe('every row off a terminal', () => {
  const count = 2500;
  const numbers = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
  let id: string;

  beforeAll(async () => {
    ({ id } = await createQuery(emuWs, 'Rows 2500', `SELECT range AS n FROM range(${count})`));
    const executed = await emuWs(['queries', 'execute', id, '--wait', '--no-data', '-q']);
    expect(executed.exitCode, executed.stderr).toBe(0);
  });

  const formats: [string[], (stdout: string) => number[]][] = [
    [[], (out) => out.trimEnd().split('\n').slice(1).map(Number)],
    [['-o', 'csv'], (out) => out.trimEnd().split('\n').slice(1).map(Number)],
    [['-o', 'tsv'], (out) => out.trimEnd().split('\n').slice(1).map(Number)],
    [
      ['-o', 'ndjson'],
      (out) =>
        out
          .trimEnd()
          .split('\n')
          .map((line) => JSON.parse(line).n),
    ],
    [['-o', 'json'], (out) => JSON.parse(out).rows.map((row: { n: number }) => row.n)],
    [['--jq', '.rows[].n'], (out) => out.trimEnd().split('\n').map(Number)],
    // `n` is quoted: YAML 1.1 reads a plain n as false
    [['-o', 'yaml'], (out) => [...out.matchAll(/^ {2}- "n": (\d+)$/gm)].map((m) => Number(m[1]))],
  ];
  it.each(formats)('queries data %j prints all rows, with nothing on stderr', async (flags, rows) => {
    const result = await emuWs(['queries', 'data', 'rows_2500', ...flags]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(rows(result.stdout)).toEqual(numbers(0, count));
    expect(result.stderr).toBe('');
  });

  it('the JSON envelope describes the rows printed', async () => {
    const result = await emuWs(['queries', 'data', id, '-o', 'json']);
    const body = JSON.parse(result.stdout);
    expect(body).toMatchObject({ totalRowCount: count, returnedRowCount: count });
  });

  it('execute --wait -o csv into a pipe prints every row of the run', async () => {
    const result = await emuWs(['queries', 'execute', 'rows_2500', '--wait', '-o', 'csv']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout.trimEnd().split('\n').slice(1).map(Number)).toEqual(numbers(0, count));
  });

  it('--offset without --limit prints the rest; --limit cuts on purpose and pages only as far as needed', async () => {
    const rest = await emuWs(['queries', 'data', id, '--offset', '2400', '-o', 'ndjson']);
    expect(
      rest.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line).n),
    ).toEqual(numbers(2400, count));
    await emu.clearRequests();
    const limited = await emuWs(['queries', 'data', id, '--limit', '1200', '-o', 'csv']);
    expect(limited.stdout.trimEnd().split('\n').slice(1).map(Number)).toEqual(numbers(0, 1200));
    const pages = (await emu.requests()).filter((r) => r.path === `/queries/${id}/latest/data`).map((r) => r.query);
    // 1,200 rows asked for in all, none past them: a first page of 1,000, then the 200 left
    expect(pages).toEqual(['?limit=1000&offset=0', '?limit=200&offset=1000']);
  });
});

describe('-o parquet and -o arrow: typed files that readers nobody here wrote read back exactly', () => {
  const files = tempFiles('ws-typed-');
  // ~20 types, a row of values (Unicode, a DECIMAL(38,10), a HUGEINT past 2^64, dates before 1970, a TIMESTAMPTZ,
  // nested values) and a row of NULLs
  const sql = `SELECT * FROM (VALUES
    (-1::TINYINT, -2::SMALLINT, -3::INTEGER, 9007199254740993::BIGINT, 18446744073709551617::HUGEINT, -1.5::DOUBLE, 2.5::FLOAT,
     12345678901234567890.0123456789::DECIMAL(38,10), -1.23::DECIMAL(5,2), 123456789012.5::DECIMAL(15,1), true, 'héllo ☕ "q", 日本',
     DATE '1969-07-20', DATE '0044-03-15', TIME '12:34:56.789', TIMESTAMP '1960-01-01 01:02:03.456789', TIMESTAMPTZ '2026-01-01 10:00:00.123456+02',
     [1, 2, NULL], {'a': 1, 'b': 'x'}, MAP {'k': 1}, '\\xAA\\x00abc'::BLOB, 18446744073709551615::UBIGINT, 300::USMALLINT, 4000000000::UINTEGER,
     '6f1c1a0e-27b4-4b53-9f5e-0d7a3c8b9e21'::UUID, INTERVAL 3 DAY),
    (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)
  ) t(ti, si, i, bi, hi, d, f, dec, dec5, dec15, b, s, dt, old, tm, ts, tstz, l, st, m, bl, ub, us, ui, u, iv)`;
  /** What the file holds of each type of the result: the same type, but for HUGEINT and the values written as JSON text. */
  const parquetTypes: Record<string, string> = {
    ti: 'TINYINT',
    si: 'SMALLINT',
    i: 'INTEGER',
    bi: 'BIGINT',
    hi: 'DECIMAL(38,0)',
    d: 'DOUBLE',
    f: 'FLOAT',
    dec: 'DECIMAL(38,10)',
    dec5: 'DECIMAL(5,2)',
    dec15: 'DECIMAL(15,1)',
    b: 'BOOLEAN',
    s: 'VARCHAR',
    dt: 'DATE',
    old: 'DATE',
    tm: 'TIME',
    ts: 'TIMESTAMP',
    tstz: 'TIMESTAMP WITH TIME ZONE',
    l: 'JSON',
    st: 'JSON',
    m: 'JSON',
    bl: 'BLOB',
    ub: 'UBIGINT',
    us: 'USMALLINT',
    ui: 'UINTEGER',
    u: 'UUID',
    iv: 'JSON',
  };
  const nested = ['l', 'st', 'm', 'iv'];
  let json: { columns: { name: string; type: string }[]; rows: Record<string, unknown>[] };

  beforeAll(async () => {
    await createQuery(emuWs, 'Every type', sql);
    const executed = await emuWs(['queries', 'execute', 'every_type', '--wait', '-o', 'json']);
    expect(executed.exitCode, executed.stderr).toBe(0);
    json = JSON.parse(executed.stdout);
  });

  it('parquet: DuckDB read_parquet gives every column its type and every value of -o json', async () => {
    const file = path.join(files.dir, 'every.parquet');
    const result = await emuWs(['queries', 'data', 'every_type', '--out', file]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    const { DuckDBInstance } = await import('@duckdb/node-api');
    const db = await DuckDBInstance.create(':memory:');
    const connection = await db.connect();
    await connection.run("SET TimeZone = 'UTC'");
    const described = (await connection.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet('${file}')`)).getRowObjectsJson();
    expect(Object.fromEntries(described.map((c) => [c.column_name, c.column_type]))).toEqual(parquetTypes);
    expect(json.columns.map((c) => c.name)).toEqual(Object.keys(parquetTypes));
    const rows = (await connection.runAndReadAll(`SELECT * FROM read_parquet('${file}')`)).getRowObjectsJson() as Record<string, unknown>[];
    connection.closeSync();
    expect(rows).toHaveLength(2);
    for (const [index, row] of rows.entries()) {
      const wanted = json.rows[index]!;
      for (const name of Object.keys(parquetTypes)) {
        const value = nested.includes(name) && row[name] !== null ? JSON.parse(String(row[name])) : row[name];
        expect(value, `${name} of row ${index}`).toEqual(wanted[name]);
      }
    }
  });

  it('arrow: apache-arrow tableFromIPC reads the stream with every type and value', async () => {
    const file = path.join(files.dir, 'every.arrow');
    const result = await emuWs(['queries', 'data', 'every_type', '--out', file]);
    expect(result.exitCode, result.stderr).toBe(0);
    const { tableFromIPC } = await import('apache-arrow');
    const table = tableFromIPC(fs.readFileSync(file));
    expect(Object.fromEntries(table.schema.fields.map((f) => [f.name, String(f.type)]))).toEqual({
      ti: 'Int8',
      si: 'Int16',
      i: 'Int32',
      bi: 'Int64',
      hi: 'Decimal[38e0]',
      d: 'Float64',
      f: 'Float32',
      dec: 'Decimal[38e+10]',
      dec5: 'Decimal[5e+2]',
      dec15: 'Decimal[15e+1]',
      b: 'Bool',
      s: 'Utf8',
      dt: 'Date32<DAY>',
      old: 'Date32<DAY>',
      tm: 'Time64<MICROSECOND>',
      ts: 'Timestamp<MICROSECOND>',
      tstz: 'Timestamp<MICROSECOND, UTC>',
      l: 'Utf8',
      st: 'Utf8',
      m: 'Utf8',
      bl: 'Binary',
      ub: 'Uint64',
      us: 'Uint16',
      ui: 'Uint32',
      u: 'Utf8',
      iv: 'Utf8',
    });
    expect(table.numRows).toBe(2);
    const words = (value: Uint32Array) =>
      BigInt.asIntN(
        128,
        [...value].reduceRight((sum, word) => (sum << 32n) | BigInt(word), 0n),
      );
    const decimal = (text: string, scale: number) => {
      const [whole, fraction = ''] = text.replace('-', '').split('.');
      return (text.startsWith('-') ? -1n : 1n) * BigInt(`${whole}${fraction.padEnd(scale, '0')}`);
    };
    const row = json.rows[0]!;
    const at = (name: string) => table.getChild(name)!.get(0);
    expect([at('ti'), at('si'), at('i'), at('bi'), at('d'), at('f'), at('b'), at('s')]).toEqual([-1, -2, -3, 9007199254740993n, -1.5, 2.5, true, row.s]);
    expect(words(at('hi'))).toBe(18446744073709551617n);
    expect(words(at('dec'))).toBe(decimal(String(row.dec), 10));
    expect(words(at('dec5'))).toBe(-123n);
    expect(words(at('dec15'))).toBe(1234567890125n);
    expect([at('dt'), at('old')]).toEqual([Date.UTC(1969, 6, 20), new Date('0044-03-15T00:00:00Z').getTime()]);
    expect(at('tm')).toBe(45_296_789_000n);
    expect(table.getChild('ts')!.data[0]!.values[0]).toBe(-315_615_476_543_211n);
    expect(table.getChild('tstz')!.data[0]!.values[0]).toBe(1_767_254_400_123_456n);
    expect(JSON.parse(at('l'))).toEqual(row.l);
    expect(JSON.parse(at('st'))).toEqual(row.st);
    expect([...at('bl')]).toEqual([0xaa, 0x00, 0x61, 0x62, 0x63]);
    expect([at('ub'), at('us'), at('ui'), at('u')]).toEqual([18446744073709551615n, 300, 4000000000, row.u]);
    for (const field of table.schema.fields) expect(table.getChild(field.name)!.get(1), `${field.name} of the NULL row`).toBeNull();
  });
});
