import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { run } from '../../src/cli.js';
import { ApiServer } from './api-server.js';
import { fakeIO, type FakeIOOptions } from './fake-io.js';
import { tempConfigDir, testKey } from './ws.js';

/**
 * For in-process command tests: a stub API server started once for the file, checked for unanswered requests and
 * cleared after each test, and `ws` run in-process against it with these IO options unless a call says otherwise.
 */
export function stubServer(defaults: FakeIOOptions = {}) {
  const server = new ApiServer();
  let baseEnv: Record<string, string> = {};
  beforeAll(async () => {
    await server.start();
    baseEnv = { WS_BASE_URL: server.baseUrl, WS_API_KEY: testKey, WS_CONFIG_DIR: tempConfigDir() };
  });
  afterEach(() => {
    expect(server.unmatched).toEqual([]);
    server.reset();
  });
  afterAll(() => server.stop());
  async function ws(argv: string[], options: FakeIOOptions = {}) {
    const io = fakeIO({ ...defaults, ...options, env: { ...baseEnv, ...defaults.env, ...options.env } });
    const exitCode = await run(argv, io);
    return { exitCode, stdout: io.out(), stderr: io.err() };
  }
  return { server, ws };
}
