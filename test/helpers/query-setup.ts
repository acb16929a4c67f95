/**
 * Set-up that in-process command tests against the emulator share: queries made and run through the API (ground
 * truth that does not go through ws), and a folder of files for the test file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { pollUntil, type TestEmulator } from './emulator.js';
import type { WsResult } from './ws.js';

/** The query as the server has it, not as ws shows it. */
export async function serverQuery(emu: TestEmulator, id: string): Promise<any> {
  const res = await emu.api('GET', `/queries/${id}`);
  expect(res.status).toBe(200);
  return res.json;
}

/** Creates a query through the API, not through ws: its id and slug. */
export async function apiQuery(emu: TestEmulator, name: string, sql = 'SELECT 1 AS one'): Promise<{ id: string; slug: string }> {
  const { status, json } = await emu.api('POST', '/queries', { name, sql, userAgent: 'cli' });
  expect(status).toBe(201);
  return json;
}

/** Creates a query through `ws queries create` and returns its id and slug. */
export async function createQuery(ws: (argv: string[]) => Promise<WsResult>, name: string, sql: string, extra: string[] = []): Promise<{ id: string; slug: string }> {
  const result = await ws(['queries', 'create', '--name', name, '--sql', sql, ...extra, '--json', 'id,slug']);
  expect(result.exitCode, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

/** Executes through the API and waits (bounded) until the query names the run its last successful one. */
export async function executeDirectly(emu: TestEmulator, id: string, body: unknown = {}): Promise<string> {
  const started = await emu.api('POST', `/queries/${id}/execute`, body);
  expect(started.status).toBe(202);
  const runId = started.json.queryRunId as string;
  await pollUntil(async () => {
    const run = await emu.api('GET', `/query-runs/${runId}`);
    if (run.json.status === 'FAILED' || run.json.status === 'CANCELLED') throw new Error(`run ${runId} ${run.json.status}`);
    return run.json.status === 'COMPLETED' && (await serverQuery(emu, id)).lastSuccessfulRunId === runId;
  }, `run ${runId} of ${id} to complete`);
  return runId;
}

/** A temporary folder for the test file, removed after it: `file(name, text)` writes one and gives its path, `folder(name)` makes one. */
export function tempFiles(prefix: string) {
  let dir = '';
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    get dir() {
      return dir;
    },
    file(name: string, text: string): string {
      const at = path.join(dir, name);
      fs.writeFileSync(at, text);
      return at;
    },
    /** A new empty folder in it. */
    folder(name: string): string {
      const at = path.join(dir, name);
      fs.mkdirSync(at);
      return at;
    },
  };
}

export const uuidRe = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;
/** The line a wait writes on stderr first, with the run's id. */
export const runLine = new RegExp(`query run (${uuidRe.source}): `);
