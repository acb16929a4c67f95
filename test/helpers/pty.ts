/**
 * Runs bin/ws inside a real pseudo-terminal, for what touches the terminal: hidden input, raw mode,
 * the spinner, signals. It drives `script` from util-linux (no native module): `script` opens the pty,
 * copies what the test types to it and what the terminal shows to its stdout.
 *
 * The shell inside sets the terminal's size with `stty` (0 columns included), prints its pid and then
 * execs ws, so that pid is ws's own and the test can signal it. Everything is bounded: the run is killed
 * after `timeoutMs`, or as soon as the terminal has shown more than `maxBytes`.
 */
import { spawn } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import { tempConfigDir, wsCommand } from './ws.js';

export interface PtyOptions {
  /** The environment ws sees, besides PATH, SHELL, TERM, PAGER=cat and a private WS_CONFIG_DIR; undefined unsets one. */
  env?: Record<string, string | undefined>;
  /** Terminal size as `stty` sets it; 0 columns is what `docker exec -t` and others report. */
  columns?: number;
  rows?: number;
  /** TERM inside the terminal; null leaves it unset. Default xterm-256color. */
  term?: string | null;
  /** A shell command run in the same terminal after ws ends (e.g. `stty -a`); ws's exit code is kept. */
  after?: string;
  /** Shell redirections after the command, e.g. `2> /tmp/err`, to take a stream off the terminal. */
  redirect?: string;
  /**
   * Runs ws under a parent that leads the terminal's session and ignores SIGHUP, so that closing the
   * terminal sends ws no signal: all it notices is that writing to the terminal fails.
   */
  behindParent?: boolean;
  /**
   * Runs ws as a job of a shell with job control (`set -m`), as at an interactive shell: when ws stops (Ctrl-Z) the
   * terminal shows `@@stopped@@`, the shell reads a line (type Enter) and brings ws back with `fg`. The exit code is
   * ws's last. With `after`, not both.
   */
  jobControl?: boolean;
  timeoutMs?: number;
  maxBytes?: number;
}

/** The parent for `behindParent`: ignores SIGHUP, runs ws (the command after it) on the same terminal, tells its pid. */
const parent = `process.on('SIGHUP', () => {});
const child = require('node:child_process').spawn(process.argv[1], process.argv.slice(2), { stdio: 'inherit' });
process.stdout.write('@@ws-pid=' + child.pid + '@@\\n');
child.on('exit', (code) => process.exit(code ?? 1));`;

export interface PtyResult {
  /** ws's exit code (as the shell saw it), or -1 when the run was killed by the helper. */
  exitCode: number;
  /** What the terminal showed, as the terminal got it (CRLF line ends, escape sequences). */
  output: string;
  /** Every byte the terminal showed, counted even past maxBytes. */
  bytes: number;
  /** Why the helper killed the run, if it did. */
  killed?: string;
}

export interface PtySession {
  /** What the terminal has shown so far. */
  output(): string;
  /** Types into the terminal: text, '\r' for Enter, '\x03' for Ctrl-C, '\x04' for Ctrl-D. */
  type(text: string): void;
  /** Resolves when the terminal has shown `pattern`; rejects after timeoutMs or when the run ends first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** ws's process id (without `after` or `jobControl`; with them, the shell's). */
  pid: Promise<number>;
  /** Sends a signal to ws itself. */
  signal(signal: NodeJS.Signals): Promise<void>;
  /** Kills `script`, which closes the terminal under ws (as closing a terminal window does). */
  closeTerminal(): void;
  result: Promise<PtyResult>;
}

const quote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;
const pidLine = /@@ws-pid=(\d+)@@/;

/** Whether `script` from util-linux is here; the PTY tests need it. */
function hasScript(): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('script', ['--version'], { stdio: 'ignore' });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
}

/** PTY tests are skipped on a machine without `script`, but never in CI (.ci/run installs it): there they fail. */
export const skipWithoutPty = !(await hasScript()) && !process.env.CI;

export function wsInPty(args: string[], options: PtyOptions = {}): PtySession {
  const { columns = 80, rows = 24, timeoutMs = 15_000, maxBytes = 1_000_000 } = options;
  const [program, programArgs] = wsCommand(args);
  const command = options.behindParent ? [process.execPath, '-e', parent, program, ...programArgs] : [program, ...programArgs];
  const ws = `${command.map(quote).join(' ')}${options.redirect ? ` ${options.redirect}` : ''}`;
  const run = options.jobControl
    ? `set -m; ${ws}; code=$?; while [ $code -eq 148 ]; do echo @@stopped@@; read resume; fg >/dev/null; code=$?; done; exit $code`
    : options.after === undefined
      ? `exec ${ws}`
      : `${ws}; code=$?; ${options.after}; exit $code`;
  const shell = `stty cols ${columns} rows ${rows}; ${options.behindParent ? '' : "printf '@@ws-pid=%s@@\\n' $$; "}${run}`;
  // no pager unless a test asks for one: less would add its own escape sequences and wait for a key
  const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', SHELL: '/bin/sh', PAGER: 'cat', WS_CONFIG_DIR: tempConfigDir() };
  if (options.term !== null) env.TERM = options.term ?? 'xterm-256color';
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  const child = spawn('script', ['-qfec', shell, '/dev/null'], { env, stdio: ['pipe', 'pipe', 'pipe'] });

  let kept = '';
  let ended = false;
  let bytes = 0;
  let killed: string | undefined;
  const watchers = new Set<() => void>();
  let wsPid: number | undefined;
  let resolvePid: (pid: number) => void = () => undefined;
  const pid = new Promise<number>((resolve) => (resolvePid = resolve));

  const kill = (why: string) => {
    killed ??= why;
    if (wsPid !== undefined) {
      try {
        process.kill(wsPid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    child.kill('SIGKILL');
  };
  const timer = setTimeout(() => kill(`still running after ${timeoutMs} ms`), timeoutMs);

  const decoder = new StringDecoder('utf8'); // a character may come split across two chunks
  child.stdout.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (kept.length < maxBytes) kept += decoder.write(chunk);
    if (wsPid === undefined) {
      const match = kept.match(pidLine);
      if (match) {
        wsPid = Number(match[1]);
        resolvePid(wsPid);
      }
    }
    if (bytes > maxBytes) kill(`the terminal showed more than ${maxBytes} bytes`);
    for (const watcher of [...watchers]) watcher();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    kept += `[script: ${chunk.toString('utf8')}]`;
  });
  child.stdin.on('error', () => undefined); // typing after the end

  const result = new Promise<PtyResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      ended = true;
      child.stdin.destroy();
      for (const watcher of [...watchers]) watcher();
      resolve({ exitCode: killed ? -1 : (code ?? -1), output: kept, bytes, ...(killed ? { killed } : {}) });
    });
  });

  return {
    output: () => kept,
    type: (text) => child.stdin.write(text),
    pid,
    async signal(signal) {
      process.kill(await pid, signal);
    },
    closeTerminal: () => child.kill('SIGKILL'),
    result,
    waitFor(pattern, waitMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = kept.match(pattern);
          if (match) finish(() => resolve(match));
          else if (ended) finish(() => reject(new Error(`the run ended without showing ${pattern}; the terminal showed: ${JSON.stringify(kept)}`)));
        };
        const timeout = setTimeout(
          () => finish(() => reject(new Error(`no ${pattern} within ${waitMs} ms; the terminal showed: ${JSON.stringify(kept)}`))),
          waitMs,
        );
        const finish = (settle: () => void) => {
          clearTimeout(timeout);
          watchers.delete(check);
          settle();
        };
        watchers.add(check);
        check();
      });
    },
  };
}

/** What the terminal showed without the pid line printed before ws starts (none with `behindParent`). */
export function screenOf(output: string): string {
  return output.replace(/^@@ws-pid=\d+@@\r\n/, '');
}

/** The terminal's text with its line ends (CRLF, or CR CRLF for a CRLF the program wrote) as LF. */
export function lines(output: string): string {
  return output.replace(/\r*\n/g, '\n');
}
