/**
 * Runs bin/ws once in a real pseudo-terminal of a given size (see wsInPty), so that isTTY, the column
 * count and the pager are what a person at a terminal would get. The terminal's output is returned
 * with CRLF turned back into LF.
 */
import { screenOf, wsInPty } from './pty.js';

export interface TerminalRun {
  /** What the terminal showed: stdout and stderr, unless redirected to a file. */
  screen: string;
  exitCode: number;
}

export interface TerminalOptions {
  columns?: number;
  env?: Record<string, string | undefined>;
  /** Shell redirections after the command, e.g. `2> /tmp/err`, to take a stream off the terminal. */
  redirect?: string;
}

export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

export async function inTerminal(args: string[], options: TerminalOptions = {}): Promise<TerminalRun> {
  const { columns = 80, env = {}, redirect } = options;
  const { exitCode, output } = await wsInPty(args, { columns, rows: 24, term: 'xterm', env, redirect, timeoutMs: 20_000 }).result;
  return { screen: screenOf(output).replaceAll('\r\n', '\n'), exitCode };
}
