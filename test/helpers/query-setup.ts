/**
 * Set-up that in-process command tests against the emulator share: queries made and run through the API (ground
 * truth that does not go through ws), and a folder of files for the test file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollUntil, type TestEmulator } from './emulator.js';
import type { FakeIOOptions } from './fake-io.js';
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
export async function createQuery(
  ws: (argv: string[]) => Promise<WsResult>,
  name: string,
  sql: string,
  extra: string[] = [],
): Promise<{ id: string; slug: string }> {
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
    file(name: string, text: string | Buffer): string {
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

/**
 * The server errors of a command that reads one query run (`ws runs get`, `ws runs result`), whose request is
 * GET /query-runs/<id><suffix>: an unknown run is exit 4 on a terminal and off one, a 503 at each try exit 1.
 */
export function describeRunReadErrors(
  verb: string,
  suffix: string,
  emu: TestEmulator,
  ws: (argv: string[], options?: FakeIOOptions) => Promise<WsResult>,
  runId: () => string,
): void {
  describe('server errors', () => {
    it('an unknown run is exit 4 naming the request; nothing on stdout', async () => {
      const id = '00000000-0000-4000-8000-00000000dead';
      for (const tty of [false, true]) {
        const result = await ws(['runs', verb, id], { tty });
        expect(result.exitCode).toBe(4);
        expect(result.stdout).toBe('');
        expect(result.stderr).toMatch(new RegExp(`^error: GET /query-runs/${id}${suffix}: not found \\(HTTP 404\\)`));
      }
    });

    it('a 503 at each try is exit 1 after the retries', async () => {
      const path = `/query-runs/${runId()}${suffix}`;
      await emu.fault({ path: `^${path}$`, status: 503, retryAfter: 0, times: 2 });
      const result = await ws(['runs', verb, runId()], { env: { WS_MAX_ATTEMPTS: '2' } });
      expect(result.exitCode).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(`error: GET ${path} failed (HTTP 503)`);
      expect((await emu.requests()).map((r) => `${r.method} ${r.path}`)).toEqual(Array(2).fill(`GET ${path}`));
    });
  });
}

/** SQL that is empty or only whitespace, given to each of these command lines: exit 2 naming it, nothing sent. */
export function describeBlankSql(
  verbs: [string, string[]][],
  emu: TestEmulator,
  ws: (argv: string[], options?: FakeIOOptions) => Promise<WsResult>,
  files: ReturnType<typeof tempFiles>,
): void {
  describe.each(verbs)('ws queries %s with SQL that is empty or only whitespace', (_verb, argv) => {
    it.each([
      ['--sql ""', ['--sql', ''], '--sql is empty'],
      ['--sql of spaces and a newline', ['--sql', '  \n'], '--sql is only whitespace'],
      ['--sql-file of an empty file', ['--sql-file', 'empty.sql'], '--sql-file <dir>/empty.sql is empty'],
      ['--sql-file of a file of blank lines', ['--sql-file', 'blank.sql'], '--sql-file <dir>/blank.sql is only whitespace'],
      ['--sql-file - with nothing on stdin (< /dev/null, or `cat missing.sql |`)', ['--sql-file', '-'], '--sql-file - (stdin) is empty'],
    ])('%s is exit 2 naming it, and nothing is sent', async (_name, flags, said) => {
      files.file('empty.sql', '');
      files.file('blank.sql', '\n \t\n\n');
      const args = flags.map((flag) => (flag.endsWith('.sql') ? path.join(files.dir, flag) : flag));
      const result = await ws([...argv, ...args], { stdin: '' });
      expect(result.stderr).toContain(`error: ${said.replace('<dir>', files.dir)}: a query needs SQL, nothing was sent`);
      expect(result.exitCode).toBe(2);
      expect(result.stdout).toBe('');
      expect(await emu.requests()).toEqual([]);
    });

    it('a dry run refuses it the same way', async () => {
      const result = await ws([...argv, '--sql', ' ', '--dry-run']);
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toContain('error: --sql is only whitespace');
      expect(await emu.requests()).toEqual([]);
    });
  });
}
