/**
 * `ws emulator` and `ws emulator exec` as a user runs them, the built bin/ws.js in a child process, for what needs
 * one: real signals (SIGTERM, SIGINT, SIGHUP), Ctrl-C in a terminal, the command's output on ws's own stdout. Flags,
 * settings, exit codes and the command's environment are tested in-process in test/commands/emulator/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa, type ResultPromise } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { waitForOutput } from '../helpers/emulator.js';
import { demoIds, removeTempDirs, request, startTestEmulator, tempDir, waitFor } from './helpers.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const wsBin = path.join(root, 'bin', 'ws.js');
const configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-emulator-cli-config-'));
const env = { PATH: process.env.PATH, WS_CONFIG_DIR: configDir, NO_COLOR: '1' };

const started: ResultPromise[] = [];
/** Runs for minutes unless interrupted (the run timeout is left at its default, 60 s). */
const endlessSql = 'SELECT count(*) AS n FROM range(100000000000) a WHERE a.range % 7 = 3';

afterAll(async () => {
  // a test that failed half-way must not leave its emulator running
  for (const child of started) {
    if (child.exitCode === null && child.pid !== undefined) child.kill('SIGKILL');
  }
  await Promise.allSettled(started);
  fs.rmSync(configDir, { recursive: true, force: true });
  removeTempDirs();
});

function ws(args: string[], timeout = 30_000): ResultPromise<{ reject: false; extendEnv: false; timeout: number; stdin: 'ignore' }> {
  const child = execa(process.execPath, [wsBin, ...args], { cwd: root, env, extendEnv: false, reject: false, timeout, stdin: 'ignore' });
  started.push(child);
  return child;
}

/** Reads stdout until both WS_BASE_URL= and WS_API_KEY= lines have been printed (bounded). */
function settingsFrom(child: ResultPromise, timeoutMs = 20_000): Promise<{ baseUrl: string; apiKey: string }> {
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`no WS_BASE_URL/WS_API_KEY on stdout within ${timeoutMs} ms; stdout so far: ${JSON.stringify(text)}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const baseUrl = /^WS_BASE_URL=(.+)$/m.exec(text)?.[1];
      const apiKey = /^WS_API_KEY=(.+)$/m.exec(text)?.[1];
      if (baseUrl && apiKey) {
        cleanup();
        resolve({ baseUrl: baseUrl.trim(), apiKey: apiKey.trim() });
      }
    };
    const onExit = () => {
      cleanup();
      reject(new Error(`ws exited before printing its settings; stdout: ${JSON.stringify(text)}`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
    };
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}

/** Waits for the child to end, bounded; an emulator that does not stop fails the test. */
async function exitOf(
  child: ResultPromise,
  timeoutMs = 15_000,
): Promise<{ exitCode: number | undefined; signal: string | undefined; stdout: string; stderr: string }> {
  let timer: NodeJS.Timeout | undefined;
  const result = await Promise.race([
    child,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`ws did not exit within ${timeoutMs} ms`)), timeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
  return { exitCode: result.exitCode, signal: result.signal, stdout: String(result.stdout), stderr: String(result.stderr) };
}

describe('ws emulator (start)', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`prints WS_BASE_URL and WS_API_KEY, serves requests, and exits 0 on ${signal}`, async () => {
      const child = ws(['emulator', '--port', '0', '--step-duration', '0']);
      const { baseUrl, apiKey } = await settingsFrom(child);
      expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/public\/v3$/);
      expect(new URL(baseUrl).port).not.toBe('0');
      expect(apiKey).toBe('wsk_emulator_demo');

      const res = await request(baseUrl, 'GET', `/queries/${demoIds.queries.dailyRevenue}`, {}, apiKey);
      expect(res.status).toBe(200);
      expect(res.json.slug).toBe('daily_revenue');
      expect((await request(baseUrl, 'GET', '/queries', {}, null)).status).toBe(401);

      child.kill(signal);
      const result = await exitOf(child);
      expect(result.signal).toBeUndefined();
      expect(result.exitCode).toBe(0);
      // stdout carries the two settings only; the rest went to stderr
      expect(result.stdout.trim().split('\n')).toEqual([`WS_BASE_URL=${baseUrl}`, `WS_API_KEY=${apiKey}`]);
      // it really stopped listening
      await expect(request(baseUrl, 'GET', '/queries', { timeoutMs: 2_000 }, apiKey)).rejects.toThrow();
    });
  }

  it('stops cleanly while a run is in progress', async () => {
    const child = ws(['emulator', '--port', '0', '--step-duration', '10s']);
    const { baseUrl, apiKey } = await settingsFrom(child);
    const executed = await request(baseUrl, 'POST', `/queries/${demoIds.queries.dailyRevenue}/execute`, { body: {} }, apiKey);
    expect(executed.json.status).toBe('PENDING');
    child.kill('SIGTERM');
    const result = await exitOf(child);
    expect(result.exitCode).toBe(0);
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`stops on ${signal} while a query runs, and saves the run as failed`, async () => {
      const dataDir = tempDir();
      const child = ws(['emulator', '--port', '0', '--step-duration', '0', '--data-dir', dataDir]);
      const { baseUrl, apiKey } = await settingsFrom(child);
      const created = await request(baseUrl, 'POST', '/queries', { body: { name: 'endless', sql: endlessSql } }, apiKey);
      const runId = (await request(baseUrl, 'POST', `/queries/${created.json.id}/execute`, { body: {} }, apiKey)).json.queryRunId as string;
      await waitFor(async () => (await request(baseUrl, 'GET', `/query-runs/${runId}`, {}, apiKey)).json.status === 'RUNNING', {
        what: 'the run to be RUNNING',
      });

      child.kill(signal);
      const result = await exitOf(child);
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toContain('Emulator stopped.');
      // what it saved opens again, the run ended
      const again = await startTestEmulator({ dataDir });
      const run = (await again.call('GET', `/query-runs/${runId}`)).json;
      expect(run.status).toBe('FAILED');
      expect(run.message).toBe('the emulator stopped before the run finished');
      expect((await again.call('GET', `/queries/${created.json.id}`)).json.name).toBe('endless');
      await again.close();
    }, 60_000);
  }
});

describe('ws emulator exec', () => {
  for (const [signal, code] of [
    ['SIGINT', 42],
    ['SIGTERM', 43],
    ['SIGHUP', 44],
  ] as const) {
    it(`passes ${signal} on to the command and exits with its code`, async () => {
      const script = `process.on("${signal}", () => process.exit(${code})); console.log("ready"); setInterval(() => {}, 1000);`;
      const child = ws(['emulator', 'exec', '--step-duration', '0', '--', process.execPath, '-e', script]);
      await waitForOutput(child.stdout, /ready/, 15_000);
      child.kill(signal);
      expect((await exitOf(child)).exitCode).toBe(code);
    }, 60_000);
  }

  it('in a terminal, lets Ctrl-C reach the command and exits with its code', async () => {
    const command = `exec ${process.execPath} ${wsBin} emulator exec --step-duration 0 -- ${process.execPath} -e 'let n = 0; process.on("SIGINT", () => { n++; setTimeout(() => process.exit(10 + n), 500); }); console.log("ready"); setInterval(() => {}, 1000);'`;
    const terminal = execa('script', ['-qefc', command, '/dev/null'], { cwd: root, env, extendEnv: false, reject: false, timeout: 30_000, stdin: 'pipe' });
    started.push(terminal);
    await waitForOutput(terminal.stdout, /ready/, 20_000);
    terminal.stdin?.write('\x03');
    const result = await exitOf(terminal, 15_000);
    expect(result.exitCode, result.stdout).toBe(11);
  }, 60_000);

  it('prints what the child printed, e.g. WS_BASE_URL', async () => {
    const result = await exitOf(
      ws([
        'emulator',
        'exec',
        '--step-duration',
        '0',
        '--',
        process.execPath,
        '-e',
        'console.log(process.env.WS_BASE_URL); console.log(process.env.WS_API_KEY)',
      ]),
    );
    expect(result.exitCode).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/public\/v3$/);
    expect(lines[1]).toBe('wsk_emulator_demo');
  });
});
