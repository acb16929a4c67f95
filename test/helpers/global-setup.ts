/**
 * Once per test run, before any test file: dist/ is rebuilt if src/ changed since (fresh-build.ts), and the run gets
 * a temporary folder of its own, which the test processes inherit as TMPDIR: every folder a test, a ws it spawned or a
 * tool made with os.tmpdir() is inside it, and it is removed with all of them when the run ends.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './fresh-build.js';

export async function setup(): Promise<() => void> {
  await buildIfStale(fileURLToPath(new URL('../..', import.meta.url)));
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-test-run-'));
  const outer = { TMPDIR: process.env.TMPDIR, TMP: process.env.TMP, TEMP: process.env.TEMP };
  process.env.TMPDIR = process.env.TMP = process.env.TEMP = runDir;
  return () => {
    for (const [name, value] of Object.entries(outer)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    fs.rmSync(runDir, { recursive: true, force: true, maxRetries: 3 });
  };
}
