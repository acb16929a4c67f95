import { formatDuration } from './duration.js';
import { WsError, type ErrorIds } from './errors.js';
import type { IO } from './io.js';
import { Interruption } from './interruption.js';
import { terminalText } from './text.js';

/** How one wait goes, as it is told: the job's state as last read, with a passing remark (e.g. "retrying: …"). */
export interface WaitReport {
  update(state: string, remark?: string): void;
  stop(): void;
}

/**
 * Who watches waits: the command layer attaches its spinner (or plain lines, or a JSON heartbeat) here
 * (Context.waitReporter, on src/output/progress.ts); MCP attaches nothing. The domain knows no terminal.
 */
export interface WaitReporter {
  /** A wait begins: what is waited for, the ids of it and when it started (on the IO's clock). */
  start(wait: { label: string; ids?: ErrorIds; started: number }): WaitReport;
  /** A line said once the wait is over (that the run is being cancelled). */
  note(line: string): void;
}

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
  /** The IO's clock, and its stdout, whose reader going away ends the wait. */
  io: IO;
  /** Who is told how the wait goes (a command's spinner or heartbeat); none, and the wait says nothing. */
  reporter?: WaitReporter;
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

/** How one wait ended its polls: the job in a terminal state, --timeout, a stop signal, or the reader gone. */
type PollEnd<T> = { done: T } | { timedOut: true; state: string | undefined } | { stopped: true; state: string | undefined };

/** The stop signals and a reader that went away, as one wake-up for the sleep between two polls. */
interface Stops {
  /** Aborts once the reader of the output went away (EPIPE). */
  gone: AbortSignal;
  /** Sleeps `ms`, or less when a stop signal comes or the reader goes: `interrupted` then. */
  // biome-ignore lint/suspicious/noConfusingVoidType: setTimeout resolves it with nothing
  sleep(ms: number): Promise<typeof interrupted | void>;
  dispose(): void;
}

function watchStops(io: IO, interruption: Interruption): Stops {
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
  return {
    gone: gone.signal,
    sleep: (ms) =>
      new Promise((resolve) => {
        if (interruption.by) return resolve(interrupted);
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve(interrupted);
        };
      }),
    dispose() {
      stopWaking();
      for (const stream of watched) stream.off('error', onOutputError);
    },
  };
}

/** Polls until the job is in a terminal state, --timeout passes, a stop signal comes or the reader goes. */
async function pollUntilEnd<T>(spec: WaitSpec<T>, started: number, report: WaitReport, interruption: Interruption, stops: Stops): Promise<PollEnd<T>> {
  const { io } = spec;
  const deadline = spec.timeoutMs > 0 ? started + spec.timeoutMs : Infinity;
  const maxDelay = spec.maxDelayMs ?? 1_000;
  const firstDelay = spec.initialDelayMs ?? 200;
  let delay = firstDelay;
  let errors = 0;
  /** The job's state, once a poll has read it. */
  let state: string | undefined;
  for (;;) {
    if (interruption.by || stops.gone.aborted) return { stopped: true, state };
    // --timeout ends a poll in flight too: a status request that hangs cannot hold ws past it
    const cutoff = Number.isFinite(deadline) ? AbortSignal.timeout(Math.max(1, deadline - io.now())) : undefined;
    let answered = false;
    try {
      const value = await spec.poll(AbortSignal.any([interruption.signal, stops.gone, ...(cutoff ? [cutoff] : [])]));
      errors = 0;
      answered = true;
      state = spec.state(value);
      if (spec.isTerminal(value)) return { done: value };
      report.update(state);
    } catch (error) {
      if (interruption.by || stops.gone.aborted) return { stopped: true, state };
      if (cutoff?.aborted) return { timedOut: true, state };
      if (!transient(error) || ++errors > (spec.maxConsecutiveErrors ?? 8)) throw error instanceof WsError && spec.ids ? error.about(spec.ids) : error;
      report.update(state ?? 'waiting', `retrying: ${(error as Error).message}`);
    }
    const left = deadline - io.now();
    if (left <= 0) return { timedOut: true, state };
    const pace = answered ? spec.pace : undefined;
    if ((await stops.sleep(Math.min(pace ? Math.min(maxDelay, pace(io.now() - started)) : delay, left))) === interrupted) return { stopped: true, state };
    // paced, the growing delay starts again from the first one at the next failure
    delay = pace ? firstDelay : Math.min(maxDelay, Math.round(delay * 1.5));
  }
}

/** A wait that reports nothing (MCP; a live view that says it all itself). */
const unreported: WaitReport = { update: () => undefined, stop: () => undefined };

/**
 * Polls a remote job until it reaches a terminal state, telling `spec.reporter` how it goes (a command attaches its
 * spinner there). Ends with exit 6 on --timeout and 130 on Ctrl-C, each naming how to resume. The first Ctrl-C stops
 * waiting (the job goes on, or onInterrupt cancels it); a second one, while that is handled, ends ws at once
 * after saying how far it got (src/interruption.ts). SIGTERM (`kill`) and SIGHUP (a closed terminal) stop it
 * as Ctrl-C does, with exit 143 and 129.
 */
export async function waitFor<T>(spec: WaitSpec<T>): Promise<T> {
  const { io } = spec;
  const started = io.now();
  const report = spec.reporter?.start({ label: spec.label, ...(spec.ids ? { ids: spec.ids } : {}), started }) ?? unreported;
  const interruption = spec.interruption ?? new Interruption(io);
  const ids = spec.ids ?? {};
  const stopped = (outcome: Outcome) => interruption.error(`stopped waiting for ${spec.label}${interruption.named()}; ${outcome.outcome}`, outcome.hint, ids);
  interruption.lastWord = () => stopped({ outcome: 'it goes on', hint: resumeHint(spec) });
  const stops = watchStops(io, interruption);
  let end: PollEnd<T> | undefined;
  try {
    end = await pollUntilEnd(spec, started, report, interruption, stops);
  } finally {
    report.stop();
    stops.dispose();
    // on any other end than a stop signal, a signal gets Node's default again (ws ends by it at once)
    if (!interruption.by && !(end && 'timedOut' in end && spec.onTimeout)) interruption.dispose();
  }
  if ('done' in end) return end.done;
  if (stops.gone.aborted && !interruption.by) {
    // as a write to a closed stdout ends ws (src/cli.ts, bin/ws.js): quietly, the run going on
    throw Object.assign(new Error(`stopped waiting for ${spec.label}: the reader of the output went away`), { code: 'EPIPE' });
  }
  if ('timedOut' in end) {
    const gaveUp = `gave up waiting for ${spec.label} after ${formatDuration(io.now() - started)}`;
    const still = end.state === undefined ? 'its state was not read in time, and it goes on' : `it is still ${end.state} and goes on`;
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
    spec.reporter?.note(cancellingNote(spec.label));
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

/**
 * A wait that fails because the server or the network did (after the retries of the wait itself) leaves the
 * run going on the server: the error keeps the command that resumes the wait, as --timeout and Ctrl-C do.
 * Every error of the wait names `ids`, the resources it was about.
 */
export async function resumable<T>(waiting: Promise<T>, resume: string, ids: ErrorIds = {}): Promise<T> {
  try {
    return await waiting;
  } catch (error) {
    if (!(error instanceof WsError)) throw error;
    if (error.kind !== 'api') throw error.about(ids);
    const hint = `the run may go on: wait again with \`${resume}\``;
    throw new WsError('api', error.message, { ...error, hint: error.hint ? `${error.hint}; ${hint}` : hint }).about(ids);
  }
}
