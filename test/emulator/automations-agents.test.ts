/**
 * Conformance of the emulator's /automations, /automation-runs, /agents, /skills and /chat-sessions
 * endpoints with workspace-api-v3.md, over plain HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, sleep, startTestEmulator, waitFor, waitForAutomationRun, waitForQueryRun, type TestEmulator } from './helpers.js';

const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const missingId = '99999999-9999-4999-8999-999999999999';
const a = demoIds.automations;

let emu: TestEmulator;

beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(async () => {
  await emu?.close();
});

function expectValidationError(res: { status: number; json: any }, field: string): void {
  expect(res.status, JSON.stringify(res.json)).toBe(400);
  expect(res.json.error.code).toBe('validation_error');
  expect(res.json.error.message).toContain(field);
  if (res.json.error.field !== undefined) expect(String(res.json.error.field)).toContain(field);
}

function states(history: { state: string; at: string }[]): string[] {
  return history.map((entry) => entry.state);
}

function expectOrderedTimes(history: { at: string }[]): void {
  const times = history.map((entry) => Date.parse(entry.at));
  expect(times.every((t) => !Number.isNaN(t))).toBe(true);
  expect(times).toEqual([...times].sort((x, y) => x - y));
}

async function trigger(automationId: string, body: unknown = {}, on: TestEmulator = emu): Promise<any> {
  const res = await on.call('POST', `/automations/${automationId}/runs`, { body });
  expect([200, 201, 202], JSON.stringify(res.json)).toContain(res.status);
  return res.json;
}

describe('GET /automations', () => {
  it('lists the demo automations with every required field and the default limit 200', async () => {
    const res = await emu.call('GET', '/automations');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ total: 2, limit: 200, offset: 0 });
    expect(res.json.workflows.map((w: any) => w.id).sort()).toEqual([a.morningReport, a.nightlyExport].sort());
    for (const workflow of res.json.workflows) {
      for (const field of [
        'id',
        'organizationId',
        'name',
        'description',
        'cadence',
        'inputSchema',
        'clonedFromId',
        'createdById',
        'updatedById',
        'lastRunAt',
        'createdAt',
        'updatedAt',
      ]) {
        expect(workflow, field).toHaveProperty(field);
      }
      expect(workflow.cadence).toMatchObject({ type: expect.any(String), time: expect.any(String) });
      expect(workflow.organizationId).toBe(demoIds.organization);
    }
  });

  it('searches name and description', async () => {
    const byName = await emu.call('GET', '/automations?search=morning');
    expect(byName.json.workflows.map((w: any) => w.id)).toEqual([a.morningReport]);
    expect(byName.json.total).toBe(1);
    const byDescription = await emu.call('GET', '/automations?search=exports%20top%20customers');
    expect(byDescription.json.workflows.map((w: any) => w.id)).toEqual([a.nightlyExport]);
    expect((await emu.call('GET', '/automations?search=zzz-nothing')).json).toMatchObject({ workflows: [], total: 0 });
  });

  it('sorts by name in both directions', async () => {
    const asc = await emu.call('GET', '/automations?sortBy=name&sortDirection=asc');
    expect(asc.json.workflows.map((w: any) => w.name)).toEqual(['Morning revenue report', 'Nightly churn export']);
    const desc = await emu.call('GET', '/automations?sortBy=name&sortDirection=desc');
    expect(desc.json.workflows.map((w: any) => w.name)).toEqual(['Nightly churn export', 'Morning revenue report']);
    expectValidationError(await emu.call('GET', '/automations?sortBy=popularity'), 'sortBy');
  });

  it('pages with limit (max 200) and offset; 201, 0 and non-numeric limits are refused', async () => {
    const first = await emu.call('GET', '/automations?sortBy=name&sortDirection=asc&limit=1');
    expect(first.json).toMatchObject({ total: 2, limit: 1, offset: 0 });
    expect(first.json.workflows.map((w: any) => w.id)).toEqual([a.morningReport]);
    const second = await emu.call('GET', '/automations?sortBy=name&sortDirection=asc&limit=1&offset=1');
    expect(second.json.workflows.map((w: any) => w.id)).toEqual([a.nightlyExport]);
    expect((await emu.call('GET', '/automations?limit=200')).status).toBe(200);
    expectValidationError(await emu.call('GET', '/automations?limit=201'), 'limit');
    expectValidationError(await emu.call('GET', '/automations?limit=0'), 'limit');
    expectValidationError(await emu.call('GET', '/automations?limit=lots'), 'limit');
    expectValidationError(await emu.call('GET', '/automations?offset=-1'), 'offset');
    expectValidationError(await emu.call('GET', '/automations?include=everything'), 'include');
  });

  it('filters by createdById and ownership', async () => {
    expect((await emu.call('GET', `/automations?createdById=${demoIds.user}`)).json.total).toBe(2);
    expect((await emu.call('GET', `/automations?createdById=${missingId}`)).json).toMatchObject({ workflows: [], total: 0 });
    expect((await emu.call('GET', '/automations?ownership=all')).json.total).toBe(2);
    expect((await emu.call('GET', '/automations?ownership=owned')).json.total).toBe(2);
    expect((await emu.call('GET', '/automations?ownership=granted')).status).toBe(200);
    expectValidationError(await emu.call('GET', '/automations?ownership=mine'), 'ownership');
  });

  it('gets one automation; 400 for a bad id, 404 for an unknown one', async () => {
    const res = await emu.call('GET', `/automations/${a.morningReport}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: a.morningReport, name: 'Morning revenue report', cadence: { type: 'daily', time: '06:00' } });
    expect((await emu.call('GET', '/automations/morning')).status).toBe(400);
    expect((await emu.call('GET', `/automations/${missingId}`)).status).toBe(404);
    expect((await emu.call('GET', `/automations/${missingId}/runs`)).status).toBe(404);
    expect((await emu.call('POST', `/automations/${missingId}/runs`, { body: {} })).status).toBe(404);
    for (const suffix of ['', '/result', '/step-runs']) {
      expect((await emu.call('GET', `/automation-runs/nope${suffix}`)).status).toBe(400);
      expect((await emu.call('GET', `/automation-runs/${missingId}${suffix}`)).status).toBe(404);
    }
    expect((await emu.call('POST', `/automation-runs/${missingId}/cancel`)).status).toBe(404);
  });
});

describe('triggering automation runs', () => {
  it('moves a run pending, running, completed with one step run per step, each with its own history, input and output', async () => {
    const before = Date.now();
    const started = await trigger(a.morningReport, { metadata: { source: 'test' }, userAgent: 'cli' });
    expect(started.id).toMatch(uuidRe);
    expect(started).toMatchObject({
      workflowId: a.morningReport,
      organizationId: demoIds.organization,
      state: 'pending',
      metadata: { source: 'test' },
      inputValues: {},
    });
    expect(['schedule', 'manual', 'api']).toContain(started.triggeredBy);
    expect(states(started.stateHistory)).toEqual(['pending']);
    for (const field of ['runById', 'error', 'startedAt', 'completedAt', 'createdAt', 'updatedAt']) expect(started, field).toHaveProperty(field);

    const detail = await waitForAutomationRun(emu, started.id, ['completed', 'failed', 'cancelled'], { intervalMs: 2 });
    expect(detail.run.state).toBe('completed');
    expect(states(detail.run.stateHistory)).toEqual(['pending', 'running', 'completed']);
    expectOrderedTimes(detail.run.stateHistory);
    expect(Date.parse(detail.run.startedAt)).toBeGreaterThanOrEqual(Date.parse(detail.run.createdAt));
    expect(Date.parse(detail.run.completedAt)).toBeGreaterThanOrEqual(Date.parse(detail.run.startedAt));

    expect(detail.stepRuns).toHaveLength(2);
    const expectedQueries = [demoIds.queries.dailyRevenue, demoIds.queries.revenueByCountry];
    for (const [index, step] of detail.stepRuns.entries()) {
      expect(step.id).toMatch(uuidRe);
      expect(step.workflowRunId).toBe(started.id);
      expect(step.workflowStepId).toMatch(uuidRe);
      expect(step.state).toBe('completed');
      expect(states(step.stateHistory)).toEqual(['pending', 'running', 'completed']);
      expectOrderedTimes(step.stateHistory);
      expect(step.input.queryId).toBe(expectedQueries[index]);
      expect(step.output.queryRunId).toMatch(uuidRe);
      expect(Number.isInteger(step.output.rowCount)).toBe(true);
      expect(step.output.rowCount).toBeGreaterThan(0);
      // the step's query run is a real run of that query with the same row count
      const result = await emu.call('GET', `/query-runs/${step.output.queryRunId}/result`);
      expect(result.json).toMatchObject({ queryId: expectedQueries[index], status: 'COMPLETED', rowCount: step.output.rowCount });
    }
    expect(new Set(detail.stepRuns.map((s: any) => s.workflowStepId)).size).toBe(2);
    // steps run one after the other
    expect(Date.parse(detail.stepRuns[1].startedAt)).toBeGreaterThanOrEqual(Date.parse(detail.stepRuns[0].completedAt));

    const automation = await emu.call('GET', `/automations/${a.morningReport}`);
    expect(automation.json.lastRunAt).not.toBeNull();
    expect(Date.parse(automation.json.lastRunAt)).toBeGreaterThanOrEqual(before - 1000);

    const listed = await emu.call('GET', `/automations?include=latestRun&search=morning`);
    expect(listed.json.workflows[0].latestRun).toMatchObject({ id: started.id, state: 'completed' });
    expect(listed.json.workflows[0].lastRunAt).toBe(automation.json.lastRunAt);
    const plain = await emu.call('GET', '/automations?search=morning');
    expect(plain.json.workflows[0]).not.toHaveProperty('latestRun');
  });

  it('passes inputValues to the step queries', async () => {
    const run = await trigger(a.morningReport, { inputValues: { start_date: '2026-10-01', min_amount: 450 } });
    expect(run.inputValues).toEqual({ start_date: '2026-10-01', min_amount: 450 });
    const detail = await waitForAutomationRun(emu, run.id);
    expect(detail.run.state).toBe('completed');
    const byCountry = detail.stepRuns[1];
    expect(byCountry.input.parameters).toMatchObject({ start_date: '2026-10-01', min_amount: 450 });
    const data = await emu.call('GET', `/queries/${demoIds.queries.revenueByCountry}/latest/data`);
    expect(data.json.queryRunId).toBe(byCountry.output.queryRunId);
    const orders = data.json.rows.reduce((sum: number, row: any) => sum + Number(row.orders), 0);
    // far fewer paid orders on or after October with at least 450.00 than in the whole year
    expect(orders).toBeGreaterThan(0);
    expect(orders).toBeLessThan(300);
  });

  it('runs the nightly churn export to failed: the failing step failed with its error, the run error set', async () => {
    const run = await trigger(a.nightlyExport);
    const detail = await waitForAutomationRun(emu, run.id);
    expect(detail.run.state).toBe('failed');
    expect(states(detail.run.stateHistory)).toEqual(['pending', 'running', 'failed']);
    expect(Object.keys(detail.run.error).length).toBeGreaterThan(0);
    expect(JSON.stringify(detail.run.error)).toMatch(/subscriptions/i);
    expect(detail.run.completedAt).not.toBeNull();
    const [first, second] = detail.stepRuns;
    expect(first.state).toBe('completed');
    expect(second.state).toBe('failed');
    expect(states(second.stateHistory)).toEqual(['pending', 'running', 'failed']);
    expect(second.error.message).toMatch(/subscriptions/i);
    expect(second.input.queryId).toBe(demoIds.queries.brokenReport);
    const failedRun = await waitForQueryRun(emu, second.output.queryRunId ?? second.input.queryRunId);
    expect(failedRun.status).toBe('FAILED');
  });

  it('does not run the steps after a failing step', async () => {
    // break the first step of the morning report for this one run, then put it back
    const daily = (await emu.call('GET', `/queries/${demoIds.queries.dailyRevenue}`)).json;
    const byCountryRunsBefore = (await emu.call('GET', `/queries/${demoIds.queries.revenueByCountry}/query-runs?limit=1`)).json.total;
    await emu.call('PATCH', `/queries/${daily.id}`, { body: { sql: 'SELECT * FROM table_that_is_not_there' } });
    try {
      const run = await trigger(a.morningReport);
      const detail = await waitForAutomationRun(emu, run.id);
      expect(detail.run.state).toBe('failed');
      const [first, second] = detail.stepRuns;
      expect(first.state).toBe('failed');
      expect(first.error.message).toMatch(/table_that_is_not_there/);
      expect(['completed', 'running', 'failed']).not.toContain(second.state);
      expect(states(second.stateHistory)).not.toContain('running');
      expect(second).not.toHaveProperty('startedAt'); // a step never started has no start time (left out: StepRun times may not be null)
      expect(second.output.queryRunId).toBeUndefined();
      // settle a little: the later step never starts
      await sleep(50);
      const again = await emu.call('GET', `/automation-runs/${run.id}`);
      expect(again.json.run.state).toBe('failed');
      expect(states(again.json.stepRuns[1].stateHistory)).not.toContain('running');
      const byCountryRunsAfter = (await emu.call('GET', `/queries/${demoIds.queries.revenueByCountry}/query-runs?limit=1`)).json.total;
      expect(byCountryRunsAfter).toBe(byCountryRunsBefore);
    } finally {
      await emu.call('PATCH', `/queries/${daily.id}`, { body: { sql: daily.sql } });
    }
  });

  it('returns the full run result and step runs', async () => {
    const run = await trigger(a.morningReport);
    const detail = await waitForAutomationRun(emu, run.id);
    expect(detail.run.state).toBe('completed');

    const result = await emu.call('GET', `/automation-runs/${run.id}/result`);
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({ runId: run.id, workflowId: a.morningReport, state: 'completed', error: null });
    expect(result.json.durationMs).toBeGreaterThanOrEqual(0);
    expect(result.json.steps).toHaveLength(2);
    for (const [index, step] of result.json.steps.entries()) {
      expect(step).toMatchObject({
        stepRunId: detail.stepRuns[index].id,
        state: 'completed',
        output: detail.stepRuns[index].output,
        input: detail.stepRuns[index].input,
      });
      expect(step.durationMs).toBeGreaterThanOrEqual(0);
      expect(Array.isArray(step.reasoning)).toBe(true);
    }

    const steps = await emu.call('GET', `/automation-runs/${run.id}/step-runs`);
    expect(steps.status).toBe(200);
    const list = Array.isArray(steps.json) ? steps.json : (steps.json.stepRuns ?? steps.json.runs);
    expect(list).toEqual(detail.stepRuns);
    for (const step of list) expect(states(step.stateHistory)).toEqual(['pending', 'running', 'completed']);

    const failed = await trigger(a.nightlyExport);
    await waitForAutomationRun(emu, failed.id);
    const failedResult = await emu.call('GET', `/automation-runs/${failed.id}/result`);
    expect(failedResult.json.state).toBe('failed');
    expect(JSON.stringify(failedResult.json.error)).toMatch(/subscriptions/i);
    expect(failedResult.json.steps[1].error.message).toMatch(/subscriptions/i);
  });

  it('lists runs of an automation newest first, with limit 1..100 and offset', async () => {
    const created: string[] = [];
    for (let i = 0; i < 3; i++) {
      const run = await trigger(a.nightlyExport);
      created.push(run.id);
      await waitForAutomationRun(emu, run.id);
      await sleep(2);
    }
    const all = await emu.call('GET', `/automations/${a.nightlyExport}/runs?limit=100`);
    expect(all.status).toBe(200);
    expect(all.json.limit).toBe(100);
    expect(all.json.total).toBeGreaterThanOrEqual(3);
    expect(all.json.runs.slice(0, 3).map((r: any) => r.id)).toEqual([...created].reverse());
    const times = all.json.runs.map((r: any) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((x: number, y: number) => y - x));
    for (const run of all.json.runs) expect(run.workflowId).toBe(a.nightlyExport);

    const page = await emu.call('GET', `/automations/${a.nightlyExport}/runs?limit=1&offset=1`);
    expect(page.json).toMatchObject({ total: all.json.total, limit: 1, offset: 1 });
    expect(page.json.runs.map((r: any) => r.id)).toEqual([created[1]]);
    expectValidationError(await emu.call('GET', `/automations/${a.nightlyExport}/runs?limit=0`), 'limit');
    expectValidationError(await emu.call('GET', `/automations/${a.nightlyExport}/runs?limit=101`), 'limit');
    expectValidationError(await emu.call('GET', `/automations/${a.nightlyExport}/runs?offset=-1`), 'offset');
  });

  it('validates the trigger body', async () => {
    expectValidationError(await emu.call('POST', `/automations/${a.morningReport}/runs`, { body: { inputValues: 'x' } }), 'inputValues');
    expectValidationError(await emu.call('POST', `/automations/${a.morningReport}/runs`, { body: { userAgent: 'robot' } }), 'userAgent');
    expect((await emu.call('POST', `/automations/${a.morningReport}/runs`, { body: { priority: 1 } })).status).toBe(400);
  });

  it('refuses to cancel a run that has ended (409)', async () => {
    const run = await trigger(a.morningReport);
    await waitForAutomationRun(emu, run.id);
    const res = await emu.call('POST', `/automation-runs/${run.id}/cancel`);
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect((await emu.call('GET', `/automation-runs/${run.id}`)).json.run.state).toBe('completed');
  });
});

describe('cancelling automation runs (stepMs 200)', () => {
  let slow: TestEmulator;
  beforeAll(async () => {
    slow = await startTestEmulator({ stepMs: 200 });
  });
  afterAll(async () => {
    await slow?.close();
  });

  it('cancels a pending run; it stays cancelled and a second cancel is 409', async () => {
    const run = await trigger(a.morningReport, {}, slow);
    expect(run.state).toBe('pending');
    const res = await slow.call('POST', `/automation-runs/${run.id}/cancel`);
    expect(res.status).toBe(200);
    const detail = await slow.call('GET', `/automation-runs/${run.id}`);
    expect(detail.json.run.state).toBe('cancelled');
    expect(states(detail.json.run.stateHistory)).toEqual(['pending', 'cancelled']);
    expect(detail.json.run.completedAt).not.toBeNull();
    for (const step of detail.json.stepRuns) expect(step.state).toBe('cancelled');
    expect((await slow.call('POST', `/automation-runs/${run.id}/cancel`)).status).toBe(409);
    // longer than a state lasts: the cancelled run does not move on
    await sleep(500);
    const later = await slow.call('GET', `/automation-runs/${run.id}`);
    expect(later.json.run.state).toBe('cancelled');
    expect(states(later.json.run.stateHistory)).toEqual(['pending', 'cancelled']);
    for (const step of later.json.stepRuns) expect(states(step.stateHistory)).not.toContain('running');
  });

  it('cancels a running run: the run and its unfinished steps end cancelled, nothing completes afterwards', async () => {
    const run = await trigger(a.morningReport, {}, slow);
    await waitForAutomationRun(slow, run.id, ['running'], { intervalMs: 20, timeoutMs: 5_000 });
    const res = await slow.call('POST', `/automation-runs/${run.id}/cancel`);
    expect(res.status).toBe(200);
    if (res.json?.state !== undefined) expect(res.json.state).toBe('cancelled');
    const detail = await slow.call('GET', `/automation-runs/${run.id}`);
    expect(detail.json.run.state).toBe('cancelled');
    expect(states(detail.json.run.stateHistory)).toEqual(['pending', 'running', 'cancelled']);
    expect(detail.json.stepRuns.some((s: any) => s.state === 'cancelled')).toBe(true);
    expect((await slow.call('POST', `/automation-runs/${run.id}/cancel`)).status).toBe(409);
    // long enough for the step's query (3 states of 200 ms) to have finished had the run gone on
    await sleep(1_200);
    const later = await slow.call('GET', `/automation-runs/${run.id}`);
    expect(later.json.run.state).toBe('cancelled');
    expect(states(later.json.run.stateHistory)).toEqual(['pending', 'running', 'cancelled']);
    for (const step of later.json.stepRuns) {
      expect(step.state).toBe('cancelled');
      expect(states(step.stateHistory)).not.toContain('completed');
    }
  });
});

describe('agents', () => {
  it('gets an agent by id and by name with every required field', async () => {
    const byId = await emu.call('GET', `/agents/${demoIds.agents.sqlHelper}`);
    expect(byId.status).toBe(200);
    const byName = await emu.call('GET', '/agents/sql_helper');
    expect(byName.status).toBe(200);
    expect(byName.json).toEqual(byId.json);
    for (const field of [
      'id',
      'name',
      'description',
      'kind',
      'status',
      'handlerType',
      'systemPrompt',
      'tools',
      'maxTurns',
      'metadata',
      'organizationId',
      'organizationSlug',
      'createdById',
      'updatedById',
      'createdAt',
      'updatedAt',
    ]) {
      expect(byId.json, field).toHaveProperty(field);
    }
    expect(byId.json).toMatchObject({
      id: demoIds.agents.sqlHelper,
      name: 'sql_helper',
      kind: 'chat',
      organizationId: demoIds.organization,
      organizationSlug: 'demo',
    });
    expect((await emu.call('GET', '/agents/no_such_agent')).status).toBe(404);
    expect((await emu.call('GET', `/agents/${missingId}`)).status).toBe(404);
  });

  it('PATCH merges: changed fields updated, every other field unchanged', async () => {
    const before = (await emu.call('GET', '/agents/report_writer')).json;
    const res = await emu.call('PATCH', '/agents/report_writer', { body: { description: 'Writes short reports', maxTurns: 7, metadata: { tone: 'dry' } } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ description: 'Writes short reports', maxTurns: 7, metadata: { tone: 'dry' } });
    const after = (await emu.call('GET', `/agents/${demoIds.agents.reportWriter}`)).json;
    expect(after).toEqual(res.json);
    const unchanged = Object.keys(before).filter((key) => !['description', 'maxTurns', 'metadata', 'updatedAt', 'updatedById'].includes(key));
    expect(unchanged.length).toBeGreaterThan(10);
    for (const key of unchanged) expect(after[key], key).toEqual(before[key]);
    expect(Date.parse(after.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before.updatedAt));

    const second = await emu.call('PATCH', `/agents/${demoIds.agents.reportWriter}`, {
      body: { subAgents: ['sql_helper', 'other-org/helper'], tools: [{ name: 'summarise', config: {} }] },
    });
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({
      description: 'Writes short reports',
      maxTurns: 7,
      subAgents: ['sql_helper', 'other-org/helper'],
      tools: [{ name: 'summarise', config: {} }],
    });
    const edges = await emu.call('PATCH', '/agents/report_writer', { body: { maxTurns: 50, description: 'd'.repeat(1000) } });
    expect(edges.status).toBe(200);
    expect((await emu.call('PATCH', '/agents/report_writer', { body: { maxTurns: 1, description: null } })).json).toMatchObject({
      maxTurns: 1,
      description: null,
    });
  });

  it('PATCH validation: maxTurns 0 and 51, subAgents pattern, description 1001 chars, unknown field: 400 naming the field', async () => {
    const before = (await emu.call('GET', '/agents/sql_helper')).json;
    expectValidationError(await emu.call('PATCH', '/agents/sql_helper', { body: { maxTurns: 0 } }), 'maxTurns');
    expectValidationError(await emu.call('PATCH', '/agents/sql_helper', { body: { maxTurns: 51 } }), 'maxTurns');
    expectValidationError(await emu.call('PATCH', '/agents/sql_helper', { body: { maxTurns: 2.5 } }), 'maxTurns');
    expectValidationError(await emu.call('PATCH', '/agents/sql_helper', { body: { subAgents: ['Bad Name'] } }), 'subAgents');
    expectValidationError(await emu.call('PATCH', '/agents/sql_helper', { body: { subAgents: ['a/b/c'] } }), 'subAgents');
    expectValidationError(await emu.call('PATCH', '/agents/sql_helper', { body: { description: 'd'.repeat(1001) } }), 'description');
    expectValidationError(await emu.call('PATCH', '/agents/sql_helper', { body: { kind: 'boss' } }), 'kind');
    const unknown = await emu.call('PATCH', '/agents/sql_helper', { body: { favouriteColour: 'blue' } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.message).toContain('favouriteColour');
    expect((await emu.call('PATCH', '/agents/no_such_agent', { body: { maxTurns: 3 } })).status).toBe(404);
    expect((await emu.call('GET', '/agents/sql_helper')).json).toEqual(before);
  });
});

describe('skills', () => {
  const body = {
    name: 'Churn definitions',
    slug: 'churn_definitions',
    description: 'How churn is counted',
    knowledge: 'A customer churns when no order is paid for 90 days.',
    tools: ['run_query'],
  };

  it('POST creates (201), then the same slug updates the same skill (200, same id)', async () => {
    const created = await emu.call('POST', '/skills', { body });
    expect(created.status).toBe(201);
    expect(created.json.id).toMatch(uuidRe);
    expect(created.json).toMatchObject({
      ...body,
      organizationId: demoIds.organization,
      createdById: demoIds.user,
      updatedById: demoIds.user,
      subAgents: null,
    });
    for (const field of ['createdAt', 'updatedAt']) expect(Number.isNaN(Date.parse(created.json[field])), field).toBe(false);

    const updated = await emu.call('POST', '/skills', {
      body: { ...body, description: 'How churn is counted, v2', knowledge: 'Ninety days without a paid order.' },
    });
    expect(updated.status).toBe(200);
    expect(updated.json.id).toBe(created.json.id);
    expect(updated.json).toMatchObject({
      description: 'How churn is counted, v2',
      knowledge: 'Ninety days without a paid order.',
      createdAt: created.json.createdAt,
    });

    const byId = await emu.call('GET', `/skills/${created.json.id}`);
    const bySlug = await emu.call('GET', '/skills/churn_definitions');
    expect(byId.status).toBe(200);
    expect(bySlug.json).toEqual(byId.json);
    expect(byId.json).toMatchObject({ id: created.json.id, description: 'How churn is counted, v2' });
  });

  it('gets the demo skills by id and slug; 404 for unknown ones', async () => {
    const byId = await emu.call('GET', `/skills/${demoIds.skills.revenueAnalysis}`);
    expect(byId.status).toBe(200);
    for (const field of [
      'id',
      'name',
      'slug',
      'description',
      'knowledge',
      'tools',
      'subAgents',
      'organizationId',
      'createdById',
      'updatedById',
      'createdAt',
      'updatedAt',
    ]) {
      expect(byId.json, field).toHaveProperty(field);
    }
    expect((await emu.call('GET', '/skills/sql_style')).json.id).toBe(demoIds.skills.sqlStyle);
    expect((await emu.call('GET', '/skills/no_such_skill')).status).toBe(404);
    expect((await emu.call('GET', `/skills/${missingId}`)).status).toBe(404);
  });

  it('validates: slug pattern, description 0 and 1001, knowledge empty, subAgents pattern, required fields', async () => {
    expectValidationError(await emu.call('POST', '/skills', { body: { ...body, slug: 'Churn-Defs' } }), 'slug');
    expectValidationError(await emu.call('POST', '/skills', { body: { ...body, slug: '' } }), 'slug');
    expectValidationError(await emu.call('POST', '/skills', { body: { ...body, description: '' } }), 'description');
    expectValidationError(await emu.call('POST', '/skills', { body: { ...body, description: 'd'.repeat(1001) } }), 'description');
    expectValidationError(await emu.call('POST', '/skills', { body: { ...body, knowledge: '' } }), 'knowledge');
    expectValidationError(await emu.call('POST', '/skills', { body: { ...body, name: '' } }), 'name');
    expectValidationError(await emu.call('POST', '/skills', { body: { ...body, subAgents: ['Not OK'] } }), 'subAgents');
    const { knowledge: _knowledge, ...noKnowledge } = body;
    expectValidationError(await emu.call('POST', '/skills', { body: noKnowledge }), 'knowledge');
    const edge = await emu.call('POST', '/skills', { body: { ...body, slug: 'edge_skill', description: 'd'.repeat(1000), knowledge: 'k' } });
    expect(edge.status).toBe(201);
  });
});

describe('chat sessions', () => {
  const session = demoIds.chatSessions.revenueQuestions;

  it('gets a session with every required field', async () => {
    const res = await emu.call('GET', `/chat-sessions/${session}`);
    expect(res.status).toBe(200);
    for (const field of ['id', 'userId', 'createdAt', 'organizationId', 'createdById', 'updatedById']) expect(res.json, field).toHaveProperty(field);
    expect(res.json).toMatchObject({ id: session, visibility: 'personal', meta: { title: 'Revenue questions', pinned: false } });
    expect((await emu.call('GET', `/chat-sessions/${missingId}`)).status).toBe(404);
    expect((await emu.call('GET', '/chat-sessions/legacy-session-string')).status).toBe(404);
  });

  it('PATCH /chat-sessions/update sets visibility and merges meta, keeping existing keys', async () => {
    const res = await emu.call('PATCH', '/chat-sessions/update', {
      headers: { 'x-session-id': session },
      body: { visibility: 'organization', meta: { pinned: true, tag: 'q3' } },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: session, visibility: 'organization', meta: { title: 'Revenue questions', pinned: true, tag: 'q3' } });
    expect(Number.isNaN(Date.parse(res.json.updatedAt))).toBe(false);
    const fetched = await emu.call('GET', `/chat-sessions/${session}`);
    expect(fetched.json).toMatchObject({ visibility: 'organization', meta: { title: 'Revenue questions', pinned: true, tag: 'q3' } });

    const onlyMeta = await emu.call('PATCH', '/chat-sessions/update', { headers: { 'x-session-id': session }, body: { meta: { note: 'n' } } });
    expect(onlyMeta.json).toMatchObject({ visibility: 'organization', meta: { title: 'Revenue questions', pinned: true, tag: 'q3', note: 'n' } });
    const onlyVisibility = await emu.call('PATCH', '/chat-sessions/update', { headers: { 'x-session-id': session }, body: { visibility: 'public' } });
    expect(onlyVisibility.json).toMatchObject({ visibility: 'public', meta: { title: 'Revenue questions', note: 'n' } });
    const back = await emu.call('PATCH', '/chat-sessions/update', { headers: { 'x-session-id': session }, body: { visibility: 'personal' } });
    expect(back.status).toBe(200);
    expect((await emu.call('GET', `/chat-sessions/${session}`)).json.visibility).toBe('personal');
  });

  it('PATCH /chat-sessions/update: missing or invalid x-session-id is 400, an unknown id 404, a bad body 400', async () => {
    const missing = await emu.call('PATCH', '/chat-sessions/update', { body: { visibility: 'public' } });
    expectValidationError(missing, 'x-session-id');
    expectValidationError(
      await emu.call('PATCH', '/chat-sessions/update', { headers: { 'x-session-id': 'not-a-uuid' }, body: { visibility: 'public' } }),
      'x-session-id',
    );
    const unknown = await emu.call('PATCH', '/chat-sessions/update', { headers: { 'x-session-id': missingId }, body: { visibility: 'public' } });
    expect(unknown.status).toBe(404);
    expectValidationError(
      await emu.call('PATCH', '/chat-sessions/update', { headers: { 'x-session-id': session }, body: { visibility: 'everyone' } }),
      'visibility',
    );
    expect((await emu.call('PATCH', '/chat-sessions/update', { headers: { 'x-session-id': session }, body: { title: 'x' } })).status).toBe(400);
    // the refused updates changed nothing
    expect((await emu.call('GET', `/chat-sessions/${demoIds.chatSessions.onboarding}`)).json.visibility).toBe('organization');
    expect((await emu.call('GET', `/chat-sessions/${session}`)).json.visibility).toBe('personal');
  });
});

describe('waitFor', () => {
  it('gives up after its bound', async () => {
    let calls = 0;
    await expect(
      waitFor(
        () => {
          calls++;
          return false;
        },
        { timeoutMs: 50, intervalMs: 10 },
      ),
    ).rejects.toThrow(/gave up/);
    expect(calls).toBeGreaterThan(0);
    expect(calls).toBeLessThanOrEqual(6);
  });
});
