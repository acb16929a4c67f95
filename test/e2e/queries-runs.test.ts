/**
 * End to end: what `ws queries …` and `ws runs …` need a real process for: stdin that is /dev/null, Ctrl-C sent as a
 * signal, and a reader of stdout that goes away. Each command's own tests are in-process, in
 * test/commands/queries/<verb>.test.ts and test/commands/runs/<verb>.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pollUntil, spawnWs, startTestEmulator, waitForOutput, type TestEmulator } from '../helpers/emulator.js';
import { runLine } from '../helpers/query-setup.js';
import { tempConfigDir, ws, wsBin } from '../helpers/ws.js';

let emu: TestEmulator;
/** Runs move slowly here (300 ms a state), for Ctrl-C. */
let slow: TestEmulator;
let env: Record<string, string>;
let slowEnv: Record<string, string>;
let dir: string;

beforeAll(async () => {
  [emu, slow] = await Promise.all([startTestEmulator(), startTestEmulator({ stepMs: 300 })]);
  env = emu.env;
  slowEnv = slow.env;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-e2e-queries-'));
});
afterAll(async () => {
  await Promise.all([emu?.close(), slow?.close()]);
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await emu.clearRequests();
});

/** Creates a query through the API and waits (bounded) until a run of it completed: its id. */
async function executedQuery(name: string, sql: string): Promise<{ id: string }> {
  const created = await emu.api('POST', '/queries', { name, sql });
  expect(created.status).toBe(201);
  const id = created.json.id as string;
  const started = await emu.api('POST', `/queries/${id}/execute`, {});
  const runId = started.json.queryRunId as string;
  await pollUntil(async () => (await emu.api('GET', `/queries/${id}`)).json.lastSuccessfulRunId === runId, `run ${runId} of ${id} to complete`);
  return { id };
}

describe('empty SQL, from a real process', () => {
  it('`queries update <q> --sql-file - < /dev/null` is exit 2 naming stdin, and the query keeps its SQL', async () => {
    const before = await emu.api('GET', '/queries?search=daily_revenue&limit=1');
    const query = before.json.queries[0];
    await emu.clearRequests();
    const result = await ws(['queries', 'update', query.slug, '--sql-file', '-'], env, { stdin: { file: '/dev/null' } });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: --sql-file - (stdin) is empty: a query needs SQL, nothing was sent');
    expect(await emu.requests()).toEqual([]);
    expect((await emu.api('GET', `/queries/${query.id}`)).json.sql).toBe(query.sql);
  });
});

describe('ws queries execute --wait', () => {
  it('Ctrl-C while waiting is exit 130; stderr names the run and `ws runs wait <id>`; the run goes on', async () => {
    const child = spawnWs(['queries', 'execute', 'daily_revenue', '--wait'], slowEnv);
    let runId: string;
    try {
      runId = (await waitForOutput(child.stderr, runLine))[1]!;
    } finally {
      child.kill('SIGINT');
    }
    const result = await child;
    expect(result.exitCode).toBe(130);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`error: stopped waiting for query run ${runId}; it goes on`);
    expect(result.stderr).toContain(`ws runs wait ${runId}`);
    const resumed = await ws(['runs', 'wait', runId, '--json', 'status'], slowEnv);
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout)).toEqual({ status: 'COMPLETED' });
  });
});

describe('ws queries data', () => {
  it('a reader that goes away early (`| head -n 3`) is not an error: ws exits 0 and says nothing', async () => {
    // ~2 MB of csv: far more than a pipe buffer holds, so ws is still writing when head exits.
    const { id } = await executedQuery('Wide rows', "SELECT range AS n, repeat('x', 100) AS pad FROM range(20000)");
    const stderrFile = path.join(dir, 'head-stderr.txt');
    // with pipefail, the pipeline (and so bash) exits non-zero if ws does: head itself always exits 0
    const script = `set -o pipefail; "$NODE" "$WS_BIN" queries data ${id} --all -o csv 2>"$ERR_FILE" | head -n 3`;
    const result = await execa('bash', ['-c', script], {
      env: { PATH: process.env.PATH, NODE: process.execPath, WS_BIN: wsBin, ERR_FILE: stderrFile, WS_CONFIG_DIR: tempConfigDir(), ...env },
      extendEnv: false,
      reject: false,
      timeout: 20_000,
      stdin: 'ignore',
      stripFinalNewline: false,
    });
    expect(result.exitCode).toBe(0);
    const pad = 'x'.repeat(100);
    expect(String(result.stdout)).toBe(`n,pad\n0,${pad}\n1,${pad}\n`);
    expect(fs.readFileSync(stderrFile, 'utf8')).toBe('');
  });
});
