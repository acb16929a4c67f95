/**
 * A long wait off a terminal is never silent (CI services end a job that writes nothing for 10 minutes): after 30 s
 * without a line it says where the run is, as text, or as a `{"progress": …}` object with a machine format, the
 * error object staying the last line; --quiet silences it. In-process against the emulator, whose runs here stay in
 * their first state; the IO's clock is moved on, so a heartbeat shows within a second or two of real time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli.js';
import { demoIds, pollUntil, startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { fakeIO, type FakeIO } from '../helpers/fake-io.js';
import { tempConfigDir } from '../helpers/ws.js';

let emu: TestEmulator;

beforeAll(async () => {
  // every run stays in its first state for the whole test
  emu = await startTestEmulator({ stepMs: 120_000 });
});
afterAll(async () => {
  await emu?.close();
});

interface Waiting {
  io: FakeIO;
  /** The run being waited for: the first one polled. */
  id(): Promise<string>;
  /** Moves the IO's clock on. */
  advance(ms: number): void;
  /** Ctrl-C, then the exit code. */
  interrupt(): Promise<number>;
}

/** `ws argv` in-process, off a terminal, on a clock of its own that only the test moves. */
async function start(argv: string[]): Promise<Waiting> {
  await emu.clearRequests();
  const io = fakeIO({ env: { ...emu.env, WS_CONFIG_DIR: tempConfigDir() } });
  let clock = Date.parse('2026-11-20T12:00:00.000Z');
  io.now = () => clock;
  const exit = run(argv, io);
  return {
    io,
    id: () => pollUntil(async () => polls().then((ids) => ids[0]), 'the first poll of the run'),
    advance: (ms) => {
      clock += ms;
    },
    async interrupt() {
      io.interrupt();
      return exit;
    },
  };
}

/** The run id of each poll since the test started its command, in order. */
async function polls(): Promise<string[]> {
  return (await emu.requests())
    .map((request) => request.path.match(/^\/(?:query-runs|automation-runs)\/([0-9a-f-]{36})$/)?.[1])
    .filter((id): id is string => Boolean(id));
}

/** Waits until the run was polled `count` times: with polls backing off from 200 ms to 1 s, several seconds. */
async function polled(id: string, count: number): Promise<void> {
  await pollUntil(async () => (await polls()).filter((polledId) => polledId === id).length >= count, `${count} polls of ${id}`, 20_000, 50);
}

const lines = (text: string) => text.split('\n').filter(Boolean);

describe('a wait off a terminal says it is still waiting', { timeout: 30_000 }, () => {
  it('runs wait: after 30 s without a line, `query run <id>: still PENDING after 31s`; Ctrl-C ends it with the error last', async () => {
    const started = await emu.api('POST', `/queries/${demoIds.queries.dailyRevenue}/execute`, {});
    const id = started.json.queryRunId as string;
    const waiting = await start(['runs', 'wait', id, '--timeout', '0']);
    await pollUntil(async () => waiting.io.err().includes(`query run ${id}: PENDING`), 'the first state line');
    waiting.advance(31_000);
    await pollUntil(async () => waiting.io.err().includes('still'), 'a heartbeat', 10_000);
    expect(await waiting.interrupt()).toBe(130);
    const stderr = lines(waiting.io.err());
    expect(stderr.slice(0, 2)).toEqual([`query run ${id}: PENDING`, `query run ${id}: still PENDING after 31s`]);
    expect(stderr.at(-2)).toMatch(/^error: stopped waiting for query run /);
  });

  it('queries execute --wait --json: each line of stderr a JSON object, `{"progress": …}` with the run, state and time, the error object last', async () => {
    const waiting = await start(['queries', 'execute', 'daily_revenue', '--wait', '--json', '--timeout', '0']);
    await polled(await waiting.id(), 2);
    waiting.advance(45_000);
    await pollUntil(async () => waiting.io.err().includes('progress'), 'a progress object', 10_000);
    expect(await waiting.interrupt()).toBe(130);
    const objects = lines(waiting.io.err()).map((line) => JSON.parse(line) as Record<string, Record<string, unknown>>);
    const id = objects.at(-1)!.error!.queryRunId;
    expect(objects.at(-1)!.error).toMatchObject({ code: 'interrupted', queryRunId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(objects.slice(0, -1)).toEqual([
      { progress: { queryRunId: id, state: 'PENDING', elapsedMs: 45_000, message: `query run ${id}: still PENDING after 45s` } },
    ]);
    expect(waiting.io.out()).toBe('');
  });

  it('automations trigger --wait: the timeline, then `automation run <id>: still pending after 1m0s`', async () => {
    const waiting = await start(['automations', 'trigger', demoIds.automations.morningReport, '--wait', '--timeout', '0']);
    const id = await waiting.id();
    await pollUntil(async () => waiting.io.err().includes(`automation run ${id}: pending`), 'the first timeline line');
    waiting.advance(60_000);
    await pollUntil(async () => waiting.io.err().includes('still'), 'a heartbeat', 10_000);
    expect(await waiting.interrupt()).toBe(130);
    expect(lines(waiting.io.err())).toContain(`automation run ${id}: still pending after 1m0s`);
  });

  it.each([
    ['automations wait', (id: string) => ['automations', 'wait', id, '--timeout', '0', '--json']],
    ['automations watch', (id: string) => ['automations', 'watch', id, '-o', 'ndjson']],
  ])('%s with a machine format: a `{"progress": …}` object naming the automation run', async (_name, argv) => {
    const started = await emu.api('POST', `/automations/${demoIds.automations.morningReport}/runs`, {});
    const id = started.json.id as string;
    const waiting = await start(argv(id));
    await polled(id, 2);
    waiting.advance(31_000);
    await pollUntil(async () => waiting.io.err().includes('progress'), 'a progress object', 10_000);
    expect(await waiting.interrupt()).toBe(130);
    const objects = lines(waiting.io.err()).map((line) => JSON.parse(line) as Record<string, Record<string, unknown>>);
    expect(objects[0]).toEqual({
      progress: { automationRunId: id, state: 'pending', elapsedMs: 31_000, message: `automation run ${id}: still pending after 31s` },
    });
    expect(Object.keys(objects.at(-1)!)).toEqual(['error']);
  });

  it.each([
    ['queries execute --wait --json --quiet', ['queries', 'execute', 'daily_revenue', '--wait', '--json', '--quiet', '--timeout', '0']],
    ['automations trigger --wait --quiet', ['automations', 'trigger', demoIds.automations.morningReport, '--wait', '--quiet', '--timeout', '0']],
  ])('%s: nothing while waiting, however long', async (_name, argv) => {
    const waiting = await start(argv);
    const id = await waiting.id();
    waiting.advance(31_000);
    // five polls (about 1.6 s after the first): the heartbeat, checked every second, would have shown by then
    await polled(id, 5);
    const during = waiting.io.err();
    expect(await waiting.interrupt()).toBe(130);
    expect(during).toBe('');
  });
});
