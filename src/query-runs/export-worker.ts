import { Context } from '../context.js';
import { descriptorStream, type IO, type StopSignal } from '../io.js';
import { Output } from '../output/output.js';
import { errorData, pagesAhead, type ExportJob, type WorkerMessage } from './export-thread.js';
import { printLatestData } from './rows.js';

/**
 * The export's worker (dist/export-worker.cjs, started by exportInWorker): prints the rows as the command would,
 * writing stdout (fd 1) or the file of --out and stderr (fd 2) itself, synchronously, so that what it writes is
 * never queued in memory (a Worker's process.stdout is relayed through the main thread, with no backpressure).
 * The main thread's stop signal arrives as a message; the end (done, or the error with every detail) goes back as one.
 */
export async function serve(): Promise<void> {
  const { parentPort, workerData } = process.getBuiltinModule('node:worker_threads');
  const port = parentPort!;
  const job = workerData as ExportJob;
  const stopped: StopSignal[] = [];
  const listeners = new Set<(signal: StopSignal) => void>();
  port.on('message', (message: { stop?: StopSignal }) => {
    if (!message.stop) return;
    stopped.push(message.stop);
    for (const listener of [...listeners]) listener(message.stop);
  });
  // the port does not keep the worker alive: it ends when the export does
  port.unref();
  // as bin/ws.js does for the main thread: a closed stderr loses only messages, and the exit code still tells
  const stderr = descriptorStream(2).on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE' && error.code !== 'EIO') throw error;
  });
  const io: IO = {
    // a regular file as stdout is named by its descriptor, as process.stdout's is: src/output/row-ledger.ts reads it
    stdout: job.file ? descriptorStream(job.file.fd) : Object.assign(descriptorStream(1), { fd: 1 }),
    stderr,
    stdin: process.getBuiltinModule('node:stream').Readable.from([]),
    env: job.env,
    stdoutIsTTY: false,
    stderrIsTTY: job.stderrIsTTY,
    stdinIsTTY: false,
    stderrIsStdout: job.stderrIsStdout,
    columns: undefined,
    rows: undefined,
    now: () => Date.now(),
    onInterrupt(listener) {
      listeners.add(listener);
      // a signal that came while the worker started
      if (stopped[0]) queueMicrotask(() => listener(stopped[0]!));
      return () => listeners.delete(listener);
    },
    // only the first signal reaches the worker: the main thread ends ws on a second one
    exitBySignal: () => undefined,
    self: job.self,
  };
  const ctx = new Context(io, job.globals);
  // the main thread makes the file whole, or removes it
  const file = job.file && { target: job.file.target, commit: () => undefined, discard: () => undefined };
  let end: WorkerMessage;
  const http = ctx.http({ apiKey: job.apiKey });
  try {
    const output = await Output.create(io, { ...job.output, ...(file ? { file } : {}) }, 'columns');
    await printLatestData(ctx, http, output, job.queryId, { ...job.wanted, ahead: pagesAhead });
    end = { done: true };
  } catch (error) {
    end = { error: errorData(error) };
  } finally {
    await http.close();
    await ctx.close();
  }
  port.postMessage(end);
}
