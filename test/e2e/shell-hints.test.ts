/**
 * Commands that ws prints to be pasted (hints, notes) are pasted back into a real shell, `sh -c`, with a stub
 * `ws` first on PATH that prints the words it got: they must arrive intact, whatever a slug, a parameter or a
 * word holds (the API gives a query slug no pattern, so it may hold spaces, quotes and `$`). That `ws mcp` answers
 * with bare commands whatever options started it: in-process in test/commands/mcp/mcp.test.ts.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellCommand } from '../../src/shell.js';
import { ApiServer } from '../helpers/api-server.js';
import { query, queryList, queryRunResult, uuid } from '../helpers/fixtures.js';
import { installWs, testKey, ws } from '../helpers/ws.js';
import { execa } from 'execa';
import { emulatorKey, startTestEmulator, type TestEmulator } from '../helpers/emulator.js';

let stubDir: string;
beforeAll(() => {
  stubDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-stub-'));
  // prints each argument followed by a NUL byte: no word can hide its edges
  fs.writeFileSync(path.join(stubDir, 'ws'), '#!/bin/sh\nfor word in "$@"; do printf \'%s\\0\' "$word"; done\n', { mode: 0o755 });
});
afterAll(() => fs.rmSync(stubDir, { recursive: true, force: true }));

/** The words `sh` hands to `ws` when the line is pasted. */
function pasted(line: string): string[] {
  const out = execFileSync('sh', ['-c', line], { env: { PATH: `${stubDir}:${process.env.PATH}` }, encoding: 'utf8', timeout: 5_000 });
  return out.split('\0').slice(0, -1);
}

const awkward = [
  'Excepteur laboris proident',
  `it's "quoted" $(echo no) \`x\` ; | & > *`,
  '-dash',
  'tab\there',
  'new\nline',
  '',
  '~home',
  'a=b',
  '#hash',
  'ünï ✓',
];

describe('shellCommand', () => {
  it('gives sh the same words back, for awkward and for arbitrary words', () => {
    for (const word of awkward) expect(pasted(shellCommand('ws', 'queries', 'get', word))).toEqual(['queries', 'get', word]);
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ unit: 'grapheme', maxLength: 12 }).filter((w) => !w.includes('\0')),
          { minLength: 1, maxLength: 4 },
        ),
        (words) => {
          expect(pasted(shellCommand('ws', ...words))).toEqual(words);
        },
      ),
      { numRuns: 60, seed: 21 },
    );
  });

  it('leaves safe words bare, so that ordinary hints read as before', () => {
    expect(shellCommand('ws', 'runs', 'wait', '9708d662-886c-4ebe-b2c2-84f3f445676f', '--data')).toBe(
      'ws runs wait 9708d662-886c-4ebe-b2c2-84f3f445676f --data',
    );
    expect(shellCommand('ws', 'queries', 'execute', 'daily_revenue', '--param', 'start=2026-01-01')).toBe(
      'ws queries execute daily_revenue --param start=2026-01-01',
    );
  });
});

describe('hints printed by ws paste back into a shell', () => {
  const server = new ApiServer();
  let env: Record<string, string>;
  beforeAll(async () => {
    await server.start();
    env = { WS_BASE_URL: server.baseUrl, WS_API_KEY: testKey };
  });
  afterAll(() => server.stop());

  // a slug that starts with - would be an option to ws however it is quoted; an empty one names no query
  it.each(awkward.filter((slug) => slug !== '' && !slug.startsWith('-') && !slug.includes('\n')))(
    'queries create, then the rerun hint of execute --wait, for the slug %j',
    async (slug) => {
      server.reset();
      const id = uuid();
      const runId = uuid();
      const other = uuid();
      const saved = query({ id, slug, lastSuccessfulRunId: runId, parameters: [{ name: 'note', type: 'text', description: '', defaultValue: '' }] });
      server
        .on('POST', '/queries', { status: 201, body: saved })
        .on('GET', '/queries', { body: queryList([saved]) })
        .on('POST', `/queries/${id}/execute`, { status: 202, body: { queryId: id, queryRunId: runId, status: 'PENDING' } })
        .on('GET', `/query-runs/${runId}`, {
          body: { queryRunId: runId, status: 'COMPLETED', message: null, userAgent: 'cli', createdAt: '2026-11-20T10:00:00.000Z', history: [] },
        })
        .on('GET', `/query-runs/${runId}/result`, { body: queryRunResult(runId, id) })
        .on('GET', `/queries/${id}`, { body: saved })
        // another run's rows: execute --wait refuses them and says how to run it again
        .on('GET', `/queries/${id}/latest/data`, {
          body: { queryRunId: other, status: 'COMPLETED', totalRowCount: 0, returnedRowCount: 0, columns: [], rows: [] },
        });

      const created = await ws(['queries', 'create', '--name', 'Awkward', '--sql', 'SELECT {{note}}', '--param', 'note:text'], env);
      expect(created.exitCode, created.stderr).toBe(0);
      const runIt = /Run it: (.+)$/m.exec(created.stderr)?.[1];
      expect(runIt, created.stderr).toBeDefined();
      expect(pasted(runIt!)).toEqual(['queries', 'execute', slug, '--wait']);

      const note = `it's "x" $(echo no)`;
      const executed = await ws(['queries', 'execute', slug, '--param', `note=${note}`, '--wait'], env);
      expect(executed.exitCode, executed.stderr).toBe(1);
      const hint = /run it again: (.+) \(or read the other run's rows: (.+)\); for parallel jobs/m.exec(executed.stderr);
      expect(hint, executed.stderr).not.toBeNull();
      expect(pasted(hint![1]!)).toEqual(['queries', 'execute', slug, '--param', `note=${note}`, '--wait']);
      expect(pasted(hint![2]!)).toEqual(['queries', 'data', slug, '--all']);
    },
  );
});

describe('a printed wait, pasted into sh, continues against the same profile in the same output', () => {
  let emu: TestEmulator;
  let configDir: string;
  let binDir: string;
  beforeAll(async () => {
    // runs take a while (a step a second), so that --timeout 1ms leaves them going on
    emu = await startTestEmulator({ stepMs: 1000 });
    // the key and base URL live only in profile "slowp": pasted without --profile, the wait would find neither
    configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-hints-config-'));
    fs.writeFileSync(
      path.join(configDir, 'config.json'),
      JSON.stringify({ profiles: { slowp: { apiKey: emulatorKey, baseUrl: emu.baseUrl, apiKeyOrigin: emu.origin } } }),
    );
    binDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-hints-bin-'));
    installWs(binDir);
  });
  afterAll(async () => {
    await emu?.close();
    for (const dir of [configDir, binDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Runs a printed command as a person pastes it: sh, the ws under test on PATH, no WS_* variable but the config folder. */
  const paste = (line: string) =>
    execa('sh', ['-c', line], { env: { PATH: `${binDir}:${process.env.PATH}`, WS_CONFIG_DIR: configDir }, extendEnv: false, reject: false, timeout: 60_000 });

  it('queries execute --wait -o csv, then the wait it prints: the rows in csv', async () => {
    const first = await ws(['--profile', 'slowp', 'queries', 'execute', 'daily_revenue', '--wait', '--timeout', '1ms', '-o', 'csv'], {
      WS_CONFIG_DIR: configDir,
    });
    expect(first.exitCode, first.stderr).toBe(6);
    const resume = /wait again with `([^`]+)`/.exec(first.stderr)?.[1];
    expect(resume).toMatch(/^ws runs wait \S+ --data --profile slowp -o csv$/);
    const pasted = await paste(resume!);
    expect(pasted.exitCode, pasted.stderr).toBe(0);
    expect(pasted.stdout.split('\n')[0]).toBe('day,orders,revenue');
  });

  it('automations trigger --wait --json, then the wait it prints: the same JSON, .state', async () => {
    const first = await ws(['automations', 'trigger', '20000000-0000-4000-8000-000000000001', '--wait', '--timeout', '1ms', '--json', '--profile', 'slowp'], {
      WS_CONFIG_DIR: configDir,
    });
    expect(first.exitCode, first.stderr).toBe(6);
    const hint = JSON.parse(first.stderr.trim().split('\n').at(-1)!).error.hint as string;
    const resume = /wait again with `([^`]+)`/.exec(hint)?.[1];
    expect(resume).toMatch(/^ws automations wait \S+ --profile slowp --json$/);
    const pasted = await paste(resume!);
    expect(pasted.exitCode, pasted.stderr).toBe(0);
    // the run itself, as trigger --wait --json prints it: `jq .state` reads its state
    expect(JSON.parse(pasted.stdout)).toMatchObject({ id: expect.any(String), state: 'completed' });
  });
});
