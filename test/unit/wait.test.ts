/**
 * What a wait (src/wait.ts) tells whoever watches it: it knows no terminal, and reports each state it reads, each
 * failure it rides out and the note of a cancel to the WaitReporter it is given (a command's spinner); given none
 * (an assistant's `ws mcp`), it writes nothing anywhere.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { WsError } from '../../src/errors.js';
import { waitFor, type WaitReporter } from '../../src/wait.js';
import { fakeIO } from '../helpers/fake-io.js';

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse('2026-11-20T12:00:00.000Z') });
});

afterEach(() => {
  vi.useRealTimers();
});

/** A reporter that writes down what it is told. */
function recorder(): { reporter: WaitReporter; told: string[] } {
  const told: string[] = [];
  return {
    told,
    reporter: {
      start: ({ label, ids, started }) => {
        told.push(`start ${label} ${JSON.stringify(ids)} ${new Date(started).toISOString()}`);
        return { update: (state, remark) => told.push(`update ${state}${remark ? ` (${remark})` : ''}`), stop: () => told.push('stop') };
      },
      note: (line) => told.push(`note ${line}`),
    },
  };
}

/** A job read as each of `states` in turn; `fail` throws a passing 503 at that poll instead. */
const polls = (states: string[], fail?: number) => {
  let at = 0;
  return async () => {
    at++;
    if (at === fail) throw new WsError('api', 'GET /query-runs/x failed (HTTP 503)', { status: 503 });
    return states[Math.min(at - 1 - (fail !== undefined && at > fail ? 1 : 0), states.length - 1)]!;
  };
};

const spec = (io: ReturnType<typeof fakeIO>, poll: () => Promise<string>) => ({
  poll,
  state: (state: string) => state,
  isTerminal: (state: string) => state === 'COMPLETED',
  timeoutMs: 0,
  label: 'query run x',
  resume: 'ws runs wait x',
  ids: { queryRunId: 'x' },
  io,
});

it('tells its reporter when it starts, each state read, a failure it rides out, and when it stops', async () => {
  const io = fakeIO({ clock: () => Date.now() });
  const { reporter, told } = recorder();
  const waited = waitFor({ ...spec(io, polls(['PENDING', 'RUNNING', 'COMPLETED'], 2)), reporter });
  await vi.advanceTimersByTimeAsync(10_000);
  expect(await waited).toBe('COMPLETED');
  expect(told).toEqual([
    'start query run x {"queryRunId":"x"} 2026-11-20T12:00:00.000Z',
    'update PENDING',
    'update PENDING (retrying: GET /query-runs/x failed (HTTP 503))',
    'update RUNNING',
    'stop',
  ]);
  expect(io.err()).toBe('');
});

it('says through its reporter that a run is being cancelled on a stop signal', async () => {
  const io = fakeIO({ clock: () => Date.now() });
  const { reporter, told } = recorder();
  const waited = waitFor({
    ...spec(io, polls(['RUNNING'])),
    reporter,
    onInterrupt: async () => ({ outcome: 'it was cancelled', hint: 'see it' }),
  }).catch((error: unknown) => error);
  await vi.advanceTimersByTimeAsync(1_000);
  io.interrupt('SIGINT');
  await vi.advanceTimersByTimeAsync(1_000);
  expect(await waited).toMatchObject({ kind: 'interrupted', message: 'stopped waiting for query run x; it was cancelled' });
  expect(told.slice(-2)).toEqual(['stop', 'note Cancelling query run x… (press Ctrl-C again to leave it running)']);
  expect(io.err()).toBe('');
});

it('without a reporter writes nothing, however it ends', async () => {
  const io = fakeIO({ clock: () => Date.now(), stderrIsTTY: true });
  const waited = waitFor({ ...spec(io, polls(['RUNNING'])), timeoutMs: 5_000 }).catch((error: unknown) => error);
  await vi.advanceTimersByTimeAsync(60_000);
  expect(await waited).toMatchObject({ kind: 'timeout' });
  expect(io.err()).toBe('');
  expect(io.out()).toBe('');
});
