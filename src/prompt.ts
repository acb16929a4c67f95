import { type Readable, Writable } from 'node:stream';
import { WsError, usageError } from './errors.js';
import type { IO } from './io.js';

/** What a prompt (or a read of stdin) waits for, and how else to give it where nobody can type it. */
export interface Wanted {
  /** e.g. 'the API key' */
  what: string;
  /** The hint: another way to give it, e.g. through stdin from a file or a variable. */
  instead: string;
}

/**
 * Why nobody may be there to type an answer, or undefined where a person may: `--no-prompt` (`prompt` false, as
 * commander gives it), CI is set (a runner may give the job a terminal nobody watches), or WS_NO_PROMPT is set to
 * anything but 0 or false (as GH_PROMPT_DISABLED for gh).
 */
export function nobodyToAsk(env: IO['env'], prompt?: boolean): string | undefined {
  if (prompt === false) return '--no-prompt is given';
  const off = env.WS_NO_PROMPT;
  if (off && off !== '0' && off !== 'false') return 'WS_NO_PROMPT is set';
  if (env.CI) return 'CI is set';
  return undefined;
}

/** The usage error (exit 2) for a terminal that would wait for nobody; undefined where a person may answer. */
function unanswered(io: IO, wanted: Wanted, prompt?: boolean): WsError | undefined {
  const reason = nobodyToAsk(io.env, prompt);
  return reason === undefined
    ? undefined
    : usageError(`ws will not wait for ${wanted.what} to be typed: ${reason}, and nobody may be there to type it`, wanted.instead);
}

/**
 * Reads all of stdin as text (for `--with-key-stdin` and piped input). A terminal is read too (a person types,
 * then Ctrl-D), except where nobody may be there to type (see nobodyToAsk): then it fails at once.
 */
export async function readAll(io: IO, wanted: Wanted, prompt?: boolean): Promise<string> {
  return (await readAllBytes(io, wanted, prompt)).toString('utf8');
}

/** All of stdin as bytes, for a reader that checks what they are (see readAll). */
export async function readAllBytes(io: IO, wanted: Wanted, prompt?: boolean): Promise<Buffer> {
  if (io.stdinIsTTY) {
    const refused = unanswered(io, wanted, prompt);
    if (refused) throw refused;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * Asks on stderr and reads one line from a terminal without echoing it. Enter gives the line, Ctrl-D
 * before a line gives '', Ctrl-C rejects with `interrupted`; the terminal is back in its own mode (echo
 * on) before the promise settles. Where nobody may be there to answer (CI, WS_NO_PROMPT, `prompt` false for
 * --no-prompt) it asks nothing and rejects with a usage error naming `wanted.instead`.
 */
export function askSecret(io: IO, question: string, wanted: Wanted, prompt?: boolean): Promise<string> {
  const refused = unanswered(io, wanted, prompt);
  if (refused) return Promise.reject(refused);
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  // readline turns echo off as it starts: start it before asking, so a key typed at once is never shown
  // loaded here: only a prompt needs it
  const rl = process.getBuiltinModule('node:readline').createInterface({ input: io.stdin, output: muted, terminal: true });
  io.stderr.write(question);
  return new Promise((resolve, reject) => {
    let answer: string | undefined;
    let interrupted = false;
    rl.once('line', (line) => {
      answer = line;
      rl.close();
    });
    rl.once('SIGINT', () => {
      interrupted = true;
      rl.close();
    });
    // every way out closes the interface, which restores the terminal; only then is the answer known
    rl.once('close', () => {
      io.stderr.write('\n');
      if (interrupted) reject(Object.assign(new Error('interrupted'), { interrupted: true }));
      else resolve(answer ?? '');
    });
  });
}

/**
 * Why ws may not show a prompt now, or undefined where it may: as nobodyToAsk, and besides both stdin (the keys)
 * and stderr (where prompts are drawn; stdout stays data) must be terminals.
 */
export function whyNotAsk(io: IO, prompt?: boolean): string | undefined {
  return nobodyToAsk(io.env, prompt) ?? (!io.stdinIsTTY ? 'stdin is not a terminal' : !io.stderrIsTTY ? 'stderr is not a terminal' : undefined);
}

/** One choice of a list: what the prompt returns, and the line it shows. */
export interface Choice<T> {
  value: T;
  label: string;
  hint?: string;
}

/**
 * The questions ws asks a person at a terminal, drawn on stderr and read from stdin (the IO's, never the process's).
 * Each question that is cancelled (Ctrl-C or Esc) rejects with `interrupted` (exit 130) saying `cancelled`.
 */
export interface Prompter {
  /** A list filtered by what is typed (`matches`), moved through with the arrows, chosen with Enter. */
  search<T>(message: string, choices: Choice<T>[], matches: (typed: string, value: T) => boolean): Promise<T>;
  /** One of a few choices. */
  select<T>(message: string, choices: Choice<T>[], initial?: T): Promise<T>;
  /** Yes or no. */
  confirm(message: string, initial: boolean): Promise<boolean>;
  /**
   * A line of text: Enter on nothing gives `fallback`; `problem` says why a value (the fallback kept too) is refused,
   * and it is asked again.
   */
  text(message: string, options: { fallback?: string; problem: (value: string) => string | undefined }): Promise<string>;
}

/** Shows the cursor, which the prompts hide while they draw. */
const cursorShow = '\u001b[?25h';

/** SGR sequences (colour, bold, dim, inverse): all the library's styling, and nothing that moves the cursor. */
const styling = /\u001b\[[0-9;]*m/g;

/**
 * stderr for the prompts without colour: the library colours through Node's styleText, which knows nothing of
 * --no-color and, on a terminal, colours even under NO_COLOR and TERM=dumb (test/e2e/pty-prompts.test.ts), so its
 * styling is taken out here, synchronously, in order. Its size and resizes are the terminal's.
 */
function plain(target: Writable, columns: number | undefined): Writable {
  const stream = new Writable();
  stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    return target.write(String(chunk).replace(styling, ''), callback);
  }) as Writable['write'];
  const size = target as Writable & { columns?: number; rows?: number };
  Object.defineProperties(stream, {
    columns: { get: () => size.columns ?? columns },
    rows: { get: () => size.rows },
    isTTY: { value: true },
  });
  target.on('resize', () => stream.emit('resize'));
  return stream;
}

/**
 * The prompts, their library (@clack/prompts, in dist/vendor/) loaded now: only a command that asks pays for it.
 * `color` is whether stderr may be coloured; `cancelled` ends the message of a cancelled prompt: what did not
 * happen, e.g. "no run was started".
 */
export async function prompter(io: IO, options: { color: boolean; cancelled?: string }): Promise<Prompter> {
  const clack = await import('@clack/prompts');
  const output = options.color ? io.stderr : plain(io.stderr, io.columns);
  /**
   * Shows one prompt; stdin ending before the answer (nobody is left to type it) cancels it as Ctrl-C does, and so
   * does Ctrl-D: in raw mode it is a key, which readline takes as the end only of an empty line, the library not at all.
   * Ctrl-Z stops ws (readline sends SIGTSTP) with the cursor shown; back in the foreground readline pauses stdin and
   * nobody resumes it, so ws would end with 0: the prompt is shown afresh instead, below what the shell printed.
   */
  const answered = async <T>(
    show: (common: { input: Readable; output: Writable; signal: AbortSignal }) => Promise<T | symbol>,
  ): Promise<Exclude<T, symbol>> => {
    let answer: T | symbol;
    let again: boolean;
    // a stop signal ends ws at once, as it would without a prompt, but not with the cursor the prompt hid
    const offSignals = io.onInterrupt(
      (signal) => {
        io.stderr.write(cursorShow);
        io.exitBySignal(signal);
      },
      ['SIGINT', 'SIGTERM', 'SIGHUP'],
    );
    try {
      do {
        again = false;
        const ended = new AbortController();
        const stop = () => ended.abort();
        let stopped = false;
        // after the key's own handlers: readline may have closed its interface on it, which the abort closes again harmlessly
        const keypress = (_typed: unknown, key?: { ctrl?: boolean; name?: string }) => {
          if (key?.ctrl && key.name === 'd') setImmediate(stop);
          if (key?.ctrl && key.name === 'z') {
            stopped = true;
            io.stderr.write(cursorShow);
          }
        };
        let settled = false;
        // a prompt that ends pauses stdin too: by the next turn its answer has settled, and it is not asked again
        const paused = () => {
          if (stopped)
            setImmediate(() => {
              if (settled) return;
              again = true;
              stop();
            });
        };
        io.stdin.once('end', stop).once('close', stop).on('keypress', keypress).on('pause', paused);
        try {
          answer = await show({ input: io.stdin, output, signal: ended.signal });
        } finally {
          settled = true;
          io.stdin.off('end', stop).off('close', stop).off('keypress', keypress).off('pause', paused);
        }
      } while (again);
    } finally {
      offSignals();
    }
    if (clack.isCancel(answer) || typeof answer === 'symbol')
      throw new WsError('interrupted', `cancelled at the prompt${options.cancelled ? `; ${options.cancelled}` : ''}`);
    return answer as Exclude<T, symbol>;
  };
  return {
    search(message, choices, matches) {
      return answered((common) =>
        clack.autocomplete({
          ...common,
          message,
          options: choices as never,
          filter: (typed: string, option: { value: unknown }) => matches(typed, option.value as never),
          validate: (value: unknown) => (value === undefined ? 'nothing matches: type less, or Esc to leave' : undefined),
        }),
      ) as never;
    },
    select(message, choices, initial) {
      return answered((common) =>
        clack.select({ ...common, message, options: choices as never, ...(initial === undefined ? {} : { initialValue: initial }) }),
      ) as never;
    },
    confirm(message, initial) {
      return answered((common) => clack.confirm({ ...common, message, initialValue: initial }));
    },
    async text(message, { fallback, problem }) {
      const answer = await answered((common) =>
        clack.text({
          ...common,
          message,
          ...(fallback === undefined ? {} : { placeholder: fallback, defaultValue: fallback }),
          // Enter on nothing keeps the fallback, checked as if typed: a default the type refuses is asked again
          validate: (value: string | undefined) => problem(!value && fallback !== undefined ? fallback : (value ?? '')),
        }),
      );
      return answer ?? fallback ?? '';
    },
  };
}
