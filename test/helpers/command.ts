import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { run } from '../../src/cli.js';
import { startTestEmulator, type TestEmulator } from './emulator.js';
import type { EmulatorOptions } from '../../src/emulator/emulator.js';
import { fakeIO, type FakeIOOptions } from './fake-io.js';
import { fileServer } from './stub-server.js';
import { tempConfigDir, testKey, type WsResult } from './ws.js';

/**
 * `ws argv` in-process with this whole environment plus a fresh config folder, as test/helpers/ws.ts's `ws` spawns
 * it: off a terminal, empty stdin, the real clock, unless the options say otherwise.
 */
export async function runWs(argv: string[], env: Record<string, string | undefined> = {}, options: FakeIOOptions = {}): Promise<WsResult> {
  const io = fakeIO({ clock: Date.now, ...options, env: { WS_CONFIG_DIR: env.WS_CONFIG_DIR ?? tempConfigDir(), ...env, ...options.env } });
  const exitCode = await run(argv, io);
  return { exitCode, stdout: io.out(), stderr: io.err() };
}

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

/**
 * For in-process command tests against the emulator (demo data, fast runs): started before the file's tests, its
 * request log cleared before each, closed after them (failing on a response the API description does not allow).
 * `ws` runs in-process against it, with the real clock, off a terminal unless the options say otherwise.
 */
export function emulatorServer(overrides: Partial<EmulatorOptions> = {}) {
  let started: TestEmulator | undefined;
  beforeAll(async () => {
    started = await startTestEmulator(overrides);
  });
  beforeEach(() => started?.clearRequests());
  afterAll(() => started?.close());
  const emu = late(() => started, 'emulatorServer: the emulator starts in beforeAll');
  return { emu, ws: (argv: string[], options: FakeIOOptions = {}) => runWs(argv, emu.env, options) };
}

/**
 * What a fixture's beforeAll makes, taken at the top of a file before it exists: each property is read from it when
 * a test uses it (methods bound to it), and reading one before beforeAll ran is this error.
 */
export function late<T extends object>(current: () => T | undefined, notYet: string): T {
  return new Proxy({} as T, {
    get(_target, key) {
      const value = current();
      if (!value) throw new Error(notYet);
      const field = value[key as keyof T];
      return typeof field === 'function' ? field.bind(value) : field;
    },
  });
}

/**
 * `ws argv` is a usage error, on a terminal and off one: exit 2, nothing on stdout, and this on stderr (a string is
 * the whole of it). The caller checks that nothing was sent.
 */
export async function expectUsageError(
  ws: (argv: string[], options?: FakeIOOptions) => Promise<WsResult>,
  argv: string[],
  stderr: string | RegExp,
): Promise<void> {
  for (const tty of [false, true]) {
    const result = await ws(argv, { tty });
    expect(result.exitCode, `${argv.join(' ')} (terminal: ${tty}): ${result.stderr}`).toBe(2);
    expect(result.stdout).toBe('');
    if (typeof stderr === 'string') expect(result.stderr).toBe(stderr);
    else expect(result.stderr).toMatch(stderr);
  }
}
