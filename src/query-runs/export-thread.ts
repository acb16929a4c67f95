import { maxResponseBytes } from '../api/http.js';
import type { Context } from '../context.js';
import type { GlobalOptions } from '../config/settings.js';
import { WsError, type ErrorKind, type WsErrorDetails } from '../errors.js';
import type { IO, StopSignal } from '../io.js';
import type { ChartChoice } from '../output/chart-data.js';
import type { Output, OutputOptions } from '../output/output.js';
import type { DataRequest } from '../workspace/query-runs.js';

/** The rows a command prints of a query's latest run (printLatestData): which, and how they are named in hints. */
export type LatestDataWanted = Omit<DataRequest, 'allCommand'> & {
  queryRef: string;
  chart?: ChartChoice;
  /** The rows the run's result says it has, when this command read it (after a wait). */
  rowCount?: number | null;
};

/**
 * How large the export's young generation may grow (resourceLimits.maxYoungGenerationSizeMb). Left to itself, V8
 * grows it while pages in flight survive scavenges (to 128 MiB committed on Node 24); small, the short-lived rows
 * of a page die young. It bounds no data: a page of any size still goes through (docs/development.md).
 */
export const youngGenerationMb = 4;

/**
 * How large the export's old generation may grow (resourceLimits.maxOldGenerationSizeMb): 28 times the largest
 * answer ws reads (maxResponseBytes, 64 MiB), 1,792 MiB. Not a bound on the rows: pages wait as bytes, outside the
 * heap, and the heap holds ws's code (13-19 MiB live), one part of a page parsed (about 64 KiB of JSON, or a row,
 * which one answer holds: at most 64 MiB of JSON, and JSON.parse makes at most 16 bytes of heap of one: `[]`), what
 * is written of it and a Parquet row group. What it changes is V8's pace: after a full collection V8 lets the old
 * generation grow to a multiple of what survived, 4 for a heap limit of 2 GiB or more (the default where there are
 * 8 GiB of memory), less below (about 1.9 at this size): csv on Node 24 at 2,000,000 rows 131-134 MiB, not 175-182.
 */
export const oldGenerationMb = (28 * maxResponseBytes) / 2 ** 20;

/**
 * Pages asked for ahead in the worker: what lives while pages travel is promoted to the old generation, which V8
 * lets grow to a few times what survived its last collection. Two instead of four: csv on Node 20 at 2,000,000 rows
 * 135-143 MiB instead of 145-160 (three: 151-164); over 50 ms round trips it costs time (0.55x curl + jq, not 0.38x).
 */
export const pagesAhead = 2;

/**
 * Rows known to be this few are exported by the main thread: its memory stays small for them, and a worker's start
 * (40-50 ms) would come between a run's end and its first row (`queries execute --wait`, issue 41's 50 ms).
 */
export const workerFromRows = 50_000;

/** Whether the rows wanted are known to be few (see workerFromRows): from --limit, or the run's row count. */
export function fewRows(wanted: LatestDataWanted): boolean {
  const known = [wanted.limit, wanted.rowCount].filter((count): count is number => typeof count === 'number');
  return known.length > 0 && Math.min(...known) <= workerFromRows;
}

/** Everything the export's worker is given, as plain data (structured clone): it builds its own context of it. */
export interface ExportJob {
  globals: GlobalOptions;
  env: IO['env'];
  apiKey: string;
  output: Omit<OutputOptions, 'file'>;
  /** The temporary file of --out, open in this process: the worker writes it, this thread makes it whole or removes it. */
  file: { target: string; fd: number } | undefined;
  stderrIsTTY: boolean;
  stderrIsStdout: boolean;
  self: IO['self'];
  queryId: string;
  wanted: LatestDataWanted;
}

/** An error as it crosses from the worker: ws's own with every detail, or another's message, code and stack. */
export type ErrorData = { ws: { kind: ErrorKind; message: string; details: WsErrorDetails } } | { message: string; code?: string; stack?: string };

/** What the worker says as it ends: done, or the error it ended with. */
export type WorkerMessage = { done: true } | { error: ErrorData };

export function errorData(error: unknown): ErrorData {
  if (error instanceof WsError) {
    const { hint, status, code, apiCode, requestId, ids, signal, partial } = error;
    const details = Object.fromEntries(
      Object.entries({ hint, status, code, apiCode, requestId, ids, signal, partial }).filter(([, value]) => value !== undefined),
    );
    return { ws: { kind: error.kind, message: error.message, details } };
  }
  const { message, code, stack } = error instanceof Error ? (error as NodeJS.ErrnoException) : { message: String(error), code: undefined, stack: undefined };
  return { message, ...(code ? { code } : {}), ...(stack ? { stack } : {}) };
}

export function errorFrom(data: ErrorData): Error {
  if ('ws' in data) return new WsError(data.ws.kind, data.ws.message, data.ws.details);
  const error: NodeJS.ErrnoException = new Error(data.message);
  if (data.code) error.code = data.code;
  if (data.stack) error.stack = data.stack;
  return error;
}

/**
 * The rows of an export (`--all` or `--limit`, to a file or a pipe) fetched, formatted and written by a Worker
 * whose young generation is small (youngGenerationMb), so that memory stays flat however many rows there are.
 * This thread keeps the terminal, the signals (the first stops the worker between two pages, a second ends ws at
 * once, its --out file removed) and the file of --out, made whole here once the worker wrote every row.
 * Returns false, having done nothing, where no worker can run the export (no key known to hand it).
 */
export async function exportInWorker(ctx: Context, output: Output, queryId: string, wanted: LatestDataWanted): Promise<boolean> {
  const apiKey = ctx.keyInUse();
  const file = output.file === undefined ? undefined : ctx.outDescriptor();
  if (!apiKey || !ctx.io.exportWorker || (output.file !== undefined && !file)) return false;
  const job: ExportJob = {
    globals: ctx.globalOptions,
    env: { ...ctx.io.env },
    apiKey,
    output: output.shared,
    file,
    stderrIsTTY: ctx.io.stderrIsTTY,
    stderrIsStdout: Boolean(ctx.io.stderrIsStdout),
    self: { command: ctx.io.self.command, args: [...ctx.io.self.args] },
    queryId,
    wanted,
  };
  const interruption = ctx.interruption({ queryId });
  // a second signal ends ws at once: its file goes first
  const lastWord = interruption.lastWord;
  interruption.lastWord = () => {
    output.discard();
    return lastWord();
  };
  const { Worker } = process.getBuiltinModule('node:worker_threads');
  const resourceLimits = { maxYoungGenerationSizeMb: youngGenerationMb, maxOldGenerationSizeMb: oldGenerationMb };
  const worker = new Worker(ctx.io.exportWorker, { workerData: job, resourceLimits });
  // the first signal stops the export between two parts of a page, in the worker, which says what the output holds
  interruption.onStop((signal: StopSignal) => worker.postMessage({ stop: signal }));
  let end: WorkerMessage | undefined;
  worker.on('message', (message: WorkerMessage) => {
    end = message;
  });
  let exitCode: number;
  try {
    exitCode = await new Promise<number>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('exit', resolve);
    });
  } finally {
    interruption.dispose();
  }
  if (ctx.settings.debug) {
    const peak = Math.round(process.resourceUsage().maxRSS / 1024);
    ctx.io.stderr.write(`* export: written by a worker (young generation ${youngGenerationMb} MiB); peak RSS of ws ${peak} MiB\n`);
  }
  if (end === undefined) throw new Error(`the export's worker ended without saying how (exit code ${exitCode})`);
  if ('error' in end) throw errorFrom(end.error);
  output.commit();
  return true;
}
