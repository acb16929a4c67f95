/**
 * What the description allows but the emulator never sends, in exact output: fields it does not mark as
 * always present left out (shown as -), and times that cannot be (a completion before the start, a run of
 * twelve years): a duration of - in tables, the server's own values in machine formats. For queries off a terminal,
 * in-process in test/commands/queries/runs.test.ts and list.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiServer } from '../helpers/api-server.js';
import { uuid } from '../helpers/fixtures.js';
import { lines, screenOf, skipWithoutPty, wsInPty } from '../helpers/pty.js';
import { testKey } from '../helpers/ws.js';

const server = new ApiServer();
let env: Record<string, string>;
beforeAll(async () => {
  await server.start();
  env = { WS_BASE_URL: server.baseUrl, WS_API_KEY: testKey };
});
afterAll(() => server.stop());
beforeEach(() => server.reset());

const runId = uuid();

describe.skipIf(skipWithoutPty)('in a terminal', () => {
  it.each([80, 0])('queries runs at %i columns shows - for a missing id, status or row count and for an impossible duration', async (columns) => {
    const id = uuid();
    const runs = [
      { rowCount: 3, executionTimeMs: -22908026 },
      { id: runId, status: 'RUNNING', executionTimeMs: 377349312000 },
      { id: uuid(), status: 'COMPLETED', rowCount: 7, executionTimeMs: 1234 },
    ];
    server.on('GET', `/queries/${id}/query-runs`, { body: { runs, total: 3, limit: 20, offset: 0 } });
    const result = await wsInPty(['queries', 'runs', id, '--no-color'], { env, columns }).result;
    expect(result.exitCode).toBe(0);
    const rows = lines(screenOf(result.output))
      .split('\n')
      .slice(1, 4)
      .map((line) => line.trim().split(/ {2,}/));
    expect(rows[0]!.slice(0, 4)).toEqual(['-', '-', '3', '-']);
    expect(rows[1]!.slice(0, 4)).toEqual([runId, 'RUNNING', '-', '-']);
    expect(rows[2]![3]).toBe('1.2s');
  });
});
