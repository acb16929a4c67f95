import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stubServer } from '../../helpers/command.js';
import { automation } from '../../helpers/fixtures.js';
import { automationRun, runDetail, stepRun } from '../../helpers/resources.js';

const { server, ws } = stubServer({ env: { NO_COLOR: '1' } });

const id = '20000000-0000-4000-8000-000000000001';
const runId = '22000000-0000-4000-8000-000000000050';
const morning = automation({
  id,
  name: 'Morning revenue report',
  inputSchema: { type: 'object', properties: { start_date: { type: 'string' }, min_amount: { type: 'number' } } },
});
const pending = automationRun({ id: runId, workflowId: id, state: 'pending', startedAt: null, completedAt: null });
const running = runDetail(automationRun({ id: runId, workflowId: id, state: 'running', completedAt: null }), [
  stepRun({ name: 'Daily revenue', state: 'running', completedAt: null }),
]);
const completed = runDetail(automationRun({ id: runId, workflowId: id, workflowName: 'Morning revenue report' }), [
  stepRun({ name: 'Daily revenue' }),
  stepRun({ name: 'Revenue by country' }),
]);
const failed = runDetail(automationRun({ id: runId, workflowId: id, state: 'failed' }), [
  stepRun({ name: 'Top customers' }),
  stepRun({ name: 'Churn report', state: 'failed', error: { message: 'relation subscriptions does not exist' } }),
]);
const started = { status: 202, body: pending };
const routes = () => server.requests.map((r) => `${r.method} ${r.path}`);

describe('ws automations trigger', () => {
  it('without --wait: one POST with userAgent cli, the new run id on stdout and how to follow it', async () => {
    server.on('POST', `/automations/${id}/runs`, started);
    const result = await ws(['automations', 'trigger', id]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${runId}\n`);
    expect(result.stderr).toBe(`Started automation run ${runId}. Follow it: ws automations wait ${runId}\n`);
    expect(server.requests.map((r) => [r.method, r.path, JSON.parse(r.body)])).toEqual([['POST', `/automations/${id}/runs`, { userAgent: 'cli' }]]);
  });

  it('without --wait, the command that follows the run carries the output format given (as queries execute does)', async () => {
    server.on('POST', `/automations/${id}/runs`, started);
    const yaml = await ws(['automations', 'trigger', id, '-o', 'yaml']);
    expect(yaml.exitCode, yaml.stderr).toBe(0);
    expect(yaml.stderr).toBe(`Started automation run ${runId}. Follow it: ws automations wait ${runId} -o yaml\n`);
    const json = await ws(['automations', 'trigger', id, '--json', 'id'], { stderrIsTTY: true });
    expect(json.stderr).toBe(`Started automation run ${runId}. Follow it: ws automations wait ${runId} --json\n`);
  });

  it('in a terminal the same, and --json prints the run as the server answered', async () => {
    server.on('POST', `/automations/${id}/runs`, started);
    const tty = await ws(['automations', 'trigger', id], { tty: true, stdinIsTTY: false, columns: 100 }); // stdin elsewhere: no inputs asked
    expect(tty.exitCode, tty.stderr).toBe(0);
    expect(tty.stdout).toBe(`${runId}\n`);
    expect(tty.stderr).toContain(`Started automation run ${runId}.`);
    const json = await ws(['automations', 'trigger', id, '--json']);
    expect(JSON.parse(json.stdout)).toEqual(pending);
    // --json off a terminal: stderr is kept for errors
    expect(json.stderr).toBe('');
  });

  it('by name: the search, then the POST to the id it names', async () => {
    server.on('GET', '/automations', { body: { workflows: [morning], total: 1, limit: 200, offset: 0 } });
    server.on('POST', `/automations/${id}/runs`, started);
    const result = await ws(['automations', 'trigger', 'Morning revenue report']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(routes()).toEqual(['GET /automations', `POST /automations/${id}/runs`]);
  });

  it('a name that is not exact is exit 4 with the similar ones; nothing is triggered', async () => {
    server.on('GET', '/automations', { body: { workflows: [morning], total: 1, limit: 200, offset: 0 } });
    const result = await ws(['automations', 'trigger', 'Morning']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toBe(
      `error: no automation is named "Morning"\nhint: the likeliest: "Morning revenue report" (${id}); see which there are: \`ws automations list\`\n`,
    );
    // the search, then the list itself (a search that heeds case may miss it); no POST
    expect(routes()).toEqual(['GET /automations', 'GET /automations']);
  });

  it('--input and --inputs-file (YAML) are sent as inputValues, a flag winning over the file; --metadata as metadata', async () => {
    const open = automation({ id }); // declares no inputs, so it takes any
    server.on('GET', `/automations/${id}`, { body: open });
    server.on('POST', `/automations/${id}/runs`, started);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-trigger-'));
    const inputs = path.join(dir, 'inputs.yaml');
    fs.writeFileSync(inputs, 'start_date: 2026-06-01\nmin_amount: 50\nnote: "a: b"\n');
    const result = await ws([
      'automations',
      'trigger',
      id,
      '--inputs-file',
      inputs,
      '--input',
      'min_amount=100',
      '--input',
      'label=x=y',
      '--metadata',
      '{"by":"ci"}',
      '-q',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(routes()).toEqual([`GET /automations/${id}`, `POST /automations/${id}/runs`]);
    expect(JSON.parse(server.requests[1]!.body)).toEqual({
      inputValues: { start_date: '2026-06-01', min_amount: '100', note: 'a: b', label: 'x=y' },
      metadata: { by: 'ci' },
      userAgent: 'cli',
    });
    fs.rmSync(dir, { recursive: true });
  });

  it('--inputs-file - reads the inputs from stdin', async () => {
    server.on('GET', `/automations/${id}`, { body: morning });
    server.on('POST', `/automations/${id}/runs`, started);
    const result = await ws(['automations', 'trigger', id, '--inputs-file', '-', '-q'], { stdin: '{"start_date": "2026-01-01"}' });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(server.requests[1]!.body).inputValues).toEqual({ start_date: '2026-01-01' });
  });

  it('keys the automation does not declare are exit 2 naming them and the declared ones; nothing is triggered', async () => {
    server.on('GET', `/automations/${id}`, { body: morning });
    const result = await ws(['automations', 'trigger', id, '--input', 'start_date=2026-06-01', '--input', 'region=EU', '--input', 'minimum=5']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe('error: automation "Morning revenue report" has no input "region", "minimum"\nhint: its inputs: start_date, min_amount\n');
    expect(routes()).toEqual([`GET /automations/${id}`]);
  });

  it.each([
    [['--input', 'start_date'], 'error: invalid --input "start_date": expected name=value'],
    [['--metadata', '[1]'], '--metadata'],
    [['--cancel-on-interrupt'], 'error: --cancel-on-interrupt needs --wait: without it ws does not stay to cancel the run'],
    [['--cancel-on-timeout'], 'error: --cancel-on-timeout needs --wait'],
    [['--wait', '--timeout', 'soon'], '--timeout'],
  ])('%j is exit 2 and nothing is sent', async (args, message) => {
    const result = await ws(['automations', 'trigger', id, ...args]);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
    expect(server.requests).toEqual([]);
  });

  it('--dry-run prints the request and sends no POST (the automation is read to check the inputs)', async () => {
    server.on('GET', `/automations/${id}`, { body: morning });
    const result = await ws(['automations', 'trigger', id, '--input', 'start_date=2026-03-01', '--metadata', '{"by":"test"}', '--dry-run']);
    expect(result.exitCode, result.stderr).toBe(0);
    const [first, ...rest] = result.stdout.split('\n');
    expect(first).toBe(`POST /automations/${id}/runs`);
    expect(JSON.parse(rest.join('\n'))).toEqual({ inputValues: { start_date: '2026-03-01' }, metadata: { by: 'test' }, userAgent: 'cli' });
    expect(result.stderr).toBe('dry run: nothing was sent\n');
    expect(routes()).toEqual([`GET /automations/${id}`]);
  });

  it('--wait follows the run to the end and prints the timeline', async () => {
    server.on('POST', `/automations/${id}/runs`, started);
    server.on('GET', `/automation-runs/${runId}`, { body: running }, { body: completed });
    const result = await ws(['automations', 'trigger', id, '--wait']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain(`run:\t${runId}\n`);
    expect(result.stdout).toContain('state:\tcompleted\n');
    expect(result.stdout).toContain(`automation:\tMorning revenue report (${id})\n`);
    expect(result.stdout).toMatch(/^ 1\. completed +2\.0s {2}Daily revenue\n 2\. completed +2\.0s {2}Revenue by country\n$/m);
    // off a terminal the view is one line a change of state
    expect(result.stderr).toContain(`automation run ${runId}: running`);
    expect(routes()).toEqual([`POST /automations/${id}/runs`, `GET /automation-runs/${runId}`, `GET /automation-runs/${runId}`]);
  });

  it('--wait in a terminal: the live view on stderr, the final run on stdout', async () => {
    server.on('POST', `/automations/${id}/runs`, started);
    server.on('GET', `/automation-runs/${runId}`, { body: completed });
    const result = await ws(['automations', 'trigger', id, '--wait'], { tty: true, stdinIsTTY: false, columns: 100 }); // stdin elsewhere: no inputs asked
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^state: +completed$/m);
    expect(result.stderr).toContain('Revenue by country');
  });

  it('--wait --json prints the final run', async () => {
    server.on('POST', `/automations/${id}/runs`, started);
    server.on('GET', `/automation-runs/${runId}`, { body: completed });
    const result = await ws(['automations', 'trigger', id, '--wait', '--json']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(completed.run);
  });

  it('a run that fails is exit 5 naming step 2 and its error', async () => {
    server.on('POST', `/automations/${id}/runs`, started);
    server.on('GET', `/automation-runs/${runId}`, { body: failed });
    const result = await ws(['automations', 'trigger', id, '--wait']);
    expect(result.exitCode).toBe(5);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`error: automation run ${runId} failed: step 2 (Churn report) failed: relation subscriptions does not exist\n`);
    expect(result.stderr).toContain(`hint: see every step: ws automations get-run ${runId}\n`);
  });

  it('a failed run with -o yaml: stdout empty, the timeline on stderr; with --json the one error object', async () => {
    server.on('POST', `/automations/${id}/runs`, started);
    server.on('GET', `/automation-runs/${runId}`, { body: failed });
    const yaml = await ws(['automations', 'trigger', id, '--wait', '-o', 'yaml']);
    expect(yaml.exitCode).toBe(5);
    expect(yaml.stdout).toBe('');
    expect(yaml.stderr).toContain(`automation run ${runId}: step 2/2 Churn report: failed`);
    const json = await ws(['automations', 'trigger', id, '--wait', '--json']);
    expect(json.exitCode).toBe(5);
    expect(json.stdout).toBe('');
    expect(JSON.parse(json.stderr).error).toMatchObject({ code: 'run_failed', automationId: id, automationRunId: runId });
  });

  it('a run cancelled while it waits is exit 5; with --json run_cancelled naming the automation and the run', async () => {
    server.on('POST', `/automations/${id}/runs`, started);
    server.on('GET', `/automation-runs/${runId}`, { body: running }, { body: runDetail({ ...running.run, state: 'cancelled' }) });
    const result = await ws(['automations', 'trigger', id, '--wait', '--json']);
    expect(result.exitCode).toBe(5);
    expect(result.stdout).toBe('');
    expect(JSON.parse(result.stderr).error).toMatchObject({
      code: 'run_cancelled',
      automationId: id,
      automationRunId: runId,
      message: `automation run ${runId} cancelled`,
    });
  });

  it('--timeout 1ms is exit 6 naming the run and how to resume; no cancel is sent', async () => {
    server.on('POST', `/automations/${id}/runs`, started);
    // 1 ms may be over before the first status request is sent, or after it
    server.optional('GET', `/automation-runs/${runId}`, { body: running });
    const result = await ws(['automations', 'trigger', id, '--wait', '--timeout', '1ms'], { clock: Date.now });
    expect(result.exitCode).toBe(6);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(new RegExp(`^error: gave up waiting for automation run ${runId} after .*goes on`, 'm'));
    expect(result.stderr).toContain(`ws automations wait ${runId}`);
    expect(routes().filter((route) => route.startsWith('POST'))).toEqual([`POST /automations/${id}/runs`]);
  });

  it('--timeout 1ms --cancel-on-timeout cancels the run before exit 6', async () => {
    server.on('POST', `/automations/${id}/runs`, started);
    let cancelled = false;
    server.on('POST', `/automation-runs/${runId}/cancel`, () => {
      cancelled = true;
      return { body: {} };
    });
    // running until the cancel arrives (however many polls the 1 ms allow), cancelled after it
    const poll = () => ({ body: cancelled ? runDetail({ ...running.run, state: 'cancelled' }) : running });
    server.on('GET', `/automation-runs/${runId}`, poll);
    const result = await ws(['automations', 'trigger', id, '--wait', '--timeout', '1ms', '--cancel-on-timeout'], { clock: Date.now });
    expect(result.exitCode).toBe(6);
    expect(result.stderr).toContain('it was cancelled');
    expect(routes().filter((route) => route.startsWith('POST'))).toEqual([`POST /automations/${id}/runs`, `POST /automation-runs/${runId}/cancel`]);
  });

  it('a start the server refuses is exit 1 with its message, sent once', async () => {
    server.on('POST', `/automations/${id}/runs`, { status: 500, body: { message: 'scheduler offline' } });
    const result = await ws(['automations', 'trigger', id]);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('scheduler offline');
    expect(server.requests).toHaveLength(1);
  });
});
