/**
 * `ws emulator` and `ws emulator exec` as a user runs them: the built bin/ws.js in a child process.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa, type ResultPromise } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, request, sleep } from './helpers.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const wsBin = path.join(root, 'bin', 'ws.js');
const configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-emulator-cli-config-'));
const env = { PATH: process.env.PATH, WS_CONFIG_DIR: configDir, NO_COLOR: '1' };

const started: ResultPromise[] = [];

beforeAll(async () => {
  const build = await execa('npm', ['run', 'build'], { cwd: root, reject: false, timeout: 240_000 });
  expect(build.exitCode, `npm run build failed:\n${String(build.stdout)}\n${String(build.stderr)}`).toBe(0);
}, 300_000);

afterAll(async () => {
  // a test that failed half-way must not leave its emulator running
  for (const child of started) {
    if (child.exitCode === null && child.pid !== undefined) child.kill('SIGKILL');
  }
  await Promise.allSettled(started);
  fs.rmSync(configDir, { recursive: true, force: true });
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
async function exitOf(child: ResultPromise, timeoutMs = 15_000): Promise<{ exitCode: number | undefined; signal: string | undefined; stdout: string; stderr: string }> {
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

  it('accepts --api-key and prints the first key', async () => {
    const child = ws(['emulator', '--port', '0', '--step-duration', '0', '--api-key', 'team_a', '--api-key', 'team_b:other_org']);
    const { baseUrl, apiKey } = await settingsFrom(child);
    expect(apiKey).toBe('team_a');
    expect((await request(baseUrl, 'GET', '/queries', {}, 'team_a')).json.total).toBe(5);
    expect((await request(baseUrl, 'GET', '/queries', {}, 'team_b')).json.total).toBe(0);
    expect((await request(baseUrl, 'GET', '/queries', {}, 'wsk_emulator_demo')).status).toBe(401);
    child.kill('SIGTERM');
    expect((await exitOf(child)).exitCode).toBe(0);
  });

  it('refuses --host 0.0.0.0 and --fault-rate 2 with exit 2, before listening', async () => {
    const host = await exitOf(ws(['emulator', '--port', '0', '--host', '0.0.0.0']));
    expect(host.exitCode).toBe(2);
    expect(host.stdout).not.toContain('WS_BASE_URL=');
    expect(host.stderr).toMatch(/host/i);

    const rate = await exitOf(ws(['emulator', '--port', '0', '--fault-rate', '2']));
    expect(rate.exitCode).toBe(2);
    expect(rate.stdout).not.toContain('WS_BASE_URL=');
    expect(rate.stderr).toMatch(/fault-rate/);

    const negative = await exitOf(ws(['emulator', '--port', '0', '--fault-rate', '-0.5']));
    expect(negative.exitCode).toBe(2);
    const execHost = await exitOf(ws(['emulator', 'exec', '--host', '0.0.0.0', '--', process.execPath, '-e', 'process.exit(0)']));
    expect(execHost.exitCode).toBe(2);
  });
});

describe('ws emulator exec', () => {
  it("exits with the command's exit code", async () => {
    const result = await exitOf(ws(['emulator', 'exec', '--step-duration', '0', '--', process.execPath, '-e', 'process.exit(7)']));
    expect(result.exitCode).toBe(7);
    const zero = await exitOf(ws(['emulator', 'exec', '--step-duration', '0', '--', process.execPath, '-e', 'process.exit(0)']));
    expect(zero.exitCode).toBe(0);
  });

  it('gives the command WS_BASE_URL and WS_API_KEY of a live emulator, and stops it afterwards', async () => {
    const script = [
      'const base = process.env.WS_BASE_URL, key = process.env.WS_API_KEY;',
      'console.log("BASE=" + base); console.log("KEY=" + key);',
      'fetch(base + "/queries/' + demoIds.queries.dailyRevenue + '", { headers: { "x-api-key": key } })',
      '  .then(async (r) => { console.log("STATUS=" + r.status); console.log("SLUG=" + (await r.json()).slug); })',
      '  .catch((e) => { console.log("ERROR=" + e.message); process.exitCode = 9; });',
    ].join('\n');
    const result = await exitOf(ws(['emulator', 'exec', '--step-duration', '0', '--', process.execPath, '-e', script]));
    expect(result.exitCode, result.stderr).toBe(0);
    const base = /^BASE=(.*)$/m.exec(result.stdout)?.[1];
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/public\/v3$/);
    expect(result.stdout).toMatch(/^KEY=wsk_emulator_demo$/m);
    expect(result.stdout).toMatch(/^STATUS=200$/m);
    expect(result.stdout).toMatch(/^SLUG=daily_revenue$/m);
    // the emulator went away with the command
    await sleep(50);
    await expect(request(base!, 'GET', '/queries', { timeoutMs: 2_000 }, 'wsk_emulator_demo')).rejects.toThrow();
  });

  it('prints what the child printed, e.g. WS_BASE_URL', async () => {
    const result = await exitOf(ws(['emulator', 'exec', '--step-duration', '0', '--', process.execPath, '-e', 'console.log(process.env.WS_BASE_URL); console.log(process.env.WS_API_KEY)']));
    expect(result.exitCode).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/public\/v3$/);
    expect(lines[1]).toBe('wsk_emulator_demo');
  });
});
