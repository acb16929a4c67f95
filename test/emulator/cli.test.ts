/**
 * `ws emulator` and `ws emulator exec` as a user runs them: the built bin/ws.js in a child process.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa, type ResultPromise } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { waitForOutput } from '../helpers/emulator.js';
import { demoIds, removeTempDirs, request, sleep, startTestEmulator, tempDir, waitFor } from './helpers.js';

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

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`stops on ${signal} while a query runs, and saves the run as failed`, async () => {
      const dataDir = tempDir();
      const child = ws(['emulator', '--port', '0', '--step-duration', '0', '--data-dir', dataDir]);
      const { baseUrl, apiKey } = await settingsFrom(child);
      const created = await request(baseUrl, 'POST', '/queries', { body: { name: 'endless', sql: endlessSql } }, apiKey);
      const runId = (await request(baseUrl, 'POST', `/queries/${created.json.id}/execute`, { body: {} }, apiKey)).json.queryRunId as string;
      await waitFor(async () => (await request(baseUrl, 'GET', `/query-runs/${runId}`, {}, apiKey)).json.status === 'RUNNING', { what: 'the run to be RUNNING' });

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

  it('accepts the limit flags, and refuses bad ones with exit 2', async () => {
    const child = ws(['emulator', '--port', '0', '--step-duration', '0', '--max-body-size', '1KiB', '--run-timeout', '2s', '--memory-limit', '256MiB', '--threads', '1', '--max-result-size', '1MB']);
    const { baseUrl, apiKey } = await settingsFrom(child);
    const refused = await request(baseUrl, 'POST', '/queries', { body: { name: 'too big', sql: `SELECT 1 -- ${'x'.repeat(2000)}` } }, apiKey);
    expect(refused.status).toBe(413);
    const created = await request(baseUrl, 'POST', '/queries', { body: { name: 'settings', sql: "SELECT current_setting('memory_limit') AS memory, current_setting('threads') AS threads" } }, apiKey);
    await request(baseUrl, 'POST', `/queries/${created.json.id}/execute`, { body: {} }, apiKey);
    const data = await waitFor(async () => {
      const res = await request(baseUrl, 'GET', `/queries/${created.json.id}/latest/data`, {}, apiKey);
      return res.status === 200 ? res.json : undefined;
    });
    expect(data.rows).toEqual([{ memory: '256.0 MiB', threads: 1 }]);
    child.kill('SIGTERM');
    expect((await exitOf(child)).exitCode).toBe(0);

    for (const [flag, value] of [['--max-body-size', 'lots'], ['--run-timeout', '0'], ['--memory-limit', '-1GB'], ['--threads', '0'], ['--max-result-size', '1 parsec']]) {
      const bad = await exitOf(ws(['emulator', '--port', '0', flag!, value!]));
      expect(bad.exitCode, `${flag} ${value}`).toBe(2);
      expect(bad.stdout).not.toContain('WS_BASE_URL=');
      expect(bad.stderr).toContain(flag);
    }
  }, 60_000);

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

/** A request with the Host (and Origin) chosen, as a port forward, a proxy or a web page would send it; bounded. */
function withHost(baseUrl: string, host: string, headers: Record<string, string> = {}): Promise<number> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.get({ host: url.hostname, port: url.port, path: `${url.pathname}/queries?limit=1`, headers: { host, 'x-api-key': 'wsk_emulator_demo', ...headers }, timeout: 10_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 10 s')));
    req.on('error', reject);
  });
}

describe('ws emulator behind a port forward or a TLS terminator', () => {
  it('serves loopback and localhost on any port and the --allow-host names, and refuses other names (403)', async () => {
    const child = ws(['emulator', '--port', '0', '--allow-host', 'WS.dev.test', '--allow-host', 'tls.local']);
    const { baseUrl } = await settingsFrom(child);
    const port = Number(new URL(baseUrl).port);
    // ssh -L 9000:127.0.0.1:<port>, an editor's port forward, a reverse proxy on 80 or 443
    for (const host of ['127.0.0.1:9000', '127.0.0.2:9000', '127.1.2.3', `localhost:${port + 1}`, 'localhost', '[::1]:9000', 'ws.dev.test:8443', 'WS.DEV.TEST', 'tls.local:443']) {
      expect(await withHost(baseUrl, host), host).toBe(200);
    }
    // a DNS name rebound to 127.0.0.1 is still refused, whatever its port
    for (const host of [`rebound.example.com:${port}`, 'rebound.example.com', 'dev.test:9000', 'sub.ws.dev.test', '127.0.0.1.nip.io:9000', '127.0.0.256:9000']) {
      expect(await withHost(baseUrl, host), host).toBe(403);
    }
    // a page is served only from the address it was loaded from (or an allowed name, behind a terminator that rewrites Host)
    expect(await withHost(baseUrl, '127.0.0.1:9000', { origin: 'http://127.0.0.1:9000' })).toBe(200);
    expect(await withHost(baseUrl, 'ws.dev.test', { origin: 'https://ws.dev.test' })).toBe(200);
    expect(await withHost(baseUrl, `127.0.0.1:${port}`, { origin: 'https://tls.local:8443' })).toBe(200);
    for (const origin of ['http://127.0.0.1:3000', `http://localhost:${port}`, 'https://ws.dev.test.evil.example', 'null']) {
      expect(await withHost(baseUrl, '127.0.0.1:9000', { origin }), origin).toBe(403);
    }
    child.kill('SIGTERM');
    expect((await exitOf(child)).exitCode).toBe(0);
  });

  it('refuses an --allow-host that is not a host name alone, with exit 2, before listening', async () => {
    for (const name of ['http://ws.dev.test', 'ws.dev.test:8443', '*.dev.test', '-x.test', '']) {
      const bad = await exitOf(ws(['emulator', '--port', '0', '--allow-host', name]));
      expect(bad.exitCode, name).toBe(2);
      expect(bad.stdout).not.toContain('WS_BASE_URL=');
      expect(bad.stderr).toContain(`invalid --allow-host "${name}"`);
    }
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

  it("ends right after its command, with the command's code, even while the command's query still runs", async () => {
    const script = [
      'const base = process.env.WS_BASE_URL, headers = { "x-api-key": process.env.WS_API_KEY, "content-type": "application/json" };',
      '(async () => {',
      `  const query = await (await fetch(base + "/queries", { method: "POST", headers, body: JSON.stringify({ name: "endless", sql: ${JSON.stringify(endlessSql)} }) })).json();`,
      '  const run = await (await fetch(base + "/queries/" + query.id + "/execute", { method: "POST", headers, body: "{}" })).json();',
      '  for (let i = 0; i < 200; i++) {',
      '    const status = (await (await fetch(base + "/query-runs/" + run.queryRunId, { headers })).json()).status;',
      '    if (status === "RUNNING") { console.log("RUNNING"); process.exit(7); }',
      '    await new Promise((r) => setTimeout(r, 25));',
      '  }',
      '  process.exit(1);',
      '})();',
    ].join('\n');
    const result = await exitOf(ws(['emulator', 'exec', '--step-duration', '0', '--', process.execPath, '-e', script]), 30_000);
    expect(result.stdout).toContain('RUNNING');
    expect(result.exitCode).toBe(7);
  }, 60_000);

  for (const [signal, code] of [['SIGINT', 42], ['SIGTERM', 43], ['SIGHUP', 44]] as const) {
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
    const result = await exitOf(ws(['emulator', 'exec', '--step-duration', '0', '--', process.execPath, '-e', 'console.log(process.env.WS_BASE_URL); console.log(process.env.WS_API_KEY)']));
    expect(result.exitCode).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/public\/v3$/);
    expect(lines[1]).toBe('wsk_emulator_demo');
  });
});
