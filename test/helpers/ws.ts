import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa, type Options } from 'execa';

export const wsBin = fileURLToPath(new URL('../../bin/ws.js', import.meta.url));
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
  const result = await execa(process.execPath, [wsBin, ...args], {
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
