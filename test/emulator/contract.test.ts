/**
 * The emulator sends only what the API description allows, read where it used to send null: query runs and
 * step runs in flight, whose fields the description types as plain string, uuid or timestamp (never "or
 * null"). Every response is also checked against the OpenAPI reading by the helper (see contract-check.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contractCheck } from '../helpers/contract-check.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/emulator.js';
import { demoIds, demoKey, request } from './helpers.js';

let emulator: RunningEmulator;
const check = contractCheck();
const call = (path: string, method = 'GET') => request(emulator.baseUrl, method, path);
const nulls = (item: Record<string, unknown>) => Object.keys(item).filter((key) => item[key] === null);

beforeAll(async () => {
  // slow runs, so that they are read while queued, running and done
  emulator = await startEmulator({
    onResponse: check.onResponse,
    port: 0,
    host: '127.0.0.1',
    apiKeys: [demoKey],
    seed: 'demo',
    latencyMs: 0,
    faultRate: 0,
    faultSeed: 1,
    stepMs: 150,
  });
});
afterAll(async () => {
  await emulator?.close();
});

it('query runs in flight and done carry no null field, in the runs list and in the list of queries', async () => {
  const started = await call(`/queries/${demoIds.queries.dailyRevenue}/execute`, 'POST');
  expect(started.status).toBe(202);
  const seen = new Set<string>();
  for (let poll = 0; poll < 60 && !seen.has('COMPLETED'); poll++) {
    const runs = (await call(`/queries/${demoIds.queries.dailyRevenue}/query-runs?limit=1`)).json.runs as Record<string, unknown>[];
    const listed = ((await call('/queries?includeRuns=true&limit=100')).json.queries as Record<string, any>[]).find(
      (q) => q.id === demoIds.queries.dailyRevenue,
    )!;
    for (const run of [runs[0]!, listed.lastQueryRun]) expect(nulls(run), JSON.stringify(run)).toEqual([]);
    seen.add(String(runs[0]!.status));
    if (!('completedAt' in runs[0]!)) seen.add('in flight');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(seen).toContain('in flight');
  expect(seen).toContain('COMPLETED');
  expect(check.found).toEqual([]);
});

it('step runs not started or not finished leave their times out rather than send null', async () => {
  const run = (await call(`/automations/${demoIds.automations.morningReport}/runs`, 'POST')).json;
  const detail = (await call(`/automation-runs/${run.id}`)).json;
  expect(detail.stepRuns.length).toBe(2);
  for (const step of detail.stepRuns) {
    expect(nulls(step)).toEqual([]);
    expect(step).not.toHaveProperty('startedAt');
    expect(step).not.toHaveProperty('completedAt');
  }
  // the run's own times may be null: "timestamp or null"
  expect(detail.run.startedAt).toBeNull();
  await call(`/automation-runs/${run.id}/cancel`, 'POST');
  expect(check.checked()).toBeGreaterThan(3);
  expect(check.found).toEqual([]);
});
