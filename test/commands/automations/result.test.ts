import { describe, expect, it } from 'vitest';
import { stubServer } from '../../helpers/command.js';

const { server, ws } = stubServer({ env: { NO_COLOR: '1' } });

const runId = '22000000-0000-4000-8000-000000000020';
// the shape of a result is not shown by the API: whatever the server sends is printed as it is
const body = {
  state: 'failed',
  steps: [
    { name: 'Top customers', state: 'completed', output: { rows: 10 } },
    { name: 'Churn report', state: 'failed', error: 'no table' },
  ],
  durationMs: 1234,
};

describe('ws automations result', () => {
  it('--json prints the result as the server sent it', async () => {
    server.on('GET', `/automation-runs/${runId}/result`, { body });
    const result = await ws(['automations', 'result', runId, '--json']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual(body);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /automation-runs/${runId}/result`]);
  });

  it('in a terminal and through a pipe the same document, indented JSON; -o yaml as YAML', async () => {
    server.on('GET', `/automation-runs/${runId}/result`, { body });
    const tty = await ws(['automations', 'result', runId], { tty: true, columns: 80 });
    const pipe = await ws(['automations', 'result', runId]);
    expect(tty.exitCode, tty.stderr).toBe(0);
    expect(JSON.parse(tty.stdout)).toEqual(body);
    expect(JSON.parse(pipe.stdout)).toEqual(body);
    const yaml = await ws(['automations', 'result', runId, '-o', 'yaml']);
    expect(yaml.stdout).toContain('state: failed\nsteps:\n  - name: Top customers\n');
  });

  it('--jq picks from the result', async () => {
    server.on('GET', `/automation-runs/${runId}/result`, { body });
    const result = await ws(['automations', 'result', runId, '--jq', '.steps[] | select(.state == "failed") | .name']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe('Churn report\n');
  });

  it('--json a,b is exit 2 before any request: a result has no fixed list of fields (--jq picks)', async () => {
    const result = await ws(['automations', 'result', runId, '--json', 'state']);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(JSON.parse(result.stderr).error.message).toMatch(/without a fixed list of fields.*--jq/);
    expect(server.requests).toEqual([]);
  });

  it('a run id that is not a UUID is exit 2 and nothing is sent', async () => {
    const result = await ws(['automations', 'result', '12']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: invalid automation run id "12": must be a UUID');
    expect(server.requests).toEqual([]);
  });

  it('a server error is exit 1 with its message', async () => {
    server.on('GET', `/automation-runs/${runId}/result`, { status: 500, body: { message: 'result store unavailable' } });
    const result = await ws(['automations', 'result', runId], { env: { WS_MAX_ATTEMPTS: '1' } });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('result store unavailable');
  });
});
