import { WsError, type ErrorIds } from './errors.js';
import type { IO, StopSignal } from './io.js';

const stopSignals: readonly StopSignal[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * The stop signals (Ctrl-C, SIGTERM from `kill` or a CI runner, SIGHUP from a closed terminal) while ws starts a
 * run and waits for it. The first one aborts `signal`: ws stops waiting, and finishes only what it must (the
 * answer of a start whose run is to be cancelled, the cancel). Any later one ends ws at once, by that signal,
 * after `say` has written `lastWord()`: where the run was left, so that no sequence of signals (GitHub Actions
 * cancels with SIGINT, then SIGTERM) loses a run.
 */
export class Interruption {
  /** Every stop signal received, in order. */
  readonly signals: StopSignal[] = [];
  /** What ws says if a further signal ends it now; each stage of the work sets its own. */
  lastWord: () => WsError;
  private readonly controller = new AbortController();
  private readonly listeners = new Set<(signal: StopSignal) => void>();
  private stopListening: (() => void) | undefined;

  constructor(
    private readonly io: IO,
    private readonly options: { ids?: ErrorIds; say?: (error: WsError) => void } = {},
  ) {
    this.lastWord = () => this.error(`stopped${this.named()}`);
    this.stopListening = io.onInterrupt((signal) => this.receive(signal), stopSignals);
    io.stderr.on('error', this.onStderrError);
  }

  /** Aborts at the first stop signal. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The first stop signal, once one came. */
  get by(): StopSignal | undefined {
    return this.signals[0];
  }

  /** Calls `listener` on the first stop signal; returns the function that stops listening. */
  onStop(listener: (signal: StopSignal) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** " (SIGTERM)", " (SIGINT, then SIGTERM)": the signals, for a message; a single Ctrl-C goes without saying. */
  named(): string {
    return this.signals.length === 0 || (this.signals.length === 1 && this.signals[0] === 'SIGINT') ? '' : ` (${this.signals.join(', then ')})`;
  }

  /** An `interrupted` error about this work's ids, whose exit code follows the last signal (130, 143, 129). */
  error(message: string, hint?: string, ids: ErrorIds = {}): WsError {
    const last = this.signals.at(-1);
    return new WsError('interrupted', message, {
      ...(hint ? { hint } : {}),
      ids: { ...this.options.ids, ...ids },
      ...(last === 'SIGTERM' || last === 'SIGHUP' ? { signal: last } : {}),
    });
  }

  /** Stops listening: from now on a signal gets Node's default (ws ends by it at once, saying nothing). */
  dispose(): void {
    this.stopListening?.();
    this.stopListening = undefined;
    this.io.stderr.off('error', this.onStderrError);
  }

  private receive(signal: StopSignal): void {
    this.signals.push(signal);
    if (this.signals.length === 1) {
      this.controller.abort();
      for (const listener of [...this.listeners]) listener(signal);
      return;
    }
    // a second signal: ws ends now, by that signal, after saying (synchronously) where the run was left
    this.dispose();
    this.options.say?.(this.lastWord());
    this.io.exitBySignal(signal);
  }

  // A closed terminal does not always send SIGHUP (ws may not lead its session); writing to it fails with EIO.
  private readonly onStderrError = (error: NodeJS.ErrnoException) => {
    if (error.code === 'EIO' && this.signals.length === 0) this.receive('SIGHUP');
  };
}

/** A start request watched by an Interruption. */
export interface StartSpec {
  /** What is started, e.g. "a run of query daily_revenue". */
  what: string;
  /** Where a run that may have started is found, e.g. "find it among the query's runs, newest first: `ws queries runs daily_revenue`". */
  find: string;
  /**
   * The run is cancelled on a stop signal (--cancel-on-interrupt): the start request is then not abandoned, so
   * that its answer names the run to cancel; a second signal still ends ws at once.
   */
  cancelOnStop?: boolean;
  io: IO;
  quiet: boolean;
}

/**
 * Sends a start request (`send` gets the signal that abandons it) so that a stop signal before its answer says
 * that a run may have started and how to find it, instead of ending ws in silence.
 */
export async function startWatched<T>(interruption: Interruption, spec: StartSpec, send: (signal: AbortSignal | undefined) => Promise<T>): Promise<T> {
  const unanswered = (then: string) =>
    interruption.error(
      `stopped while starting ${spec.what}${interruption.named()}, before the server answered: a run may have started, and ${then}`,
      spec.find,
    );
  interruption.lastWord = () => unanswered(spec.cancelOnStop ? 'it was not cancelled' : 'it goes on');
  const stopNote =
    spec.cancelOnStop && !spec.quiet
      ? interruption.onStop(() => spec.io.stderr.write(`Stopping: ws cancels the new run once the server answers… (press Ctrl-C again to leave it running)\n`))
      : () => undefined;
  try {
    return await send(spec.cancelOnStop ? undefined : interruption.signal);
  } catch (error) {
    if (!interruption.by) throw error;
    // a start the server refused started nothing; any other end (no answer in time, a dropped connection) may have
    if (spec.cancelOnStop && error instanceof WsError && error.status !== undefined) throw error;
    interruption.lastWord = () => unanswered(spec.cancelOnStop ? 'it was not cancelled' : 'it goes on');
    throw interruption.lastWord();
  } finally {
    stopNote();
  }
}

/**
 * The items of `source` until the first stop signal, then the `interrupted` error that says it: the work stops
 * between two items (an export, between two pages), and a request in flight is the caller's to abort with
 * `interruption.signal`, whose failure is this same error.
 */
export async function* untilStopped<T>(interruption: Interruption, source: AsyncIterable<T>): AsyncGenerator<T> {
  try {
    for await (const item of source) {
      if (interruption.by) break;
      yield item;
    }
  } catch (error) {
    if (!interruption.by) throw error;
  }
  if (interruption.by) throw interruption.error(`stopped${interruption.named()}`);
}
