/**
 * End to end: queries and automations named as people say them (issue 22, items 7 and 8): a query by its name,
 * names without regard to case when one thing matches, exit 4 with the candidates when several do; and the
 * warning of `queries create` when the server numbers the slug because the name is taken.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiServer } from '../helpers/api-server.js';
import { demoIds, routes, startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { automation, uuid } from '../helpers/fixtures.js';
import { testKey, ws } from '../helpers/ws.js';

const daily = demoIds.queries.dailyRevenue;
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

const create = async (name: string) => (await emu.api('POST', '/queries', { name, sql: 'SELECT 1 AS one', userAgent: 'cli' })).json as { id: string; slug: string };

describe('a query by its name', () => {
  it('execute takes the exact name: one search, then the run of that query', async () => {
    const result = await ws(['queries', 'execute', 'Daily revenue', '--json', 'queryId'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ queryId: daily });
    const seen = await emu.requests();
    expect(routes(seen)).toEqual(['GET /queries', `POST /queries/${daily}/execute`]);
    expect(seen[0]!.query).toContain('search=Daily+revenue');
  });

  it('a name in another case names the one query that has it', async () => {
    const result = await ws(['queries', 'get', 'DAILY revenue', '--json', 'id,slug'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ id: daily, slug: 'daily_revenue' });
  });

  it('a name two queries share is exit 4 listing both slugs; nothing runs', async () => {
    const [a, b] = [await create('Shared name'), await create('Shared name')];
    await emu.clearRequests();
    const result = await ws(['queries', 'execute', 'Shared name'], env);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toBe(`error: the name "Shared name" matches 2 queries\nhint: use the slug of one: ${b.slug} (${b.id}), ${a.slug} (${a.id})\n`);
    expect(routes(await emu.requests())).toEqual(['GET /queries']);
    // each slug still names its own query
    const bySlug = await ws(['queries', 'get', b.slug, '--json', 'id'], env);
    expect(JSON.parse(bySlug.stdout)).toEqual({ id: b.id });
  });

  it('exact beats caseless: a slug, then a name as written; a caseless match of two is exit 4', async () => {
    const upper = await create('Casefold');
    const lower = await create('casefold');
    expect([upper.slug, lower.slug]).toEqual(['casefold', 'casefold_2']);
    const get = async (name: string) => ws(['queries', 'get', name, '--json', 'id'], env);
    expect(JSON.parse((await get('casefold')).stdout)).toEqual({ id: upper.id }); // the slug
    expect(JSON.parse((await get('Casefold')).stdout)).toEqual({ id: upper.id }); // the exact name
    expect(JSON.parse((await get('casefold_2')).stdout)).toEqual({ id: lower.id });
    const both = await ws(['queries', 'get', 'CASEFOLD'], env);
    expect(both.exitCode).toBe(4);
    expect(both.stderr).toBe(`error: the name "CASEFOLD" matches 2 queries without regard to case\nhint: use the slug of one: ${lower.slug} (${lower.id}), ${upper.slug} (${upper.id})\n`);
  });

  it('a name nothing has is exit 4 with the likeliest', async () => {
    const result = await ws(['queries', 'execute', 'Daily revenu'], env);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toBe(`error: no query has the slug or name "Daily revenu"\nhint: the likeliest: "daily_revenue" or "Daily revenue" (${daily}); see which there are: \`ws queries list\`\n`);
  });

  it('pull takes names too: the file is the slug of the query named', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-e2e-names-'));
    try {
      const result = await ws(['queries', 'pull', dir, 'daily REVENUE', '--json', 'slug,action'], env);
      expect(result.exitCode, result.stderr).toBe(0);
      expect(fs.readdirSync(dir)).toEqual(['daily_revenue.sql']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
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

describe('queries create with a name that is taken', () => {
  const sql = 'SELECT 1 AS one';

  it('the first is quiet; the second says on stderr that the name is taken, naming both slugs', async () => {
    const first = await ws(['queries', 'create', '--name', 'Orders by state', '--sql', sql, '--json', 'id,slug'], env);
    expect(first.exitCode, first.stderr).toBe(0);
    const one = JSON.parse(first.stdout);
    expect(one.slug).toBe('orders_by_state');
    expect(first.stderr).not.toContain('warning');
    const second = await ws(['queries', 'create', '--name', 'Orders by state', '--sql', sql, '--json', 'id,slug'], env);
    expect(second.exitCode, second.stderr).toBe(0);
    const two = JSON.parse(second.stdout);
    expect(two.slug).toBe('orders_by_state_2');
    expect(second.stderr).toBe(
      `warning: the name "Orders by state" is taken by orders_by_state (${one.id}); this query is orders_by_state_2. Running this create again makes yet another; \`ws queries apply\` keeps one query per file\n`,
    ); // with --json off a terminal, the warning stays and the note is left out
  });

  it('another name that the server gives the same slug says which name holds it', async () => {
    const held = await create('Held slug');
    const result = await ws(['queries', 'create', '--name', 'Held-slug', '--sql', sql, '-q'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain(`warning: the slug held_slug is taken by "Held slug" (${held.id}); this query is held_slug_2.`);
  });

  it('a number that belongs to the name is no warning', async () => {
    await create('Top');
    await emu.clearRequests();
    const result = await ws(['queries', 'create', '--name', 'Top 10', '--sql', sql, '-q'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
  });
});
