import { describe, expect, it } from 'vitest';
import { stubServer } from '../../helpers/command.js';
import { automationRun, runDetail, stepRun } from '../../helpers/resources.js';

const { server, ws } = stubServer({ env: { NO_COLOR: '1' } });

const runId = '22000000-0000-4000-8000-000000000040';
const cancelled = runDetail(automationRun({ id: runId, state: 'cancelled' }), [stepRun({ name: 'Daily revenue', state: 'cancelled' })]);

describe('ws automations cancel', () => {
  it('sends one cancel, then shows the run as it is now', async () => {
    server.on('POST', `/automation-runs/${runId}/cancel`, { status: 202, body: {} });
    server.on('GET', `/automation-runs/${runId}`, { body: cancelled });
    const result = await ws(['automations', 'cancel', runId]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain(`run:\t${runId}\n`);
    expect(result.stdout).toContain('state:\tcancelled\n');
    expect(result.stdout).toMatch(/^ 1\. cancelled .*Daily revenue$/m);
    expect(result.stderr).toBe(`Cancelled automation run ${runId}.\n`);
    expect(server.requests.map((r) => `${r.method} ${r.path} ${r.body}`)).toEqual([`POST /automation-runs/${runId}/cancel `, `GET /automation-runs/${runId} `]);
  });

  it('in a terminal: aligned labels; --json prints {run, stepRuns}', async () => {
    server.on('POST', `/automation-runs/${runId}/cancel`, { body: {} });
    server.on('GET', `/automation-runs/${runId}`, { body: cancelled });
    const tty = await ws(['automations', 'cancel', runId], { tty: true, columns: 100 });
    expect(tty.exitCode, tty.stderr).toBe(0);
    expect(tty.stdout).toMatch(/^state: +cancelled$/m);
    const json = await ws(['automations', 'cancel', runId, '--json']);
    expect(JSON.parse(json.stdout)).toEqual(cancelled);
  });

  it('a run already cancelled: the refusal is read as done, and the note says so', async () => {
    server.on('POST', `/automation-runs/${runId}/cancel`, { status: 409, body: { message: 'run is cancelled' } });
    server.on('GET', `/automation-runs/${runId}`, { body: cancelled });
    const result = await ws(['automations', 'cancel', runId]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('state:\tcancelled\n');
    expect(result.stderr).toBe(`Automation run ${runId} is cancelled (it already was, or the first answer was lost).\n`);
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it("a completed run: exit 1 with the server's reason, the cancel sent once", async () => {
    server.on('POST', `/automation-runs/${runId}/cancel`, {
      status: 409,
      body: { message: `automation run ${runId} is completed; only a pending or running run can be cancelled` },
    });
    server.on('GET', `/automation-runs/${runId}`, { body: runDetail(automationRun({ id: runId })) });
    const result = await ws(['automations', 'cancel', runId]);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      new RegExp(`^error: POST /automation-runs/${runId}/cancel failed \\(HTTP 409\\): .*only a pending or running run can be cancelled`, 'm'),
    );
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('--dry-run prints the request and sends nothing; with --json as a document', async () => {
    const result = await ws(['automations', 'cancel', runId, '--dry-run']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe(`POST /automation-runs/${runId}/cancel\n`);
    expect(result.stderr).toBe('dry run: nothing was sent\n');
    const json = await ws(['automations', 'cancel', runId, '--dry-run', '--json']);
    expect(JSON.parse(json.stdout)).toEqual({ dryRun: true, method: 'POST', path: `/automation-runs/${runId}/cancel` });
    expect(server.requests).toEqual([]);
  });

  it('a run id that is not a UUID is exit 2 and nothing is sent', async () => {
    const result = await ws(['automations', 'cancel', 'latest']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: invalid automation run id "latest": must be a UUID');
    expect(server.requests).toEqual([]);
  });
});
