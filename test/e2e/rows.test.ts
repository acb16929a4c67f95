/**
 * End to end against the emulator: rows of a result are data. A long export and --jq over a million rows in
 * bounded memory; a table on a terminal shows one page and says so. Every row to a pipe in every format, and
 * `execute --wait` never printing another run's rows as its own: in-process in test/commands/queries/.
 */
import { inTerminal } from '../helpers/terminal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
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

describe('a long export', () => {
  it('past the rows after which ws collects garbage (every 50,000), every row arrives once and in order', { timeout: 60_000 }, async () => {
    const rows = 51_234;
    const created = await ws(
      ['queries', 'create', '--name', 'Rows long', '--sql', `SELECT range AS n, 'row ' || range AS label FROM range(${rows})`, '--json', 'id'],
      env,
    );
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
  it('is one answer or a clear refusal, never an abort nor one answer per page', { timeout: 120_000 }, async () => {
    const created = await ws(['queries', 'create', '--name', 'Rows million', '--sql', 'SELECT * FROM range(1000000)', '--json', 'id'], env);
    expect(created.exitCode, created.stderr).toBe(0);
    const executed = await ws(['queries', 'execute', 'rows_million', '--wait', '--no-data', '-q'], env, { timeout: 100_000 });
    expect(executed.exitCode, executed.stderr).toBe(0);
    // jq over one document of 1,000,000 rows ran out of jq-wasm's memory ("Aborted()"); then it ran once per 10,000
    const result = await ws(['queries', 'data', 'rows_million', '--all', '--jq', '.rows | length'], env, { timeout: 100_000 });
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    const error = JSON.parse(result.stderr).error;
    expect(error.message).toBe('--jq holds one document of at most 16 MiB, and this result of 1,000,000 rows is about 21 MiB of JSON');
    expect(error.hint).toMatch(/-o ndjson into jq .*--limit and --offset/);
    const part = await ws(['queries', 'data', 'rows_million', '--limit', '300000', '--jq', '.rows | length'], env, { timeout: 100_000 });
    expect(part.exitCode, part.stderr).toBe(0);
    expect(part.stdout).toBe('300000\n');
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
