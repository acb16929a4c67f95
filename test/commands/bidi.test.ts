/**
 * Bidi marks (U+202E and the other overrides, isolates and marks) in names and cells never reach a terminal raw,
 * where they would show text reversed (the Trojan Source trick): every terminal format shows them escaped, and
 * the exact formats (JSON, NDJSON, csv into a file) keep them (issue 39).
 */
import { describe, expect, it } from 'vitest';
import { emulatorServer } from '../helpers/command.js';
import { createQuery } from '../helpers/query-setup.js';

const { ws } = emulatorServer();

const marks = ['\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f'];
const raw = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const name = `invoice \u202etxt.exe\u202c ${marks.join('')}`;

describe('bidi marks', () => {
  it('are escaped in queries list, queries get and a result table on a terminal, kept in JSON, NDJSON and csv', async () => {
    const sql = `SELECT 'pay\u202eyap' AS "cell\u2067x", 1 AS n`;
    const { slug } = await createQuery(ws, name, sql, ['--description', 'about \u2066this\u2069']);

    const list = await ws(['queries', 'list', '--limit', '100'], { tty: true, columns: 200 });
    expect(list.exitCode, list.stderr).toBe(0);
    expect(list.stdout).toContain('invoice \\u202etxt.exe\\u202c');
    expect(list.stdout).not.toMatch(raw);

    const get = await ws(['queries', 'get', slug], { tty: true, columns: 200 });
    expect(get.exitCode, get.stderr).toBe(0);
    expect(get.stdout).toContain('about \\u2066this\\u2069');
    expect(get.stdout).not.toMatch(raw);

    const table = await ws(['queries', 'execute', slug, '--wait'], { tty: true, columns: 200 });
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toContain('pay\\u202eyap');
    expect(table.stdout).toContain('cell\\u2067x');
    expect(table.stdout + table.stderr).not.toMatch(raw);

    const json = await ws(['queries', 'get', slug, '--json', 'name,description']);
    expect(JSON.parse(json.stdout)).toEqual({ name, description: 'about \u2066this\u2069' });
    const ndjson = await ws(['queries', 'data', slug, '-o', 'ndjson']);
    expect(JSON.parse(ndjson.stdout)).toEqual({ 'cell\u2067x': 'pay\u202eyap', n: 1 });
    const csv = await ws(['queries', 'data', slug, '-o', 'csv']);
    expect(csv.stdout).toBe('cell\u2067x,n\npay\u202eyap,1\n');
    // csv on a terminal is for a person: escaped there
    const shown = await ws(['queries', 'data', slug, '-o', 'csv'], { tty: true });
    expect(shown.stdout).toBe('cell\\u2067x,n\npay\\u202eyap,1\n');
  });

  it('are escaped in a hint and an error naming the query', async () => {
    const missing = await ws(['queries', 'get', `nothing\u202eyet`], { tty: true });
    expect(missing.exitCode).toBe(4);
    expect(missing.stderr).toContain('nothing\\u202eyet');
    expect(missing.stderr).not.toMatch(raw);
  });
});
