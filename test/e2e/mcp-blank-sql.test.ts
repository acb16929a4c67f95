import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { startMcp, textOf, type McpSession } from '../helpers/mcp.js';

let e: TestEmulator;
let writable: McpSession;

beforeAll(async () => {
  e = await startTestEmulator();
  writable = await startMcp(['--allow-writes'], e.env);
}, 60_000);

afterAll(async () => {
  await writable?.close();
  await e?.close();
});

describe('ws mcp tools that write SQL', () => {
  it.each([
    ['create_query', { name: 'Blank', sql: '' }, 'empty'],
    ['create_query', { name: 'Blank', sql: '  \n\t' }, 'only whitespace'],
    ['update_query', { query: 'daily_revenue', sql: '' }, 'empty'],
    ['update_query', { query: 'daily_revenue', sql: ' \n' }, 'only whitespace'],
  ])('%s with sql %j refuses it as a usage error, and nothing is sent', async (tool, args, said) => {
    await e.clearRequests();
    const result = await writable.call(tool, args);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain(`error: the argument sql is ${said}: a query needs SQL, nothing was sent`);
    expect(await e.requests()).toEqual([]);
  });
});
