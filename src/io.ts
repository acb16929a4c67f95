import { Writable, type Readable } from 'node:stream';

/** The signals that end a wait as Ctrl-C does: Ctrl-C, `kill`, a closed terminal. */
export type StopSignal = 'SIGINT' | 'SIGTERM' | 'SIGHUP';

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
  /** stderr goes where stdout goes (`2>&1` into one pipe): a reader gone from one is gone from the other. */
  readonly stderrIsStdout?: boolean;
  /** Terminal width for tables; undefined when stdout is not a terminal. */
  columns: number | undefined;
  /** Terminal height (pager, charts); undefined when stdout is not a terminal or reports 0 rows. */
  rows: number | undefined;
  now(): number;
  /**
   * Calls the listener when the user presses Ctrl-C (SIGINT), or on the other `signals` given (a `kill`,
   * a closed terminal); returns the function that stops listening. Tests may trigger it themselves.
   */
  onInterrupt(listener: (signal: StopSignal) => void, signals?: readonly StopSignal[]): () => void;
  /**
   * Ends ws at once by this signal, as Node's default would (status 128 + its number): for a second signal,
   * which must not wait for anything. Tests record it instead.
   */
  exitBySignal(signal: StopSignal): void;
  /**
   * How to run this same ws again: `node bin/ws.js`, or the standalone executable alone. The system keyring is used
   * in a process of its own (`ws __keyring`, src/config/keyring.ts), one that can be ended if the keyring blocks.
   */
  readonly self: { command: string; args: readonly string[] };
  /**
   * The file of the export worker (dist/export-worker.cjs), where an export may run in a Worker of this process:
   * bin/ws.js's own process. Undefined for the standalone ws (whose files are inside the executable) and tests' IOs.
   */
  readonly exportWorker?: string | undefined;
}

/** How to run this ws again: the standalone executable alone, or Node with bin/ws.js. */
export function selfCommand(): IO['self'] {
  const standalone = process.getBuiltinModule('node:sea')?.isSea() ?? false;
  return { command: process.execPath, args: standalone ? [] : [process.argv[1]!] };
}

export function processIO(): IO {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    // process.stdin builds its stream on first use (a file stream loads several more of Node's modules): only
    // the commands that read input pay for it
    get stdin() {
      return process.stdin;
    },
    env: process.env,
    stdoutIsTTY: Boolean(process.stdout.isTTY),
    stderrIsTTY: Boolean(process.stderr.isTTY),
    // asked of the file descriptor, so that the question builds no stream either (a command whose key is in the
    // system keyring asks it, to know how long to wait: building process.stdin there took some 2 ms)
    get stdinIsTTY() {
      return process.getBuiltinModule('node:tty').isatty(0);
    },
    get stderrIsStdout() {
      try {
        const fs = process.getBuiltinModule('node:fs');
        const [out, err] = [fs.fstatSync(1), fs.fstatSync(2)];
        return (out.isFIFO() || out.isSocket()) && out.dev === err.dev && out.ino === err.ino;
      } catch {
        return false;
      }
    },
    // a terminal may report 0 columns (docker exec -t, script): that is an unknown width, not a zero one
    columns: process.stdout.isTTY ? process.stdout.columns || undefined : undefined,
    rows: process.stdout.isTTY ? process.stdout.rows || undefined : undefined,
    now: () => Date.now(),
    onInterrupt(listener, signals = ['SIGINT']) {
      for (const signal of signals) process.on(signal, listener);
      return () => {
        for (const signal of signals) process.off(signal, listener);
      };
    },
    get self() {
      return selfCommand();
    },
    get exportWorker() {
      // in dist/cli.cjs, __dirname is dist/; the standalone ws runs its files from inside the executable
      if (typeof __dirname !== 'string' || process.getBuiltinModule('node:sea')?.isSea()) return undefined;
      const file = process.getBuiltinModule('node:path').join(__dirname, 'export-worker.cjs');
      return process.getBuiltinModule('node:fs').existsSync(file) ? file : undefined;
    },
    exitBySignal(signal) {
      // with no listener left, the signal's default action applies: the process ends before kill returns
      process.removeAllListeners(signal);
      try {
        process.kill(process.pid, signal);
      } catch {
        // a platform without this signal: the same status all the same
      }
      process.exit(128 + ({ SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const)[signal]);
    },
  };
}

/** Writes to a stream and waits for it to drain, so large outputs do not pile up in memory. */
export function write(stream: Writable, text: string | Uint8Array): Promise<void> | void {
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

/**
 * A stream that writes each chunk whole to a file descriptor with fs.writeSync, a short write going on where it
 * stopped, so that a failure is a failure (a full disk, a reader gone) and memory holds no queue. A non-blocking
 * pipe that is full (EAGAIN) is waited for, a little longer each time, on this thread alone (the export's worker).
 */
export function descriptorStream(descriptor: number | (() => number | undefined)): Writable {
  const fs = process.getBuiltinModule('node:fs');
  let pause: Int32Array | undefined;
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      try {
        const fd = typeof descriptor === 'number' ? descriptor : descriptor();
        if (fd === undefined) throw Object.assign(new Error('the file is closed'), { code: 'EBADF' });
        for (let at = 0, waits = 0; at < chunk.length; ) {
          try {
            at += fs.writeSync(fd, chunk, at);
            waits = 0;
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
            pause ??= new Int32Array(new SharedArrayBuffer(4));
            Atomics.wait(pause, 0, 0, Math.min(1 + waits++, 20));
          }
        }
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
  });
}
