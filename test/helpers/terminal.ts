/**
 * Runs bin/ws in a real pseudo-terminal of a given size, through `script` from util-linux, so that
 * isTTY, the column count and the pager are what a person at a terminal would get. The terminal's
 * output is returned with CRLF turned back into LF.
 */
import { execa } from 'execa';
import { tempConfigDir, wsBin } from './ws.js';

export interface TerminalRun {
  /** What the terminal showed: stdout and stderr, unless redirected to a file. */
  screen: string;
  exitCode: number;
}

export interface TerminalOptions {
  columns?: number;
  env?: Record<string, string | undefined>;
  /** Shell redirections after the command, e.g. `2> /tmp/err` or `| cat`, to take a stream off the terminal. */
  redirect?: string;
}

export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

export async function inTerminal(args: string[], options: TerminalOptions = {}): Promise<TerminalRun> {
  const { columns = 80, env = {}, redirect = '' } = options;
  const command = `stty cols ${columns} rows 24; exec ${[process.execPath, wsBin, ...args].map(shellQuote).join(' ')} ${redirect}`;
  const result = await execa('script', ['-qec', command, '/dev/null'], {
    // no pager unless a test asks for one: less would add its own escape sequences to the screen
    env: { PATH: process.env.PATH, TERM: 'xterm', PAGER: 'cat', WS_CONFIG_DIR: env.WS_CONFIG_DIR ?? tempConfigDir(), ...env },
    extendEnv: false,
    reject: false,
    timeout: 20_000,
    stdin: 'ignore',
    stripFinalNewline: false,
  });
  return { screen: String(result.stdout).replaceAll('\r\n', '\n'), exitCode: result.exitCode ?? -1 };
}
