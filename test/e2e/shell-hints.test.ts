/**
 * Commands that ws prints to be pasted (hints, notes) are pasted back into a real shell, `sh -c`, with a stub
 * `ws` first on PATH that prints the words it got: they must arrive intact, whatever a slug, a parameter or a
 * word holds (the API gives a query slug no pattern, so it may hold spaces, quotes and `$`).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellCommand } from '../../src/shell.js';
import { ApiServer } from '../helpers/api-server.js';
import { query, queryList, uuid } from '../helpers/fixtures.js';
import { testKey, ws } from '../helpers/ws.js';

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

const awkward = ['Excepteur laboris proident', `it's "quoted" $(echo no) \`x\` ; | & > *`, '-dash', 'tab\there', 'new\nline', '', '~home', 'a=b', '#hash', 'ünï ✓'];

describe('shellCommand', () => {
  it('gives sh the same words back, for awkward and for arbitrary words', () => {
    for (const word of awkward) expect(pasted(shellCommand('ws', 'queries', 'get', word))).toEqual(['queries', 'get', word]);
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 12 }).filter((w) => !w.includes('\0')), { minLength: 1, maxLength: 4 }), (words) => {
        expect(pasted(shellCommand('ws', ...words))).toEqual(words);
      }),
      { numRuns: 60, seed: 21 },
    );
  });

  it('leaves safe words bare, so that ordinary hints read as before', () => {
    expect(shellCommand('ws', 'runs', 'wait', '9708d662-886c-4ebe-b2c2-84f3f445676f', '--data')).toBe('ws runs wait 9708d662-886c-4ebe-b2c2-84f3f445676f --data');
    expect(shellCommand('ws', 'queries', 'execute', 'daily_revenue', '--param', 'start=2026-01-01')).toBe('ws queries execute daily_revenue --param start=2026-01-01');
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
  it.each(awkward.filter((slug) => slug !== '' && !slug.startsWith('-') && !slug.includes('\n')))('queries create, then the rerun hint of execute --wait, for the slug %j', async (slug) => {
    server.reset();
    const id = uuid();
    const runId = uuid();
    const other = uuid();
    const saved = query({ id, slug, lastSuccessfulRunId: runId, parameters: [{ name: 'note', type: 'text', description: '', defaultValue: '' }] });
    server
      .on('POST', '/queries', { status: 201, body: saved })
      .on('GET', '/queries', { body: queryList([saved]) })
      .on('POST', `/queries/${id}/execute`, { status: 202, body: { queryId: id, queryRunId: runId, status: 'PENDING' } })
      .on('GET', `/query-runs/${runId}`, { body: { queryRunId: runId, status: 'COMPLETED', message: null, userAgent: 'cli', createdAt: '2026-11-20T10:00:00.000Z', history: [] } })
      .on('GET', `/query-runs/${runId}/result`, { body: { queryRunId: runId, queryId: id, status: 'COMPLETED', resultLocation: null, rowCount: 1, executionTimeMs: 5, columnSchema: null, userAgent: 'cli', createdAt: '2026-11-20T10:00:00.000Z', completedAt: null } })
      .on('GET', `/queries/${id}`, { body: saved })
      // another run's rows: execute --wait refuses them and says how to run it again
      .on('GET', `/queries/${id}/latest/data`, { body: { queryRunId: other, status: 'COMPLETED', totalRowCount: 0, returnedRowCount: 0, columns: [], rows: [] } });

    const created = await ws(['queries', 'create', '--name', 'Awkward', '--sql', 'SELECT {{note}}', '--param', 'note:text'], env);
    expect(created.exitCode, created.stderr).toBe(0);
    const runIt = /Run it: (.+)$/m.exec(created.stderr)?.[1];
    expect(runIt, created.stderr).toBeDefined();
    expect(pasted(runIt!)).toEqual(['queries', 'execute', slug, '--wait']);

    const note = `it's "x" $(echo no)`;
    const executed = await ws(['queries', 'execute', slug, '--param', `note=${note}`, '--wait'], env);
    expect(executed.exitCode, executed.stderr).toBe(1);
    const hint = /run it again: (.+) \(or read the other run's rows: (.+)\)$/m.exec(executed.stderr);
    expect(hint, executed.stderr).not.toBeNull();
    expect(pasted(hint![1]!)).toEqual(['queries', 'execute', slug, '--param', `note=${note}`, '--wait']);
    expect(pasted(hint![2]!)).toEqual(['queries', 'data', slug, '--all']);
  });
});
