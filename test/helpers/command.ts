import { beforeAll } from 'vitest';
import { run } from '../../src/cli.js';
import { fakeIO, type FakeIOOptions } from './fake-io.js';
import { fileServer } from './stub-server.js';
import { tempConfigDir, testKey } from './ws.js';

/**
 * For in-process command tests: a stub API server for the file (see fileServer), and `ws` run in-process against
 * it with these IO options unless a call says otherwise.
 */
export function stubServer(defaults: FakeIOOptions = {}) {
  const server = fileServer();
  let baseEnv: Record<string, string> = {};
  beforeAll(() => {
    baseEnv = { WS_BASE_URL: server.baseUrl, WS_API_KEY: testKey, WS_CONFIG_DIR: tempConfigDir() };
  });
  async function ws(argv: string[], options: FakeIOOptions = {}) {
    const io = fakeIO({ ...defaults, ...options, env: { ...baseEnv, ...defaults.env, ...options.env } });
    const exitCode = await run(argv, io);
    return { exitCode, stdout: io.out(), stderr: io.err() };
  }
  return { server, ws };
}
