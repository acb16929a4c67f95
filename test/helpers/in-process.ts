/**
 * In-process command tests against a stub API: the server (port 0, every unmatched request a failure) and
 * `ws(argv, options)`, which runs the CLI with a fake IO, a terminal of 80 columns unless the options say otherwise.
 */
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { run } from '../../src/cli.js';
import { ApiServer } from './api-server.js';
import { fakeIO, type FakeIOOptions } from './fake-io.js';
import { tempConfigDir, testKey } from './ws.js';

export function stubbedApi(now: string, env: Record<string, string> = {}) {
  const server = new ApiServer();
  let baseEnv: Record<string, string>;
  beforeAll(async () => {
    await server.start();
    baseEnv = { WS_BASE_URL: server.baseUrl, WS_API_KEY: testKey, WS_CONFIG_DIR: tempConfigDir(), ...env };
  });
  afterEach(() => {
    expect(server.unmatched).toEqual([]);
    server.reset();
  });
  afterAll(() => server.stop());
  async function ws(argv: string[], options: FakeIOOptions = {}) {
    const io = fakeIO({ tty: true, columns: 80, now, ...options, env: { ...baseEnv, ...options.env } });
    const exitCode = await run(argv, io);
    return { exitCode, stdout: io.out(), stderr: io.err() };
  }
  return { server, ws };
}
