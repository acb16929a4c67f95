/**
 * End to end against the emulator: rows of a result are data. Every row reaches a file or a pipe in
 * every format; `--limit` cuts on purpose; a table on a terminal shows one page and says so. And
 * `execute --wait` never prints another run's rows as its own.
 */
import { inTerminal } from '../helpers/terminal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, pollUntil, spawnWs, startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { ws } from '../helpers/ws.js';

let emu: TestEmulator;
let env: Record<string, string>;
let id: string;
const count = 2500;

beforeAll(async () => {
  emu = await startTestEmulator();
  env = emu.env;
  const created = await ws(['queries', 'create', '--name', 'Rows 2500', '--sql', `SELECT range AS n FROM range(${count})`, '--json', 'id'], env);
  expect(created.exitCode, created.stderr).toBe(0);
  id = JSON.parse(created.stdout).id;
  const executed = await ws(['queries', 'execute', id, '--wait', '--no-data', '-q'], env);
  expect(executed.exitCode, executed.stderr).toBe(0);
}, 60_000);
afterAll(async () => {
  await emu?.close();
});

const numbers = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('every row off a terminal', () => {
  const formats: [string[], (stdout: string) => number[]][] = [
    [[], (out) => out.trimEnd().split('\n').slice(1).map(Number)],
    [['-o', 'csv'], (out) => out.trimEnd().split('\n').slice(1).map(Number)],
    [['-o', 'tsv'], (out) => out.trimEnd().split('\n').slice(1).map(Number)],
    [['-o', 'ndjson'], (out) => out.trimEnd().split('\n').map((line) => JSON.parse(line).n)],
    [['-o', 'json'], (out) => JSON.parse(out).rows.map((row: { n: number }) => row.n)],
    [['--jq', '.rows[].n'], (out) => out.trimEnd().split('\n').map(Number)],
    [['-o', 'yaml'], (out) => [...out.matchAll(/^ {2}- n: (\d+)$/gm)].map((m) => Number(m[1]))],
  ];
  it.each(formats)('queries data %j prints all rows, with nothing on stderr', async (flags, rows) => {
    const result = await ws(['queries', 'data', 'rows_2500', ...flags], env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(rows(result.stdout)).toEqual(numbers(0, count));
    expect(result.stderr).toBe('');
  });

  it('the JSON envelope describes the rows printed', async () => {
    const result = await ws(['queries', 'data', id, '-o', 'json'], env);
    const body = JSON.parse(result.stdout);
    expect(body).toMatchObject({ totalRowCount: count, returnedRowCount: count });
  });

  it('execute --wait -o csv into a pipe prints every row of the run', async () => {
    const result = await ws(['queries', 'execute', 'rows_2500', '--wait', '-o', 'csv'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout.trimEnd().split('\n').slice(1).map(Number)).toEqual(numbers(0, count));
  });

  it('--offset without --limit prints the rest; --limit cuts on purpose and pages only as far as needed', { timeout: 60_000 }, async () => {
    const rest = await ws(['queries', 'data', id, '--offset', '2400', '-o', 'ndjson'], env);
    expect(rest.stdout.trimEnd().split('\n').map((line) => JSON.parse(line).n)).toEqual(numbers(2400, count));
    await emu.clearRequests();
    const limited = await ws(['queries', 'data', id, '--limit', '1200', '-o', 'csv'], env);
    expect(limited.stdout.trimEnd().split('\n').slice(1).map(Number)).toEqual(numbers(0, 1200));
    const pages = (await emu.requests()).filter((r) => r.path === `/queries/${id}/latest/data`).map((r) => r.query);
    // one page: exports ask for up to 10,000 rows a page
    expect(pages).toEqual(['?limit=1200&offset=0']);
  });
});

describe('a long export', () => {
  it('past the rows after which ws collects garbage (every 50,000), every row arrives once and in order', { timeout: 60_000 }, async () => {
    const rows = 51_234;
    const created = await ws(['queries', 'create', '--name', 'Rows long', '--sql', `SELECT range AS n, 'row ' || range AS label FROM range(${rows})`, '--json', 'id'], env);
    expect(created.exitCode, created.stderr).toBe(0);
    const executed = await ws(['queries', 'execute', 'rows_long', '--wait', '--no-data', '-q'], env, { timeout: 50_000 });
    expect(executed.exitCode, executed.stderr).toBe(0);
    const result = await ws(['queries', 'data', 'rows_long', '--all', '-o', 'csv'], env, { timeout: 50_000 });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('n,label');
    expect(lines.length - 1).toBe(rows);
    expect(lines.slice(1).every((line, n) => line === `${n},row ${n}`)).toBe(true);
  });
});

describe('--jq over a million rows', () => {
  it('runs on each page of 10,000 rows in bounded memory: every answer, no abort', { timeout: 120_000 }, async () => {
    const created = await ws(['queries', 'create', '--name', 'Rows million', '--sql', 'SELECT * FROM range(1000000)', '--json', 'id'], env);
    expect(created.exitCode, created.stderr).toBe(0);
    const executed = await ws(['queries', 'execute', 'rows_million', '--wait', '--no-data', '-q'], env, { timeout: 100_000 });
    expect(executed.exitCode, executed.stderr).toBe(0);
    // jq over one document of 1,000,000 rows ran out of jq-wasm's memory: "Aborted()", code internal
    const result = await ws(['queries', 'data', 'rows_million', '--all', '--jq', '.rows | length'], env, { timeout: 100_000 });
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('10000\n'.repeat(100));
  });
});

describe('a table on a terminal', () => {
  it('shows the first page and says on stderr how many rows there are and how to get them all', async () => {
    const result = await inTerminal(['queries', 'data', 'rows_2500'], { columns: 120, env });
    const text = result.screen;
    expect(result.exitCode, text.slice(-500)).toBe(0);
    const shown = [...text.matchAll(/^\s*(\d+)\s*$/gm)].map((m) => Number(m[1]));
    expect(shown).toEqual(numbers(0, 1000));
    expect(text.trimEnd().split('\n').at(-1)).toBe('showing the first 1000 of 2500 rows; every row: ws queries data rows_2500 --all (or -o csv, or a pipe)');
  });
});

describe('execute --wait and another run of the same query', () => {
  it('refuses the other run\'s rows: exit 1 naming both runs and how to run it again', { timeout: 60_000 }, async () => {
    const query = demoIds.queries.revenueByCountry;
    // Hold the first command's polls back (503, "retry after 1 s", until the faults are cleared) so that a
    // second execute, with another --param, starts and completes meanwhile and becomes the latest data.
    await emu.fault({ path: '^/query-runs/', method: 'GET', status: 503, retryAfter: 1, times: 10_000 });
    await emu.clearRequests();
    const first = spawnWs(['queries', 'execute', 'revenue_by_country', '--param', 'start_date=2026-01-01', '--wait', '-o', 'csv'], env, { timeout: 50_000 });
    await pollUntil(async () => (await emu.requests()).some((r) => r.method === 'POST' && r.path === `/queries/${query}/execute`), 'the first execute', 30_000);
    const second = await ws(['queries', 'execute', 'revenue_by_country', '--param', 'start_date=2026-10-01', '--json', 'queryRunId'], env, { timeout: 30_000 });
    expect(second.exitCode, second.stderr).toBe(0);
    const secondRun = JSON.parse(second.stdout).queryRunId as string;
    await pollUntil(async () => (await emu.api('GET', `/queries/${query}`)).json.lastSuccessfulRunId === secondRun, 'the second run to complete', 30_000);
    // let the first command's polls through (the control endpoint may want the key and a JSON content type)
    const cleared = await fetch(`${emu.origin}/__emulator/faults`, { method: 'DELETE', headers: { 'x-api-key': env.WS_API_KEY!, 'content-type': 'application/json' } });
    expect(cleared.status).toBe(200);
    const result = await first;
    // the run the first command polled is the one it started
    const firstRun = (await emu.requests()).map((r) => /^\/query-runs\/([0-9a-f-]{36})$/.exec(r.path)?.[1]).find(Boolean);
    expect(firstRun).toBeDefined();
    expect(firstRun).not.toBe(secondRun);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(String(result.stderr)).toContain(
      `error: the latest data of the query belongs to run ${secondRun}, not to run ${firstRun} whose rows this command reads: another run completed after it, so its rows cannot be read any more (the API hands out the rows of a query's latest run only, so parallel runs of one query replace each other's rows)\n` +
        // both print csv, as the command did
        `hint: run it again: ws queries execute revenue_by_country --param start_date=2026-01-01 --wait -o csv (or read the other run's rows: ws queries data revenue_by_country --all -o csv); for parallel jobs, give each job a query of its own, or run them with --no-data\n`,
    );
  });
});
