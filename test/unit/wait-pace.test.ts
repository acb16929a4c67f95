/**
 * How often a wait polls (src/wait.ts): a query run's polls follow its pace (src/workspace/query-runs.ts), so that the
 * rows follow a run's end at once while a long run is not asked about more than about once a second. On a fake clock:
 * the times are the schedule's own, not the machine's.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { WsError } from '../../src/errors.js';
import { waitFor } from '../../src/wait.js';
import { queryRunPace } from '../../src/workspace/query-runs.js';
import { fakeIO } from '../helpers/fake-io.js';

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse('2026-11-20T12:00:00.000Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The times (ms from the start) of the polls of a job that ends at the poll `end`, or that fails at the polls `failing`. */
async function pollTimes(end: number, pace: ((waitedMs: number) => number) | undefined, failing: number[] = []): Promise<number[]> {
  const started = Date.now();
  const times: number[] = [];
  const waited = waitFor({
    poll: async () => {
      times.push(Date.now() - started);
      if (failing.includes(times.length)) throw new WsError('api', 'GET /query-runs/x failed (HTTP 503)', { status: 503 });
      return times.length >= end ? 'COMPLETED' : 'RUNNING';
    },
    state: (state) => state,
    isTerminal: (state) => state === 'COMPLETED',
    timeoutMs: 0,
    label: 'query run x',
    resume: 'ws runs wait x',
    io: fakeIO({ clock: () => Date.now() }),
    ...(pace ? { pace } : {}),
  });
  await vi.advanceTimersByTimeAsync(120_000);
  await waited;
  return times;
}

const gaps = (times: number[]) => times.slice(1).map((time, i) => time - times[i]!);

it('a query run is polled every 40 ms while the wait is young, then every twentieth of the time waited, up to 1 s', async () => {
  const times = await pollTimes(120, queryRunPace);
  const early = gaps(times.filter((time) => time <= 800));
  expect(early.every((gap) => gap === 40)).toBe(true);
  // at 2 s, a poll every 100 ms; from 20 s on, every second
  const at2s = times.findIndex((time) => time >= 2_000);
  expect(times[at2s + 1]! - times[at2s]!).toBe(Math.round(times[at2s]! / 20));
  const late = gaps(times.filter((time) => time >= 21_000));
  expect(late.length).toBeGreaterThan(3);
  expect(late.every((gap) => gap === 1_000)).toBe(true);
});

it('a poll that failed is followed by the growing delay, from 200 ms, even while the wait is young', async () => {
  const times = await pollTimes(8, queryRunPace, [2, 3]);
  expect(gaps(times)).toEqual([40, 200, 300, 40, 40, 40, 40]);
});

it('without a pace (an automation run), the delay starts at 200 ms and grows by half up to 1 s', async () => {
  const times = await pollTimes(8, undefined);
  expect(gaps(times)).toEqual([200, 300, 450, 675, 1_000, 1_000, 1_000]);
});
