import { getQuery, latestDataPageSize, listLatestDataPages } from '../api/queries.js';
import type { HttpClient } from '../api/http.js';
import { getQueryRun } from '../api/query-runs.js';
import { terminalQueryRunStatuses, type QueryRunStatusResponse } from '../api/schemas/query-runs.js';
import type { Page } from '../api/paginate.js';
import type { Query } from '../api/schemas/queries.js';
import { WsError, usageError } from '../errors.js';
import type { IO } from '../io.js';
import type { Interruption } from '../interruption.js';
import { PrintedCommands } from '../printed-commands.js';
import { parameterProblem } from './parameter-values.js';
import { waitFor, type WaitReporter } from '../wait.js';

/** Who is told how a wait goes (none: nothing is said); the stop signals, when watched since the run's start. */
export interface WaitProgress {
  io: IO;
  /** A command's spinner or heartbeat (Context.waitReporter); MCP has none. */
  reporter?: WaitReporter;
  interruption?: Interruption;
  /** How the commands in its hints are written; bare without a command line (MCP). */
  printed?: PrintedCommands;
}

/** How the face that asks (the command line, an assistant's `ws mcp`) words the refusal of a parameter. */
export interface ParameterWords {
  /** Where the values came from: `--param`, or a tool's `params`. */
  given: string;
  /** Where every parameter of the query is shown, e.g. "see every parameter: `ws queries get daily_revenue`". */
  everyParameter(querySlug: string): string;
}

/**
 * Refuses, before a run is started, a parameter the query does not declare or a value that cannot be of its
 * declared type, in the words of the face that asks.
 */
export function checkParameters(query: Query, values: Record<string, string>, words: ParameterWords): void {
  // a parameter without a name (the description does not promise one) cannot be given a value
  const named = (query.parameters ?? []).filter((p): p is typeof p & { name: string } => typeof p.name === 'string');
  const declared = named.map((p) => p.name);
  const unknown = Object.keys(values).filter((name) => !declared.includes(name));
  if (unknown.length) {
    throw usageError(
      `query ${query.slug} has no parameter ${unknown.map((n) => `"${n}"`).join(', ')}`,
      declared.length ? `its parameters: ${declared.join(', ')}` : 'it takes no parameters',
    );
  }
  for (const { name, type, defaultValue } of named) {
    if (!Object.hasOwn(values, name)) continue;
    const problem = parameterProblem(name, type, values[name]!);
    if (!problem) continue;
    // the message says what is wrong; the hint, what to do next: the default there is, and where the others are
    const every = words.everyParameter(query.slug);
    const hint = defaultValue ? `leave ${name} out for its default, ${defaultValue}; ${every}` : every;
    throw new WsError('usage', `invalid ${words.given} ${name}=${values[name]}: ${problem}`, {
      hint,
      ids: { queryId: query.id },
    });
  }
}

/** A run that ended other than COMPLETED, as the error a wait ends with (exit 5), with its reason. */
export function queryRunFailure(run: QueryRunStatusResponse, printed = PrintedCommands.bare): WsError | undefined {
  if (run.status === 'COMPLETED') return undefined;
  const reason = run.message ?? run.history.findLast((entry) => entry.message)?.message;
  return new WsError('remote_failure', `query run ${run.queryRunId} ${run.status}${reason ? `: ${reason}` : ''}`, {
    code: run.status === 'CANCELLED' ? 'run_cancelled' : 'run_failed',
    hint: `see its history: ${printed.command('runs', 'get', run.queryRunId)}`,
    ids: { queryRunId: run.queryRunId },
  });
}

/**
 * The delay between the polls of a query run: 40 ms while the wait is young, then a twentieth of the time waited
 * (so that the wait adds about 5% to the run's time), up to 1 s from 20 s on. A run's status is one small request,
 * and most runs a person waits for end within seconds: the rows follow their end at once.
 */
export const queryRunPace = (waitedMs: number): number => Math.max(40, Math.round(waitedMs / 20));

/** Waits for a query run to end: COMPLETED returns it; FAILED or CANCELLED is exit 5 with the reason. */
export async function awaitQueryRun(
  http: HttpClient,
  runId: string,
  timeoutMs: number,
  progress: WaitProgress,
  resume = (progress.printed ?? PrintedCommands.bare).continuing('runs', 'wait', runId),
): Promise<QueryRunStatusResponse> {
  const run = await waitFor({
    poll: (signal) => getQueryRun(http.withSignal(signal), runId),
    state: (r) => r.status,
    isTerminal: (r) => terminalQueryRunStatuses.includes(r.status),
    pace: queryRunPace,
    timeoutMs,
    label: `query run ${runId}`,
    resume,
    ids: { queryRunId: runId },
    ...(progress.interruption ? { interruption: progress.interruption } : {}),
    io: progress.io,
    ...(progress.reporter ? { reporter: progress.reporter } : {}),
  });
  const failure = queryRunFailure({ ...run, queryRunId: runId }, progress.printed);
  if (failure) throw failure;
  return run;
}

type Row = Record<string, unknown>;

/**
 * About the JSON of the rows parsed at once, past the first page: a part is parsed, written and dropped before the
 * next is parsed, so its rows die in the young generation instead of being promoted with a whole page.
 */
const latestDataPartBytes = 64 * 1024;

/** Columns named by the result (`columns` entries with a name), else by the first row. */
export function columnNames(columns: unknown[] | null | undefined, first: Row | undefined): string[] {
  const named = (columns ?? []).map((c) =>
    typeof c === 'string' ? c : typeof c === 'object' && c !== null && 'name' in c ? String((c as { name: unknown }).name) : undefined,
  );
  if (named.length > 0 && named.every((name) => name !== undefined)) return named as string[];
  return Object.keys(first ?? {});
}

/**
 * After a run completes, the query may name it as its latest successful run a moment later: ask a few
 * times (about 1.5 s at most) before reading latest/data, so that the rows are that run's.
 */
export async function settleLatestRun(http: HttpClient, queryId: string, runId: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const query = await getQuery(http, queryId);
    if (query.lastSuccessfulRunId === runId) return;
    await new Promise((resolve) => setTimeout(resolve, 100 * (attempt + 1)));
  }
}

/** Which rows of a query's latest successful run to read, and what a user types to get them again. */
export interface DataRequest {
  limit: number | undefined;
  offset: number;
  all: boolean;
  /** The run that was started or waited for: rows of any other run are refused, not returned. */
  expectedRunId?: string;
  /** How to read every row, e.g. `ws queries data daily_revenue --all`. */
  allCommand: string;
  /** How to start the run again, for when its rows were replaced by another run's. */
  rerunCommand?: string;
  /** Pages asked for ahead of the one being written (default: src/api/queries.ts's, for the fastest export). */
  ahead?: number;
}

/** What has been read so far: the columns (known from the first page), the rows and the total the server gave. */
export interface DataProgress {
  columns?: string[];
  rows: number;
  total?: number | null;
}

/**
 * The error for rows of another run than `runId`'s: the run that was waited for (`expectedRunId`), or the run
 * whose rows were being read when a newer one completed. The one place that tells that rows would mix.
 */
function dataReplaced(queryId: string, runId: string, other: string, request: DataRequest): WsError {
  if (!request.expectedRunId) {
    return new WsError('api', `the latest data of query ${queryId} changed while it was read (run ${runId} was replaced by ${other})`, {
      code: 'data_replaced',
      ids: { queryId, queryRunId: runId },
      hint: 'read it again; a new run completed meanwhile',
    });
  }
  const reread = request.rerunCommand
    ? `run it again: ${request.rerunCommand} (or read the other run's rows: ${request.allCommand})`
    : `read the other run's rows: ${request.allCommand}`;
  return new WsError(
    'api',
    `the latest data of the query belongs to run ${other}, not to run ${runId} whose rows this command reads: another run completed after it, so its rows cannot be read any more (the API hands out the rows of a query's latest run only, so parallel runs of one query replace each other's rows)`,
    {
      code: 'data_replaced',
      ids: { queryId, queryRunId: runId },
      hint: `${reread}; for parallel jobs, give each job a query of its own, or run them with --no-data`,
    },
  );
}

/**
 * The rows of a query's latest successful run, page by page, every page of one run: the expected run, or else the
 * first page's (a newer run may complete while paging, and rows would mix); `read` follows along, and `onColumns`
 * sees the columns once the first page names them.
 */
export async function* latestDataPages(
  http: HttpClient,
  queryId: string,
  request: DataRequest,
  read: DataProgress,
  onColumns?: (names: string[], first: Page<Row>) => void,
): AsyncGenerator<Page<Row>> {
  let runId = request.expectedRunId;
  for await (const { items: rows, ...page } of listLatestDataPages(http, queryId, request)) {
    const envelope = page.envelope as { queryRunId?: string; columns?: unknown[] | null; totalRowCount?: number | null } | undefined;
    const pageRun = envelope?.queryRunId;
    runId ??= pageRun;
    if (pageRun && runId && pageRun !== runId) throw dataReplaced(queryId, runId, pageRun, request);
    read.total = envelope?.totalRowCount;
    if (!read.columns) {
      // the first page whole: the columns, their kinds and a page printed as the API sent it are judged on it
      const first = { ...page, items: rows.parse() };
      read.columns = columnNames(envelope?.columns, first.items[0]);
      onColumns?.(read.columns, first);
      read.rows += first.items.length;
      yield first;
      continue;
    }
    // the others parsed a part at a time, as they are written: their rows die young (docs/development.md)
    for (const items of rows.parts(latestDataPartBytes)) {
      read.rows += items.length;
      yield { ...page, items };
    }
  }
}

/** Whether rows are left after those read: by the total when the server gives one, else by a full last page. */
export function moreRows(read: DataProgress, offset: number): boolean {
  return typeof read.total === 'number' ? read.total > offset + read.rows : read.rows >= latestDataPageSize;
}
