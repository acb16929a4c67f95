import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa, type Options } from 'execa';

/**
 * The ws under test: bin/ws.js run by this test's node, or the standalone binary that WS_TEST_BIN names (.ci/run
 * runs the tests of an installed tool against dist-bin's ws that way, with no node on the PATH).
 */
export const standaloneBin = process.env.WS_TEST_BIN ? path.resolve(process.env.WS_TEST_BIN) : undefined;
export const wsBin = standaloneBin ?? fileURLToPath(new URL('../../bin/ws.js', import.meta.url));

/** The program and arguments that run ws with `args`. */
export function wsCommand(args: readonly string[]): [string, string[]] {
  return standaloneBin ? [standaloneBin, [...args]] : [process.execPath, [wsBin, ...args]];
}

/** Puts a `ws` that runs the ws under test into `dir`, for tests that put ws on the PATH (shells, the README). */
export function installWs(dir: string): void {
  if (standaloneBin) fs.symlinkSync(standaloneBin, path.join(dir, 'ws'));
  else fs.writeFileSync(path.join(dir, 'ws'), `#!/bin/sh\nexec '${process.execPath}' '${wsBin}' "$@"\n`, { mode: 0o755 });
}

export const testKey = 'wsk_test_9f8e7d6c5b4a3f2e1d0c';

export interface WsResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/** A fresh, empty config folder, so no test sees another's profile or the user's own. */
export function tempConfigDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'ws-test-config-'));
}

/**
 * Spawns bin/ws as a user would. The environment is built from scratch: only what the test gives,
 * plus PATH and a private config folder.
 */
export async function ws(args: string[], env: Record<string, string | undefined> = {}, options: Options = {}): Promise<WsResult> {
  const [command, commandArgs] = wsCommand(args);
  const result = await execa(command, commandArgs, {
    env: { PATH: process.env.PATH, WS_CONFIG_DIR: env.WS_CONFIG_DIR ?? tempConfigDir(), ...env },
    extendEnv: false,
    reject: false,
    timeout: 45_000,
    stdin: 'ignore',
    stripFinalNewline: false,
    ...options,
  });
  return { stdout: String(result.stdout), stderr: String(result.stderr), exitCode: result.exitCode ?? -1 };
}
