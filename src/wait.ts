import { formatDuration } from './duration.js';
import { WsError, type ErrorIds } from './errors.js';
import type { IO, StopSignal } from './io.js';
import { startProgress } from './output/progress.js';
import { stripControl } from './text.js';

export interface WaitSpec<T> {
  /** Reads the remote job once; `signal` aborts when the user presses Ctrl-C, even mid-request. */
  poll: (signal: AbortSignal) => Promise<T>;
  /** Its state, as shown while waiting. */
  state: (value: T) => string;
  isTerminal: (value: T) => boolean;
  /** 0 waits forever. */
  timeoutMs: number;
  /** What is waited for, e.g. "query run 3f6c…". */
  label: string;
  /** The command that picks up where this wait left off, shown on timeout and on Ctrl-C. */
  resume: string;
  /** The command that cancels the job, where there is one. */
  cancel?: string;
  /** The ids of what is waited for, carried by the timeout and interrupt errors. */
  ids?: ErrorIds;
  /**
   * Run on the first Ctrl-C before exiting 130 (e.g. cancel the remote run): what happened, and the hint
   * that replaces the resume hint. Its failure is reported, not thrown.
   */
  onInterrupt?: () => Promise<{ outcome: string; hint: string }>;
  io: IO;
  quiet: boolean;
  /** stderr is for a program: progress is a `{"progress": …}` heartbeat only (src/output/progress.ts). */
  json?: boolean;
  /** First delay between polls; it grows by half each time up to maxDelayMs (1 s, so an end is seen within a second). */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** Transient failures in a row (network, 5xx, not yet visible) that are ridden out before giving up. */
  maxConsecutiveErrors?: number;
}

const interrupted = Symbol('interrupted');
const stopSignals: readonly StopSignal[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Polls a remote job until it reaches a terminal state, with a spinner (or plain lines) on stderr.
 * Ends with exit 6 on --timeout and 130 on Ctrl-C, each naming how to resume. The first Ctrl-C stops
 * waiting (the job goes on); a second one, while that is handled, exits at once (Node's default).
 * SIGTERM (`kill`) and SIGHUP (a closed terminal) stop it as the first Ctrl-C does, with exit 143 and 129.
 */
export async function waitFor<T>(spec: WaitSpec<T>): Promise<T> {
  const { io } = spec;
  const started = io.now();
  const deadline = spec.timeoutMs > 0 ? started + spec.timeoutMs : Infinity;
  const maxDelay = spec.maxDelayMs ?? 1_000;
  let delay = spec.initialDelayMs ?? 200;
  let errors = 0;
  let state = 'waiting';
  const progress = startProgress(io, { label: spec.label, quiet: spec.quiet, json: spec.json ?? false, ids: spec.ids, started });

  let wake: (() => void) | undefined;
  let stoppedBy: StopSignal | undefined;
  const interrupt = new AbortController();
  const stop = (signal: StopSignal) => {
    stoppedBy = signal;
    stopListening(); // a second signal gets Node's default: exit at once
    io.stderr.off('error', onStderrError);
    interrupt.abort();
    wake?.();
  };
  const stopListening = io.onInterrupt(stop, stopSignals);
  // A closed terminal does not always send SIGHUP (ws may not lead its session); writing to it fails with EIO.
  const onStderrError = (error: NodeJS.ErrnoException) => {
    if (error.code === 'EIO' && !stoppedBy) stop('SIGHUP');
  };
  io.stderr.on('error', onStderrError);
  const sleep = (ms: number) =>
    new Promise<typeof interrupted | void>((resolve) => {
      if (stoppedBy) return resolve(interrupted);
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve(interrupted);
      };
    });

  try {
    for (;;) {
      if (stoppedBy) break;
      try {
        const value = await spec.poll(interrupt.signal);
        errors = 0;
        state = spec.state(value);
        if (spec.isTerminal(value)) return value;
        progress.update(state);
      } catch (error) {
        if (stoppedBy) break;
        if (!transient(error) || ++errors > (spec.maxConsecutiveErrors ?? 8)) throw error instanceof WsError && spec.ids ? error.about(spec.ids) : error;
        progress.update(state, `retrying: ${(error as Error).message}`);
      }
      const left = deadline - io.now();
      if (left <= 0) {
        throw new WsError('timeout', `gave up waiting for ${spec.label} after ${formatDuration(io.now() - started)}; it is still ${state} and goes on`, { hint: resumeHint(spec), ...(spec.ids ? { ids: spec.ids } : {}) });
      }
      if ((await sleep(Math.min(delay, left))) === interrupted) break;
      delay = Math.min(maxDelay, Math.round(delay * 1.5));
    }
  } finally {
    progress.stop();
    if (!stoppedBy) {
      stopListening();
      io.stderr.off('error', onStderrError);
    }
  }
  const signal = stoppedBy === 'SIGTERM' || stoppedBy === 'SIGHUP' ? stoppedBy : undefined; // Ctrl-C keeps exit 130
  let outcome = { outcome: 'it goes on', hint: resumeHint(spec) };
  if (spec.onInterrupt) {
    if (!spec.quiet) io.stderr.write(`Cancelling ${stripControl(spec.label)}… (press Ctrl-C again to leave it running)\n`);
    try {
      outcome = await spec.onInterrupt();
    } catch (error) {
      outcome.outcome = `cancelling it failed: ${(error as Error).message}`;
    }
  }
  throw new WsError('interrupted', `stopped waiting for ${spec.label}${signal ? ` (${signal})` : ''}; ${outcome.outcome}`, { hint: outcome.hint, ...(spec.ids ? { ids: spec.ids } : {}), ...(signal ? { signal } : {}) });
}

/**
 * A failure worth riding out while waiting: the network or the server's side (5xx, 429), or a run not yet
 * visible (404). A refusal (400), a response ws cannot read, or a missing key is final.
 */
function transient(error: unknown): boolean {
  if (!(error instanceof WsError)) return false;
  if (error.kind === 'not_found') return true;
  return error.kind === 'api' && (error.status === undefined || error.status >= 500 || error.status === 429) && !error.message.startsWith('unexpected response');
}

function resumeHint(spec: { resume: string; cancel?: string }): string {
  return `wait again with \`${spec.resume}\`${spec.cancel ? `, or cancel it with \`${spec.cancel}\`` : ''}`;
}
