import { Writable } from 'node:stream';
import type { IO } from './io.js';

/** Reads all of stdin as text (for `--with-key-stdin` and piped input). */
export async function readAll(io: IO): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Asks on stderr and reads one line from a terminal without echoing it. Enter gives the line, Ctrl-D
 * before a line gives '', Ctrl-C rejects with `interrupted`; the terminal is back in its own mode (echo
 * on) before the promise settles.
 */
export function askSecret(io: IO, question: string): Promise<string> {
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
