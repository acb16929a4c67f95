/**
 * Conformance of the emulator's /queries and /query-runs endpoints with workspace-api-v3.md, over plain
 * HTTP. Expected numbers come from the demo tables recomputed in JavaScript (helpers.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIndexOf, demoIds, demoOrders, executeAndWait, startTestEmulator, waitFor, waitForQueryRun, type TestEmulator } from './helpers.js';

const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const missingId = '99999999-9999-4999-8999-999999999999';
const q = demoIds.queries;

let emu: TestEmulator;

beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(async () => {
  await emu?.close();
});

/** Creates a query and returns its body; fails the test unless the answer is 201. */
async function createQuery(body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await emu.call('POST', '/queries', { body });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json;
}

/** Every page of GET /queries with these parameters. */
async function listAll(params: Record<string, string>): Promise<any[]> {
  const all: any[] = [];
  for (let page = 0; page < 50; page++) {
    const res = await emu.call('GET', `/queries?${new URLSearchParams({ ...params, limit: '100', offset: String(page * 100) })}`);
    expect(res.status).toBe(200);
    all.push(...res.json.queries);
    if (all.length >= res.json.total) return all;
  }
  throw new Error('too many pages');
}

function expectValidationError(res: { status: number; json: any }, field: string): void {
  expect(res.status, JSON.stringify(res.json)).toBe(400);
  expect(res.json.error.code).toBe('validation_error');
  expect(typeof res.json.error.message).toBe('string');
  expect(res.json.error.message).toContain(field);
  if (res.json.error.field !== undefined) expect(String(res.json.error.field)).toContain(field);
}

const paid = demoOrders.filter((o) => o.status === 'paid');

describe('POST /queries', () => {
  it('creates a query: 201 with every required field, a slug derived from the name and unique within the organization', async () => {
    const before = Date.now();
    const body = {
      name: 'Orders Per Status!',
      sql: 'SELECT status, count(*) AS n FROM orders GROUP BY status ORDER BY status',
      description: 'orders per status',
      metadata: { team: 'finance' },
      userAgent: 'cli',
      parameters: [{ name: 'unused', type: 'text', description: 'not used', defaultValue: 'x' }],
    };
    const created = await createQuery(body);
    expect(created.id).toMatch(uuidRe);
    expect(created).toMatchObject({
      name: body.name,
      sql: body.sql,
      description: body.description,
      metadata: body.metadata,
      userAgent: 'cli',
      parameters: body.parameters,
      organizationId: demoIds.organization,
      createdById: demoIds.user,
      updatedById: demoIds.user,
      lastQueryRunId: null,
      lastSuccessfulRunId: null,
      agentRunId: null,
      dataSourceId: null,
    });
    expect(created.slug).toBe('orders_per_status');
    expect(created.slug.length).toBeLessThanOrEqual(255);
    for (const field of ['createdAt', 'updatedAt']) {
      expect(Number.isNaN(Date.parse(created[field])), field).toBe(false);
      expect(Date.parse(created[field])).toBeGreaterThanOrEqual(before - 1000);
    }
    expect(created).not.toHaveProperty('lastQueryRun');
    expect(created).not.toHaveProperty('lastSuccessfulRun');

    const again = await createQuery({ name: 'orders per status', sql: 'SELECT 1 AS one' });
    expect(again.id).not.toBe(created.id);
    expect(again.slug).not.toBe(created.slug);
    expect(again.slug).toMatch(/^orders_per_status/);
    // a name equal to a demo query's gets a slug distinct from the demo's
    const daily = await createQuery({ name: 'Daily revenue', sql: 'SELECT 1 AS one' });
    expect(daily.slug).not.toBe('daily_revenue');
    expect(daily.slug).toMatch(/^daily_revenue/);
    expect(daily.parameters).toBeNull();

    const fetched = await emu.call('GET', `/queries/${created.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.json).toMatchObject({ id: created.id, slug: created.slug, name: body.name, sql: body.sql });
  });

  it('keeps the slug within 255 characters for a 500-character name', async () => {
    const created = await createQuery({ name: 'n'.repeat(500), sql: 'SELECT 1 AS one' });
    expect(created.name).toHaveLength(500);
    expect(created.slug.length).toBeGreaterThan(0);
    expect(created.slug.length).toBeLessThanOrEqual(255);
  });

  it('keeps letters of any script in the slug (their marks too); Latin letters lose theirs, as transliterated', async () => {
    const slugs: Record<string, string> = {
      '数据 报告': '数据_报告',
      'Ёлка: отчёт': 'ёлка_отчёт',
      'データ分析 2026': 'データ分析_2026',
      'हिन्दी रिपोर्ट': 'हिन्दी_रिपोर्ट',
      'Umsatz café, Straße': 'umsatz_cafe_strasse',
      '— !? —': 'query',
    };
    for (const [name, slug] of Object.entries(slugs)) expect((await createQuery({ name, sql: 'SELECT 1 AS one' })).slug, name).toBe(slug);
    // a letter outside the BMP is two UTF-16 units: the slug is cut by code points (as JSON Schema counts), never mid-letter
    const astral = await createQuery({ name: '𠀀'.repeat(300), sql: 'SELECT 1 AS one' });
    expect([...astral.slug].length).toBeLessThanOrEqual(255);
    expect(astral.slug).toMatch(/^(𠀀)+$/u);
  });

  it('validates the body: name 1-500, description up to 2000, sql required, unknown fields refused', async () => {
    expectValidationError(await emu.call('POST', '/queries', { body: { name: '', sql: 'SELECT 1' } }), 'name');
    expectValidationError(await emu.call('POST', '/queries', { body: { name: 'x'.repeat(501), sql: 'SELECT 1' } }), 'name');
    expectValidationError(await emu.call('POST', '/queries', { body: { name: 'ok', sql: 'SELECT 1', description: 'd'.repeat(2001) } }), 'description');
    expectValidationError(await emu.call('POST', '/queries', { body: { name: 'ok' } }), 'sql');
    expectValidationError(await emu.call('POST', '/queries', { body: { name: 'ok', sql: 'SELECT 1', userAgent: 'browser' } }), 'userAgent');
    expectValidationError(await emu.call('POST', '/queries', { body: { name: 'ok', sql: 'SELECT 1', agentRunId: 'nope' } }), 'agentRunId');
    const unknown = await emu.call('POST', '/queries', { body: { name: 'ok', sql: 'SELECT 1', colour: 'blue' } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.message).toContain('colour');
    const badJson = await emu.call('POST', '/queries', { body: '{"name": ' });
    expect(badJson.status).toBe(400);
    expect(badJson.json.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    const ok = await emu.call('POST', '/queries', { body: { name: 'x'.repeat(500), sql: 'SELECT 1', description: 'd'.repeat(2000) } });
    expect(ok.status).toBe(201);
  });
});

describe('SQL with a NUL character', () => {
  // DuckDB reads SQL as a C string: the text after a NUL would be dropped, and the part before it run
  it('POST and PATCH /queries answer 400 validation_error on sql; nothing is created or changed', async () => {
    const name = 'Holds a NUL';
    expectValidationError(await emu.call('POST', '/queries', { body: { name, sql: 'SELECT 1 AS a\u0000, 2 AS b' } }), 'sql');
    expect(await listAll({ search: name })).toEqual([]);
    const query = await createQuery({ name: 'No NUL yet', sql: 'SELECT 1 AS a, 2 AS b' });
    expectValidationError(await emu.call('PATCH', `/queries/${query.id}`, { body: { sql: 'SELECT 1 AS a\u0000, 2 AS b' } }), 'sql');
    expect((await emu.call('GET', `/queries/${query.id}`)).json.sql).toBe('SELECT 1 AS a, 2 AS b');
  });
});

describe('GET /queries', () => {
  let alpha: any;
  let beta: any;
  let agentMade: any;

  beforeAll(async () => {
    alpha = await createQuery({ name: 'Zeta alpha listing', sql: 'SELECT 1 AS one', description: 'first of the listing set' });
    beta = await createQuery({ name: 'Aardvark listing', sql: 'SELECT 2 AS two', description: 'mentions the word kumquat' });
    agentMade = await createQuery({ name: 'Agent listing', sql: 'SELECT 3 AS three', agentRunId: '77777777-7777-4777-8777-777777777777' });
  });

  it('answers the envelope with defaults limit 50, offset 0 and the demo queries', async () => {
    const res = await emu.call('GET', '/queries');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ limit: 50, offset: 0 });
    expect(Array.isArray(res.json.queries)).toBe(true);
    expect(res.json.total).toBeGreaterThanOrEqual(8);
    const ids = res.json.queries.map((x: any) => x.id);
    for (const id of Object.values(q)) expect(ids).toContain(id);
  });

  it('searches name, description and slug (case-insensitively)', async () => {
    const byName = await emu.call('GET', '/queries?search=ZETA%20ALPHA');
    expect(byName.json.queries.map((x: any) => x.id)).toEqual([alpha.id]);
    expect(byName.json.total).toBe(1);
    const byDescription = await emu.call('GET', '/queries?search=kumquat');
    expect(byDescription.json.queries.map((x: any) => x.id)).toEqual([beta.id]);
    // "churn_report" is only the slug of the broken demo query (its name is "Churn report (broken)")
    const bySlug = await emu.call('GET', '/queries?search=churn_report');
    expect(bySlug.json.queries.map((x: any) => x.id)).toEqual([q.brokenReport]);
    const none = await emu.call('GET', '/queries?search=no-such-thing-anywhere');
    expect(none.json).toMatchObject({ queries: [], total: 0 });
  });

  it('sorts by name, created and updated in both directions (default: updated, desc)', async () => {
    const names = (await listAll({ sortBy: 'name', sortDirection: 'asc' })).map((x) => x.name as string);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names.indexOf('Aardvark listing')).toBeLessThan(names.indexOf('Zeta alpha listing'));
    const namesDesc = (await listAll({ sortBy: 'name', sortDirection: 'desc' })).map((x) => x.name as string);
    expect(namesDesc.indexOf('Zeta alpha listing')).toBeLessThan(namesDesc.indexOf('Aardvark listing'));

    const created = await listAll({ sortBy: 'created', sortDirection: 'asc' });
    const createdTimes = created.map((x) => Date.parse(x.createdAt));
    expect(createdTimes).toEqual([...createdTimes].sort((a, b) => a - b));
    expect(created.findIndex((x) => x.id === q.dailyRevenue)).toBeLessThan(created.findIndex((x) => x.id === alpha.id));

    // touch the demo query so that it becomes the most recently updated one
    const patched = await emu.call('PATCH', `/queries/${q.topCustomers}`, { body: { metadata: { touched: true } } });
    expect(patched.status).toBe(200);
    const byDefault = await emu.call('GET', '/queries');
    expect(byDefault.json.queries[0].id).toBe(q.topCustomers);
    const updatedTimes = byDefault.json.queries.map((x: any) => Date.parse(x.updatedAt));
    expect(updatedTimes).toEqual([...updatedTimes].sort((a: number, b: number) => b - a));
    const updatedAsc = await listAll({ sortBy: 'updated', sortDirection: 'asc' });
    expect(updatedAsc.at(-1).id).toBe(q.topCustomers);
  });

  it('filters by source: agent (has agentRunId), human (has none), all', async () => {
    const agent = await listAll({ source: 'agent' });
    expect(agent.map((x) => x.id)).toContain(agentMade.id);
    expect(agent.every((x) => x.agentRunId !== null)).toBe(true);
    const human = await listAll({ source: 'human' });
    expect(human.map((x) => x.id)).not.toContain(agentMade.id);
    expect(human.map((x) => x.id)).toContain(alpha.id);
    expect(human.every((x) => x.agentRunId === null)).toBe(true);
    const all = await listAll({ source: 'all' });
    expect(all.length).toBe(agent.length + human.length);
  });

  it('filters by createdById', async () => {
    const mine = await listAll({ createdById: demoIds.user });
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((x) => x.createdById === demoIds.user)).toBe(true);
    const nobody = await emu.call('GET', `/queries?createdById=${missingId}`);
    expect(nobody.json).toMatchObject({ queries: [], total: 0 });
    expectValidationError(await emu.call('GET', '/queries?createdById=not-a-uuid'), 'createdById');
  });

  it('filters by ownerOrganizationId and platformOwned, and refuses both together', async () => {
    const own = await emu.call('GET', `/queries?ownerOrganizationId=${demoIds.organization}`);
    expect(own.status).toBe(200);
    expect(own.json.total).toBeGreaterThan(0);
    const other = await emu.call('GET', `/queries?ownerOrganizationId=${missingId}`);
    expect(other.json.total).toBe(0);
    const platform = await emu.call('GET', '/queries?platformOwned=true');
    expect(platform.status).toBe(200);
    const notPlatform = await emu.call('GET', '/queries?platformOwned=false');
    expect(notPlatform.status).toBe(200);
    expect(notPlatform.json.total).toBeGreaterThan(0);
    const both = await emu.call('GET', `/queries?platformOwned=true&ownerOrganizationId=${demoIds.organization}`);
    expect(both.status).toBe(400);
    expect(both.json.error.message).toMatch(/platformOwned|ownerOrganizationId/);
    expect((await emu.call('GET', '/queries?platformOwned=yes')).status).toBe(400);
  });

  it('pages with limit and offset, reporting the total of the whole list', async () => {
    const whole = await listAll({ sortBy: 'name', sortDirection: 'asc' });
    const total = whole.length;
    expect(total).toBeGreaterThanOrEqual(8);
    const first = await emu.call('GET', '/queries?sortBy=name&sortDirection=asc&limit=3&offset=0');
    const second = await emu.call('GET', '/queries?sortBy=name&sortDirection=asc&limit=3&offset=3');
    expect(first.json).toMatchObject({ total, limit: 3, offset: 0 });
    expect(second.json).toMatchObject({ total, limit: 3, offset: 3 });
    expect(first.json.queries.map((x: any) => x.id)).toEqual(whole.slice(0, 3).map((x) => x.id));
    expect(second.json.queries.map((x: any) => x.id)).toEqual(whole.slice(3, 6).map((x) => x.id));
    const past = await emu.call('GET', `/queries?offset=${total + 10}`);
    expect(past.json).toMatchObject({ queries: [], total, offset: total + 10 });
    const max = await emu.call('GET', '/queries?limit=100');
    expect(max.status).toBe(200);
    expect(max.json.limit).toBe(100);
  });

  it('refuses limit 101, limit 0, a non-numeric limit, a negative offset and unknown sort values', async () => {
    expectValidationError(await emu.call('GET', '/queries?limit=101'), 'limit');
    expectValidationError(await emu.call('GET', '/queries?limit=0'), 'limit');
    expectValidationError(await emu.call('GET', '/queries?limit=ten'), 'limit');
    expectValidationError(await emu.call('GET', '/queries?limit=1.5'), 'limit');
    expectValidationError(await emu.call('GET', '/queries?offset=-1'), 'offset');
    expectValidationError(await emu.call('GET', '/queries?offset=abc'), 'offset');
    expectValidationError(await emu.call('GET', '/queries?sortBy=size'), 'sortBy');
    expectValidationError(await emu.call('GET', '/queries?sortDirection=up'), 'sortDirection');
    expectValidationError(await emu.call('GET', '/queries?source=robot'), 'source');
    expectValidationError(await emu.call('GET', '/queries?includeRuns=maybe'), 'includeRuns');
  });

  it('includeRuns: lastQueryRun and lastSuccessfulRun present after a run (default true), absent with false', async () => {
    const fresh = await createQuery({ name: 'Include runs check', sql: 'SELECT 42 AS answer' });
    const search = 'Include%20runs%20check';
    const beforeRun = await emu.call('GET', `/queries?search=${search}`);
    expect(beforeRun.json.queries[0].id).toBe(fresh.id);
    expect(beforeRun.json.queries[0]).not.toHaveProperty('lastQueryRun');

    const { queryRunId, status } = await executeAndWait(emu, fresh.id);
    expect(status.status).toBe('COMPLETED');

    const withRuns = await emu.call('GET', `/queries?search=${search}&includeRuns=true`);
    const item = withRuns.json.queries[0];
    expect(item.lastQueryRunId).toBe(queryRunId);
    expect(item.lastQueryRun).toMatchObject({ id: queryRunId, queryId: fresh.id, status: 'COMPLETED', rowCount: 1 });
    expect(item.lastSuccessfulRun).toMatchObject({ id: queryRunId, status: 'COMPLETED' });
    const byDefault = await emu.call('GET', `/queries?search=${search}`);
    expect(byDefault.json.queries[0].lastQueryRun).toMatchObject({ id: queryRunId });

    const without = await emu.call('GET', `/queries?search=${search}&includeRuns=false`);
    expect(without.json.queries[0].id).toBe(fresh.id);
    expect(without.json.queries[0].lastQueryRunId).toBe(queryRunId);
    expect(without.json.queries[0]).not.toHaveProperty('lastQueryRun');
    expect(without.json.queries[0]).not.toHaveProperty('lastSuccessfulRun');
  });
});

describe('GET and PATCH /queries/{id}', () => {
  it('gets a demo query by id with every required field', async () => {
    const res = await emu.call('GET', `/queries/${q.revenueByCountry}`);
    expect(res.status).toBe(200);
    for (const field of [
      'id',
      'name',
      'sql',
      'lastSuccessfulRunId',
      'lastQueryRunId',
      'slug',
      'parameters',
      'agentRunId',
      'dataSourceId',
      'organizationId',
      'createdById',
      'updatedById',
      'createdAt',
      'updatedAt',
    ]) {
      expect(res.json, field).toHaveProperty(field);
    }
    expect(res.json).toMatchObject({ id: q.revenueByCountry, slug: 'revenue_by_country', organizationId: demoIds.organization });
    expect(res.json.parameters.map((p: any) => p.name)).toEqual(['start_date', 'min_amount']);
  });

  it('answers 400 for a path id that is not a UUID and 404 for an unknown id, on every /queries/{id} endpoint', async () => {
    for (const [method, suffix] of [
      ['GET', ''],
      ['PATCH', ''],
      ['POST', '/execute'],
      ['GET', '/query-runs'],
      ['GET', '/latest/data'],
    ] as const) {
      const body = method === 'GET' ? undefined : {};
      const bad = await emu.call(method, `/queries/not-a-uuid${suffix}`, body === undefined ? {} : { body });
      expect(bad.status, `${method} ${suffix}`).toBe(400);
      expect(bad.json.error.message).toContain('id');
      const missing = await emu.call(method, `/queries/${missingId}${suffix}`, body === undefined ? {} : { body });
      expect(missing.status, `${method} ${suffix}`).toBe(404);
      expect(missing.json.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    for (const suffix of ['', '/result']) {
      expect((await emu.call('GET', `/query-runs/1234${suffix}`)).status).toBe(400);
      expect((await emu.call('GET', `/query-runs/${missingId}${suffix}`)).status).toBe(404);
    }
  });

  it('answers 400, not 500, for a path id with malformed percent-encoding', async () => {
    const res = await emu.call('GET', '/queries/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it('patches name, description, sql, parameters and metadata, keeping the rest', async () => {
    const created = await createQuery({ name: 'Patch me', sql: 'SELECT 1 AS one', description: 'before' });
    const res = await emu.call('PATCH', `/queries/${created.id}`, { body: { name: 'Patched', description: 'after' } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: created.id,
      name: 'Patched',
      description: 'after',
      sql: 'SELECT 1 AS one',
      slug: created.slug,
      createdAt: created.createdAt,
    });
    expect(Date.parse(res.json.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
    const cleared = await emu.call('PATCH', `/queries/${created.id}`, { body: { description: null, sql: 'SELECT 2 AS two', metadata: { v: 2 } } });
    expect(cleared.json).toMatchObject({ name: 'Patched', description: null, sql: 'SELECT 2 AS two', metadata: { v: 2 } });
    const fetched = await emu.call('GET', `/queries/${created.id}`);
    expect(fetched.json).toMatchObject({ name: 'Patched', description: null, sql: 'SELECT 2 AS two' });
    // UUIDs are case-insensitive
    expect(created.id).toMatch(/[a-f]/);
    const upper = await emu.call('GET', `/queries/${created.id.toUpperCase()}`);
    expect(upper.status).toBe(200);
    expect(upper.json.id).toBe(created.id);
  });

  it('validates the patch: name 1-500 (0 and 501 refused), description up to 2000 (2001 refused), unknown fields refused', async () => {
    const created = await createQuery({ name: 'Patch limits', sql: 'SELECT 1 AS one' });
    const path = `/queries/${created.id}`;
    expectValidationError(await emu.call('PATCH', path, { body: { name: '' } }), 'name');
    expectValidationError(await emu.call('PATCH', path, { body: { name: 'x'.repeat(501) } }), 'name');
    expectValidationError(await emu.call('PATCH', path, { body: { description: 'd'.repeat(2001) } }), 'description');
    const unknown = await emu.call('PATCH', path, { body: { slug: 'mine' } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.message).toContain('slug');
    // nothing of the refused patches stuck
    expect((await emu.call('GET', path)).json).toMatchObject({ name: 'Patch limits', slug: created.slug });
    const longest = await emu.call('PATCH', path, { body: { name: 'y'.repeat(500), description: 'd'.repeat(2000) } });
    expect(longest.status).toBe(200);
    expect(longest.json.name).toHaveLength(500);
    expect(longest.json.description).toHaveLength(2000);
  });
});

describe('POST /queries/{id}/execute and GET /query-runs/{runId}', () => {
  const expectedDays = new Set(paid.map((o) => o.dayIndex)).size;

  it('answers PENDING at once, then moves PENDING, SUBMITTED, RUNNING, COMPLETED in order', async () => {
    const res = await emu.call('POST', `/queries/${q.dailyRevenue}/execute`, { body: { userAgent: 'cli', metadata: { why: 'test' } } });
    expect([200, 201, 202]).toContain(res.status);
    expect(res.json).toMatchObject({ queryId: q.dailyRevenue, status: 'PENDING' });
    expect(res.json.queryRunId).toMatch(uuidRe);
    if (res.json.queryName !== undefined) expect(res.json.queryName).toBe('Daily revenue');
    const runId = res.json.queryRunId;

    const final = await waitForQueryRun(emu, runId);
    expect(final).toMatchObject({ queryRunId: runId, status: 'COMPLETED', userAgent: 'cli' });
    expect(typeof final.createdAt).toBe('string');
    expect(final.history.map((h: any) => h.status)).toEqual(['PENDING', 'SUBMITTED', 'RUNNING', 'COMPLETED']);
    const times = final.history.map((h: any) => Date.parse(h.createdAt));
    expect(times.every((t: number) => !Number.isNaN(t))).toBe(true);
    expect(times).toEqual([...times].sort((a: number, b: number) => a - b));
    for (const entry of final.history) expect(entry).toHaveProperty('message');

    // (that the query is updated by the time COMPLETED shows is checked strictly in its own test below)
    const query = await waitFor(
      async () => {
        const res = await emu.call('GET', `/queries/${q.dailyRevenue}`);
        return res.json.lastSuccessfulRunId === runId ? res : undefined;
      },
      { timeoutMs: 2_000, intervalMs: 5 },
    );
    expect(query.json.lastQueryRunId).toBe(runId);
    expect(query.json.lastSuccessfulRunId).toBe(runId);

    const result = await emu.call('GET', `/query-runs/${runId}/result`);
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({ queryRunId: runId, queryId: q.dailyRevenue, status: 'COMPLETED', rowCount: expectedDays, userAgent: 'cli' });
    expect(Number.isInteger(result.json.executionTimeMs)).toBe(true);
    expect(result.json.executionTimeMs).toBeGreaterThanOrEqual(0);
    expect(typeof result.json.resultLocation).toBe('string');
    expect(result.json.columnSchema.map((c: any) => c.name)).toEqual(['day', 'orders', 'revenue']);
    expect(Number.isNaN(Date.parse(result.json.createdAt))).toBe(false);
    expect(Number.isNaN(Date.parse(result.json.completedAt))).toBe(false);
    expect(Date.parse(result.json.completedAt)).toBeGreaterThanOrEqual(Date.parse(result.json.createdAt));
  });

  it('updates the query before the run shows COMPLETED: no window where latest/data is missing or stale', async () => {
    // poll as tightly as a client may; the moment a run reads COMPLETED, the query must name it as its
    // lastSuccessfulRunId and latest/data must serve its rows
    const violations: string[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const runId = (await emu.call('POST', `/queries/${q.topCustomers}/execute`)).json.queryRunId as string;
      await waitFor(
        async () => {
          const status = (await emu.call('GET', `/query-runs/${runId}`)).json.status as string;
          if (status !== 'COMPLETED') return status === 'FAILED';
          const query = (await emu.call('GET', `/queries/${q.topCustomers}`)).json;
          if (query.lastSuccessfulRunId !== runId) violations.push(`run ${runId}: COMPLETED but lastSuccessfulRunId is ${query.lastSuccessfulRunId}`);
          const data = await emu.call('GET', `/queries/${q.topCustomers}/latest/data?limit=1`);
          if (data.status !== 200 || data.json.queryRunId !== runId)
            violations.push(`run ${runId}: COMPLETED but latest/data answers ${data.status} for run ${data.json?.queryRunId}`);
          return true;
        },
        { timeoutMs: 10_000, intervalMs: 1 },
      );
    }
    expect(violations).toEqual([]);
  });

  it('never loses lastSuccessfulRunId: a run started right after another completed, then failing, leaves the earlier success', async () => {
    const created = await createQuery({
      name: 'Cast a number',
      sql: 'SELECT CAST({{n}} AS INTEGER) AS n',
      parameters: [{ name: 'n', type: 'text', description: 'a number as text', defaultValue: '1' }],
    });
    const lost: string[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const good = (await emu.call('POST', `/queries/${created.id}/execute`, { body: { parameters: { n: String(attempt + 10) } } })).json.queryRunId as string;
      // start the next run as soon as the first reads COMPLETED, as `ws queries execute` in a loop would
      await waitFor(async () => ['COMPLETED', 'FAILED'].includes((await emu.call('GET', `/query-runs/${good}`)).json.status), {
        timeoutMs: 10_000,
        intervalMs: 1,
      });
      const bad = (await emu.call('POST', `/queries/${created.id}/execute`, { body: { parameters: { n: 'not a number' } } })).json.queryRunId as string;
      expect((await waitForQueryRun(emu, bad)).status).toBe('FAILED');
      // whatever the emulator still had to write has long been written
      const query = await waitFor(
        async () => {
          const res = (await emu.call('GET', `/queries/${created.id}`)).json;
          return res.lastQueryRunId === bad ? res : undefined;
        },
        { timeoutMs: 2_000, intervalMs: 5 },
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      const settled = (await emu.call('GET', `/queries/${created.id}`)).json;
      expect(query.lastQueryRunId).toBe(bad);
      if (settled.lastSuccessfulRunId !== good) lost.push(`after ${good} COMPLETED and ${bad} FAILED, lastSuccessfulRunId is ${settled.lastSuccessfulRunId}`);
      const data = await emu.call('GET', `/queries/${created.id}/latest/data`);
      if (data.status !== 200 || Number(data.json.rows?.[0]?.n) !== attempt + 10)
        lost.push(`latest/data after ${good}: ${data.status} ${JSON.stringify(data.json.rows ?? data.json)}`);
    }
    expect(lost).toEqual([]);
  });

  it('is observed in intermediate states while it runs (polling sees PENDING first)', async () => {
    const res = await emu.call('POST', `/queries/${q.eventsByType}/execute`);
    const runId = res.json.queryRunId;
    const seen: string[] = [];
    await waitFor(
      async () => {
        const status = (await emu.call('GET', `/query-runs/${runId}`)).json.status as string;
        if (seen.at(-1) !== status) seen.push(status);
        return status === 'COMPLETED' || status === 'FAILED';
      },
      { timeoutMs: 10_000, intervalMs: 1 },
    );
    const order = ['PENDING', 'SUBMITTED', 'RUNNING', 'COMPLETED'];
    // whatever states polling caught, they appear in lifecycle order
    expect(seen.map((s) => order.indexOf(s))).toEqual([...seen.map((s) => order.indexOf(s))].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe('COMPLETED');
  });

  it('records real rowCount, columnSchema and rows: daily revenue matches the demo tables', async () => {
    const { queryRunId, status } = await executeAndWait(emu, q.dailyRevenue);
    expect(status.status).toBe('COMPLETED');
    const runs = await emu.call('GET', `/queries/${q.dailyRevenue}/query-runs?limit=1`);
    const run = runs.json.runs[0];
    expect(run).toMatchObject({ id: queryRunId, queryId: q.dailyRevenue, status: 'COMPLETED', rowCount: expectedDays });
    expect(run.columnSchema).toHaveLength(3);
    expect(run.columnSchema.map((c: any) => c.name)).toEqual(['day', 'orders', 'revenue']);
    for (const column of run.columnSchema) expect(column.type).toEqual(expect.any(String));
    expect(Number.isInteger(run.executionTimeMs)).toBe(true);
    for (const field of ['createdAt', 'updatedAt', 'startedAt', 'completedAt']) expect(Number.isNaN(Date.parse(run[field])), field).toBe(false);

    const data = await emu.call('GET', `/queries/${q.dailyRevenue}/latest/data?limit=1000`);
    expect(data.status).toBe(200);
    expect(data.json).toMatchObject({ queryRunId, status: 'COMPLETED', totalRowCount: expectedDays, returnedRowCount: expectedDays });
    expect(data.json.rows).toHaveLength(expectedDays);
    const totalOrders = data.json.rows.reduce((sum: number, row: any) => sum + Number(row.orders), 0);
    expect(totalOrders).toBe(paid.length);
    const totalRevenue = data.json.rows.reduce((sum: number, row: any) => sum + Number(row.revenue), 0);
    expect(totalRevenue).toBeCloseTo(paid.reduce((sum, o) => sum + o.amountCents, 0) / 100, 1);
  });

  describe('parameters', () => {
    /** Sum of the `orders` column of revenue_by_country's latest data. */
    async function ordersTotal(): Promise<number> {
      const data = await emu.call('GET', `/queries/${q.revenueByCountry}/latest/data`);
      expect(data.status).toBe(200);
      return data.json.rows.reduce((sum: number, row: any) => sum + Number(row.orders), 0);
    }
    function expected(startDate: string, minAmount: number): number {
      return paid.filter((o) => o.dayIndex >= dayIndexOf(startDate) && o.amountCents >= minAmount * 100).length;
    }

    it('uses the declared defaults, and different parameter values give different, correct totals', async () => {
      const defaults = await executeAndWait(emu, q.revenueByCountry);
      expect(defaults.status.status).toBe('COMPLETED');
      expect(await ordersTotal()).toBe(expected('2026-01-01', 0));

      const narrow = await executeAndWait(emu, q.revenueByCountry, { parameters: { start_date: '2026-06-01', min_amount: '250' } });
      expect(narrow.status.status).toBe('COMPLETED');
      const narrowTotal = await ordersTotal();
      expect(narrowTotal).toBe(expected('2026-06-01', 250));
      expect(narrowTotal).toBeLessThan(expected('2026-01-01', 0));
      expect(narrowTotal).toBeGreaterThan(0);

      const numeric = await executeAndWait(emu, q.revenueByCountry, { parameters: { min_amount: 400 } });
      expect(numeric.status.status).toBe('COMPLETED');
      expect(await ordersTotal()).toBe(expected('2026-01-01', 400));
    });

    it('treats an injection attempt as a value: the run fails or matches nothing, and the orders table still works', async () => {
      const injected = await executeAndWait(emu, q.revenueByCountry, { parameters: { min_amount: '0 OR 1=1; DROP TABLE orders' } });
      expect(injected.status.status).toBe('FAILED');
      expect(injected.status.message).toEqual(expect.any(String));

      // through the date parameter: either refused, or bound as a value (DuckDB's CAST reads the leading
      // date and ignores the rest), never run as SQL
      const viaDate = await executeAndWait(emu, q.revenueByCountry, { parameters: { start_date: "2026-06-01' AS DATE); DROP TABLE orders; --" } });
      expect(['FAILED', 'COMPLETED']).toContain(viaDate.status.status);
      if (viaDate.status.status === 'COMPLETED') expect(await ordersTotal()).toBe(expected('2026-06-01', 0));

      // a text parameter: the attempt is compared as a plain string, so it matches no order
      const byStatus = await createQuery({
        name: 'Orders with a status',
        sql: 'SELECT count(*) AS n FROM orders WHERE status = {{status}}',
        parameters: [{ name: 'status', type: 'text', description: 'order status', defaultValue: 'paid' }],
      });
      const attempt = await executeAndWait(emu, byStatus.id, { parameters: { status: "paid' OR '1'='1" } });
      expect(attempt.status.status).toBe('COMPLETED');
      const attemptRows = await emu.call('GET', `/queries/${byStatus.id}/latest/data`);
      expect(Number(attemptRows.json.rows[0].n)).toBe(0);
      const dropAttempt = await executeAndWait(emu, byStatus.id, { parameters: { status: "x'; DROP TABLE orders; --" } });
      expect(dropAttempt.status.status).toBe('COMPLETED');

      const honest = await executeAndWait(emu, byStatus.id, { parameters: { status: 'refunded' } });
      expect(honest.status.status).toBe('COMPLETED');
      const honestRows = await emu.call('GET', `/queries/${byStatus.id}/latest/data`);
      expect(Number(honestRows.json.rows[0].n)).toBe(demoOrders.filter((o) => o.status === 'refunded').length);

      const after = await executeAndWait(emu, q.dailyRevenue);
      expect(after.status.status).toBe('COMPLETED');
      const data = await emu.call('GET', `/queries/${q.dailyRevenue}/latest/data`);
      expect(data.json.totalRowCount).toBe(expectedDays);
      expect(data.json.rows.reduce((sum: number, row: any) => sum + Number(row.orders), 0)).toBe(paid.length);
    });

    it('refuses an unknown parameter name with 400 naming it, and starts no run', async () => {
      const before = await emu.call('GET', `/queries/${q.revenueByCountry}/query-runs?limit=1`);
      const res = await emu.call('POST', `/queries/${q.revenueByCountry}/execute`, { body: { parameters: { country: 'DE' } } });
      expectValidationError(res, 'country');
      const after = await emu.call('GET', `/queries/${q.revenueByCountry}/query-runs?limit=1`);
      expect(after.json.total).toBe(before.json.total);
    });

    it('validates the execute body: userAgent may not be null, parameters must be an object, unknown fields refused', async () => {
      expectValidationError(await emu.call('POST', `/queries/${q.dailyRevenue}/execute`, { body: { userAgent: null } }), 'userAgent');
      expectValidationError(await emu.call('POST', `/queries/${q.dailyRevenue}/execute`, { body: { parameters: ['a'] } }), 'parameters');
      expect((await emu.call('POST', `/queries/${q.dailyRevenue}/execute`, { body: { priority: 'high' } })).status).toBe(400);
    });
  });

  it('runs the broken demo query (churn_report) to FAILED with errorDetails and a message', async () => {
    const { queryRunId, status } = await executeAndWait(emu, q.brokenReport);
    expect(status.status).toBe('FAILED');
    expect(status.message).toEqual(expect.any(String));
    expect(status.message.length).toBeGreaterThan(0);
    expect(status.history.map((h: any) => h.status)).toEqual(['PENDING', 'SUBMITTED', 'RUNNING', 'FAILED']);
    const runs = await emu.call('GET', `/queries/${q.brokenReport}/query-runs`);
    const run = runs.json.runs.find((r: any) => r.id === queryRunId);
    expect(run.status).toBe('FAILED');
    expect(run.errorDetails).toEqual(expect.any(String));
    expect(run.errorDetails).toMatch(/subscriptions/i);
    const query = await emu.call('GET', `/queries/${q.brokenReport}`);
    expect(query.json.lastQueryRunId).toBe(queryRunId);
    expect(query.json.lastSuccessfulRunId).toBeNull();
    const result = await emu.call('GET', `/query-runs/${queryRunId}/result`);
    expect(result.json).toMatchObject({ queryRunId, queryId: q.brokenReport, status: 'FAILED' });
  });
});

describe('GET /queries/{id}/latest/data', () => {
  it('answers 404 before any successful run, even after a failed one', async () => {
    const created = await createQuery({ name: 'Never succeeded', sql: 'SELECT * FROM no_such_table' });
    const before = await emu.call('GET', `/queries/${created.id}/latest/data`);
    expect(before.status).toBe(404);
    expect(before.json.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    const failed = await executeAndWait(emu, created.id);
    expect(failed.status.status).toBe('FAILED');
    expect((await emu.call('GET', `/queries/${created.id}/latest/data`)).status).toBe(404);
  });

  it('pages rows with limit and offset; totalRowCount stays the run total', async () => {
    const created = await createQuery({ name: 'Numbered rows', sql: 'SELECT i AS n, i * 2 AS twice FROM range(1, 251) t(i) ORDER BY i' });
    const { queryRunId } = await executeAndWait(emu, created.id);
    const all = await emu.call('GET', `/queries/${created.id}/latest/data`);
    expect(all.json).toMatchObject({ queryRunId, status: 'COMPLETED', totalRowCount: 250, returnedRowCount: 250 });
    expect(all.json.rows.map((r: any) => Number(r.n))).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    expect(Array.isArray(all.json.columns)).toBe(true);
    expect(all.json.columns).toHaveLength(2);

    const page = await emu.call('GET', `/queries/${created.id}/latest/data?limit=10&offset=100`);
    expect(page.json).toMatchObject({ totalRowCount: 250, returnedRowCount: 10 });
    expect(page.json.rows.map((r: any) => Number(r.n))).toEqual(Array.from({ length: 10 }, (_, i) => 101 + i));
    expect(Number(page.json.rows[0].twice)).toBe(202);

    const tail = await emu.call('GET', `/queries/${created.id}/latest/data?limit=100&offset=200`);
    expect(tail.json).toMatchObject({ totalRowCount: 250, returnedRowCount: 50 });
    const beyond = await emu.call('GET', `/queries/${created.id}/latest/data?offset=1000`);
    expect(beyond.json).toMatchObject({ totalRowCount: 250, returnedRowCount: 0, rows: [] });

    expectValidationError(await emu.call('GET', `/queries/${created.id}/latest/data?limit=0`), 'limit');
    expectValidationError(await emu.call('GET', `/queries/${created.id}/latest/data?offset=-5`), 'offset');
    expectValidationError(await emu.call('GET', `/queries/${created.id}/latest/data?limit=many`), 'limit');
  });

  it('serves the latest successful run: a later failed run does not replace it', async () => {
    const created = await createQuery({ name: 'Succeeds then fails', sql: 'SELECT 1 AS one' });
    const good = await executeAndWait(emu, created.id);
    expect(good.status.status).toBe('COMPLETED');
    await emu.call('PATCH', `/queries/${created.id}`, { body: { sql: 'SELECT * FROM missing_table' } });
    const bad = await executeAndWait(emu, created.id);
    expect(bad.status.status).toBe('FAILED');
    const query = await emu.call('GET', `/queries/${created.id}`);
    expect(query.json).toMatchObject({ lastQueryRunId: bad.queryRunId, lastSuccessfulRunId: good.queryRunId });
    const data = await emu.call('GET', `/queries/${created.id}/latest/data`);
    expect(data.json).toMatchObject({ queryRunId: good.queryRunId, totalRowCount: 1 });
  });
});

describe('GET /queries/{id}/query-runs', () => {
  it('lists runs newest first with paging (default limit 20, max 100)', async () => {
    const created = await createQuery({ name: 'Run history', sql: 'SELECT 1 AS one' });
    const empty = await emu.call('GET', `/queries/${created.id}/query-runs`);
    expect(empty.json).toMatchObject({ runs: [], total: 0, limit: 20, offset: 0 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await executeAndWait(emu, created.id)).queryRunId);
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    const all = await emu.call('GET', `/queries/${created.id}/query-runs`);
    expect(all.json).toMatchObject({ total: 3, limit: 20, offset: 0 });
    expect(all.json.runs.map((r: any) => r.id)).toEqual([...ids].reverse());
    for (const run of all.json.runs) expect(run.queryId).toBe(created.id);

    const first = await emu.call('GET', `/queries/${created.id}/query-runs?limit=2`);
    expect(first.json).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(first.json.runs.map((r: any) => r.id)).toEqual([ids[2], ids[1]]);
    const second = await emu.call('GET', `/queries/${created.id}/query-runs?limit=2&offset=2`);
    expect(second.json).toMatchObject({ total: 3, limit: 2, offset: 2 });
    expect(second.json.runs.map((r: any) => r.id)).toEqual([ids[0]]);

    expect((await emu.call('GET', `/queries/${created.id}/query-runs?limit=100`)).status).toBe(200);
    expectValidationError(await emu.call('GET', `/queries/${created.id}/query-runs?limit=101`), 'limit');
    expectValidationError(await emu.call('GET', `/queries/${created.id}/query-runs?limit=0`), 'limit');
    expectValidationError(await emu.call('GET', `/queries/${created.id}/query-runs?limit=x`), 'limit');
  });
});
