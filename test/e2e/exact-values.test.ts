/**
 * End to end against the emulator: every DECIMAL value comes as an exact decimal string with its scale (so a
 * column has one JSON type), BIGINT past 2^53 as an exact string, and ws prints them digit for digit in every
 * format. And a query's slug keeps the letters of its name: Latin ones transliterated, other scripts as they are.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { ws } from '../helpers/ws.js';

let emu: TestEmulator;
let slug: string;
let id: string;
/** A query named without a Latin letter, whose DECIMAL column has values of several sizes and scales. */
let mixed: { id: string; slug: string };
const decimals = ['16.50', '0.10', '12345678901234567890.12', '-3.00', '7.00'];

const values = {
  d: ['12345678901234567890.12', 'DECIMAL(38,2)'],
  e: ['123456789012345678901234567890.123', 'DECIMAL(38,3)'],
  f: ['0.0000001', 'DECIMAL(18,7)'],
  g: ['-99999999999999999.99', 'DECIMAL(19,2)'],
  h: ['9007199254740993', 'BIGINT'],
};
const sql = `SELECT ${Object.entries(values)
  .map(([name, [value, type]]) => `CAST('${value}' AS ${type}) AS ${name}`)
  .join(', ')}, CAST('16.50' AS DECIMAL(10,2)) AS small`;

beforeAll(async () => {
  emu = await startTestEmulator();
  const created = await ws(['queries', 'create', '--name', 'Umsatz café', '--sql', sql, '--json', 'id,slug'], emu.env);
  expect(created.exitCode, created.stderr).toBe(0);
  ({ id, slug } = JSON.parse(created.stdout));
  const executed = await ws(['queries', 'execute', slug, '--wait', '--no-data', '-q'], emu.env);
  expect(executed.exitCode, executed.stderr).toBe(0);
  const rows = decimals.map((value, i) => `(${i}, CAST('${value}' AS DECIMAL(38,2)))`).join(', ');
  const other = await ws(['queries', 'create', '--name', '数据 报告', '--sql', `SELECT * FROM (VALUES ${rows}) t(i, d) ORDER BY i`, '--json', 'id,slug'], emu.env);
  expect(other.exitCode, other.stderr).toBe(0);
  mixed = JSON.parse(other.stdout);
  const ran = await ws(['queries', 'execute', mixed.id, '--wait', '--no-data', '-q'], emu.env);
  expect(ran.exitCode, ran.stderr).toBe(0);
}, 60_000);
afterAll(async () => {
  await emu?.close();
});

describe('exact values', () => {
  it('the slug of "Umsatz café" is umsatz_cafe: letters with marks are transliterated, not dropped', () => {
    expect(slug).toBe('umsatz_cafe');
  });

  it('the API sends every DECIMAL value as an exact string with its scale, and BIGINT past 2^53 as an exact string', async () => {
    const data = await emu.api('GET', `/queries/${id}/latest/data`);
    expect(data.json.rows).toEqual([{ ...Object.fromEntries(Object.entries(values).map(([name, [value]]) => [name, value])), small: '16.50' }]);
  });

  it('a DECIMAL column has one JSON type: every value a string with its scale, never a number', async () => {
    const data = await emu.api('GET', `/queries/${mixed.id}/latest/data`);
    expect(data.json.rows).toEqual(decimals.map((d, i) => ({ i, d })));
    const types = await ws(['queries', 'data', mixed.slug, '--jq', '.rows[].d|type'], emu.env);
    expect(types.exitCode, types.stderr).toBe(0);
    expect(types.stdout).toBe('string\n'.repeat(decimals.length));
    const raw = await ws(['queries', 'data', mixed.slug, '--jq', '.rows[].d'], emu.env);
    expect(raw.stdout).toBe(decimals.map((d) => `${d}\n`).join(''));
  });

  it('CSV carries every digit and the scale', async () => {
    const result = await ws(['queries', 'data', slug, '-o', 'csv'], emu.env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe(`d,e,f,g,h,small\n${Object.values(values).map(([value]) => value).join(',')},16.50\n`);
    const column = await ws(['queries', 'data', mixed.slug, '-o', 'csv'], emu.env);
    expect(column.stdout).toBe(`i,d\n${decimals.map((d, i) => `${i},${d}\n`).join('')}`);
  });

  it('a table off a terminal shows each DECIMAL as it came, scale kept', async () => {
    const result = await ws(['queries', 'data', mixed.slug], emu.env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout.trimEnd().split('\n').slice(1).map((line) => line.split('\t')[1])).toEqual(decimals);
  });

  it('a name without Latin letters keeps its letters in the slug, and ws finds the query by it (sent percent-encoded)', async () => {
    expect(mixed.slug).toBe('数据_报告');
    await emu.clearRequests();
    const got = await ws(['queries', 'get', '数据_报告', '--json', 'id,slug'], emu.env);
    expect(got.exitCode, got.stderr).toBe(0);
    expect(JSON.parse(got.stdout)).toEqual(mixed);
    const searches = (await emu.requests()).filter((r) => r.path === '/queries');
    expect(searches.length).toBeGreaterThan(0);
    for (const search of searches) {
      expect(search.query).not.toMatch(/[^\x21-\x7e]/);
      expect(new URLSearchParams(search.query).get('search')).toBe('数据_报告');
    }
  });

  it('JSON carries every digit, as the string that came', async () => {
    const result = await ws(['queries', 'data', slug, '-o', 'json'], emu.env);
    expect(result.exitCode, result.stderr).toBe(0);
    const row = JSON.parse(result.stdout).rows[0];
    for (const [name, [value]] of Object.entries(values)) expect(row[name], name).toBe(value);
    expect(result.stdout).toContain('"e": "123456789012345678901234567890.123"');
  });
});
