import type { HttpClient } from '../api/http.js';
import { getQueryRunResult } from '../api/query-runs.js';
import type { Context } from '../context.js';
import type { Interruption } from '../interruption.js';
import type { ChartChoice } from '../output/chart-data.js';
import type { Output } from '../output/output.js';
import { resumable } from '../wait.js';
import { awaitQueryRun, settleLatestRun } from '../workspace/query-runs.js';
import { printLatestData, rowOptions, type RowFlags } from './rows.js';
import { noteRunResult } from './summary.js';
import { queryRunStatusView } from './views.js';

/** The query run waited for. */
export interface RunToWaitFor {
  runId: string;
  /** The stop signals, watched since the run's start request; else from the wait on. */
  interruption?: Interruption;
  /** The query, when this command started the run: its rows are named by its slug, and it is started again with `param`. */
  query?: { id: string; slug: string };
  param?: string[];
}

/** How to wait and what to print: the rows (`data`, with --limit and a chart's columns) or the run's status. */
export interface WaitWanted extends RowFlags {
  timeoutMs: number;
  data: boolean;
  chart: ChartChoice;
}

/**
 * `queries execute --wait` and `runs wait`: waits for a query run (src/workspace/query-runs.ts, the spinner on
 * stderr), says how it ended (a note, or exit 5 with its reason), then prints its rows in the output chosen, or
 * its status with --no-data. Every command it prints to go on (wait again, read the rest) prints the same.
 */
export async function waitAndPrintRows(ctx: Context, http: HttpClient, output: Output, run: RunToWaitFor, wanted: WaitWanted): Promise<void> {
  const { runId, query } = run;
  const resume = ctx.printed.continuing('runs', 'wait', runId, ...(wanted.data ? ['--data', ...rowOptions(wanted)] : []));
  const interruption = run.interruption ?? ctx.interruption();
  const waiting = awaitQueryRun(http, runId, wanted.timeoutMs, { ...ctx.waitProgress(), interruption }, resume);
  const finished = await resumable(waiting, resume, query ? { queryId: query.id } : {});
  // the wait is over: an export of the rows watches the signals itself
  interruption.dispose();
  if (!wanted.data) {
    await noteRunResult(ctx, http, runId);
    return output.item(finished, queryRunStatusView);
  }
  // the query whose latest rows are the run's: known when this command started the run, else named by its result
  const named = query ? undefined : await getQueryRunResult(http, runId);
  const queryId = query?.id ?? named!.queryId;
  // the run's result (its row count, for the note and for where the rows are written) and whether the query names
  // the run yet are asked at once: neither needs the other
  const [read, settled] = await Promise.allSettled([named ?? getQueryRunResult(http, runId), settleLatestRun(http, queryId, runId)]);
  if (settled.status === 'rejected') throw settled.reason;
  const result = read.status === 'fulfilled' ? read.value : undefined;
  // a courtesy: a result that could not be read leaves the note out
  if (result) await noteRunResult(ctx, http, runId, result);
  const param = (run.param ?? []).flatMap((pair) => ['--param', pair]);
  await printLatestData(ctx, http, output, queryId, {
    limit: wanted.limit,
    offset: 0,
    all: false,
    expectedRunId: runId,
    queryRef: query?.slug ?? queryId,
    ...(query ? { rerunCommand: ctx.printed.continuing('queries', 'execute', query.slug, ...param, '--wait', ...rowOptions(wanted)) } : {}),
    chart: wanted.chart,
    rowCount: result?.rowCount,
  });
}
