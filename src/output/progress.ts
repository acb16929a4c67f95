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

/**
 * Rows a line of `width` columns takes on a terminal `columns` wide: one that narrowed since the line was drawn
 * reflows it onto several (tmux, VTE, iTerm2 do).
 */
export function rowsOf(width: number, columns: number): number {
  return Math.max(1, Math.ceil(width / Math.max(1, columns)));
}

/**
 * Erases `count` rows, the cursor's and those above it, one by one, ending at the start of the top one (as
 * log-update does). Never a clear to the end of the screen: from the top row, tmux keeps what such a clear wipes
 * in its scrollback, a copy for every redraw.
 */
export function eraseRows(count: number): string {
  return count > 0 ? `\r\u001b[2K${'\u001b[1A\u001b[2K'.repeat(count - 1)}` : '';
}

/** The width stderr reports, 0 when it says none. */
export function columnsOf(io: IO): number {
  const columns = (io.stderr as { columns?: unknown }).columns;
  return typeof columns === 'number' && Number.isFinite(columns) ? columns : 0;
}

/**
 * One line drawn by ora, redrawn every tick: what matters first (state, time, a remark), what is watched last,
 * cut with `…` to the width read at each tick, so it never wraps (a wrapped line could not be redrawn). ora
 * neither hides the cursor (nothing needs restoring however ws ends) nor takes stdin (a second Ctrl-C must
 * reach ws). ora is loaded when a spinner starts, never for help, a pipe or CI; its first frame follows.
 */
function spinner(io: IO, label: string, started: number): Progress {
  let state = 'waiting';
  let remark: string | undefined;
  let ora: Ora | undefined;
  let stopped = false;
  /** The columns ora's line took when drawn: its frame, a blank, the text. */
  let drawnWidth = 0;
  const line = (columns: number) => {
    const elapsed = formatDuration(io.now() - started);
    // ora draws `frame text`: the frame and its blank take two columns, and the last two stay free, where the
    // terminal echoes Ctrl-C as `^C`: on a full line it would wrap, and the erase would miss the line above
    return cutWidth(`${state} ${elapsed}${remark ? ` ${remark}` : ''}  ${label}`, columns - 4, 'safe');
  };
  // ora clears the rows its line took when drawn; a terminal narrowed since then reflowed it onto more rows, the
  // first of which ora would leave on the screen: they are erased first, counted at the width now
  const clear = () => {
    const columns = columnsOf(io);
    if (drawnWidth > 0 && columns > 0 && rowsOf(drawnWidth, columns) > 1) io.stderr.write(eraseRows(rowsOf(drawnWidth, columns)));
    drawnWidth = 0;
    ora?.clear();
  };
  const draw = () => {
    const columns = columnsOf(io);
    // narrower than this ora's line count would divide by a width of 0 or wrap: the frame is cleared until it widens
    if (columns < minColumns) return clear();
    // an async stderr that is not keeping up gets no more frames until it drains
    if (!ora || io.stderr.writableNeedDrain) return;
    const text = line(columns);
    clear();
    ora.text = text;
    ora.render();
    drawnWidth = 2 + textWidth(text, 'safe');
  };
  const timer = setInterval(draw, tickMs);
  timer.unref(); // the wait keeps ws alive, never the spinner
  const onError = () => clearInterval(timer); // the terminal went away
  io.stderr.once('error', onError);
  void loadOra().then((create) => {
    if (stopped) return;
    ora = create({ stream: io.stderr as NodeJS.WriteStream, isEnabled: true, hideCursor: false, discardStdin: false, color: false, spinner: { frames, interval: tickMs } });
    draw();
  });
  return {
    update: (next, nextRemark) => {
      state = cell(next);
      remark = nextRemark === undefined ? undefined : cell(nextRemark);
    },
    stop: () => {
      stopped = true;
      clearInterval(timer);
      io.stderr.off('error', onError);
      if (!io.stderr.destroyed) clear();
    },
  };
}

type Ora = { text: string; render(): unknown; clear(): unknown };

async function loadOra(): Promise<(options: object) => Ora> {
  return (await import('ora')).default as unknown as (options: object) => Ora;
}
