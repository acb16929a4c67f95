import { Writable } from 'node:stream';
import { usageError, type WsError } from './errors.js';
import type { IO } from './io.js';

/** What a prompt (or a read of stdin) waits for, and how else to give it where nobody can type it. */
export interface Wanted {
  /** e.g. 'the API key' */
  what: string;
  /** The hint: another way to give it, e.g. through stdin from a file or a variable. */
  instead: string;
}

/**
 * Why nobody may be there to type an answer, or undefined where a person may: CI is set (a runner may give the
 * job a terminal nobody watches), or WS_NO_PROMPT is set to anything but 0 or false (as GH_PROMPT_DISABLED for gh).
 */
export function nobodyToAsk(env: IO['env']): string | undefined {
  const off = env.WS_NO_PROMPT;
  if (off && off !== '0' && off !== 'false') return 'WS_NO_PROMPT is set';
  if (env.CI) return 'CI is set';
  return undefined;
}

/** The usage error (exit 2) for a terminal that would wait for nobody; undefined where a person may answer. */
function unanswered(io: IO, wanted: Wanted): WsError | undefined {
  const reason = nobodyToAsk(io.env);
  return reason === undefined
    ? undefined
    : usageError(`ws will not wait for ${wanted.what} to be typed: ${reason}, and nobody may be there to type it`, wanted.instead);
}

/**
 * Reads all of stdin as text (for `--with-key-stdin` and piped input). A terminal is read too (a person types,
 * then Ctrl-D), except where nobody may be there to type (see nobodyToAsk): then it fails at once.
 */
export async function readAll(io: IO, wanted: Wanted): Promise<string> {
  if (io.stdinIsTTY) {
    const refused = unanswered(io, wanted);
    if (refused) throw refused;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Asks on stderr and reads one line from a terminal without echoing it. Enter gives the line, Ctrl-D
 * before a line gives '', Ctrl-C rejects with `interrupted`; the terminal is back in its own mode (echo
 * on) before the promise settles. Where nobody may be there to answer (CI, WS_NO_PROMPT) it asks nothing and
 * rejects with a usage error naming `wanted.instead`.
 */
export function askSecret(io: IO, question: string, wanted: Wanted): Promise<string> {
  const refused = unanswered(io, wanted);
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
