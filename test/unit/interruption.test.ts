/** The stop signals from a run's start to the end of its wait (src/interruption.ts), on a fake IO. */
import { describe, expect, it } from 'vitest';
import { Interruption, startWatched } from '../../src/interruption.js';
import { WsError } from '../../src/errors.js';
import { fakeIO } from '../helpers/fake-io.js';

/** A `say` that keeps what it was given. */
function printedErrors(): { errors: WsError[]; say: (error: WsError) => void } {
  const errors: WsError[] = [];
  return { errors, say: (error) => errors.push(error) };
}

describe('Interruption', () => {
  it('the first signal aborts and tells the listeners; the second says the last word, then ends ws by that signal', () => {
    const io = fakeIO();
    const said = printedErrors();
    const interruption = new Interruption(io, { ids: { automationId: 'a' }, say: said.say });
    const heard: string[] = [];
    interruption.onStop((signal) => heard.push(signal));
    interruption.lastWord = () =>
      interruption.error(`stopped${interruption.named()}; the cancel was sent but not answered`, 'check it', { automationRunId: 'r' });
    io.interrupt('SIGINT');
    expect(interruption.signal.aborted).toBe(true);
    expect(heard).toEqual(['SIGINT']);
    expect(said.errors).toEqual([]);
    expect(io.exitedBy()).toEqual([]);
    io.interrupt('SIGTERM');
    expect(said.errors.map((e) => [e.message, e.hint, e.ids, e.exitCode])).toEqual([
      ['stopped (SIGINT, then SIGTERM); the cancel was sent but not answered', 'check it', { automationId: 'a', automationRunId: 'r' }, 143],
    ]);
    expect(io.exitedBy()).toEqual(['SIGTERM']);
    expect(heard).toEqual(['SIGINT']);
    expect(io.interruptListeners()).toBe(0);
  });

  it('a terminal that went away (EIO on stderr) counts as a first SIGHUP, never as a second signal', () => {
    const io = fakeIO();
    const interruption = new Interruption(io);
    const eio = Object.assign(new Error('write EIO'), { code: 'EIO' });
    io.stderr.emit('error', eio);
    expect(interruption.signals).toEqual(['SIGHUP']);
    io.stderr.emit('error', eio);
    expect(interruption.signals).toEqual(['SIGHUP']);
    expect(io.exitedBy()).toEqual([]);
    interruption.dispose();
    expect(io.interruptListeners()).toBe(0);
    expect(io.stderr.listenerCount('error')).toBe(0);
  });

  it('a single Ctrl-C goes without saying in messages; other signals are named', () => {
    const io = fakeIO();
    const interruption = new Interruption(io);
    io.interrupt('SIGINT');
    expect(interruption.named()).toBe('');
    expect(interruption.error('x').exitCode).toBe(130);
    const other = new Interruption(io);
    io.interrupt('SIGHUP');
    expect(other.named()).toBe(' (SIGHUP)');
    expect(other.error('x').exitCode).toBe(129);
  });
});

describe('startWatched', () => {
  const spec = (io: ReturnType<typeof fakeIO>, cancelOnStop = false) => ({
    what: 'a run of query q',
    find: 'find it: `ws queries runs q`',
    cancelOnStop,
    io,
    quiet: false,
  });

  it('a signal abandons the start request and says that a run may have started', async () => {
    const io = fakeIO();
    const interruption = new Interruption(io, { ids: { queryId: 'q1' } });
    const started = startWatched(
      interruption,
      spec(io),
      (signal) => new Promise((_resolve, reject) => signal!.addEventListener('abort', () => reject(new WsError('interrupted', 'interrupted')))),
    );
    io.interrupt('SIGTERM');
    const error = (await started.catch((e: unknown) => e)) as WsError;
    expect([error.message, error.hint, error.ids, error.exitCode]).toEqual([
      'stopped while starting a run of query q (SIGTERM), before the server answered: a run may have started, and it goes on',
      'find it: `ws queries runs q`',
      { queryId: 'q1' },
      143,
    ]);
  });

  it('to cancel the run, the start is not abandoned: its answer comes back, and a second signal says no cancel was sent', async () => {
    const io = fakeIO();
    const said = printedErrors();
    const interruption = new Interruption(io, { say: said.say });
    let answer!: (value: string) => void;
    let given: AbortSignal | undefined = new AbortController().signal;
    const started = startWatched(interruption, spec(io, true), (signal) => {
      given = signal;
      return new Promise<string>((resolve) => (answer = resolve));
    });
    expect(given).toBeUndefined();
    io.interrupt('SIGINT');
    expect(io.err()).toContain('cancels the new run once the server answers');
    io.interrupt('SIGINT');
    expect(said.errors.map((e) => e.message)).toEqual([
      'stopped while starting a run of query q (SIGINT, then SIGINT), before the server answered: a run may have started, and it was not cancelled',
    ]);
    answer('run-1');
    expect(await started).toBe('run-1');
  });
});
