/**
 * Runs share the engine without waiting for each other beyond its limits, and a cancelled automation
 * run stops its running query.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeAll, demoIds, demoKey, executeAndWait, startTestEmulator, waitFor, waitForAutomationRun, waitForQueryRun, type TestEmulator } from './helpers.js';

// each test starts its own emulators and runs real SQL: generous bounds on a shared two-core machine
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

afterAll(closeAll);

/** Runs for minutes unless interrupted; the run timeout is left at its default (60 s). */
const endlessSql = 'SELECT count(*) AS n FROM range(100000000000) a WHERE a.range % 7 = 3';
const orgB = 'wsk_org_b';

async function startRun(emu: TestEmulator, sql: string, key = demoKey): Promise<string> {
  const created = await emu.call('POST', '/queries', { key, body: { name: sql.slice(0, 40), sql } });
  expect(created.status).toBe(201);
  const executed = await emu.call('POST', `/queries/${created.json.id}/execute`, { key, body: {} });
  expect(executed.status).toBe(202);
  return executed.json.queryRunId as string;
}

async function statusOf(emu: TestEmulator, runId: string, key = demoKey): Promise<string> {
  return (await emu.call('GET', `/query-runs/${runId}`, { key })).json.status as string;
}

describe('runs side by side', () => {
  it("runs the same organization's next query, and another organization's, while long ones run", async () => {
    // one thread per engine: the long runs share two cores with everything else
    const emu = await startTestEmulator({ apiKeys: [demoKey, `${orgB}:other`], threads: 1 });
    const long = await startRun(emu, endlessSql);
    await waitFor(async () => (await statusOf(emu, long)) === 'RUNNING', { what: 'the long run to be RUNNING' });
    const same = await executeAndWait(emu, demoIds.queries.topCustomers);
    expect(same.status.status).toBe('COMPLETED');

    // a second long one takes the organization's last place; another organization still finds one
    const secondLong = await startRun(emu, endlessSql);
    await waitFor(async () => (await statusOf(emu, secondLong)) === 'RUNNING', { what: 'the second long run to be RUNNING' });
    const other = await startRun(emu, 'SELECT 42 AS answer', orgB);
    expect((await waitForQueryRun(emu, other, { key: orgB })).status).toBe('COMPLETED');
    expect(
      (await emu.call('GET', `/queries/${(await emu.call('GET', `/query-runs/${other}/result`, { key: orgB })).json.queryId}/latest/data`, { key: orgB })).json
        .rows,
    ).toEqual([{ answer: 42 }]);
    expect((await emu.call('GET', '/queries?limit=1')).status).toBe(200);
    // all that while the long ones were still running
    expect([await statusOf(emu, long), await statusOf(emu, secondLong)]).toEqual(['RUNNING', 'RUNNING']);
    await emu.close();
  });
});

describe('cancelling an automation run', () => {
  it('interrupts the query its running step started: the query run ends CANCELLED', async () => {
    const emu = await startTestEmulator();
    const patched = await emu.call('PATCH', `/queries/${demoIds.queries.dailyRevenue}`, { body: { sql: endlessSql } });
    expect(patched.status).toBe(200);
    const triggered = await emu.call('POST', `/automations/${demoIds.automations.morningReport}/runs`, { body: {} });
    expect(triggered.status).toBe(202);
    const runId = triggered.json.id as string;
    const queryRunId = await waitFor(
      async () => {
        const steps = (await emu.call('GET', `/automation-runs/${runId}/step-runs`)).json.stepRuns as { input: { queryRunId?: string } }[];
        const id = steps[0]?.input.queryRunId;
        return id && (await statusOf(emu, id)) === 'RUNNING' ? id : undefined;
      },
      { what: 'the first step to run its query' },
    );

    expect((await emu.call('POST', `/automation-runs/${runId}/cancel`)).status).toBe(200);
    const stopped = await waitForQueryRun(emu, queryRunId);
    expect(stopped.status).toBe('CANCELLED');
    expect(stopped.message).toBe(`cancelled with automation run ${runId}`);
    const automationRun = await waitForAutomationRun(emu, runId);
    expect(automationRun.run.state).toBe('cancelled');
    // the engine is free again: a new run completes
    expect((await executeAndWait(emu, demoIds.queries.topCustomers)).status.status).toBe('COMPLETED');
  });
});
