/**
 * A terminal emulator for the tests that need what a person sees: tmux, on a server of its own (one socket per
 * session), for the screen as drawn (capture-pane), a terminal resized while ws runs, and the columns a
 * terminal gives text (it answers a cursor position report), measured by the terminal rather than by ws.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { pollUntil } from './emulator.js';
import { shellQuote } from './terminal.js';
import { tempConfigDir, wsBin } from './ws.js';

export const hasTmux = spawnSync('tmux', ['-V']).status === 0;
/** Skipped on a machine without tmux, but never in CI (.ci/run installs it): there the tests fail. */
export const skipWithoutTmux = !hasTmux && !process.env.CI;

let sessions = 0;

export interface TmuxSession {
  /** The screen as the terminal shows it, one string per row, trailing blanks dropped. */
  screen(): Promise<string[]>;
  /** The scrollback (rows gone off the top) and the screen, a line wrapped onto several rows joined into one. */
  scrollback(): Promise<string[]>;
  /** How many rows the scrollback holds (tmux's `#{history_size}`). */
  historySize(): Promise<number>;
  /** Waits until the screen shows `pattern`; returns the screen. */
  waitFor(pattern: RegExp, what: string, timeoutMs?: number): Promise<string[]>;
  resize(columns: number, rows?: number): Promise<void>;
  /** Keys as tmux names them (`C-c`, `Enter`) or, with `literal`, text. */
  keys(keys: string, literal?: boolean): Promise<void>;
  close(): void;
}

/**
 * A shell in a tmux terminal of the given size, with `env` (and a private config folder) and `ws` a function that
 * runs this checkout's bin/ws.js. `run` types a command line into it, which clears the screen first.
 */
export async function startTmux(columns: number, rows: number, env: Record<string, string>): Promise<TmuxSession & { run(line: string): Promise<void> }> {
  const socket = `ws-test-${process.pid}-${++sessions}`;
  const tmux = async (...args: string[]) => (await execa('tmux', ['-u', '-L', socket, '-f', '/dev/null', ...args], { timeout: 20_000 })).stdout;
  const rc = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ws-tmux-')), 'rc');
  const exports = Object.entries({ WS_CONFIG_DIR: tempConfigDir(), PAGER: 'cat', ...env }).map(([name, value]) => `export ${name}=${shellQuote(value)}`);
  fs.writeFileSync(rc, [...exports, `ws() { ${shellQuote(process.execPath)} ${shellQuote(wsBin)} "$@"; }`, "PS1='$ '", ''].join('\n'));
  await tmux(
    'new-session',
    '-d',
    '-s',
    't',
    '-x',
    String(columns),
    '-y',
    String(rows),
    `env -i PATH=${shellQuote(process.env.PATH ?? '/usr/bin:/bin')} TERM=xterm-256color bash --noprofile --rcfile ${shellQuote(rc)} -i`,
  );
  const screen = async () => (await tmux('capture-pane', '-p', '-t', 't')).split('\n');
  const session = {
    screen,
    scrollback: async () => (await tmux('capture-pane', '-p', '-J', '-S', '-', '-t', 't')).split('\n'),
    historySize: async () => Number(await tmux('display-message', '-p', '-t', 't', '#{history_size}')),
    async waitFor(pattern: RegExp, what: string, timeoutMs = 15_000) {
      let shown: string[] = [];
      try {
        return await pollUntil(
          async () => {
            shown = await screen();
            return pattern.test(shown.join('\n')) && shown;
          },
          what,
          timeoutMs,
          50,
        );
      } catch (error) {
        throw new Error(`${(error as Error).message}; the screen:\n${shown.join('\n')}`);
      }
    },
    async resize(width: number, height = rows) {
      await tmux('resize-window', '-t', 't', '-x', String(width), '-y', String(height));
    },
    async keys(keys: string, literal = false) {
      await tmux('send-keys', '-t', 't', ...(literal ? ['-l', keys] : [keys]));
    },
    async run(line: string) {
      // cleared as the line runs: the screen shows what the command shows, not the command
      await session.keys(`clear; ${line}`, true);
      await session.keys('Enter');
    },
    close() {
      spawnSync('tmux', ['-L', socket, 'kill-server']);
    },
  };
  await session.waitFor(/^\$/m, 'the shell prompt');
  return session;
}

/**
 * The columns a terminal gives each text, as tmux draws it: bash prints each text at the start of a wide line and
 * asks the terminal where the cursor is (a cursor position report), so the widths are the terminal's, not ws's.
 */
export async function terminalWidths(texts: string[]): Promise<number[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-widths-'));
  const input = path.join(dir, 'in');
  const output = path.join(dir, 'out');
  fs.writeFileSync(input, texts.map((text) => `${text}\n`).join(''));
  const script = path.join(dir, 'measure.sh');
  fs.writeFileSync(
    script,
    `while IFS= read -r line; do printf '\\r\\033[2K%s\\033[6n' "$line"; IFS='[;' read -rsd R _ _ col < /dev/tty; echo $((col - 1)) >> ${shellQuote(output)}; done < ${shellQuote(input)}; echo end >> ${shellQuote(output)}; sleep 60\n`,
  );
  const socket = `ws-widths-${process.pid}-${++sessions}`;
  try {
    await execa('tmux', ['-u', '-L', socket, '-f', '/dev/null', 'new-session', '-d', '-x', '1000', '-y', '5', `env LANG=C.UTF-8 bash ${shellQuote(script)}`], {
      timeout: 20_000,
    });
    await pollUntil(async () => fs.existsSync(output) && fs.readFileSync(output, 'utf8').endsWith('end\n'), 'the terminal to measure the texts', 20_000, 50);
    return fs.readFileSync(output, 'utf8').trim().split('\n').slice(0, -1).map(Number);
  } finally {
    spawnSync('tmux', ['-L', socket, 'kill-server']);
  }
}
