import { Writable } from 'node:stream';
import readline from 'node:readline';
import type { IO } from './io.js';

/** Reads all of stdin as text (for `--with-key-stdin` and piped input). */
export async function readAll(io: IO): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** Asks on stderr and reads one line from a terminal without echoing it. */
export function askSecret(io: IO, question: string): Promise<string> {
  io.stderr.write(question);
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = readline.createInterface({ input: io.stdin, output: muted, terminal: true });
  return new Promise((resolve, reject) => {
    rl.once('line', (line) => {
      rl.close();
      io.stderr.write('\n');
      resolve(line);
    });
    rl.once('SIGINT', () => {
      rl.close();
      io.stderr.write('\n');
      reject(Object.assign(new Error('interrupted'), { interrupted: true }));
    });
    // Ctrl-D (end of input) before a line: no key; after 'line' or SIGINT this settles nothing
    rl.once('close', () => resolve(''));
  });
}
