/**
 * ws's own Parquet pages and statistics (src/output/parquet.ts, parquet-columns.ts), read by DuckDB: a result of
 * 12,000 rows (three row groups, pages of about 1 MiB, dictionaries kept, dropped and too large) with values on both sides of zero, past 2^53 and 2^63, NaN and
 * -0, strings whose UTF-16 order is not their UTF-8 order, and NULLs in every column. Every value reads back as
 * `-o json` gives it, and every filter DuckDB answers from the row groups' min and max counts the rows a full read
 * counts: a min or max out of order would have it skip a row group that holds a match.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorServer } from '../helpers/command.js';
import { createQuery } from '../helpers/query-setup.js';

const { ws } = emulatorServer();

const rows = 12_000;
const sql = `SELECT
  range AS id,
  CASE WHEN range % 11 = 0 THEN NULL ELSE (range - 6000) * 1537228672809129 END AS big,
  CASE WHEN range % 13 = 0 THEN NULL ELSE range::UBIGINT * 1537228672809129::UBIGINT END AS ubig,
  CASE WHEN range % 7 = 0 THEN NULL ELSE (range * 357913)::UINTEGER END AS uint,
  CASE WHEN range % 17 = 0 THEN NULL WHEN range = 5 THEN 'nan'::DOUBLE WHEN range = 6 THEN -0.0::DOUBLE ELSE (range - 6000) / 7.0 END AS dbl,
  CASE WHEN range % 19 = 0 THEN NULL ELSE ((range - 6000) * 1234567890123456789012345678.9::DECIMAL(38,1))::DECIMAL(38,1) END AS wide,
  CASE WHEN range % 23 = 0 THEN NULL ELSE ((range - 6000) * 1.5)::DECIMAL(21,1) END AS dec21,
  CASE WHEN range % 29 = 0 THEN NULL ELSE ((range - 6000) * 0.01)::DECIMAL(9,2) END AS dec9,
  CASE WHEN range % 31 = 0 THEN NULL ELSE chr(CASE range % 3 WHEN 0 THEN 128512 WHEN 1 THEN 65533 ELSE 97 END) || range END AS text,
  CASE WHEN range % 37 = 0 THEN NULL ELSE TIMESTAMP '1970-01-01 00:00:00' + to_hours(range - 6000) END AS ts,
  CASE WHEN range % 41 = 0 THEN NULL ELSE DATE '1970-01-01' + (range - 6000)::INTEGER END AS day,
  CASE WHEN range % 5 = 0 THEN NULL ELSE range % 3 = 0 END AS flag,
  repeat(chr(98 + (range % 20)::INTEGER), 300) AS pad,
  CASE WHEN range BETWEEN 5000 AND 9999 THEN repeat('x', 2200) || (range % 500) END AS repeated
FROM range(${rows})`;
const filtered = ['big', 'ubig', 'uint', 'dbl', 'wide', 'dec21', 'dec9', 'text', 'ts', 'day', 'flag'];

let dir: string;
let file: string;
let connection: DuckDBConnection;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-parquet-pages-'));
  file = path.join(dir, 'rows.parquet');
  await createQuery(ws, 'Statistics', sql);
  const executed = await ws(['queries', 'execute', 'statistics', '--wait', '--out', file]);
  expect(executed.exitCode, executed.stderr).toBe(0);
  const { DuckDBInstance } = await import('@duckdb/node-api');
  connection = await (await DuckDBInstance.create(':memory:')).connect();
  await connection.run("SET TimeZone = 'UTC'");
}, 60_000);

afterAll(() => {
  connection?.closeSync();
  fs.rmSync(dir, { recursive: true, force: true });
});

const read = async (query: string) => (await connection.runAndReadAll(query)).getRowObjectsJson() as Record<string, unknown>[];

describe('-o parquet: ws writes the pages, DuckDB reads them', () => {
  it('every value of every row is the one -o json gives', async () => {
    const json = await ws(['queries', 'data', 'statistics', '--all', '-o', 'json']);
    expect(json.exitCode, json.stderr).toBe(0);
    const wanted = (JSON.parse(json.stdout) as { rows: Record<string, unknown>[] }).rows;
    const got = await read(`SELECT * FROM read_parquet('${file}') ORDER BY id`);
    expect(got).toHaveLength(rows);
    for (const [index, row] of got.entries()) {
      for (const [name, value] of Object.entries(wanted[index]!)) {
        // DuckDB's JSON of a value and the API's differ in form only: a number as text, or text as a number
        // (-0.0, nan); Object.is tells -0 from 0 and takes NaN as NaN
        if (name === 'dbl' && value !== null) expect(Object.is(Number(row[name]), Number(value)), `${name} of row ${index}: ${row[name]}, ${value}`).toBe(true);
        else if (typeof value === 'number') expect(Number(row[name]), `${name} of row ${index}`).toBe(value);
        else expect(row[name], `${name} of row ${index}`).toEqual(value);
      }
    }
  }, 60_000);

  it('three row groups, each column with its min and max but a float chunk holding NaN', async () => {
    const groups = await read(
      `SELECT row_group_id, path_in_schema, stats_min_value, stats_max_value, stats_null_count FROM parquet_metadata('${file}') WHERE path_in_schema IN (${filtered.map((c) => `'${c}'`).join(', ')})`,
    );
    expect(new Set(groups.map((g) => g.row_group_id)).size).toBe(3);
    for (const group of groups) {
      if (group.path_in_schema === 'dbl' && group.row_group_id === '0') {
        // row 5 is NaN
        expect([group.stats_min_value, group.stats_max_value]).toEqual([null, null]);
        continue;
      }
      expect(group.stats_min_value, `${group.path_in_schema} in group ${group.row_group_id}`).not.toBeNull();
      expect(group.stats_max_value, `${group.path_in_schema} in group ${group.row_group_id}`).not.toBeNull();
    }
    const nulls = await read(`SELECT count(*) AS n FROM read_parquet('${file}') WHERE big IS NULL`);
    const counted = groups.filter((g) => g.path_in_schema === 'big').reduce((sum, g) => sum + Number(g.stats_null_count), 0);
    expect(counted).toBe(Number(nulls[0]!.n));
  });

  it('a column of 20 values is in a dictionary; one of distinct values, or of more than 1 MiB of them, is PLAIN', async () => {
    const encodings = await read(
      `SELECT path_in_schema AS c, row_group_id AS g, encodings FROM parquet_metadata('${file}') WHERE path_in_schema IN ('pad', 'text', 'repeated')`,
    );
    const of = (column: string, group: number) => String(encodings.find((e) => e.c === column && Number(e.g) === group)!.encodings);
    for (const group of [0, 1, 2]) {
      expect(of('pad', group)).toContain('RLE_DICTIONARY');
      expect(of('text', group)).not.toContain('RLE_DICTIONARY');
    }
    // rows 5,000 to 9,999: 500 values of 2.2 KB, in the dictionary until it holds 1 MiB
    expect(of('repeated', 1)).not.toContain('RLE_DICTIONARY');
    const sizes = await read(`SELECT count(DISTINCT repeated) AS n, count(repeated) AS values FROM read_parquet('${file}')`);
    expect(sizes[0]).toEqual({ n: '500', values: '5000' });
  });

  it("every filter answered from the row groups' min and max counts the rows a full read counts", async () => {
    await connection.run(`CREATE TABLE copied AS SELECT * FROM read_parquet('${file}')`);
    const types = Object.fromEntries((await read(`DESCRIBE copied`)).map((c) => [c.column_name, String(c.column_type)]));
    for (const column of filtered) {
      // thresholds from the values themselves: both ends of each group, and values between
      const picked = await read(
        `SELECT DISTINCT ${column}::VARCHAR AS v FROM copied WHERE id IN (1, 2, 3, 4999, 5000, 5001, 7777, 9998, 11999) AND ${column} IS NOT NULL${column === 'dbl' ? ' AND NOT isnan(dbl)' : ''}`,
      );
      for (const { v } of picked) {
        const literal = `CAST('${String(v).replaceAll("'", "''")}' AS ${types[column]})`;
        for (const op of ['<', '<=', '=', '>=', '>']) {
          const where = `${column} ${op} ${literal}`;
          const [fromFile] = await read(`SELECT count(*) AS n FROM read_parquet('${file}') WHERE ${where}`);
          const [fromTable] = await read(`SELECT count(*) AS n FROM copied WHERE ${where}`);
          expect(fromFile!.n, where).toBe(fromTable!.n);
        }
      }
    }
  }, 60_000);
});
