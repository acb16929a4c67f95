/**
 * The emulator's API-key checks and organizations, its injected faults and latency, its request log, and
 * its state across a restart with a data folder; over plain HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoIds,
  executeAndWait,
  removeTempDirs,
  startTestEmulator,
  tempDir,
  waitForAutomationRun,
  waitForQueryRun,
  type CallResult,
  type TestEmulator,
} from './helpers.js';

const missingId = '99999999-9999-4999-8999-999999999999';
const q = demoIds.queries;

afterAll(() => {
  removeTempDirs();
});

/** Every endpoint of the API description, with a request that would succeed with a good key. */
const endpoints: [string, string, unknown?][] = [
  ['GET', '/queries'],
  ['POST', '/queries', { name: 'x', sql: 'SELECT 1' }],
  ['GET', `/queries/${q.dailyRevenue}`],
  ['PATCH', `/queries/${q.dailyRevenue}`, { name: 'x' }],
  ['POST', `/queries/${q.dailyRevenue}/execute`, {}],
  ['GET', `/queries/${q.dailyRevenue}/query-runs`],
  ['GET', `/queries/${q.dailyRevenue}/latest/data`],
  ['GET', `/query-runs/${missingId}`],
  ['GET', `/query-runs/${missingId}/result`],
  ['GET', '/automations'],
  ['GET', `/automations/${demoIds.automations.morningReport}`],
  ['GET', `/automations/${demoIds.automations.morningReport}/runs`],
  ['POST', `/automations/${demoIds.automations.morningReport}/runs`, {}],
  ['GET', `/automation-runs/${missingId}`],
  ['GET', `/automation-runs/${missingId}/result`],
  ['GET', `/automation-runs/${missingId}/step-runs`],
  ['POST', `/automation-runs/${missingId}/cancel`],
  ['GET', '/agents/sql_helper'],
  ['PATCH', '/agents/sql_helper', { maxTurns: 3 }],
  ['POST', '/skills', { name: 'n', slug: 'n', description: 'd', knowledge: 'k' }],
  ['GET', '/skills/sql_style'],
  ['GET', `/chat-sessions/${demoIds.chatSessions.onboarding}`],
  ['PATCH', '/chat-sessions/update', { visibility: 'public' }],
];

function expectErrorShape(res: CallResult, status: number): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.json).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  expect(res.json.error.code.length).toBeGreaterThan(0);
  expect(res.json.error.message.length).toBeGreaterThan(0);
  expect(res.headers['x-request-id']).toEqual(expect.any(String));
  expect(res.headers['x-request-id']!.length).toBeGreaterThan(0);
  if (res.json.requestId !== undefined) expect(res.json.requestId).toBe(res.headers['x-request-id']);
}

describe('authentication', () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator();
  });
  afterAll(async () => {
    await emu?.close();
  });

  it('answers 401 without a key and with a wrong key on every endpoint, changing nothing', async () => {
    for (const [method, path, body] of endpoints) {
      const headers: Record<string, string> = path === '/chat-sessions/update' ? { 'x-session-id': demoIds.chatSessions.onboarding } : {};
      const none = await emu.call(method, path, { key: null, headers, ...(body !== undefined ? { body } : {}) });
      expectErrorShape(none, 401);
      const wrong = await emu.call(method, path, { key: 'wsk_not_the_key', headers, ...(body !== undefined ? { body } : {}) });
      expectErrorShape(wrong, 401);
      const empty = await emu.call(method, path, { key: '', headers, ...(body !== undefined ? { body } : {}) });
      expect(empty.status, `${method} ${path} with an empty key`).toBe(401);
    }
    // none of the refused writes happened
    expect((await emu.call('GET', `/queries/${q.dailyRevenue}`)).json.name).toBe('Daily revenue');
    expect((await emu.call('GET', `/queries/${q.dailyRevenue}/query-runs`)).json.total).toBe(0);
    expect((await emu.call('GET', `/automations/${demoIds.automations.morningReport}/runs`)).json.total).toBe(0);
    expect((await emu.call('GET', '/agents/sql_helper')).json.maxTurns).toBe(12);
    expect((await emu.call('GET', '/skills/n')).status).toBe(404);
    expect((await emu.call('GET', `/chat-sessions/${demoIds.chatSessions.onboarding}`)).json.visibility).toBe('organization');
  });

  it('uses the same error shape and x-request-id for 400, 404 and 405, and sends x-request-id on success', async () => {
    expectErrorShape(await emu.call('GET', '/queries?limit=101'), 400);
    expectErrorShape(await emu.call('GET', `/queries/${missingId}`), 404);
    expectErrorShape(await emu.call('GET', '/no-such-endpoint'), 404);
    const wrongMethod = await emu.call('DELETE', `/queries/${q.dailyRevenue}`);
    expect([404, 405]).toContain(wrongMethod.status);
    expectErrorShape(wrongMethod, wrongMethod.status);
    const ok = await emu.call('GET', '/queries?limit=1');
    expect(ok.status).toBe(200);
    expect(ok.headers['x-request-id']).toEqual(expect.any(String));
    const again = await emu.call('GET', '/queries?limit=1');
    expect(again.headers['x-request-id']).not.toBe(ok.headers['x-request-id']);
  });

  it('serves the API only under /public/v3', async () => {
    const outside = await emu.call('GET', `${emu.origin}/queries`);
    expect(outside.status).toBe(404);
  });
});

describe('organizations (apiKeys a and b:other)', () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator({ apiKeys: ['a', 'b:other'] });
  });
  afterAll(async () => {
    await emu?.close();
  });

  it('keeps each organization to its own data', async () => {
    const created = await emu.call('POST', '/queries', { key: 'b', body: { name: 'Other org query', sql: 'SELECT 1 AS one' } });
    expect(created.status).toBe(201);
    expect(created.json.organizationId).not.toBe(demoIds.organization);
    expect(created.json.createdById).not.toBe(demoIds.user);
    const id = created.json.id;

    // b sees its own query and nothing of the demo
    expect((await emu.call('GET', `/queries/${id}`, { key: 'b' })).status).toBe(200);
    const bList = await emu.call('GET', '/queries?limit=100', { key: 'b' });
    expect(bList.json.total).toBe(1);
    expect(bList.json.queries.map((x: any) => x.id)).toEqual([id]);
    expect((await emu.call('GET', `/queries/${q.dailyRevenue}`, { key: 'b' })).status).toBe(404);
    expect((await emu.call('POST', `/queries/${q.dailyRevenue}/execute`, { key: 'b', body: {} })).status).toBe(404);
    expect((await emu.call('GET', '/automations', { key: 'b' })).json.total).toBe(0);
    expect((await emu.call('GET', `/automations/${demoIds.automations.morningReport}`, { key: 'b' })).status).toBe(404);
    expect((await emu.call('GET', '/agents/sql_helper', { key: 'b' })).status).toBe(404);
    expect((await emu.call('GET', `/agents/${demoIds.agents.sqlHelper}`, { key: 'b' })).status).toBe(404);
    expect((await emu.call('GET', '/skills/sql_style', { key: 'b' })).status).toBe(404);
    expect((await emu.call('GET', `/chat-sessions/${demoIds.chatSessions.onboarding}`, { key: 'b' })).status).toBe(404);
    expect(
      (
        await emu.call('PATCH', '/chat-sessions/update', {
          key: 'b',
          headers: { 'x-session-id': demoIds.chatSessions.onboarding },
          body: { visibility: 'public' },
        })
      ).status,
    ).toBe(404);

    // a (the demo organization) cannot see or touch b's query
    expect((await emu.call('GET', `/queries/${id}`, { key: 'a' })).status).toBe(404);
    expect((await emu.call('PATCH', `/queries/${id}`, { key: 'a', body: { name: 'stolen' } })).status).toBe(404);
    expect((await emu.call('POST', `/queries/${id}/execute`, { key: 'a', body: {} })).status).toBe(404);
    const aList = await emu.call('GET', '/queries?limit=100', { key: 'a' });
    expect(aList.json.queries.map((x: any) => x.id)).not.toContain(id);
    expect(aList.json.queries.map((x: any) => x.id)).toContain(q.dailyRevenue);
    expect((await emu.call('GET', `/queries/${id}`, { key: 'b' })).json.name).toBe('Other org query');

    // runs stay in their organization as well
    const run = await executeAndWait(emu, id, {}, 'b');
    expect(run.status.status).toBe('COMPLETED');
    expect((await emu.call('GET', `/query-runs/${run.queryRunId}`, { key: 'a' })).status).toBe(404);
    expect((await emu.call('GET', `/query-runs/${run.queryRunId}/result`, { key: 'a' })).status).toBe(404);
    expect((await emu.call('GET', `/query-runs/${run.queryRunId}`, { key: 'b' })).status).toBe(200);

    // a skill slug in one organization does not collide with the same slug in another
    const skill = { name: 'Shared slug', slug: 'sql_style', description: 'b has its own', knowledge: 'k' };
    const bSkill = await emu.call('POST', '/skills', { key: 'b', body: skill });
    expect(bSkill.status).toBe(201);
    expect(bSkill.json.id).not.toBe(demoIds.skills.sqlStyle);
    expect((await emu.call('GET', '/skills/sql_style', { key: 'a' })).json).toMatchObject({ id: demoIds.skills.sqlStyle, description: 'House style for SQL' });
  });
});

describe('scripted faults, the request log, random faults and latency', () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator();
  });
  afterAll(async () => {
    await emu?.close();
  });

  it('fails a path exactly `times` times, then serves it normally; other paths are untouched', async () => {
    const scripted = await emu.control('POST', '/faults', { path: '^/queries$', status: 503, times: 2 });
    expect(scripted.status).toBeLessThan(300);
    expect((await emu.call('GET', '/automations')).status).toBe(200);
    expect((await emu.call('GET', `/queries/${q.dailyRevenue}`)).status).toBe(200);
    const first = await emu.call('GET', '/queries');
    expectErrorShape(first, 503);
    const second = await emu.call('GET', '/queries');
    expect(second.status).toBe(503);
    const third = await emu.call('GET', '/queries');
    expect(third.status).toBe(200);
    expect(third.json.total).toBeGreaterThan(0);
    expect((await emu.call('GET', '/queries')).status).toBe(200);
  });

  it('limits a fault to its method when one is given', async () => {
    await emu.control('POST', '/faults', { method: 'POST', path: '^/queries$', status: 500, times: 1 });
    expect((await emu.call('GET', '/queries')).status).toBe(200);
    expect((await emu.call('POST', '/queries', { body: { name: 'after fault', sql: 'SELECT 1' } })).status).toBe(500);
    expect((await emu.call('POST', '/queries', { body: { name: 'after fault', sql: 'SELECT 1' } })).status).toBe(201);
  });

  it('sends Retry-After with a scripted 429, the given value or a default', async () => {
    await emu.control('POST', '/faults', { path: '^/automations$', status: 429, retryAfter: 7, times: 1 });
    const given = await emu.call('GET', '/automations');
    expectErrorShape(given, 429);
    expect(given.headers['retry-after']).toBe('7');

    await emu.control('POST', '/faults', { path: '^/automations$', status: 429, times: 1 });
    const defaulted = await emu.call('GET', '/automations');
    expect(defaulted.status).toBe(429);
    expect(defaulted.headers['retry-after']).toMatch(/^\d+$/);
    expect(Number(defaulted.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await emu.call('GET', '/automations')).status).toBe(200);
  });

  it('drops the connection for a scripted reset: fetch rejects, the next request is served', async () => {
    await emu.control('POST', '/faults', { path: '^/agents/', reset: true, times: 1 });
    await expect(emu.call('GET', '/agents/sql_helper')).rejects.toThrow();
    const next = await emu.call('GET', '/agents/sql_helper');
    expect(next.status).toBe(200);
    expect(next.json.name).toBe('sql_helper');
  });

  it('refuses an invalid scripted fault', async () => {
    expect((await emu.control('POST', '/faults', { status: 503 })).status).toBe(400);
    expect((await emu.control('POST', '/faults', { path: '([unclosed', status: 503 })).status).toBe(400);
    expect((await emu.control('POST', '/faults', 'not json')).status).toBe(400);
  });

  it('lists the requests it received at GET /__emulator/requests', async () => {
    expect((await emu.control('DELETE', '/requests')).status).toBe(200);
    await emu.call('GET', '/queries?limit=2&offset=1');
    await emu.call('GET', `/queries/${missingId}`);
    await emu.call('GET', '/automations', { key: 'wrong' });
    const log = await emu.control('GET', '/requests');
    expect(log.status).toBe(200);
    const entries = log.json.requests.map((r: any) => ({ method: r.method, path: r.path, status: r.status }));
    expect(entries).toEqual([
      { method: 'GET', path: '/queries', status: 200 },
      { method: 'GET', path: `/queries/${missingId}`, status: 404 },
      { method: 'GET', path: '/automations', status: 401 },
    ]);
    expect(log.json.requests[0].query).toContain('limit=2');
    for (const entry of log.json.requests) expect(Number.isNaN(Date.parse(entry.at))).toBe(false);
  });

  it('injects the same random faults for the same faultRate and faultSeed (429 with Retry-After, 503, resets)', async () => {
    async function sequence(faultSeed: number): Promise<string[]> {
      const faulty = await startTestEmulator({ faultRate: 0.5, faultSeed, seed: 'none' });
      try {
        const outcomes: string[] = [];
        for (let i = 0; i < 30; i++) {
          try {
            const res = await faulty.call('GET', '/queries');
            if (res.status === 429) expect(res.headers['retry-after']).toMatch(/^\d+$/);
            outcomes.push(String(res.status));
          } catch {
            outcomes.push('reset');
          }
        }
        return outcomes;
      } finally {
        await faulty.close();
      }
    }
    const first = await sequence(42);
    const second = await sequence(42);
    expect(second).toEqual(first);
    expect(first).toContain('200');
    expect(first.some((outcome) => outcome !== '200')).toBe(true);
    for (const outcome of first) expect(['200', '429', '503', 'reset']).toContain(outcome);
    const faults = first.filter((outcome) => outcome !== '200').length;
    // a rate of 0.5 over 30 requests: neither (almost) none nor (almost) all
    expect(faults).toBeGreaterThan(5);
    expect(faults).toBeLessThan(25);
    const otherSeed = await sequence(7);
    expect(otherSeed).not.toEqual(first);
  });

  it('delays responses by latencyMs', async () => {
    const latencyMs = 150;
    const slow = await startTestEmulator({ latencyMs, seed: 'none' });
    try {
      for (const path of ['/queries', '/automations']) {
        const started = performance.now();
        const res = await slow.call('GET', path);
        const elapsed = performance.now() - started;
        expect(res.status).toBe(200);
        // 1 ms of slack for timer rounding; never an upper bound
        expect(elapsed).toBeGreaterThanOrEqual(latencyMs - 1);
      }
      const started = performance.now();
      expect((await slow.call('GET', '/queries', { key: null })).status).toBe(401);
      expect(performance.now() - started).toBeGreaterThanOrEqual(latencyMs - 1);
    } finally {
      await slow.close();
    }
  });
});

describe('persistence with a data folder', () => {
  it('keeps every change across a restart with the same ids and values, and seeds the demo once', async () => {
    const dataDir = tempDir();
    const first = await startTestEmulator({ dataDir });
    const saved: Record<string, any> = {};
    let queryRunId = '';
    let automationRunId = '';
    try {
      const created = await first.call('POST', '/queries', {
        body: { name: 'Persisted squares', sql: 'SELECT i AS n, i * i AS square FROM range(1, 31) t(i) ORDER BY i', description: 'kept', metadata: { k: 1 } },
      });
      expect(created.status).toBe(201);
      const run = await executeAndWait(first, created.json.id);
      expect(run.status.status).toBe('COMPLETED');
      queryRunId = run.queryRunId;

      const triggered = await first.call('POST', `/automations/${demoIds.automations.morningReport}/runs`, { body: { metadata: { persisted: true } } });
      automationRunId = triggered.json.id;
      expect((await waitForAutomationRun(first, automationRunId)).run.state).toBe('completed');

      expect((await first.call('PATCH', '/agents/report_writer', { body: { description: 'persisted description', maxTurns: 9 } })).status).toBe(200);
      expect(
        (await first.call('POST', '/skills', { body: { name: 'Persisted skill', slug: 'persisted_skill', description: 'd', knowledge: 'k', tools: ['t'] } }))
          .status,
      ).toBe(201);
      expect(
        (
          await first.call('PATCH', '/chat-sessions/update', {
            headers: { 'x-session-id': demoIds.chatSessions.revenueQuestions },
            body: { visibility: 'public', meta: { extra: 'x' } },
          })
        ).status,
      ).toBe(200);

      saved.query = (await first.call('GET', `/queries/${created.json.id}`)).json;
      saved.queryList = (await first.call('GET', '/queries?limit=100&sortBy=name&sortDirection=asc')).json;
      saved.runStatus = (await first.call('GET', `/query-runs/${queryRunId}`)).json;
      saved.runResult = (await first.call('GET', `/query-runs/${queryRunId}/result`)).json;
      saved.queryRuns = (await first.call('GET', `/queries/${created.json.id}/query-runs`)).json;
      saved.data = (await first.call('GET', `/queries/${created.json.id}/latest/data`)).json;
      saved.automation = (await first.call('GET', `/automations/${demoIds.automations.morningReport}`)).json;
      saved.automations = (await first.call('GET', '/automations?sortBy=name&sortDirection=asc')).json;
      saved.automationRun = (await first.call('GET', `/automation-runs/${automationRunId}`)).json;
      saved.automationResult = (await first.call('GET', `/automation-runs/${automationRunId}/result`)).json;
      saved.agent = (await first.call('GET', '/agents/report_writer')).json;
      saved.skill = (await first.call('GET', '/skills/persisted_skill')).json;
      saved.demoSkill = (await first.call('GET', '/skills/sql_style')).json;
      saved.session = (await first.call('GET', `/chat-sessions/${demoIds.chatSessions.revenueQuestions}`)).json;
      expect(saved.data.rows).toHaveLength(30);
    } finally {
      await first.close();
    }

    const second = await startTestEmulator({ dataDir });
    try {
      expect((await second.call('GET', `/queries/${saved.query.id}`)).json).toEqual(saved.query);
      expect((await second.call('GET', '/queries?limit=100&sortBy=name&sortDirection=asc')).json).toEqual(saved.queryList);
      expect((await second.call('GET', `/query-runs/${queryRunId}`)).json).toEqual(saved.runStatus);
      expect((await second.call('GET', `/query-runs/${queryRunId}/result`)).json).toEqual(saved.runResult);
      expect((await second.call('GET', `/queries/${saved.query.id}/query-runs`)).json).toEqual(saved.queryRuns);
      const data = await second.call('GET', `/queries/${saved.query.id}/latest/data`);
      expect(data.status).toBe(200);
      expect(data.json).toEqual(saved.data);
      expect(data.json.rows.map((r: any) => Number(r.square))).toEqual(Array.from({ length: 30 }, (_, i) => (i + 1) ** 2));
      expect((await second.call('GET', `/automations/${demoIds.automations.morningReport}`)).json).toEqual(saved.automation);
      expect(saved.automation.lastRunAt).not.toBeNull();
      expect((await second.call('GET', '/automations?sortBy=name&sortDirection=asc')).json).toEqual(saved.automations);
      expect((await second.call('GET', `/automation-runs/${automationRunId}`)).json).toEqual(saved.automationRun);
      expect((await second.call('GET', `/automation-runs/${automationRunId}/result`)).json).toEqual(saved.automationResult);
      expect((await second.call('GET', '/agents/report_writer')).json).toEqual(saved.agent);
      expect(saved.agent).toMatchObject({ description: 'persisted description', maxTurns: 9 });
      expect((await second.call('GET', '/skills/persisted_skill')).json).toEqual(saved.skill);
      expect((await second.call('GET', '/skills/sql_style')).json).toEqual(saved.demoSkill);
      expect((await second.call('GET', `/chat-sessions/${demoIds.chatSessions.revenueQuestions}`)).json).toEqual(saved.session);
      expect(saved.session).toMatchObject({ visibility: 'public', meta: { title: 'Revenue questions', extra: 'x' } });

      // the demo was not seeded again: same counts; the demo tables still answer
      expect(saved.queryList.total).toBe(6);
      expect(saved.automations.total).toBe(2);
      const daily = await executeAndWait(second, q.dailyRevenue);
      expect(daily.status.status).toBe('COMPLETED');
      expect((await second.call('GET', '/queries?limit=100')).json.total).toBe(saved.queryList.total);
      const rerun = await executeAndWait(second, saved.query.id);
      expect(rerun.status.status).toBe('COMPLETED');
      expect(rerun.queryRunId).not.toBe(queryRunId);
    } finally {
      await second.close();
    }
  });

  it('marks runs left unfinished at close as FAILED (query run) and failed (automation run) after a restart', async () => {
    const dataDir = tempDir();
    const first = await startTestEmulator({ dataDir, stepMs: 60_000 });
    let queryRunId = '';
    let automationRunId = '';
    try {
      const executed = await first.call('POST', `/queries/${q.dailyRevenue}/execute`, { body: {} });
      queryRunId = executed.json.queryRunId;
      expect(executed.json.status).toBe('PENDING');
      const triggered = await first.call('POST', `/automations/${demoIds.automations.nightlyExport}/runs`, { body: {} });
      automationRunId = triggered.json.id;
      expect(triggered.json.state).toBe('pending');
    } finally {
      await first.close();
    }

    const second = await startTestEmulator({ dataDir });
    try {
      const status = await second.call('GET', `/query-runs/${queryRunId}`);
      expect(status.status).toBe(200);
      expect(status.json.status).toBe('FAILED');
      expect(status.json.message).toEqual(expect.any(String));
      expect(status.json.history.map((h: any) => h.status)).toEqual(['PENDING', 'FAILED']);
      const runs = await second.call('GET', `/queries/${q.dailyRevenue}/query-runs`);
      const run = runs.json.runs.find((r: any) => r.id === queryRunId);
      expect(run.errorDetails).toEqual(expect.any(String));
      expect(run.completedAt).not.toBeNull();

      const detail = await second.call('GET', `/automation-runs/${automationRunId}`);
      expect(detail.json.run.state).toBe('failed');
      expect(detail.json.run.stateHistory.map((h: any) => h.state)).toEqual(['pending', 'failed']);
      expect(Object.keys(detail.json.run.error).length).toBeGreaterThan(0);
      for (const step of detail.json.stepRuns) expect(['pending', 'running']).not.toContain(step.state);

      // the restarted emulator runs new work normally
      const fresh = await executeAndWait(second, q.dailyRevenue);
      expect(fresh.status.status).toBe('COMPLETED');
      expect((await waitForQueryRun(second, queryRunId)).status).toBe('FAILED');
    } finally {
      await second.close();
    }
  });
});
