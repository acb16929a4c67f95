/**
 * End to end against the emulator: numbers a JSON number cannot hold exactly (DECIMAL(38,s), BIGINT past 2^53)
 * come as exact decimal strings and are printed digit for digit in every format; those it holds stay numbers.
 * And a query's slug keeps the letters of its name (transliterated), not only their ASCII neighbours.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { ws } from '../helpers/ws.js';

let emu: TestEmulator;
let slug: string;
let id: string;

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
}, 60_000);
afterAll(async () => {
  await emu?.close();
});

describe('exact values', () => {
  it('the slug of "Umsatz café" is umsatz_cafe: letters with marks are transliterated, not dropped', () => {
    expect(slug).toBe('umsatz_cafe');
  });

  it('the API sends DECIMAL and BIGINT values a JSON number would change as exact strings, the others as numbers', async () => {
    const data = await emu.api('GET', `/queries/${id}/latest/data`);
    expect(data.json.rows).toEqual([{ ...Object.fromEntries(Object.entries(values).map(([name, [value]]) => [name, value])), small: 16.5 }]);
  });

  it('CSV carries every digit', async () => {
    const result = await ws(['queries', 'data', slug, '-o', 'csv'], emu.env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe(`d,e,f,g,h,small\n${Object.values(values).map(([value]) => value).join(',')},16.5\n`);
  });

  it('JSON carries every digit, as the string that came', async () => {
    const result = await ws(['queries', 'data', slug, '-o', 'json'], emu.env);
    expect(result.exitCode, result.stderr).toBe(0);
    const row = JSON.parse(result.stdout).rows[0];
    for (const [name, [value]] of Object.entries(values)) expect(row[name], name).toBe(value);
    expect(result.stdout).toContain('"e": "123456789012345678901234567890.123"');
  });
});
