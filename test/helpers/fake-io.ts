import { fileURLToPath } from 'node:url';
import { Readable, Writable } from 'node:stream';
import type { IO, StopSignal } from '../../src/io.js';

export interface FakeIOOptions {
  /** What the command reads from stdin, text or bytes; empty by default. */
  stdin?: string | Buffer;
  /** The whole environment the command sees: nothing leaks in from the test process. */
  env?: Record<string, string | undefined>;
  /** Sets all three terminal flags at once; the specific flags below win over it. */
  tty?: boolean;
  stdoutIsTTY?: boolean;
  stderrIsTTY?: boolean;
  stdinIsTTY?: boolean;
  /** Terminal width; defaults to 80 when stdout is a terminal, undefined otherwise (as processIO does). */
  columns?: number;
  /** Terminal height; defaults to 24 when stdout is a terminal, undefined otherwise. */
  rows?: number;
  /** The fixed clock, as milliseconds or an ISO time. */
  now?: number | string;
  /** A clock that moves instead (wins over now): Date.now for a --timeout that must pass, or the test's own. */
  clock?: () => number;
}

export interface FakeIO extends IO {
  /** Everything written to stdout so far. */
  out(): string;
  /** Everything written to stderr so far. */
  err(): string;
  /** Calls every onInterrupt listener still registered for the signal, as a Ctrl-C (or that signal) would. */
  interrupt(signal?: StopSignal): void;
  /** How many onInterrupt listeners are registered now, to check that commands clean up. */
  interruptListeners(): number;
  /** The signals exitBySignal was asked to end ws by, in order (a fake IO does not end the test). */
  exitedBy(): StopSignal[];
}

function collector(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    decodeStrings: false,
    write(chunk: Buffer | string, _encoding, callback) {
      chunks.push(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
      callback();
    },
  });
  return { stream, text: () => chunks.join('') };
}

/** An IO for in-process tests: collected output, given stdin and environment, fixed terminal facts and clock. */
export function fakeIO(options: FakeIOOptions = {}): FakeIO {
  const stdout = collector();
  const stderr = collector();
  const stdoutIsTTY = options.stdoutIsTTY ?? options.tty ?? false;
  const stderrIsTTY = options.stderrIsTTY ?? options.tty ?? false;
  const stdinIsTTY = options.stdinIsTTY ?? options.tty ?? false;
  const now = typeof options.now === 'string' ? Date.parse(options.now) : (options.now ?? Date.parse('2026-11-20T12:00:00.000Z'));
  if (Number.isNaN(now)) throw new Error(`fakeIO: invalid now ${String(options.now)}`);
  const listeners = new Set<{ call: (signal: StopSignal) => void; signals: readonly StopSignal[] }>();
  const exits: StopSignal[] = [];
  return {
    stdout: stdout.stream,
    stderr: stderr.stream,
    stdin: Readable.from(options.stdin === undefined ? [] : [options.stdin]),
    env: { ...options.env },
    stdoutIsTTY,
    stderrIsTTY,
    stdinIsTTY,
    columns: options.columns ?? (stdoutIsTTY ? 80 : undefined),
    rows: options.rows ?? (stdoutIsTTY ? 24 : undefined),
    now: options.clock ?? (() => now),
    onInterrupt(listener, signals = ['SIGINT']) {
      // a wrapper, so the same function registered twice is called twice, as process.on would
      const entry = { call: (signal: StopSignal) => listener(signal), signals };
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
    exitBySignal: (signal) => void exits.push(signal),
    // the keyring's own process is this checkout's ws (only reached where a test gives a D-Bus session bus)
    self: { command: process.execPath, args: [fileURLToPath(new URL('../../bin/ws.js', import.meta.url))] },
    exitedBy: () => [...exits],
    out: stdout.text,
    err: stderr.text,
    interrupt(signal = 'SIGINT') {
      for (const entry of [...listeners]) if (entry.signals.includes(signal)) entry.call(signal);
    },
    interruptListeners: () => listeners.size,
  };
}
