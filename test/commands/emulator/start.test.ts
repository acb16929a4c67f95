/**
 * `ws emulator start` in-process: it serves until the IO's interrupt (Ctrl-C). Stopping on a real SIGTERM or
 * SIGINT, also while a run is in progress, is tested with a child process in test/emulator/cli.test.ts.
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { run } from '../../../src/cli.js';
import { demoIds } from '../../../src/emulator/seed.js';
import { pollUntil } from '../../helpers/emulator.js';
import { fakeIO, type FakeIOOptions } from '../../helpers/fake-io.js';
import { tempConfigDir } from '../../helpers/ws.js';
import { request } from '../../emulator/helpers.js';

interface Serving {
  baseUrl: string;
  apiKey: string;
  /** Ctrl-C, then what ws printed and its exit code. */
  stop(): Promise<{ exitCode: number; stdout: string; stderr: string }>;
}

/** Starts `ws emulator <args>` in-process and resolves once it prints its settings (bounded). */
async function serve(args: string[], options: FakeIOOptions = {}): Promise<Serving> {
  const io = fakeIO({ ...options, env: { WS_CONFIG_DIR: tempConfigDir(), NO_COLOR: '1', ...options.env } });
  const exit = run(['emulator', ...args], io);
  let ended: number | undefined;
  void exit.then((code) => (ended = code));
  const settings = await pollUntil(
    async () => {
      if (ended !== undefined) throw new Error(`ws ended (${ended}) before printing its settings: ${io.err()}`);
      const baseUrl = /^WS_BASE_URL=(.+)$/m.exec(io.out())?.[1];
      const apiKey = /^WS_API_KEY=(.+)$/m.exec(io.out())?.[1];
      return baseUrl && apiKey ? { baseUrl, apiKey } : undefined;
    },
    'the emulator settings on stdout',
    20_000,
  );
  return {
    ...settings,
    async stop() {
      io.interrupt();
      return { exitCode: await exit, stdout: io.out(), stderr: io.err() };
    },
  };
}

/** `ws emulator <args>` that is expected to end by itself (a usage error). */
async function refused(args: string[]) {
  const io = fakeIO({ env: { WS_CONFIG_DIR: tempConfigDir() } });
  const exitCode = await run(['emulator', ...args], io);
  return { exitCode, stdout: io.out(), stderr: io.err() };
}

/** A request with the Host (and Origin) chosen, as a port forward or a proxy sends it; bounded. */
function withHost(baseUrl: string, host: string, headers: Record<string, string> = {}): Promise<number> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}/queries?limit=1`,
        headers: { host, 'x-api-key': 'wsk_emulator_demo', ...headers },
        timeout: 10_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 10 s')));
    req.on('error', reject);
  });
}

describe('ws emulator start', () => {
  it.each([
    ['through a pipe', {}],
    ['in a terminal', { tty: true, columns: 80 }],
  ])('%s: the two settings on stdout, the rest on stderr; serves the demo data; Ctrl-C stops it, exit 0', async (_where, options) => {
    const emulator = await serve(['start', '--port', '0', '--step-duration', '0'], options);
    expect(emulator.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/public\/v3$/);
    expect(new URL(emulator.baseUrl).port).not.toBe('0');
    expect(emulator.apiKey).toBe('wsk_emulator_demo');
    const res = await request(emulator.baseUrl, 'GET', `/queries/${demoIds.queries.dailyRevenue}`, {}, emulator.apiKey);
    expect(res.status).toBe(200);
    expect(res.json.slug).toBe('daily_revenue');
    expect((await request(emulator.baseUrl, 'GET', '/queries', {}, null)).status).toBe(401);
    const result = await emulator.stop();
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(`WS_BASE_URL=${emulator.baseUrl}\nWS_API_KEY=wsk_emulator_demo\n`);
    expect(result.stderr).toBe(
      `Workspace API v3 emulator on ${emulator.baseUrl} (in memory, demo data).\nTry: WS_BASE_URL=${emulator.baseUrl} WS_API_KEY=wsk_emulator_demo ws queries list\nStop it with Ctrl-C.\nEmulator stopped.\n`,
    );
    // it really stopped listening
    await expect(request(emulator.baseUrl, 'GET', '/queries', { timeoutMs: 2_000 }, emulator.apiKey)).rejects.toThrow();
  });

  it('is the default of `ws emulator`; --seed none serves an empty workspace', async () => {
    const emulator = await serve(['--port', '0', '--seed', 'none']);
    expect((await request(emulator.baseUrl, 'GET', '/queries', {}, emulator.apiKey)).json.total).toBe(0);
    const result = await emulator.stop();
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain('(in memory, no seed)');
  });

  it('--api-key: the first key is printed; a key:org has an organization of its own', async () => {
    const emulator = await serve(['--port', '0', '--step-duration', '0', '--api-key', 'team_a', '--api-key', 'team_b:other_org']);
    expect(emulator.apiKey).toBe('team_a');
    expect((await request(emulator.baseUrl, 'GET', '/queries', {}, 'team_a')).json.total).toBe(5);
    expect((await request(emulator.baseUrl, 'GET', '/queries', {}, 'team_b')).json.total).toBe(0);
    expect((await request(emulator.baseUrl, 'GET', '/queries', {}, 'wsk_emulator_demo')).status).toBe(401);
    expect((await emulator.stop()).exitCode).toBe(0);
  });

  it('the limit flags reach the server and its SQL engine', async () => {
    const emulator = await serve([
      '--port',
      '0',
      '--step-duration',
      '0',
      '--max-body-size',
      '1KiB',
      '--run-timeout',
      '2s',
      '--memory-limit',
      '256MiB',
      '--threads',
      '1',
      '--max-result-size',
      '1MB',
    ]);
    const { baseUrl, apiKey } = emulator;
    const tooBig = await request(baseUrl, 'POST', '/queries', { body: { name: 'too big', sql: `SELECT 1 -- ${'x'.repeat(2000)}` } }, apiKey);
    expect(tooBig.status).toBe(413);
    const created = await request(
      baseUrl,
      'POST',
      '/queries',
      { body: { name: 'settings', sql: "SELECT current_setting('memory_limit') AS memory, current_setting('threads') AS threads" } },
      apiKey,
    );
    await request(baseUrl, 'POST', `/queries/${created.json.id}/execute`, { body: {} }, apiKey);
    const data = await pollUntil(
      async () => {
        const res = await request(baseUrl, 'GET', `/queries/${created.json.id}/latest/data`, {}, apiKey);
        return res.status === 200 ? res.json : undefined;
      },
      'the query data',
      30_000,
    );
    expect(data.rows).toEqual([{ memory: '256.0 MiB', threads: 1 }]);
    expect((await emulator.stop()).exitCode).toBe(0);
  }, 60_000);

  it('serves loopback and localhost on any port and the --allow-host names; refuses other names and origins (403)', async () => {
    const emulator = await serve(['--port', '0', '--allow-host', 'WS.dev.test', '--allow-host', 'tls.local']);
    const { baseUrl } = emulator;
    const port = Number(new URL(baseUrl).port);
    // ssh -L 9000:127.0.0.1:<port>, an editor's port forward, a reverse proxy on 80 or 443
    for (const host of [
      '127.0.0.1:9000',
      '127.0.0.2:9000',
      '127.1.2.3',
      `localhost:${port + 1}`,
      'localhost',
      '[::1]:9000',
      'ws.dev.test:8443',
      'WS.DEV.TEST',
      'tls.local:443',
    ]) {
      expect(await withHost(baseUrl, host), host).toBe(200);
    }
    // a DNS name rebound to 127.0.0.1 is still refused, whatever its port
    for (const host of [
      `rebound.example.com:${port}`,
      'rebound.example.com',
      'dev.test:9000',
      'sub.ws.dev.test',
      '127.0.0.1.nip.io:9000',
      '127.0.0.256:9000',
    ]) {
      expect(await withHost(baseUrl, host), host).toBe(403);
    }
    // a page is served only from the address it was loaded from (or an allowed name behind a terminator)
    expect(await withHost(baseUrl, '127.0.0.1:9000', { origin: 'http://127.0.0.1:9000' })).toBe(200);
    expect(await withHost(baseUrl, 'ws.dev.test', { origin: 'https://ws.dev.test' })).toBe(200);
    expect(await withHost(baseUrl, `127.0.0.1:${port}`, { origin: 'https://tls.local:8443' })).toBe(200);
    for (const origin of ['http://127.0.0.1:3000', `http://localhost:${port}`, 'https://ws.dev.test.evil.example', 'null']) {
      expect(await withHost(baseUrl, '127.0.0.1:9000', { origin }), origin).toBe(403);
    }
    expect((await emulator.stop()).exitCode).toBe(0);
  });

  it('a port in use is exit 1 saying so, with --port 0 as the way out', async () => {
    const emulator = await serve(['--port', '0', '--seed', 'none']);
    const port = new URL(emulator.baseUrl).port;
    const second = await refused(['--port', port, '--seed', 'none']);
    expect(second.exitCode).toBe(1);
    expect(second.stdout).toBe('');
    expect(second.stderr).toBe(`error: port ${port} on 127.0.0.1 is already in use\nhint: stop what listens there, or pass --port 0 to take a free port\n`);
    expect((await emulator.stop()).exitCode).toBe(0);
  });

  it.each([
    [['--host', '0.0.0.0'], 'error: --host 0.0.0.0 is not a loopback address'],
    [['--port', '70000'], 'error: --port 70000 is above 65535'],
    [['--fault-rate', '2'], 'error: invalid --fault-rate "2": must be a number from 0 to 1'],
    [['--fault-rate', '-0.5'], 'error: invalid --fault-rate "-0.5"'],
    [['--api-key', 'has space'], 'error: invalid --api-key "has space"'],
    [['--seed', 'lots'], "argument 'lots' is invalid"],
    [['--max-body-size', 'lots'], 'error: invalid size for --max-body-size: "lots"'],
    [['--run-timeout', '0'], 'error: invalid --run-timeout "0": must be more than 0'],
    [['--memory-limit', '-1GB'], 'error: invalid size for --memory-limit: "-1GB"'],
    [['--threads', '0'], '--threads'],
    [['--threads', '65'], 'error: invalid --threads 65: must be from 1 to 64'],
    [['--max-result-size', '1 parsec'], 'error: invalid size for --max-result-size: "1 parsec"'],
    [['--step-duration', 'slow'], '--step-duration'],
    ...['http://ws.dev.test', 'ws.dev.test:8443', '*.dev.test', '-x.test', ''].map((name): [string[], string] => [
      ['--allow-host', name],
      `error: invalid --allow-host "${name}": must be a host name alone`,
    ]),
  ])('%j is exit 2 before listening', async (args, message) => {
    const result = await refused(['start', '--port', '0', ...args]);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
  });
});
