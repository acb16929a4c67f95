/**
 * End to end: bin/ws (built: `npm run build`) against the in-process emulator, for `ws automations …`.
 * The demo data has "Morning revenue report" (two steps, succeeds) and "Nightly churn export" (fails at
 * step 2). What is checked is what a user notices: stdout, stderr, the exit code, what the server saw.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoIds, pollUntil, routes, spawnWs, startTestEmulator, waitForOutput, type TestEmulator } from '../helpers/emulator.js';
import { ws } from '../helpers/ws.js';

const uuidRe = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;
const runLine = new RegExp(`automation run (${uuidRe.source}): `);
const morning = demoIds.automations.morningReport;
const nightly = demoIds.automations.nightlyExport;

let emu: TestEmulator;
/** Runs move slowly here (400 ms a state): for cancel, --timeout and Ctrl-C. */
let slow: TestEmulator;
let env: Record<string, string>;
let slowEnv: Record<string, string>;
let dir: string;
/** A completed run of the morning report and a failed run of the nightly export, made through the API. */
let completedRun: string;
let failedRun: string;

async function finishedRun(on: TestEmulator, automationId: string): Promise<string> {
  const started = await on.api('POST', `/automations/${automationId}/runs`, {});
  expect(started.status).toBe(202);
  const id = started.json.id as string;
  await pollUntil(async () => ['completed', 'failed', 'cancelled'].includes((await on.api('GET', `/automation-runs/${id}`)).json.run.state), `run ${id} to end`, 15_000);
  return id;
}

async function serverRun(on: TestEmulator, id: string): Promise<any> {
  const res = await on.api('GET', `/automation-runs/${id}`);
  expect(res.status).toBe(200);
  return res.json;
}

beforeAll(async () => {
  [emu, slow] = await Promise.all([startTestEmulator(), startTestEmulator({ stepMs: 1000 })]);
  env = emu.env;
  slowEnv = slow.env;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-e2e-automations-'));
  [completedRun, failedRun] = await Promise.all([finishedRun(emu, morning), finishedRun(emu, nightly)]);
});
afterAll(async () => {
  await Promise.all([emu?.close(), slow?.close()]);
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await Promise.all([emu.clearRequests(), slow.clearRequests()]);
});

describe('ws automations list', () => {
  it('prints plain tab-separated columns through a pipe', async () => {
    const result = await ws(['automations', 'list'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('ID\tNAME\tCADENCE\tLAST RUN\tUPDATED');
    expect(lines.slice(1).map((line) => line.split('\t').slice(0, 3)).sort()).toEqual([
      [morning, 'Morning revenue report', 'daily 06:00'],
      [nightly, 'Nightly churn export', 'daily 02:30'],
    ]);
    expect(result.stderr).toBe('');
  });

  it('--search sends the search parameter and lists the matches only', async () => {
    const result = await ws(['automations', 'list', '--search', 'churn', '--json', 'id,name'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).workflows).toEqual([{ id: nightly, name: 'Nightly churn export' }]);
    const [request] = await emu.requests();
    expect(request!.path).toBe('/automations');
    expect(new URLSearchParams(request!.query).get('search')).toBe('churn');
  });

  it('--limit 1 asks for one and prints one; total still describes the whole', async () => {
    const result = await ws(['automations', 'list', '--limit', '1', '--json'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    const body = JSON.parse(result.stdout);
    expect(body.workflows).toHaveLength(1);
    expect(body).toMatchObject({ total: 2, limit: 1, offset: 0 });
    const [request] = await emu.requests();
    expect(new URLSearchParams(request!.query).get('limit')).toBe('1');
  });

  it('--json fields keeps only those fields; an unknown field is exit 2 listing the valid ones, nothing sent', async () => {
    const result = await ws(['automations', 'list', '--json', 'name,cadence'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    const workflows = JSON.parse(result.stdout).workflows as Record<string, unknown>[];
    expect(workflows).toHaveLength(2);
    for (const workflow of workflows) expect(Object.keys(workflow).sort()).toEqual(['cadence', 'name']);
    expect(workflows).toContainEqual({ name: 'Morning revenue report', cadence: { type: 'daily', time: '06:00' } });
    await emu.clearRequests();
    const bad = await ws(['automations', 'list', '--json', 'name,schedule'], env);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('schedule');
    expect(bad.stderr).toContain('cadence');
    expect(await emu.requests()).toEqual([]);
  });
});

describe('ws automations get and runs', () => {
  it('get shows one automation with its cadence and inputs', async () => {
    const result = await ws(['automations', 'get', morning], env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('name:\tMorning revenue report\n');
    expect(result.stdout).toContain(`id:\t${morning}\n`);
    expect(result.stdout).toContain('cadence:\tdaily 06:00\n');
    expect(result.stdout).toContain('inputs:\tstart_date, min_amount\n');
    const json = await ws(['automations', 'get', morning, '--json'], env);
    expect(JSON.parse(json.stdout)).toEqual((await emu.api('GET', `/automations/${morning}`)).json);
  });

  it('get of an unknown id is exit 4; of a name no automation has, exit 4 after the search and a read of every automation', async () => {
    const unknown = await ws(['automations', 'get', '20000000-0000-4000-8000-0000000000ff'], env);
    expect(unknown.exitCode).toBe(4);
    expect(unknown.stderr).toContain('not found (HTTP 404)');
    await emu.clearRequests();
    const bad = await ws(['automations', 'get', 'morning'], env);
    expect(bad.exitCode).toBe(4);
    expect(bad.stderr).toContain('error: no automation is named "morning"');
    expect(routes(await emu.requests())).toEqual(['GET /automations', 'GET /automations']);
  });

  it('runs lists the runs of an automation', async () => {
    const result = await ws(['automations', 'runs', morning], env);
    expect(result.exitCode, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('ID\tSTATE\tTRIGGERED BY\tSTARTED\tDURATION\tERROR');
    const row = lines.find((line) => line.startsWith(completedRun));
    expect(row?.split('\t').slice(1, 3)).toEqual(['completed', 'api']);
    const json = await ws(['automations', 'runs', nightly, '--json', 'id,state'], env);
    expect(JSON.parse(json.stdout).runs).toContainEqual({ id: failedRun, state: 'failed' });
    expect(routes(await emu.requests())).toEqual([`GET /automations/${morning}/runs`, `GET /automations/${nightly}/runs`]);
  });
});

describe('ws automations trigger', () => {
  it('--wait follows a run to success and prints the timeline with both steps completed', async () => {
    const result = await ws(['automations', 'trigger', morning, '--wait'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    const runId = result.stdout.match(new RegExp(`^run:\\t(${uuidRe.source})$`, 'm'))?.[1];
    expect(runId).toBeDefined();
    expect(result.stdout).toContain('state:\tcompleted\n');
    expect(result.stdout).toContain(`automation:\tMorning revenue report (${morning})\n`);
    expect(result.stdout).toMatch(/^ 1\. completed +\S+ {2}Daily revenue$/m);
    expect(result.stdout).toMatch(/^ 2\. completed +\S+ {2}Revenue by country$/m);
    expect((await serverRun(emu, runId!)).run.state).toBe('completed');
    expect((await emu.requests()).filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([`/automations/${morning}/runs`]);
  });

  it('--wait --json prints the final run', async () => {
    const result = await ws(['automations', 'trigger', morning, '--wait', '--json'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    const run = JSON.parse(result.stdout);
    expect(run).toMatchObject({ workflowId: morning, state: 'completed', userAgent: 'cli' });
    expect(run.completedAt).not.toBeNull();
    expect(run).toEqual((await serverRun(emu, run.id)).run);
  });

  it('a run that fails is exit 5 naming step 2 and its error', async () => {
    const result = await ws(['automations', 'trigger', nightly, '--wait'], env);
    expect(result.exitCode).toBe(5);
    expect(result.stdout).toBe('');
    const runId = result.stderr.match(runLine)?.[1];
    expect(runId).toBeDefined();
    expect(result.stderr).toContain(`error: automation run ${runId} failed: step 2 (Churn report) failed: `);
    expect(result.stderr).toMatch(/subscriptions does not exist/);
    expect(result.stderr).toContain(`ws automations get-run ${runId}`);
  });

  it('--input key=value and --inputs-file (YAML) reach the server; a flag wins over the file', async () => {
    const inputs = path.join(dir, 'inputs.yaml');
    fs.writeFileSync(inputs, 'start_date: 2026-06-01\nmin_amount: 50\nnote: "a: b"\n');
    // the nightly export declares no inputs, so it takes any (the morning report would refuse note and label)
    const result = await ws(['automations', 'trigger', nightly, '--inputs-file', inputs, '--input', 'min_amount=100', '--input', 'label=x=y', '--json', 'id', '-q'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    const { id } = JSON.parse(result.stdout);
    const expected = { start_date: '2026-06-01', min_amount: '100', note: 'a: b', label: 'x=y' };
    const shown = await ws(['automations', 'run', id, '--json'], env);
    expect(shown.exitCode, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout).run.inputValues).toEqual(expected);
    expect((await serverRun(emu, id)).run.inputValues).toEqual(expected);
  });

  it('a malformed --input is exit 2 and nothing is sent', async () => {
    const result = await ws(['automations', 'trigger', morning, '--input', 'start_date'], env);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: invalid --input "start_date": expected name=value');
    expect(await emu.requests()).toEqual([]);
  });

  it('--dry-run prints the request and sends nothing (it reads the automation to check the inputs)', async () => {
    const runsBefore = (await emu.api('GET', `/automations/${morning}/runs?limit=100`)).json.total;
    await emu.clearRequests();
    const result = await ws(['automations', 'trigger', morning, '--input', 'start_date=2026-03-01', '--metadata', '{"by":"e2e"}', '--dry-run'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    const [first, ...rest] = result.stdout.split('\n');
    expect(first).toBe(`POST /automations/${morning}/runs`);
    expect(JSON.parse(rest.join('\n'))).toEqual({ inputValues: { start_date: '2026-03-01' }, metadata: { by: 'e2e' }, userAgent: 'cli' });
    expect(result.stderr).toContain('dry run: nothing was sent');
    expect(routes(await emu.requests())).toEqual([`GET /automations/${morning}`]);
    expect((await emu.api('GET', `/automations/${morning}/runs?limit=100`)).json.total).toBe(runsBefore);
  });

  it('without --wait prints the new run id (as queries execute does) and a hint to follow it', async () => {
    const result = await ws(['automations', 'trigger', morning], env);
    expect(result.exitCode, result.stderr).toBe(0);
    const runId = result.stdout.match(new RegExp(`^(${uuidRe.source})\\n$`))?.[1];
    expect(runId).toBeDefined();
    expect(result.stderr).toContain(`Started automation run ${runId}. Follow it: ws automations wait ${runId}`);
    expect(routes(await emu.requests())).toEqual([`POST /automations/${morning}/runs`]);
    expect((await serverRun(emu, runId!)).run.workflowId).toBe(morning);
  });
});

describe('ws automations run, steps, result, wait', () => {
  it('run <id> shows the run with its steps as a timeline', async () => {
    const result = await ws(['automations', 'run', completedRun], env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain(`run:\t${completedRun}\n`);
    expect(result.stdout).toContain('state:\tcompleted\n');
    expect(result.stdout).toMatch(/^steps:\n 1\. completed +\d+(?:\.\d+)?m?s {2}Daily revenue\n 2\. completed +\d+(?:\.\d+)?m?s {2}Revenue by country\n$/m);
    const failed = await ws(['automations', 'run', failedRun], env);
    expect(failed.exitCode, failed.stderr).toBe(0);
    expect(failed.stdout).toContain('state:\tfailed\n');
    expect(failed.stdout).toMatch(/^ 1\. completed +\S+ {2}Top customers$/m);
    expect(failed.stdout).toMatch(/^ 2\. failed +\S+ {2}Churn report: .*subscriptions does not exist/m);
    expect(failed.stdout).toMatch(/^error:\t.*subscriptions does not exist/m);
  });

  it('run <id> --json is the API body {run, stepRuns}', async () => {
    const result = await ws(['automations', 'run', completedRun, '--json'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(await serverRun(emu, completedRun));
  });

  it('steps <id> lists each step with its state and error', async () => {
    const result = await ws(['automations', 'steps', failedRun], env);
    expect(result.exitCode, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('ID\tSTEP\tSTATE\tDURATION\tERROR');
    const rows = lines.slice(1).map((line) => line.split('\t'));
    expect(rows.map((row) => [row[1], row[2]])).toEqual([
      ['Top customers', 'completed'],
      ['Churn report', 'failed'],
    ]);
    expect(rows[0]![4]).toBe('');
    expect(rows[1]![4]).toMatch(/subscriptions does not exist/);
    const json = await ws(['automations', 'steps', completedRun, '--json', 'state'], env);
    expect(json.exitCode, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout).stepRuns).toEqual([{ state: 'completed' }, { state: 'completed' }]);
  });

  it('result <id> --json prints the complete result as the server sent it', async () => {
    const result = await ws(['automations', 'result', failedRun, '--json'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    const body = JSON.parse(result.stdout);
    expect(body).toEqual((await emu.api('GET', `/automation-runs/${failedRun}/result`)).json);
    expect(body.state).toBe('failed');
    expect(body.steps.map((s: any) => s.state)).toEqual(['completed', 'failed']);
  });

  it('wait on a completed run prints it at once; on a failed run it is exit 5', async () => {
    const done = await ws(['automations', 'wait', completedRun], env);
    expect(done.exitCode, done.stderr).toBe(0);
    expect(done.stdout).toContain('state:\tcompleted\n');
    expect(done.stdout).toMatch(/^ 2\. completed .*Revenue by country$/m);
    const failed = await ws(['automations', 'wait', failedRun], env);
    expect(failed.exitCode).toBe(5);
    expect(failed.stderr).toContain(`error: automation run ${failedRun} failed: step 2 (Churn report) failed: `);
  });

  it('wait --timeout 1ms on a running run is exit 6 with the command to resume; the run goes on', async () => {
    const started = await slow.api('POST', `/automations/${morning}/runs`, {});
    const id = started.json.id as string;
    const result = await ws(['automations', 'wait', id, '--timeout', '1ms'], slowEnv);
    expect(result.exitCode).toBe(6);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(new RegExp(`^error: gave up waiting for automation run ${id} after .*goes on`, 'm'));
    expect(result.stderr).toContain(`ws automations wait ${id}`);
    const resumed = await ws(['automations', 'wait', id], slowEnv);
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    expect(resumed.stdout).toContain('state:\tcompleted\n');
  });

  it('trigger --wait --timeout 1ms is exit 6 too, naming the run it started', async () => {
    const result = await ws(['automations', 'trigger', morning, '--wait', '--timeout', '1ms'], slowEnv);
    expect(result.exitCode).toBe(6);
    const id = result.stderr.match(runLine)?.[1];
    expect(id).toBeDefined();
    expect(result.stderr).toContain(`ws automations wait ${id}`);
    expect(['pending', 'running']).toContain((await serverRun(slow, id!)).run.state);
  });
});

describe('ws automations cancel', () => {
  it('cancels a running run; cancelling it again is a non-zero exit with a clear message', async () => {
    const triggered = await ws(['automations', 'trigger', morning, '-q', '--json', 'id'], slowEnv);
    expect(triggered.exitCode, triggered.stderr).toBe(0);
    const { id } = JSON.parse(triggered.stdout);
    expect(['pending', 'running']).toContain((await serverRun(slow, id)).run.state);
    await slow.clearRequests();
    const cancelled = await ws(['automations', 'cancel', id], slowEnv);
    expect(cancelled.exitCode, cancelled.stderr).toBe(0);
    expect(cancelled.stdout).toContain(`run:\t${id}\n`);
    expect(cancelled.stdout).toContain('state:\tcancelled\n');
    expect(cancelled.stderr).toContain(`Cancelled automation run ${id}.`);
    expect(routes(await slow.requests())).toContain(`POST /automation-runs/${id}/cancel`);
    const detail = await serverRun(slow, id);
    expect(detail.run.state).toBe('cancelled');
    expect(detail.stepRuns.map((s: any) => s.state)).toEqual(['cancelled', 'cancelled']);
    const shown = await ws(['automations', 'run', id, '--json'], slowEnv);
    expect(JSON.parse(shown.stdout).run.state).toBe('cancelled');

    // cancelling a cancelled run: the server refuses (409), ws reads the run and reports it cancelled
    const again = await ws(['automations', 'cancel', id], slowEnv);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stdout).toContain('state:\tcancelled\n');
    expect(again.stderr).toContain(`Automation run ${id} is cancelled (it already was`);

    const waited = await ws(['automations', 'wait', id], slowEnv);
    expect(waited.exitCode).toBe(5);
    expect(waited.stderr).toContain(`error: automation run ${id} cancelled`);
  });

  it('cancelling a completed run is exit 1 with the server\'s reason, sent once', async () => {
    await emu.clearRequests();
    const result = await ws(['automations', 'cancel', completedRun], env);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error: POST \/automation-runs\/.*\/cancel failed \(HTTP 409\): .*is completed; only a pending or running run can be cancelled/m);
    expect(routes(await emu.requests()).filter((r) => r.startsWith('POST'))).toEqual([`POST /automation-runs/${completedRun}/cancel`]);
  });

    it('--dry-run prints the cancel request and sends nothing', async () => {
    const runId = '9b2f3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    await emu.clearRequests();
    const result = await ws(['automations', 'cancel', runId, '--dry-run'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe(`POST /automation-runs/${runId}/cancel\n`);
    expect(result.stderr).toContain('dry run: nothing was sent');
    expect(await emu.requests()).toEqual([]);
  });

  it('a run id that is not a UUID is exit 2 and nothing is sent', async () => {
    const result = await ws(['automations', 'cancel', 'latest'], env);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: invalid automation run id "latest": must be a UUID');
    expect(await emu.requests()).toEqual([]);
  });
});

describe('Ctrl-C during trigger --wait', () => {
  it('with --cancel-on-interrupt: exit 130 and the run ends cancelled', async () => {
    const child = spawnWs(['automations', 'trigger', morning, '--wait', '--cancel-on-interrupt'], slowEnv);
    let id: string;
    try {
      id = (await waitForOutput(child.stderr, runLine))[1]!;
    } finally {
      child.kill('SIGINT');
    }
    const result = await child;
    expect(result.exitCode).toBe(130);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`error: stopped waiting for automation run ${id}; it was cancelled`);
    expect(routes(await slow.requests())).toContain(`POST /automation-runs/${id}/cancel`);
    const shown = await ws(['automations', 'run', id, '--json'], slowEnv);
    expect(shown.exitCode, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout).run.state).toBe('cancelled');
    // the run is over, so the hint must not send the user to cancel it again (that is a 409)
    expect(result.stderr).not.toContain(`ws automations cancel ${id}`);
  });

  it('without --cancel-on-interrupt: exit 130, the resume command is named, and the run goes on', async () => {
    const child = spawnWs(['automations', 'trigger', morning, '--wait'], slowEnv);
    let id: string;
    try {
      id = (await waitForOutput(child.stderr, runLine))[1]!;
    } finally {
      child.kill('SIGINT');
    }
    const result = await child;
    expect(result.exitCode).toBe(130);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`error: stopped waiting for automation run ${id}; it goes on`);
    expect(result.stderr).toContain(`ws automations wait ${id}`);
    expect(result.stderr).toContain(`ws automations cancel ${id}`);
    expect(routes(await slow.requests()).filter((route) => route.endsWith('/cancel'))).toEqual([]);
    const shown = await ws(['automations', 'run', id, '--json'], slowEnv);
    expect(shown.exitCode, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout).run.state).not.toBe('cancelled');
    const resumed = await ws(['automations', 'wait', id], slowEnv);
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    expect(resumed.stdout).toContain('state:\tcompleted\n');
  });
});
