import { formatDuration } from './duration.js';
import { WsError, type ErrorIds } from './errors.js';
import type { IO } from './io.js';
import { Interruption } from './interruption.js';
import { startProgress } from './output/progress.js';
import { terminalText } from './text.js';

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
   * Run on the first stop signal before ws exits (e.g. cancel the remote run): what happened, and the hint that
   * replaces the resume hint. `report` tells how far it got, for a second signal that ends ws before it is done.
   * Its failure is reported, not thrown.
   */
  onInterrupt?: Cancel;
  /** Run when --timeout passes (e.g. --cancel-on-timeout), as onInterrupt; the exit stays 6. */
  onTimeout?: Cancel;
  /** The stop signals, when they are watched from before the wait (from the start of the run); else the wait watches them. */
  interruption?: Interruption;
  io: IO;
  quiet: boolean;
  /** stderr is for a program: progress is a `{"progress": …}` heartbeat only (src/output/progress.ts). */
  json?: boolean;
  /** First delay between polls; it grows by half each time up to maxDelayMs (1 s, so an end is seen within a second). */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /**
   * The delay after a poll that answered, from the time waited so far (at most maxDelayMs), in place of the growing
   * one: a wait that polls often while it is young. A poll that failed is still followed by the growing delay.
   */
  pace?: (waitedMs: number) => number;
  /** Transient failures in a row (network, 5xx, not yet visible) that are ridden out before giving up. */
  maxConsecutiveErrors?: number;
}

/**
 * A cancel run as a wait ends (onInterrupt, onTimeout). `signal` aborts after cancelDeadlineMs: its requests end
 * then, so that a server or proxy that does not answer cannot hold ws past its deadline.
 */
export type Cancel = (report: (outcome: Outcome) => void, signal: AbortSignal) => Promise<Outcome>;

/** How long a cancel may take, its requests included, once the wait is over. */
export const cancelDeadlineMs = 5_000;

/** What became of the job when ws stopped waiting, and what to run next. */
export interface Outcome {
  outcome: string;
  hint: string;
}

const interrupted = Symbol('interrupted');

/**
 * Polls a remote job until it reaches a terminal state, with a spinner (or plain lines) on stderr.
 * Ends with exit 6 on --timeout and 130 on Ctrl-C, each naming how to resume. The first Ctrl-C stops
 * waiting (the job goes on, or onInterrupt cancels it); a second one, while that is handled, ends ws at once
 * after saying how far it got (src/interruption.ts). SIGTERM (`kill`) and SIGHUP (a closed terminal) stop it
 * as Ctrl-C does, with exit 143 and 129.
 */
export async function waitFor<T>(spec: WaitSpec<T>): Promise<T> {
  const { io } = spec;
  const started = io.now();
  const deadline = spec.timeoutMs > 0 ? started + spec.timeoutMs : Infinity;
  const maxDelay = spec.maxDelayMs ?? 1_000;
  const firstDelay = spec.initialDelayMs ?? 200;
  let delay = firstDelay;
  let errors = 0;
  /** The job's state, once a poll has read it. */
  let state: string | undefined;
  const progress = startProgress(io, { label: spec.label, quiet: spec.quiet, json: spec.json ?? false, ids: spec.ids, started });
  const interruption = spec.interruption ?? new Interruption(io);
  const ids = spec.ids ?? {};
  const stopped = (outcome: Outcome) => interruption.error(`stopped waiting for ${spec.label}${interruption.named()}; ${outcome.outcome}`, outcome.hint, ids);
  interruption.lastWord = () => stopped({ outcome: 'it goes on', hint: resumeHint(spec) });

  let wake: (() => void) | undefined;
  const stopWaking = interruption.onStop(() => wake?.());
  // the reader of the output went away (`ws … --wait 2>&1 | head -1`): nobody will read the end of the wait
  const gone = new AbortController();
  const onOutputError = (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') return;
    gone.abort();
    wake?.();
  };
  const watched = [io.stdout, ...(io.stderrIsStdout ? [io.stderr] : [])];
  for (const stream of watched) stream.on('error', onOutputError);
  const sleep = (ms: number) =>
    // biome-ignore lint/suspicious/noConfusingVoidType: setTimeout resolves it with nothing
    new Promise<typeof interrupted | void>((resolve) => {
      if (interruption.by) return resolve(interrupted);
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve(interrupted);
      };
    });

  let timedOut = false;
  try {
    for (;;) {
      if (interruption.by || gone.signal.aborted) break;
      // --timeout ends a poll in flight too: a status request that hangs cannot hold ws past it
      const cutoff = Number.isFinite(deadline) ? AbortSignal.timeout(Math.max(1, deadline - io.now())) : undefined;
      let answered = false;
      try {
        const value = await spec.poll(AbortSignal.any([interruption.signal, gone.signal, ...(cutoff ? [cutoff] : [])]));
        errors = 0;
        answered = true;
        state = spec.state(value);
        if (spec.isTerminal(value)) return value;
        progress.update(state);
      } catch (error) {
        if (interruption.by || gone.signal.aborted) break;
        if (cutoff?.aborted) {
          timedOut = true;
          break;
        }
        if (!transient(error) || ++errors > (spec.maxConsecutiveErrors ?? 8)) throw error instanceof WsError && spec.ids ? error.about(spec.ids) : error;
        progress.update(state ?? 'waiting', `retrying: ${(error as Error).message}`);
      }
      const left = deadline - io.now();
      if (left <= 0) {
        timedOut = true;
        break;
      }
      const pace = answered ? spec.pace : undefined;
      if ((await sleep(Math.min(pace ? Math.min(maxDelay, pace(io.now() - started)) : delay, left))) === interrupted) break;
      // paced, the growing delay starts again from the first one at the next failure
      delay = pace ? firstDelay : Math.min(maxDelay, Math.round(delay * 1.5));
    }
  } finally {
    progress.stop();
    stopWaking();
    for (const stream of watched) stream.off('error', onOutputError);
    // on any other end than a stop signal, a signal gets Node's default again (ws ends by it at once)
    if (!interruption.by && !(timedOut && spec.onTimeout)) interruption.dispose();
  }
  if (gone.signal.aborted && !interruption.by) {
    // as a write to a closed stdout ends ws (src/cli.ts, bin/ws.js): quietly, the run going on
    throw Object.assign(new Error(`stopped waiting for ${spec.label}: the reader of the output went away`), { code: 'EPIPE' });
  }
  if (timedOut) {
    const gaveUp = `gave up waiting for ${spec.label} after ${formatDuration(io.now() - started)}`;
    const still = state === undefined ? 'its state was not read in time, and it goes on' : `it is still ${state} and goes on`;
    let outcome = { outcome: still, hint: resumeHint(spec) };
    if (spec.onTimeout) {
      // a signal during the cancel lets it finish; a second one ends ws, saying how far the cancel got
      const report = (now: Outcome) =>
        (interruption.lastWord = () => interruption.error(`${gaveUp}, then stopped${interruption.named()}; ${now.outcome}`, now.hint, ids));
      outcome = await settle(spec.onTimeout, report, outcome);
      if (!spec.interruption) interruption.dispose();
    }
    throw new WsError('timeout', `${gaveUp}; ${outcome.outcome}`, { hint: outcome.hint, ...(spec.ids ? { ids: spec.ids } : {}) });
  }
  let outcome = { outcome: 'it goes on', hint: resumeHint(spec) };
  if (spec.onInterrupt) {
    if (!spec.quiet) io.stderr.write(`${cancellingNote(spec.label)}\n`);
    outcome = await settle(spec.onInterrupt, (now) => (interruption.lastWord = () => stopped(now)), outcome);
  }
  // until ws has said this, a second signal says it and ends ws at once
  interruption.lastWord = () => stopped(outcome);
  if (!spec.interruption) interruption.dispose();
  throw stopped(outcome);
}

/**
 * Runs a cancel (onInterrupt, onTimeout) within cancelDeadlineMs: its outcome; past the deadline, how far it got
 * (what it last reported); or what its failure leaves (the `otherwise` hint).
 */
async function settle(cancel: Cancel, report: (outcome: Outcome) => void, otherwise: Outcome): Promise<Outcome> {
  const deadline = AbortSignal.timeout(cancelDeadlineMs);
  let reported: Outcome | undefined;
  try {
    const track = (now: Outcome) => {
      reported = now;
      report(now);
    };
    return await cancel(track, deadline);
  } catch (error) {
    if (deadline.aborted) return reported ?? { outcome: `cancelling it got no answer in ${cancelDeadlineMs / 1000} s`, hint: otherwise.hint };
    return { outcome: `cancelling it failed: ${(error as Error).message}`, hint: otherwise.hint };
  }
}
/**
 * A failure worth riding out while waiting: the network or the server's side (5xx, 429), or a run not yet
 * visible (404). A refusal (400), a response ws cannot read, or a missing key is final.
 */
function transient(error: unknown): boolean {
  if (!(error instanceof WsError)) return false;
  if (error.kind === 'not_found') return true;
  return (
    error.kind === 'api' && (error.status === undefined || error.status >= 500 || error.status === 429) && !error.message.startsWith('unexpected response')
  );
}

function resumeHint(spec: { resume: string; cancel?: string }): string {
  return `wait again with \`${spec.resume}\`${spec.cancel ? `, or cancel it with \`${spec.cancel}\`` : ''}`;
}

/** What a wait says on the first stop signal while it cancels the run (the spinner's line and the live view alike). */
export function cancellingNote(label: string): string {
  return `Cancelling ${terminalText(label)}… (press Ctrl-C again to leave it running)`;
}
