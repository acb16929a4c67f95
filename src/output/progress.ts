import { formatDuration } from '../duration.js';
import type { ErrorIds } from '../errors.js';
import type { IO } from '../io.js';
import { cell } from '../text.js';
import { escapeJsonControls } from './serialize.js';
import { cutWidth, textWidth } from './width.js';

/** Progress on stderr while waiting: a spinner in a terminal, plain lines on change elsewhere, nothing when quiet. */
export interface Progress {
  /** The job's state as last read, with a passing remark (e.g. "retrying: …") until the next update. */
  update(state: string, remark?: string): void;
  stop(): void;
}

export interface ProgressOptions {
  /** What is waited for, e.g. "query run 3f6c…". */
  label: string;
  /** No progress at all (--quiet, or a machine format off a terminal without `json`). */
  quiet: boolean;
  /**
   * stderr is for a program (a machine format off a terminal, and no --quiet): the only progress is a
   * `{"progress": …}` line now and then, so that a CI job is not ended for silence.
   */
  json?: boolean;
  /** The ids of what is waited for, named as in the error object: fields of each `{"progress": …}` line. */
  ids?: ErrorIds;
  started?: number;
}

const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const tickMs = 100;
/** Narrower than this, a spinner line says too little to be worth redrawing. */
export const minColumns = 16;
/**
 * Off a terminal, the longest a wait stays silent: CI services end a job that writes nothing for a while
 * (CircleCI after 10 minutes); a line every 30 s of silence keeps well inside "at least once a minute".
 */
export const heartbeatMs = 30_000;
/** How often the silence is measured, on the IO's clock (tests move that clock on). */
const heartbeatCheckMs = 1_000;

/**
 * Whether stderr can show something animated: a terminal of a usable width (a terminal may report 0
 * columns), TERM is not `dumb`, and this is not CI.
 */
export function animates(io: IO): boolean {
  return io.stderrIsTTY && !io.env.CI && io.env.TERM !== 'dumb' && columnsOf(io) >= minColumns;
}

/**
 * A spinner only where something animated makes sense (see `animates`). Elsewhere one plain line per change
 * of state, so logs stay short, and a heartbeat line after 30 s of silence (in JSON with `json`).
 */
export function startProgress(io: IO, options: ProgressOptions): Progress {
  const started = options.started ?? io.now();
  const label = cell(options.label);
  if (options.json) {
    const heartbeat = startHeartbeat(io, { label, ids: options.ids, json: true, started });
    return { update: (state) => heartbeat.update(state), stop: () => heartbeat.stop() };
  }
  if (options.quiet) return { update: () => undefined, stop: () => undefined };
  if (animates(io)) return spinner(io, label, started);
  let last: string | undefined;
  const heartbeat = startHeartbeat(io, { label, ids: options.ids, json: false, started });
  return {
    update: (state) => {
      if (state !== last) {
        io.stderr.write(`${label}: ${cell(state)}\n`);
        heartbeat.wrote();
      }
      last = state;
      heartbeat.update(state);
    },
    stop: () => heartbeat.stop(),
  };
}

/** Keeps a wait off a terminal from going silent: a line when nothing was written for `heartbeatMs`. */
export interface Heartbeat {
  /** The job's state as last read, said by the next heartbeat. */
  update(state: string): void;
  /** A line was just written: the silence starts again. */
  wrote(): void;
  stop(): void;
}

/**
 * `label: still RUNNING after 5m0s`, as Terraform's "Still creating… [10s elapsed]"; with `json`, the same as
 * `{"progress":{<ids>,"state","elapsedMs","message"}}` on one line, so that stderr stays one JSON object a line.
 */
export function startHeartbeat(io: IO, options: { label: string; ids?: ErrorIds | undefined; json: boolean; started: number }): Heartbeat {
  const { label, ids, json, started } = options;
  let state = 'waiting';
  let quietSince = started;
  const timer = setInterval(() => {
    const now = io.now();
    if (now - quietSince < heartbeatMs) return;
    quietSince = now;
    // the server's state as sent in JSON (escaped there), its control characters removed in text
    const message = (shown: string) => `${label}: still ${shown} after ${formatDuration(now - started)}`;
    io.stderr.write(
      json
        ? `${escapeJsonControls(JSON.stringify({ progress: { ...ids, state, elapsedMs: now - started, message: message(state) } }))}\n`
        : `${message(cell(state))}\n`,
    );
  }, heartbeatCheckMs);
  timer.unref(); // the wait keeps ws alive, never its heartbeat
  return {
    update: (next) => {
      state = next;
    },
    wrote: () => {
      quietSince = io.now();
    },
    stop: () => clearInterval(timer),
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
  const eraseReflowed = () => {
    const columns = columnsOf(io);
    const rows = columns > 0 && drawnWidth > 0 ? rowsOf(drawnWidth, columns) : 1;
    if (rows > 1) io.stderr.write(eraseRows(rows));
  };
  const clear = () => {
    eraseReflowed();
    drawnWidth = 0;
    ora?.clear();
  };
  const draw = () => {
    const columns = columnsOf(io);
    // narrower than this ora's line count would divide by a width of 0 or wrap: the frame is cleared until it widens
    if (columns < minColumns) return clear();
    // an async stderr that is not keeping up gets no more frames until it drains
    if (!ora || io.stderr.writableNeedDrain) return;
    eraseReflowed();
    ora.text = line(columns);
    ora.render();
    drawnWidth = 2 + textWidth(ora.text, 'safe');
  };
  const timer = setInterval(draw, tickMs);
  timer.unref(); // the wait keeps ws alive, never the spinner
  const onError = () => clearInterval(timer); // the terminal went away
  io.stderr.once('error', onError);
  void loadOra().then((create) => {
    if (stopped) return;
    ora = create({
      stream: io.stderr as NodeJS.WriteStream,
      isEnabled: true,
      hideCursor: false,
      discardStdin: false,
      color: false,
      spinner: { frames, interval: tickMs },
    });
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
