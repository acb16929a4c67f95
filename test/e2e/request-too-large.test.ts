/**
 * A request body over the server's limit: the server answers 413 before it has read the body and closes the
 * connection. ws reads that answer and says it plainly, not "the connection dropped, it may have been processed"
 * (issue 38.13): a body past 1 MiB asks `Expect: 100-continue` and goes only when the server says so.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { routes, startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { tempFiles } from '../helpers/query-setup.js';
import { testKey, ws } from '../helpers/ws.js';

// the emulator (1 MiB at most in a body) in this process, ws in its own: in one process the answer never races the upload
let emu: TestEmulator;
beforeAll(async () => {
  emu = await startTestEmulator();
});
beforeEach(() => emu.clearRequests());
afterAll(() => emu.close());
const files = tempFiles('ws-too-large-');

const bigSql = (megabytes: number) => files.file(`big-${megabytes}.sql`, `SELECT '${'x'.repeat(megabytes * 1_000_000)}' AS big`);

/** A server on loopback that answers `handle` and records the Expect header and the body bytes it read. */
async function server(handle: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const seen: { expect: string | undefined; bytes: number }[] = [];
  const listener = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const record = { expect: req.headers.expect, bytes: 0 };
    seen.push(record);
    req.on('data', (chunk: Buffer) => (record.bytes += chunk.length));
    handle(req, res);
  };
  const stub = http.createServer(listener);
  // answering Expect is left to `handle`: no automatic 100 Continue
  stub.on('checkContinue', listener);
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/public/v3`;
  return { seen, baseUrl, stop: () => new Promise<void>((resolve) => stub.close(() => resolve(stub.closeAllConnections()))) };
}

describe('a body over the server limit', () => {
  it.each([5, 50])('a %i MB SQL file to the emulator: exit 1, HTTP 413 as the server said it, nothing created', async (megabytes) => {
    const result = await ws(['queries', 'create', '--name', `Big ${megabytes}`, '--sql-file', bigSql(megabytes), '--json', 'id'], emu.env);
    expect(result.exitCode, result.stderr).toBe(1);
    expect(JSON.parse(result.stderr).error).toMatchObject({
      code: 'http_error',
      status: 413,
      apiCode: 'payload_too_large',
      message: expect.stringMatching(/^POST \/queries failed \(HTTP 413\): the request body is larger than the emulator's limit of 1048576 bytes/),
    });
    expect(result.stderr).not.toMatch(/may have|dropped/);
    expect(routes(await emu.requests())).toEqual(['POST /queries']);
    expect((await emu.api('GET', `/queries?search=${encodeURIComponent(`Big ${megabytes}`)}`)).json.queries).toEqual([]);
  });

  it('a server that answers 413 and closes at once: the answer is read, the body never sent', async () => {
    const stub = await server((_req, res) => {
      const body = JSON.stringify({ code: 'payload_too_large', message: 'the body is too large' });
      res.writeHead(413, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), connection: 'close' });
      res.end(body, () => res.socket?.destroy());
    });
    try {
      for (let round = 0; round < 3; round++) {
        const result = await ws(['queries', 'create', '--name', 'Big', '--sql-file', bigSql(50), '--json', 'id'], {
          WS_BASE_URL: stub.baseUrl,
          WS_API_KEY: testKey,
        });
        expect(result.exitCode, result.stderr).toBe(1);
        expect(JSON.parse(result.stderr).error).toMatchObject({
          code: 'http_error',
          status: 413,
          message: 'POST /queries failed (HTTP 413): the body is too large',
        });
      }
      expect(stub.seen).toEqual(Array(3).fill({ expect: '100-continue', bytes: 0 }));
    } finally {
      await stub.stop();
    }
  });

  it('a server that ignores Expect gets the body all the same, after a moment', async () => {
    const stub = await server((req, res) => {
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'q1', name: 'Big' })));
    });
    try {
      const sql = bigSql(2);
      const result = await ws(['api', 'POST', '/queries', '-F', 'name=Big', '-F', `sql=@${sql}`], { WS_BASE_URL: stub.baseUrl, WS_API_KEY: testKey });
      expect(result.exitCode, result.stderr).toBe(0);
      expect(stub.seen).toHaveLength(1);
      expect(stub.seen[0]!.bytes).toBeGreaterThan(2_000_000);
    } finally {
      await stub.stop();
    }
  });
});
