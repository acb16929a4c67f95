import { animates, eraseRows, rowsOf, startHeartbeat } from './progress.js';
import { clipWidth, fallbackColumns, textWidth } from './width.js';
import type { ErrorIds } from '../errors.js';
import type { IO, StopSignal } from '../io.js';
import { durationLabel, formatDuration, plausibleDuration, span } from '../duration.js';
import { cell } from '../text.js';

/** One step of a run as the live view shows it; timestamps are the server's. */
export interface LiveStep {
  name: string;
  state: string;
  startedAt?: string | null | undefined;
  completedAt?: string | null | undefined;
  error?: string | undefined;
}

export interface LiveRun {
  state: string;
  startedAt?: string | null | undefined;
  completedAt?: string | null | undefined;
  /** The latest timestamp the server wrote into this snapshot: tells whether its clock runs ahead of ours. */
  updatedAt?: string | null | undefined;
  steps: LiveStep[];
}

export interface LiveSteps {
  /** A fresh snapshot, after each poll. */
  update(run: LiveRun): void;
  /** A passing failure while polling, being retried; shown until the next snapshot. */
  retrying(message: string): void;
  /** Draws the last snapshot for good (its first line is the summary) and gives the terminal back as it was. */
  stop(): void;
}

/** What the live view listens to besides Ctrl-C (which reaches it through `io`): the process by default. */
export interface SignalSource {
  on(signal: 'SIGTERM' | 'SIGHUP' | 'exit', listener: (signal?: string) => void): unknown;
  off(signal: 'SIGTERM' | 'SIGHUP' | 'exit', listener: (signal?: string) => void): unknown;
  listenerCount(signal: string): number;
  kill(pid: number, signal: string): unknown;
  pid: number;
}

export interface LiveOptions {
  /** What is watched, e.g. "automation run 3f6c…": the first words of every line. */
  label: string;
  quiet: boolean;
  /** stderr is for a program: only a `{"progress": …}` heartbeat (see src/output/progress.ts). */
  json?: boolean;
  /** The ids of what is watched, fields of each `{"progress": …}` line. */
  ids?: ErrorIds;
  color: boolean;
  /** Said on the first stop signal, once the terminal is restored (e.g. that the run is being cancelled). */
  interruptNote?: string;
  signals?: SignalSource;
}

const stopSignals: readonly StopSignal[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const terminalStates = new Set(['completed', 'failed', 'cancelled', 'skipped', 'succeeded', 'success', 'error']);
const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const hideCursor = '\u001b[?25l';
const showCursor = '\u001b[?25h';
/** Used when the terminal does not say its size (0 rows): output stays bounded all the same. */
const fallbackRows = 24;
const tickMs = 100;
/** Narrower than this, a step's line drops its number and column padding, so that its name still shows. */
const compactBelow = 40;
/** An error in a timeline line is cut here; the full text comes with the final error. */
const maxErrorLength = 300;

/**
 * Follows a run of steps on stderr. On a terminal (and not in CI): one line per step with its state, elapsed
 * time and a spinner for the running ones, redrawn in place every 100 ms, every line cut to the width so that
 * nothing wraps and the frame never outgrows the screen. Elsewhere: one plain line per change of state, so a CI
 * log reads as a timeline. Nothing with --quiet.
 */
export function startLiveSteps(io: IO, options: LiveOptions): LiveSteps {
  if (options.json) {
    const heartbeat = startHeartbeat(io, { label: options.label, ids: options.ids, json: true, started: io.now() });
    return { update: (run) => heartbeat.update(run.state), retrying: () => undefined, stop: () => heartbeat.stop() };
  }
  if (options.quiet) return { update: () => undefined, retrying: () => undefined, stop: () => undefined };
  // as the spinner: a terminal that reports fewer than 16 columns (0 under `docker exec -t` or `script`) may be
  // narrower than any width assumed for it, and a wrapped line breaks a redraw in place
  if (animates(io)) return frameView(io, options);
  return timelineView(io, options);
}

function timelineView(io: IO, { label, interruptNote, ids }: LiveOptions): LiveSteps {
  let runState: string | undefined;
  const heartbeat = startHeartbeat(io, { label: cell(label), ids, json: false, started: io.now() });
  // the first stop signal (Ctrl-C, or a runner's SIGTERM) says what the wait does now; a second is the wait's
  const stopInterrupt = interruptNote
    ? io.onInterrupt(() => {
        stopInterrupt();
        io.stderr.write(`${interruptNote}\n`);
      }, stopSignals)
    : () => undefined;
  const stepStates: string[] = [];
  const write = (text: string) => {
    io.stderr.write(`${label}: ${cell(text)}\n`);
    heartbeat.wrote();
  };
  return {
    update(run) {
      heartbeat.update(run.state);
      if (run.state !== runState && !terminalStates.has(run.state)) write(run.state);
      run.steps.forEach((step, index) => {
        if (step.state === stepStates[index]) return;
        const first = stepStates[index] === undefined;
        stepStates[index] = step.state;
        // waiting to start is where every step begins, not a change worth a line
        if (first && step.state === 'pending') return;
        const took = plausibleDuration(span(step.startedAt, step.completedAt));
        const error = step.error ? `: ${step.error.slice(0, maxErrorLength)}` : '';
        write(`step ${index + 1}/${run.steps.length} ${step.name}: ${step.state}${took === undefined ? '' : ` (${formatDuration(took)})`}${error}`);
      });
      // the run's end comes after its steps' ends, as it happened
      if (run.state !== runState && terminalStates.has(run.state)) {
        const took = plausibleDuration(span(run.startedAt, run.completedAt));
        write(`${run.state}${took === undefined ? '' : ` (${formatDuration(took)})`}`);
      }
      runState = run.state;
    },
    retrying: (message) => write(`retrying: ${message}`),
    stop: () => {
      heartbeat.stop();
      stopInterrupt();
    },
  };
}

/** What a frame of the live view is drawn from; the view changes it as snapshots and ticks come. */
interface Frame {
  label: string;
  color: boolean;
  /** When the watch began, by the local clock. */
  started: number;
  /** The local clock (io.now). */
  clock: () => number;
  run: LiveRun | undefined;
  /** A passing failure being retried, shown until the next snapshot. */
  retry: string | undefined;
  /** How far the server's clock runs ahead of ours (never behind). */
  skewMs: number;
  /** The spinner's frame. */
  tick: number;
}

/** The lines of a frame, each cut to `width`, the steps windowed to fit `height` with the line the cursor waits on. */
function frameLines(frame: Frame, width: number, height: number): string[] {
  const { run, retry, label, started, clock } = frame;
  // a run that ended with impossible times shows `-`; one still going, the time watched when its own is unknown
  const runTook =
    run && (run.completedAt ? elapsedOf(frame, run.startedAt, run.completedAt) : (elapsedOf(frame, run.startedAt, undefined) ?? clock() - started));
  const head = run
    ? `${iconOf(frame, run.state)} ${run.state}  ${durationLabel(runTook)}  ${label}`
    : `${paintOf(frame, '36', frames[frame.tick % frames.length]!)} waiting  ${formatDuration(clock() - started)}  ${label}`;
  const steps = run?.steps ?? [];
  // the frame and the line the cursor waits on must fit on the screen, or a redraw cannot reach the frame's top
  const room = height - 2 - (retry ? 1 : 0);
  const body = window(steps.length, Math.max(0, room), focus(steps));
  const out = [head];
  const ellipses = room >= 3;
  if (ellipses && body.start > 0) out.push(`  … ${body.start} earlier step${body.start > 1 ? 's' : ''}`);
  for (let index = body.start; index < body.end; index++) out.push(stepLine(frame, steps[index]!, index, width));
  if (ellipses && body.end < steps.length) out.push(`  … ${steps.length - body.end} more step${steps.length - body.end > 1 ? 's' : ''}`);
  if (retry && room >= 0) out.push(`  retrying: ${retry}`);
  return out.map((line) => clipWidth(line, width, '…'));
}

/** One step's line: icon, number, state, time and name; narrow, the columns give way to state, time, then name. */
function stepLine(frame: Frame, step: LiveStep, index: number, width: number): string {
  const took = elapsedOf(frame, step.startedAt, step.completedAt);
  const named = `${step.name}${step.error ? `: ${step.error}` : ''}`;
  if (width < compactBelow) {
    const shown = plausibleDuration(took);
    return `${iconOf(frame, step.state)} ${step.state}${shown === undefined ? '' : ` ${formatDuration(shown)}`} ${named}`;
  }
  return `  ${iconOf(frame, step.state)} ${String(index + 1).padStart(2)}. ${step.state.padEnd(9)} ${durationLabel(took).padStart(6)}  ${named}`;
}

/** The time between two server timestamps, or from one until now (the server's now at least); undefined if implausible. */
function elapsedOf(frame: Frame, from: string | null | undefined, to: string | null | undefined): number | undefined {
  return plausibleDuration(to ? span(from, to) : from ? Math.max(0, frame.clock() + frame.skewMs - Date.parse(from)) : undefined);
}

function paintOf(frame: Frame, color: string, text: string): string {
  return frame.color ? `\u001b[${color}m${text}\u001b[39m` : text;
}

function iconOf(frame: Frame, state: string): string {
  if (state === 'completed') return paintOf(frame, '32', '✓');
  if (state === 'failed') return paintOf(frame, '31', '✗');
  if (state === 'cancelled') return paintOf(frame, '33', '⊘');
  if (terminalStates.has(state)) return '-';
  return state === 'pending' ? '·' : paintOf(frame, '36', frames[frame.tick % frames.length]!);
}

function frameView(io: IO, options: LiveOptions): LiveSteps {
  const stream = io.stderr as unknown as { columns?: number; rows?: number };
  const signals = options.signals ?? (process as unknown as SignalSource);
  const frame: Frame = {
    label: options.label,
    color: options.color,
    started: io.now(),
    clock: () => io.now(),
    run: undefined,
    retry: undefined,
    skewMs: 0,
    tick: 0,
  };
  /** The widths of the lines of the frame on the screen, to find its top again after the terminal narrows. */
  let drawn: number[] = [];
  let lastFrame = '';
  let active = true;

  function draw(): void {
    if (!active) return;
    const width = Math.max(1, (stream.columns || fallbackColumns) - 1);
    const shown = frameLines(frame, width, stream.rows || fallbackRows);
    const text = shown.join('\n');
    if (text === lastFrame) return;
    lastFrame = text;
    // the old frame erased row by row up to its first line, then the new one: no line wraps as drawn
    io.stderr.write(`${erase()}${text}\n`);
    drawn = shown.map((line) => textWidth(line, 'safe'));
  }

  const erase = () => eraseFrame(drawn, stream.columns || fallbackColumns);

  function restore(): void {
    if (!active) return;
    active = false;
    clearInterval(timer);
    stopInterrupt();
    signals.off('SIGTERM', onTerminate);
    signals.off('SIGHUP', onTerminate);
    signals.off('exit', onExit);
    io.stderr.write(showCursor);
  }

  // SIGTERM/SIGHUP: give the terminal back, then end as the signal would have, unless someone else handles it
  function onTerminate(signal?: string): void {
    restore();
    const name = typeof signal === 'string' ? signal : 'SIGTERM';
    if (signals.listenerCount(name) === 0) signals.kill(signals.pid, name);
  }
  const onExit = () => restore();
  // the first stop signal restores the terminal at once, before the wait says where the run was left
  const stopInterrupt = io.onInterrupt(() => {
    stopInterrupt();
    // the frame goes, as the query spinner's line does: the error that follows says where the run was left
    if (active) io.stderr.write(erase());
    drawn = [];
    restore();
    if (options.interruptNote) io.stderr.write(`${options.interruptNote}\n`);
  }, stopSignals);
  signals.on('SIGTERM', onTerminate);
  signals.on('SIGHUP', onTerminate);
  signals.on('exit', onExit);

  io.stderr.write(hideCursor);
  draw();
  const timer = setInterval(() => {
    frame.tick++;
    draw();
  }, tickMs);
  timer.unref();

  return {
    update(snapshot) {
      frame.run = clean(snapshot);
      frame.retry = undefined;
      // a server clock ahead of ours would show negative times: take the latest server time as "now" at least
      const latest = Date.parse(snapshot.updatedAt ?? '');
      if (!Number.isNaN(latest)) frame.skewMs = Math.max(frame.skewMs, latest - io.now());
      draw();
    },
    retrying(message) {
      frame.retry = cell(message);
      draw();
    },
    stop() {
      draw();
      restore();
    },
  };
}

/**
 * Erases a frame on the screen whose lines were `drawn` wide, from the row below it, where the cursor waits, up to
 * its first row. A terminal narrowed since the frame was drawn reflows its lines: they are counted in the rows they
 * take now.
 */
function eraseFrame(drawn: number[], columns: number): string {
  const rows = drawn.reduce((sum, used) => sum + rowsOf(used, columns), 0);
  return rows > 0 ? eraseRows(rows + 1) : '';
}

/** Server text never drives the terminal: control characters out, one line each. */
function clean(run: LiveRun): LiveRun {
  return {
    ...run,
    state: cell(run.state),
    steps: run.steps.map((step) => ({ ...step, name: cell(step.name), state: cell(step.state), ...(step.error ? { error: cell(step.error) } : {}) })),
  };
}

/** The step to keep in view when not all fit: the first one running, else the first not yet done, else the last. */
function focus(steps: LiveStep[]): number {
  const running = steps.findIndex((step) => step.state !== 'pending' && !terminalStates.has(step.state));
  if (running >= 0) return running;
  const failed = steps.findIndex((step) => step.state === 'failed');
  if (failed >= 0) return failed;
  const pending = steps.findIndex((step) => step.state === 'pending');
  return pending >= 0 ? pending : steps.length - 1;
}

/** The steps shown in `room` lines, around `around`; two of the lines go to "… n more" when there is room for them. */
function window(count: number, room: number, around: number): { start: number; end: number } {
  if (count <= room) return { start: 0, end: count };
  if (room < 3) {
    const start = Math.min(Math.max(0, around - Math.floor(room / 2)), count - room);
    return { start, end: start + room };
  }
  const slots = room - 2;
  const start = Math.min(Math.max(0, around - Math.floor(slots / 2)), count - slots);
  return { start, end: start + slots };
}
