/**
 * `ws emulator exec` in-process: the command is a real child process whose stdout and stderr are this test
 * process's own (inherited), so it reports through a file. What needs ws as a process of its own stays in
 * test/emulator/cli.test.ts: signals passed on to the command, Ctrl-C in a terminal, the command's output on ws's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../../../src/cli.js';
import { demoIds } from '../../../src/emulator/seed.js';
import { fakeIO, type FakeIOOptions } from '../../helpers/fake-io.js';
import { tempConfigDir } from '../../helpers/ws.js';
import { request } from '../../emulator/helpers.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-emulator-exec-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** `ws emulator exec <flags> -- node -e <script>`; `report` is a file the script may write to. */
async function exec(script: string, flags: string[] = [], options: FakeIOOptions = {}) {
  const report = path.join(dir, `report-${Math.random().toString(36).slice(2)}.txt`);
  const io = fakeIO({ ...options, env: { WS_CONFIG_DIR: tempConfigDir(), PATH: process.env.PATH, REPORT: report, ...options.env } });
  const exitCode = await run(['emulator', 'exec', '--step-duration', '0', ...flags, '--', process.execPath, '-e', script], io);
  return { exitCode, stdout: io.out(), stderr: io.err(), report: fs.existsSync(report) ? fs.readFileSync(report, 'utf8') : undefined };
}

/** Runs for minutes unless interrupted (the run timeout is left at its default, 60 s). */
const endlessSql = 'SELECT count(*) AS n FROM range(100000000000) a WHERE a.range % 7 = 3';

describe('ws emulator exec', () => {
  it("exits with the command's exit code, and prints nothing of its own", async () => {
    const seven = await exec('process.exit(7)');
    expect(seven.exitCode).toBe(7);
    expect(seven.stdout).toBe('');
    expect(seven.stderr).toBe('');
    expect((await exec('process.exit(0)', [], { tty: true, columns: 80 })).exitCode).toBe(0);
  });

  it('gives the command WS_BASE_URL and WS_API_KEY of a live emulator, the rest of its environment, and stops it afterwards', async () => {
    const script = [
      'const fs = require("node:fs");',
      'const base = process.env.WS_BASE_URL, key = process.env.WS_API_KEY;',
      `fetch(base + "/queries/${demoIds.queries.dailyRevenue}", { headers: { "x-api-key": key } })`,
      '  .then(async (r) => fs.writeFileSync(process.env.REPORT, JSON.stringify({ base, key, mine: process.env.MINE, status: r.status, slug: (await r.json()).slug })))',
      '  .catch(() => process.exit(9));',
    ].join('\n');
    const result = await exec(script, [], { env: { MINE: 'kept' } });
    expect(result.exitCode, result.stderr).toBe(0);
    const seen = JSON.parse(result.report!);
    expect(seen).toEqual({
      base: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/public\/v3$/),
      key: 'wsk_emulator_demo',
      mine: 'kept',
      status: 200,
      slug: 'daily_revenue',
    });
    // the emulator went away with the command
    await expect(request(seen.base, 'GET', '/queries', { timeoutMs: 2_000 }, 'wsk_emulator_demo')).rejects.toThrow();
  });

  it('the emulator flags apply: --api-key, --seed none', async () => {
    const script =
      'fetch(process.env.WS_BASE_URL + "/queries", { headers: { "x-api-key": process.env.WS_API_KEY } }).then(async (r) => require("node:fs").writeFileSync(process.env.REPORT, process.env.WS_API_KEY + " " + (await r.json()).total))';
    const result = await exec(script, ['--api-key', 'ci_key', '--seed', 'none']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.report).toBe('ci_key 0');
  });

  it("ends right after its command, with the command's code, even while the command's query still runs", async () => {
    const script = [
      'const base = process.env.WS_BASE_URL, headers = { "x-api-key": process.env.WS_API_KEY, "content-type": "application/json" };',
      '(async () => {',
      `  const query = await (await fetch(base + "/queries", { method: "POST", headers, body: JSON.stringify({ name: "endless", sql: ${JSON.stringify(endlessSql)} }) })).json();`,
      '  const run = await (await fetch(base + "/queries/" + query.id + "/execute", { method: "POST", headers, body: "{}" })).json();',
      '  for (let i = 0; i < 200; i++) {',
      '    const status = (await (await fetch(base + "/query-runs/" + run.queryRunId, { headers })).json()).status;',
      '    if (status === "RUNNING") { require("node:fs").writeFileSync(process.env.REPORT, "RUNNING"); process.exit(7); }',
      '    await new Promise((r) => setTimeout(r, 25));',
      '  }',
      '  process.exit(1);',
      '})();',
    ].join('\n');
    const result = await exec(script);
    expect(result.report).toBe('RUNNING');
    expect(result.exitCode).toBe(7);
  }, 60_000);

  it('a command that cannot be started is exit 2 naming it', async () => {
    const io = fakeIO({ env: { WS_CONFIG_DIR: tempConfigDir(), PATH: process.env.PATH } });
    const exitCode = await run(['emulator', 'exec', '--step-duration', '0', '--', 'no-such-command-ws-test'], io);
    expect(exitCode).toBe(2);
    expect(io.err()).toMatch(/^error: cannot run no-such-command-ws-test: .*ENOENT/m);
  });

  it.each([
    [['--host', '0.0.0.0'], 'error: --host 0.0.0.0 is not a loopback address'],
    [['--fault-rate', '2'], 'error: invalid --fault-rate "2"'],
    [['--threads', '99'], 'error: invalid --threads 99'],
  ])('%j is exit 2 before the emulator or the command starts', async (flags, message) => {
    const result = await exec('require("node:fs").writeFileSync(process.env.REPORT, "ran")', flags);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.report).toBeUndefined();
  });

  it('without a command it is exit 2', async () => {
    const io = fakeIO({ env: { WS_CONFIG_DIR: tempConfigDir() } });
    expect(await run(['emulator', 'exec'], io)).toBe(2);
    expect(io.err()).toContain("missing required argument 'command'");
  });
});
