import { getQuery, latestDataPageSize, listLatestDataPages } from '../../api/queries.js';
import type { HttpClient } from '../../api/http.js';
import { getQueryRun } from '../../api/query-runs.js';
import { terminalQueryRunStatuses, type QueryRunStatusResponse } from '../../api/schemas/query-runs.js';
import type { Context } from '../../context.js';
import { WsError, usageError } from '../../errors.js';
import type { Output } from '../../output/output.js';
import { column, type View } from '../../output/view.js';
import { checkFields } from '../../output/fields.js';
import { waitFor } from '../../wait.js';
import { collectGarbage } from '../../memory.js';
import { planChart, type ChartChoice, type ChartPlan, type ResultColumn } from '../../output/chart-data.js';

/** Waits for a query run to end: COMPLETED returns it; FAILED or CANCELLED is exit 5 with the reason. */
export async function awaitQueryRun(ctx: Context, http: HttpClient, runId: string, timeoutMs: number, resume = `ws runs wait ${runId}`): Promise<QueryRunStatusResponse> {
  const run = await waitFor({
    poll: (signal) => getQueryRun(http.withSignal(signal), runId),
    state: (r) => r.status,
    isTerminal: (r) => terminalQueryRunStatuses.includes(r.status),
    timeoutMs,
    label: `query run ${runId}`,
    resume,
    io: ctx.io,
    quiet: ctx.settings.quiet,
  });
  if (run.status !== 'COMPLETED') {
    const reason = run.message ?? run.history.findLast((entry) => entry.message)?.message;
    throw new WsError('remote_failure', `query run ${runId} ${run.status}${reason ? `: ${reason}` : ''}`, { hint: `see its history: ws runs get ${runId}` });
  }
  return run;
}

type Row = Record<string, unknown>;

/** Columns named by the result (`columns` entries with a name), else by the first row. */
export function columnNames(columns: unknown[] | null | undefined, first: Row | undefined): string[] {
  const named = (columns ?? []).map((c) => (typeof c === 'string' ? c : typeof c === 'object' && c !== null && 'name' in c ? String((c as { name: unknown }).name) : undefined));
  if (named.length > 0 && named.every((name) => name !== undefined)) return named as string[];
  return Object.keys(first ?? {});
}

/** The result's columns with their types when the server gives them (`{name, type}` entries). */
export function resultColumns(columns: unknown[] | null | undefined, names: string[]): ResultColumn[] {
  return names.map((name, index) => {
    const entry = columns?.[index];
    const type = typeof entry === 'object' && entry !== null && 'type' in entry && typeof entry.type === 'string' ? entry.type : undefined;
    return type ? { name, type } : { name };
  });
}

/** What `-o chart` draws of a run's result, or exit 2 naming the columns and the run, whose rows are kept. */
export function chartPlanOf(columns: ResultColumn[], rows: Row[], choice: ChartChoice, runId?: string): ChartPlan {
  const plan = planChart(columns, rows, choice);
  if (!('problem' in plan)) return plan;
  if (!runId) throw usageError(`cannot draw a chart: ${plan.problem}`, 'choose the columns with --x <column> and --y <column>[,<column>…]');
  throw usageError(`cannot draw a chart of run ${runId}: ${plan.problem}`, `its rows are kept: ws runs wait ${runId} --data (any -o), or choose the columns with --x and --y`);
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

/** What printLatestData prints: the rows asked for, and what a user types to get them again. */
export interface DataRequest {
  limit: number | undefined;
  offset: number;
  all: boolean;
  /** The run this command started or waited for: rows of any other run are refused, not printed. */
  expectedRunId?: string;
  /** How to read every row, for the notice under a terminal table, e.g. `ws queries data daily_revenue --all`. */
  allCommand: string;
  /** How to start the run again, for when its rows were replaced by another run's. */
  rerunCommand?: string;
  /** `--x` and `--y` of `-o chart`. */
  chart?: ChartChoice;
}

/**
 * Prints the rows of a query's latest successful run, page by page, in any format. Rows are data: every
 * one is printed unless `--limit` asks for fewer; only a table on a terminal stops after one page, and
 * then says so on stderr.
 */
export async function printLatestData(ctx: Context, http: HttpClient, output: Output, queryId: string, request: DataRequest): Promise<void> {
  const chart = output.format === 'chart';
  const firstPageOnly = request.limit === undefined && !request.all && ((output.format === 'table' && ctx.io.stdoutIsTTY) || chart);
  const pages = listLatestDataPages(http, queryId, { limit: request.limit, offset: request.offset, all: request.all || (request.limit === undefined && !firstPageOnly) });
  // The columns are known from the first page; the view reads them lazily.
  let names: string[] | undefined;
  let shown = 0;
  let total: number | null | undefined;
  let pagesRead = 0;
  let plan: ChartPlan | undefined;
  async function* checked() {
    for await (const p of pages) {
      const envelope = p.envelope as { queryRunId?: string; columns?: unknown[] | null; totalRowCount?: number | null } | undefined;
      if (request.expectedRunId && envelope?.queryRunId && envelope.queryRunId !== request.expectedRunId) {
        throw new WsError('api', `the latest data of the query belongs to run ${envelope.queryRunId}, not to run ${request.expectedRunId} that this command waited for: another run completed after it, so its rows cannot be read any more`, {
          hint: request.rerunCommand ? `run it again: ${request.rerunCommand} (or read the other run's rows: ${request.allCommand})` : `read the other run's rows: ${request.allCommand}`,
        });
      }
      if (!names) {
        names = columnNames(envelope?.columns, p.items[0]);
        // the columns are known only now: `--json a,b` is checked against them here
        const wanted = ctx.settings.jsonFields;
        if (wanted && names.length) checkFields(wanted, names);
        if (chart) plan = chartPlanOf(resultColumns(envelope?.columns, names), p.items, request.chart ?? {}, envelope?.queryRunId);
      }
      shown += p.items.length;
      if (++pagesRead % 50 === 0) collectGarbage();
      total = envelope?.totalRowCount;
      yield p;
    }
  }
  const view: View<Row> = {
    fields: [],
    get columns() {
      return (names ?? []).map((name) => column<Row>(name, name, { flex: true }));
    },
  };
  if (chart) {
    // a chart is drawn from every row it shows at once
    const rows: Row[] = [];
    for await (const p of checked()) rows.push(...p.items);
    if (!plan || rows.length === 0) return output.notice('no rows to chart');
    await output.chart(rows, plan, request.allCommand);
  } else await output.list(
    {
      key: 'rows',
      offset: request.offset,
      all: request.all,
      pages: checked(),
      ...(firstPageOnly ? {} : { moreHint: 'use --limit n or --all for more rows' }),
      summarize: (first, count, total) => {
        const { rows: _rows, ...rest } = first ?? {};
        return { ...rest, returnedRowCount: count, totalRowCount: first?.totalRowCount ?? total };
      },
    },
    view,
  );
  const more = typeof total === 'number' ? total > request.offset + shown : shown >= latestDataPageSize;
  if (firstPageOnly && more) {
    // never cut rows without a word, even with --quiet
    const of = `${shown} of ${typeof total === 'number' ? total : 'more'} rows`;
    output.notice(chart ? `the chart shows the first ${of}; all of them: ${request.allCommand} -o chart` : `showing the first ${of}; every row: ${request.allCommand} (or -o csv, or a pipe)`);
  }
}
