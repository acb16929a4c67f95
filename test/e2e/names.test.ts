/**
 * End to end: automations named as people say them (issue 22, item 8): names without regard to case when one
 * matches, exit 4 with the candidates when several do. Queries by their names are tested in-process in
 * test/commands/queries/{get,execute,pull,create}.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiServer } from '../helpers/api-server.js';
import { demoIds, startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { automation, uuid } from '../helpers/fixtures.js';
import { testKey, ws } from '../helpers/ws.js';

const morning = demoIds.automations.morningReport;
let emu: TestEmulator;
let env: Record<string, string>;

beforeAll(async () => {
  emu = await startTestEmulator();
  env = emu.env;
});
afterAll(async () => {
  await emu?.close();
});
beforeEach(async () => {
  await emu.clearRequests();
});

describe('an automation by its name, in any case', () => {
  it('a name in another case names the one automation that has it', async () => {
    const result = await ws(['automations', 'get', 'morning revenue report', '--json', 'id'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ id: morning });
  });

  it('"Weekly export" and "weekly export": each exact name is one; a third case is exit 4 listing both', async () => {
    const [a, b] = [uuid(), uuid()];
    const server = await new ApiServer().on('GET', '/automations', { body: { workflows: [automation({ id: a, name: 'Weekly export' }), automation({ id: b, name: 'weekly export' })], total: 2, limit: 200, offset: 0 } }).start();
    const stub = { WS_BASE_URL: server.baseUrl, WS_API_KEY: testKey };
    try {
      const exact = await ws(['automations', 'get', 'weekly export', '--json', 'id'], stub);
      expect(JSON.parse(exact.stdout)).toEqual({ id: b });
      const result = await ws(['automations', 'trigger', 'WEEKLY EXPORT'], stub);
      expect(result.exitCode).toBe(4);
      expect(result.stderr).toBe(`error: the name "WEEKLY EXPORT" matches 2 automations without regard to case\nhint: use the id of one: Weekly export (${a}), weekly export (${b})\n`);
      expect(server.unmatched).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
