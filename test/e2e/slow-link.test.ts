/**
 * A slow link does not fail a healthy export (issue 38.6): --http-timeout is a limit on silence, not on a body
 * still arriving. A fault proxy in front of the emulator sends every answer at 250 KB/s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { FaultProxy } from '../helpers/fault-proxy.js';
import { ws } from '../helpers/ws.js';

let emu: TestEmulator;
let slow: FaultProxy;
let queryId = '';
/** 400 rows of about 2 KB: some 800 KB, over three seconds at 250 KB/s. */
const rows = 400;

beforeAll(async () => {
  emu = await startTestEmulator();
  slow = await new FaultProxy({ fault: 'forward', upstream: new URL(emu.baseUrl).origin, bytesPerSecond: 250_000 }).start();
  const created = await ws(
    ['queries', 'create', '--name', 'Wide rows', '--sql', `SELECT range AS n, repeat('x', 2000) AS text FROM range(${rows})`, '--json', 'id'],
    emu.env,
  );
  expect(created.exitCode, created.stderr).toBe(0);
  queryId = JSON.parse(created.stdout).id;
  const ran = await ws(['queries', 'execute', queryId, '--wait', '--no-data'], emu.env);
  expect(ran.exitCode, ran.stderr).toBe(0);
});
afterAll(async () => {
  await slow?.stop();
  await emu?.close();
});

describe('a body that keeps arriving', () => {
  it('outlasts --http-timeout 1s at 250 KB/s: every row, exit 0', async () => {
    const result = await ws(
      ['queries', 'data', queryId, '--all', '-o', 'csv', '--http-timeout', '1s'],
      { ...emu.env, WS_BASE_URL: `${slow.url}/public/v3` },
      { timeout: 20_000 },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(rows + 1);
    expect(lines[0]).toBe('n,text');
    expect(lines.at(-1)).toBe(`${rows - 1},${'x'.repeat(2000)}`);
  });

  it('a body that stops for longer than --http-timeout fails, naming the silence', async () => {
    const stalled = await new FaultProxy({ fault: 'forward', upstream: new URL(emu.baseUrl).origin, stallAfterBytes: 100_000 }).start();
    try {
      const result = await ws(
        ['queries', 'data', queryId, '--all', '-o', 'csv', '--http-timeout', '1s'],
        { ...emu.env, WS_BASE_URL: `${stalled.url}/public/v3`, WS_MAX_ATTEMPTS: '1' },
        { timeout: 20_000 },
      );
      expect(result.exitCode, result.stderr).toBe(1);
      expect(result.stderr).toMatch(/^error: the answer to GET \/queries\/[^ ]+\/latest\/data stopped: no data for 1000ms\n/);
      expect(result.stdout).toBe('');
    } finally {
      await stalled.stop();
    }
  });
});
