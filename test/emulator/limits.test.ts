/**
 * The emulator's limits: request bodies, slow clients, and what one query may take (memory, time,
 * stored result, page size). Over a limit, one request or one run fails clearly; the server keeps serving.
 */
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeAll, demoIds, demoKey, executeAndWait, startTestEmulator, waitFor, type TestEmulator } from './helpers.js';

// each test starts its own emulators and runs real SQL: generous bounds on a shared two-core machine
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

afterAll(closeAll);

const MiB = 1024 * 1024;

interface Streamed {
  status: number | undefined;
  text: string;
  /** Bytes written before the answer came. */
  sentBeforeAnswer: number;
  sent: number;
  /** The server closed the connection before `maxBytes` were written. */
  cutOff: boolean;
}

/**
 * A chunked POST whose body never ends: chunks of 64 KiB are written (waiting for the socket to drain)
 * until `maxBytes` are out or the server closes the connection. Resolves once writing stopped; bounded.
 */
function endlessPost(emu: TestEmulator, path: string, headers: Record<string, string>, maxBytes: number): Promise<Streamed> {
  const url = new URL(emu.origin);
  const chunk = Buffer.alloc(64 * 1024, 'x');
  return new Promise((resolve) => {
    const result: Streamed = { status: undefined, text: '', sentBeforeAnswer: -1, sent: 0, cutOff: false };
    const req = http.request({ host: url.hostname, port: url.port, method: 'POST', path, headers: { 'content-type': 'application/json', ...headers } });
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(bound);
      req.destroy();
      resolve(result);
    };
    const bound = setTimeout(finish, 15_000);
    req.on('response', (res) => {
      result.status = res.statusCode;
      result.sentBeforeAnswer = result.sent;
      res.on('data', (data: Buffer) => (result.text += data.toString('utf8')));
    });
    req.on('error', () => {
      result.cutOff = result.sent < maxBytes;
      finish();
    });
    req.on('close', () => {
      result.cutOff = result.sent < maxBytes;
      finish();
    });
    const write = () => {
      while (!done && result.sent < maxBytes) {
        result.sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      if (result.sent >= maxBytes) setTimeout(finish, 1_000); // the answer, if any, has had time to come
    };
    write();
  });
}

describe('request bodies', () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator();
  });

  it('answers 401 to a request without a key before reading its body', async () => {
    const streamed = await endlessPost(emu, '/public/v3/queries', {}, 64 * MiB);
    expect(streamed.status).toBe(401);
    expect(streamed.sentBeforeAnswer).toBeLessThan(64 * MiB);
    expect(streamed.cutOff).toBe(true);
    expect((await emu.call('GET', '/queries?limit=1')).status).toBe(200);
  });

  it('answers 413 as soon as a body passes 1 MiB, and reads no more of it', async () => {
    const streamed = await endlessPost(emu, '/public/v3/queries', { 'x-api-key': demoKey }, 64 * MiB);
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.text).error).toMatchObject({ code: 'payload_too_large' });
    expect(streamed.text).toMatch(/1048576 bytes .*--max-body-size/);
    expect(streamed.cutOff).toBe(true);
    expect((await emu.call('GET', '/queries?limit=1')).status).toBe(200);
  });

  it('answers 413 to a Content-Length past the limit without waiting for the body', async () => {
    const url = new URL(emu.origin);
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = http.request({
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: '/public/v3/queries',
        headers: { 'x-api-key': demoKey, 'content-type': 'application/json', 'content-length': String(600 * MiB) },
      });
      req.on('response', (res) => {
        resolve(res.statusCode);
        req.destroy();
      });
      req.on('error', reject);
      req.flushHeaders();
      setTimeout(() => reject(new Error('no answer within 10 s')), 10_000).unref();
    });
    expect(status).toBe(413);
  });

  it('takes a body up to the limit; the limit is an option', async () => {
    const sql = `SELECT 1 AS one -- ${'x'.repeat(MiB - 200)}`;
    expect((await emu.call('POST', '/queries', { body: { name: 'big sql', sql } })).status).toBe(201);
    const small = await startTestEmulator({ maxBodyBytes: 2048 });
    expect((await small.call('POST', '/queries', { body: { name: 'fits', sql: 'SELECT 1' } })).status).toBe(201);
    const refused = await small.call('POST', '/queries', { body: { name: 'too big', sql: `SELECT 1 -- ${'x'.repeat(3000)}` } });
    expect(refused.status).toBe(413);
    expect(refused.json.error.message).toMatch(/2048 bytes/);
  });
});

describe('what one query may take', () => {
  async function runOf(emu: TestEmulator, sql: string) {
    const created = await emu.call('POST', '/queries', { body: { name: sql.slice(0, 60), sql } });
    expect(created.status).toBe(201);
    return { queryId: created.json.id as string, ...(await executeAndWait(emu, created.json.id)) };
  }

  it('fails a run over the memory limit with a clear error, and keeps serving', async () => {
    const emu = await startTestEmulator({ memoryLimitBytes: 128 * MiB, threads: 1 });
    const run = await runOf(emu, "SELECT repeat('x', 1000000) AS s FROM range(400)");
    expect(run.status.status).toBe('FAILED');
    const details = (await emu.call('GET', `/query-runs/${run.queryRunId}/result`)).json;
    expect(details.status).toBe('FAILED');
    expect(run.status.message).toMatch(/more memory than the limit of 128 MiB \(--memory-limit\)/);
    const next = await executeAndWait(emu, demoIds.queries.dailyRevenue);
    expect(next.status.status).toBe('COMPLETED');
  });

  it('interrupts a run past the run timeout: FAILED, saying so, and the server keeps serving', async () => {
    const emu = await startTestEmulator({ runTimeoutMs: 300 });
    const run = await runOf(emu, 'SELECT count(*) AS n FROM range(100000000000) a WHERE a.range % 7 = 3');
    expect(run.status.status).toBe('FAILED');
    expect(run.status.message).toMatch(/ran longer than the run timeout \(300ms; --run-timeout\)/);
    expect((await emu.call('GET', '/queries?limit=1')).status).toBe(200);
    expect((await executeAndWait(emu, demoIds.queries.topCustomers)).status.status).toBe('COMPLETED');
  });

  it('fails a run whose result is over the stored result limit, keeping no rows of it', async () => {
    const emu = await startTestEmulator({ maxResultBytes: 10_000 });
    const big = await runOf(emu, 'SELECT range AS n FROM range(5000)');
    expect(big.status.status).toBe('FAILED');
    expect(big.status.message).toMatch(/over the stored result limit of 9\.8 KiB \(--max-result-size\)/);
    expect((await emu.call('GET', `/queries/${big.queryId}/latest/data`)).status).toBe(404);
    const small = await runOf(emu, 'SELECT range AS n FROM range(50)');
    expect(small.status.status).toBe('COMPLETED');
    expect((await emu.call('GET', `/queries/${small.queryId}/latest/data`)).json.returnedRowCount).toBe(50);
  });

  it('keeps pages of data within a maximum of 10,000 rows', async () => {
    const emu = await startTestEmulator();
    const run = await runOf(emu, 'SELECT range AS n FROM range(10001)');
    expect(run.status.status).toBe('COMPLETED');
    const over = await emu.call('GET', `/queries/${run.queryId}/latest/data?limit=10001`);
    expect(over.status).toBe(400);
    expect(over.json.error).toMatchObject({ code: 'validation_error', field: 'limit' });
    expect(over.json.error.message).toMatch(/at most 10000/);
    const full = await emu.call('GET', `/queries/${run.queryId}/latest/data?limit=10000&offset=1`);
    expect(full.json.returnedRowCount).toBe(10000);
  });
});

describe('slow clients', () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator({ headersTimeoutMs: 500, requestTimeoutMs: 1_500 });
  });

  /** Connects and trickles `first`, then `next` every 100 ms; resolves when the server closes (bounded). */
  function trickle(first: string, next: string): Promise<{ closed: boolean; answer: string }> {
    const url = new URL(emu.origin);
    return new Promise((resolve) => {
      const socket = net.connect(Number(url.port), url.hostname);
      let answer = '';
      const finish = (closed: boolean) => {
        clearInterval(drip);
        clearTimeout(bound);
        socket.destroy();
        resolve({ closed, answer });
      };
      const drip = setInterval(() => socket.write(next), 100);
      const bound = setTimeout(() => finish(false), 10_000);
      socket.on('data', (data: Buffer) => (answer += data.toString('utf8')));
      socket.on('close', () => finish(true));
      socket.on('error', () => undefined);
      socket.write(first);
    });
  }

  it('cuts off a client that sends its headers slowly', async () => {
    const host = new URL(emu.origin).host;
    const slow = await trickle(`GET /public/v3/queries HTTP/1.1\r\nHost: ${host}\r\n`, 'X-Slow: 1\r\n');
    expect(slow.closed).toBe(true);
  });

  it('cuts off a client that sends its body slowly', async () => {
    const host = new URL(emu.origin).host;
    const slow = await trickle(
      `POST /public/v3/queries HTTP/1.1\r\nHost: ${host}\r\nx-api-key: ${demoKey}\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n`,
      ' ',
    );
    expect(slow.closed).toBe(true);
    expect(slow.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('serves 200 concurrent requests while slow clients hold connections', async () => {
    const host = new URL(emu.origin).host;
    const holders = Array.from({ length: 20 }, () => trickle(`GET /public/v3/queries HTTP/1.1\r\nHost: ${host}\r\n`, 'X-Slow: 1\r\n'));
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => emu.call('GET', `/queries?limit=1&offset=${i % 5}`, { timeoutMs: 15_000 })));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 200 }, () => 200));
    expect((await Promise.all(holders)).every((h) => h.closed)).toBe(true);
    await waitFor(async () => (await emu.call('GET', '/queries?limit=1')).status === 200);
  });
});
