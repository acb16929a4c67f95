import type { Readable, Writable } from 'node:stream';

/**
 * Everything a command touches outside itself: streams, terminal facts, environment, clock.
 * Built once in bin/ws.js from the process; tests build their own.
 */
export interface IO {
  stdout: Writable;
  stderr: Writable;
  stdin: Readable;
  env: Record<string, string | undefined>;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  stdinIsTTY: boolean;
  /** Terminal width for tables; undefined when stdout is not a terminal. */
  columns: number | undefined;
  now(): number;
  /** Resolves when the user presses Ctrl-C (SIGINT); tests may trigger it themselves. */
  onInterrupt(listener: () => void): () => void;
}

export function processIO(): IO {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    stdoutIsTTY: Boolean(process.stdout.isTTY),
    stderrIsTTY: Boolean(process.stderr.isTTY),
    stdinIsTTY: Boolean(process.stdin.isTTY),
    columns: process.stdout.isTTY ? process.stdout.columns : undefined,
    now: () => Date.now(),
    onInterrupt(listener) {
      process.on('SIGINT', listener);
      return () => process.off('SIGINT', listener);
    },
  };
}

/** Writes to a stream and waits for it to drain, so large outputs do not pile up in memory. */
export function write(stream: Writable, text: string): Promise<void> | void {
  if (stream.write(text)) return;
  return new Promise((resolve, reject) => {
    const onDrain = () => {
      stream.off('error', onError);
      resolve();
    };
    const onError = (error: Error) => {
      stream.off('drain', onDrain);
      reject(error);
    };
    stream.once('drain', onDrain);
    stream.once('error', onError);
  });
}
