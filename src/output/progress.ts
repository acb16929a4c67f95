import { formatDuration } from '../duration.js';
import type { IO } from '../io.js';
import { cell } from '../text.js';
import { cutWidth, textWidth } from './width.js';

/** Progress on stderr while waiting: a spinner in a terminal, plain lines on change elsewhere, nothing when quiet. */
export interface Progress {
  /** The job's state as last read, with a passing remark (e.g. "retrying: …") until the next update. */
  update(state: string, remark?: string): void;
  stop(): void;
}

const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const tickMs = 100;
/** Narrower than this, a spinner line says too little to be worth redrawing. */
export const minColumns = 16;

/**
 * A spinner only where something animated makes sense: stderr is a terminal of a usable width (a terminal
 * may report 0 columns), TERM is not `dumb`, and this is not CI. Elsewhere one plain line per change of
 * state, so logs stay short.
 */
export function startProgress(io: IO, quiet: boolean, label: string, started = io.now()): Progress {
  if (quiet) return { update: () => undefined, stop: () => undefined };
  const safeLabel = cell(label);
  if (io.stderrIsTTY && !io.env.CI && io.env.TERM !== 'dumb' && columnsOf(io) >= minColumns) return spinner(io, safeLabel, started);
  let last: string | undefined;
  return {
    update: (state) => {
      if (state !== last) io.stderr.write(`${safeLabel}: ${cell(state)}\n`);
      last = state;
    },
    stop: () => undefined,
  };
}

/** The width stderr reports, 0 when it says none. */
export function columnsOf(io: IO): number {
  const columns = (io.stderr as { columns?: unknown }).columns;
  return typeof columns === 'number' && Number.isFinite(columns) ? columns : 0;
}

/**
 * One line redrawn every tick with `\r` and padding, no escape sequences: it works in any terminal that
 * moves to the start of the line. The line is cut to the width read at each tick, so it never wraps
 * (a wrapped line could not be redrawn), and a tick writes one short line, whatever the width says. The
 * cursor stays visible, so nothing needs restoring however ws ends.
 */
function spinner(io: IO, label: string, started: number): Progress {
  let state = 'waiting';
  let remark: string | undefined;
  let frame = 0;
  let shown = 0;
  const draw = () => {
    const columns = columnsOf(io);
    // an async stderr that is not keeping up gets no more frames until it drains
    if (columns < minColumns || io.stderr.writableNeedDrain) return;
    const elapsed = formatDuration(io.now() - started);
    const text = cutWidth(`${frames[frame++ % frames.length]} ${label}: ${state} (${remark ? `${elapsed}; ${remark}` : elapsed})`, columns - 1, 'safe');
    const used = textWidth(text, 'safe');
    io.stderr.write(`\r${text}${' '.repeat(Math.max(0, Math.min(shown, columns - 1) - used))}`);
    shown = used;
  };
  const timer = setInterval(draw, tickMs);
  timer.unref(); // the wait keeps ws alive, never the spinner
  const onError = () => clearInterval(timer); // the terminal went away
  io.stderr.once('error', onError);
  draw();
  return {
    update: (next, nextRemark) => {
      state = cell(next);
      remark = nextRemark === undefined ? undefined : cell(nextRemark);
    },
    stop: () => {
      clearInterval(timer);
      io.stderr.off('error', onError);
      const columns = columnsOf(io);
      if (shown > 0 && !io.stderr.destroyed) io.stderr.write(`\r${' '.repeat(columns >= minColumns ? Math.min(shown, columns - 1) : shown)}\r`);
      shown = 0;
    },
  };
}
