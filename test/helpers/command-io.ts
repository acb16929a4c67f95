import { run } from '../../src/cli.js';
import type { ApiServer } from './api-server.js';
import { fakeIO, type FakeIO, type FakeIOOptions } from './fake-io.js';
import { tempConfigDir, testKey } from './ws.js';

/**
 * `ws` in-process against a stub server (as stubServer's ws), with the fake IO handed to `prepare` before the
 * command starts: to put it on the real clock (a --timeout passes only when the clock moves), or to interrupt it.
 */
export async function wsWithIO(server: ApiServer, argv: string[], options: FakeIOOptions = {}, prepare: (io: FakeIO) => void = () => {}) {
  const io = fakeIO({ ...options, env: { WS_BASE_URL: server.baseUrl, WS_API_KEY: testKey, WS_CONFIG_DIR: tempConfigDir(), ...options.env } });
  prepare(io);
  const exitCode = await run(argv, io);
  return { exitCode, stdout: io.out(), stderr: io.err(), io };
}

/** Puts a fake IO on the real clock. */
export const realClock = (io: FakeIO): void => {
  io.now = () => Date.now();
};
