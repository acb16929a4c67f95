/**
 * End to end: reports that say what happened. `agents update` names only what changed (nothing changed: no
 * PATCH); a bad skill file names the file, the field and the rule; `ws emulator` on a busy port says so with a
 * hint; a wait whose server dies keeps the command that resumes it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoIds, routes, spawnWs, startTestEmulator, waitForOutput, type TestEmulator } from '../helpers/emulator.js';
import { ws } from '../helpers/ws.js';

let emu: TestEmulator;
let env: Record<string, string>;
let dir: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  env = emu.env;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-e2e-reports-'));
});
afterAll(async () => {
  await emu?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await emu.clearRequests();
});

describe('agents update', () => {
  it('names only the fields that changed', async () => {
    const before = (await emu.api('GET', '/agents/report_writer')).json;
    await emu.clearRequests();
    const result = await ws(['agents', 'update', 'report_writer', '--max-turns', String(before.maxTurns), '--description', 'Writes the weekly report'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('Updated agent report_writer: description (unchanged: maxTurns)\n');
    expect(routes(await emu.requests())).toEqual(['GET /agents/report_writer', 'PATCH /agents/report_writer']);
  });

  it('when nothing would change, says so and sends no PATCH', async () => {
    const before = (await emu.api('GET', '/agents/report_writer')).json;
    await emu.clearRequests();
    const result = await ws(['agents', 'update', 'report_writer', '--max-turns', String(before.maxTurns), '--kind', before.kind, '--json', 'name,maxTurns'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ name: 'report_writer', maxTurns: before.maxTurns });
    expect(result.stderr).toBe(''); // --json off a terminal: stderr is kept for errors
    const table = await ws(['agents', 'update', 'report_writer', '--max-turns', String(before.maxTurns), '--kind', before.kind], env);
    expect(table.stderr).toBe('Agent report_writer already has these values (kind, maxTurns): no PATCH was sent\n');
    expect(routes(await emu.requests())).toEqual(['GET /agents/report_writer', 'GET /agents/report_writer']);
  });
});

describe('skills apply with a bad file', () => {
  it('names the file, each field and its rule, in words rather than a validator’s', async () => {
    const file = path.join(dir, 'half.yaml');
    fs.writeFileSync(file, 'slug: half_done\ntools: run_query\nsections: [a]\n');
    const result = await ws(['skills', 'apply', file], env);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(
      'error: 1 of 1 skill not applied:\n' +
        '  invalid half.yaml: name is missing; it must be text of 1 to 255 characters; description is missing; it must be text of 1 to 1000 characters; ' +
        'knowledge is missing; it must be text of at least 1 character (the body of a Markdown file); tools "run_query": must be a list of tool names, e.g. [run_query]; ' +
        'sections ["a"]: must be a mapping of section names to values\n',
    );
    expect(result.stderr).not.toMatch(/Invalid input|expected array/);
    expect(await emu.requests()).toEqual([]);
  });
});

describe('ws emulator', () => {
  it('on a port in use says so, with the hint to take a free one (exit 1)', async () => {
    const port = new URL(emu.origin).port;
    const result = await ws(['emulator', '--port', port]);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`error: port ${port} on 127.0.0.1 is already in use\nhint: stop what listens there, or pass --port 0 to take a free port\n`);
  });
});

describe('a wait whose server goes away', () => {
  it('ends with exit 1 and keeps the command that resumes it, for automation and query runs', { timeout: 120_000 }, async () => {
    const doomed = await startTestEmulator({ stepMs: 10_000 });
    try {
      const automation = spawnWs(['automations', 'trigger', demoIds.automations.morningReport, '--wait'], doomed.env, { timeout: 100_000 });
      const query = spawnWs(['queries', 'execute', 'daily_revenue', '--wait'], doomed.env, { timeout: 100_000 });
      const [[, automationRun], [, queryRun]] = await Promise.all([
        waitForOutput(automation.stderr, /automation run ([0-9a-f-]{36})/, 30_000),
        waitForOutput(query.stderr, /query run ([0-9a-f-]{36})/, 30_000),
      ]);
      await doomed.close();
      const [a, q] = await Promise.all([automation, query]);
      expect(a.exitCode, String(a.stderr)).toBe(1);
      expect(String(a.stderr)).toMatch(new RegExp(`^hint: .*the run may go on: wait again with \`ws automations wait ${automationRun}\`$`, 'm'));
      expect(q.exitCode, String(q.stderr)).toBe(1);
      expect(String(q.stderr)).toMatch(new RegExp(`^hint: .*the run may go on: wait again with \`ws runs wait ${queryRun} --data\`$`, 'm'));
    } finally {
      await doomed.close();
    }
  });
});
