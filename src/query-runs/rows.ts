import type { HttpClient } from '../api/http.js';
import type { Page } from '../api/paginate.js';
import type { Context } from '../context.js';
import { WsError, usageError } from '../errors.js';
import { kindOf, planChart, type ChartChoice, type ChartPlan, type ResultColumn } from '../output/chart-data.js';
import { checkFields } from '../output/field-selection.js';
import type { Output } from '../output/output.js';
import type { ListSource } from '../output/writers/list.js';
import { column, type View } from '../output/view.js';
import { resultColumns } from '../workspace/query-columns.js';
import { untilStopped, type Interruption } from '../interruption.js';
import { typedFormat } from '../output/binary-rows.js';
import { latestDataPages, moreRows, type DataProgress, type DataRequest } from '../workspace/query-runs.js';
import type { LatestDataWanted } from './export-thread.js';

type Row = Record<string, unknown>;

/** The flags of a command that prints rows: --limit, a chart's --x, --y and --series, and --out. */
export interface RowFlags {
  limit?: number;
  x?: string;
  y?: string;
  series?: string;
  out?: string;
}

/** The options of a command that prints rows, as a printed command repeats them: --limit, and a chart's --x, --y and --series. */
export function rowOptions(opts: RowFlags): string[] {
  const words = (flag: string, value: string | number | undefined) => (value !== undefined ? [flag, String(value)] : []);
  return [...words('--limit', opts.limit), ...words('--x', opts.x), ...words('--y', opts.y), ...words('--series', opts.series), ...words('--out', opts.out)];
}

/** A run whose rows this command was to print, and the command that prints them in any output. */
interface KeptRun {
  queryId: string;
  queryRunId: string;
  rowsCommand: string;
}

/** What `-o chart` draws of a run's result, or exit 2 naming the columns and the run, whose rows are kept. */
export function chartPlanOf(columns: ResultColumn[], rows: Row[], choice: ChartChoice, run?: KeptRun): ChartPlan {
  const plan = planChart(columns, rows, choice);
  if (!('problem' in plan)) return plan;
  if (!run) throw usageError(`cannot draw a chart: ${plan.problem}`, 'choose the columns with --x <column>, --y <column>[,<column>…] and --series <column>');
  throw new WsError('usage', `cannot draw a chart of run ${run.queryRunId}: ${plan.problem}`, {
    hint: `its rows are kept: ${run.rowsCommand} (any -o), or choose the columns with --x, --y and --series`,
    ids: { queryId: run.queryId, queryRunId: run.queryRunId },
  });
}

/**
 * `--json a,b` checked against the columns of a run this command started or waited for: a field that is not one
 * ends the command, but the run is done and its rows are kept, so the error names it and how to print them.
 */
function checkFieldsOfRun(wanted: string[], names: string[], run: KeptRun | undefined): void {
  try {
    checkFields(wanted, names);
  } catch (error) {
    if (!run || !(error instanceof WsError)) throw error;
    throw new WsError('usage', `${error.message} (query run ${run.queryRunId} completed; its rows are kept)`, {
      hint: `print them: ${run.rowsCommand}, with --json and fields from that list, or any -o`,
      ids: { queryId: run.queryId, queryRunId: run.queryRunId },
    });
  }
}

/** The rows being read: what has been read so far, and what the first page told of them. */
interface Reading {
  pages: AsyncIterable<Page<Row>>;
  read: DataProgress;
  /** Numeric by the server's column types, so that BIGINT and DECIMAL strings are right-aligned too. */
  numeric: Set<string>;
  /** The run whose rows these are, so that a command printed to read the rest reads that run's or fails. */
  runId: string | undefined;
  plan: ChartPlan | undefined;
  interruption: Interruption | undefined;
}

/**
 * The pages of rows, watched: the columns are known only with the first page, where `--json a,b` and the chart's
 * columns are checked. Off a terminal (a file, a pipe), a stop signal ends the export between two pages and says
 * what the output holds and how to go on; at a terminal the rows are on screen (and a pager takes Ctrl-C itself).
 */
function readRows(ctx: Context, http: HttpClient, output: Output, queryId: string, request: DataRequest, wanted: LatestDataWanted): Reading {
  const keptRun = (queryRunId: string | undefined): KeptRun | undefined =>
    queryRunId ? { queryId, queryRunId, rowsCommand: ctx.printed.command('runs', 'wait', queryRunId, '--data') } : undefined;
  const fields = ctx.settings.jsonFields;
  const interruption = ctx.io.stdoutIsTTY && output.file === undefined ? undefined : ctx.interruption({ queryId });
  const read: DataProgress = { rows: 0 };
  const rowPages = latestDataPages(interruption ? http.withSignal(interruption.signal) : http, queryId, request, read, (names, first) => {
    const envelope = first.envelope as { queryRunId?: string; columns?: unknown[] | null } | undefined;
    reading.runId ??= envelope?.queryRunId;
    const typed = resultColumns(envelope?.columns) ?? names.map((name) => ({ name }));
    reading.numeric = new Set(typed.filter((c) => kindOf(c, first.items) === 'number').map((c) => c.name));
    if (fields && names.length) checkFieldsOfRun(fields, names, keptRun(request.expectedRunId));
    if (output.format === 'chart') reading.plan = chartPlanOf(typed, first.items, wanted.chart ?? {}, keptRun(envelope?.queryRunId));
  });
  const pages = interruption ? untilStopped(interruption, rowPages) : rowPages;
  const reading: Reading = { pages, read, numeric: new Set(), runId: request.expectedRunId, plan: undefined, interruption };
  if (interruption && output.file !== undefined) {
    // a second signal ends ws at once: its file goes first
    const lastWord = interruption.lastWord;
    interruption.lastWord = () => {
      output.discard();
      return lastWord();
    };
  }
  return reading;
}

/** A chart is drawn from every row it shows at once; the rows it leaves out to fit are read in another output. */
async function printChart(output: Output, reading: Reading, everyRow: string): Promise<void> {
  const rows: Row[] = [];
  for await (const page of reading.pages) rows.push(...page.items);
  if (!reading.plan || rows.length === 0) output.notice('no rows to chart');
  else await output.chart(rows, reading.plan, everyRow);
}

/**
 * The command that prints what an interrupted list did not: none when another run's rows would follow (what was
 * printed must be read again, whole); a file of --out, or a Parquet or Arrow file cut short, is written again whole.
 */
function restOfRows(ctx: Context, output: Output, request: DataRequest, wanted: LatestDataWanted, reading: Reading) {
  return (written: number, error: WsError): string | undefined => {
    if (error.code === 'data_replaced') return undefined;
    const run = reading.runId ? ['--run', reading.runId] : [];
    if (output.file !== undefined || typedFormat(output.format)) {
      const rows = request.limit === undefined ? ['--all'] : ['--limit', String(request.limit)];
      const skip = request.offset ? ['--offset', String(request.offset)] : [];
      return ctx.printed.continuing('queries', 'data', wanted.queryRef, ...run, ...skip, ...rows, ...fileWords(output));
    }
    const from = ['--offset', String(request.offset + written)];
    const rest = request.limit === undefined ? ['--all'] : ['--limit', String(request.limit - written)];
    return ctx.printed.continuing('queries', 'data', wanted.queryRef, ...run, ...from, ...rest);
  };
}

/** The rows as a list in any format but a chart, the columns read lazily once the first page is in. */
async function printList(ctx: Context, output: Output, request: DataRequest, wanted: LatestDataWanted, reading: Reading, firstPageOnly: boolean) {
  const fields = ctx.settings.jsonFields;
  const view: View<Row> = {
    fields: [],
    get columns() {
      return (reading.read.columns ?? []).map((name) => column<Row>(name, name, { flex: true, kind: 'value', numeric: reading.numeric.has(name) }));
    },
  };
  const source: ListSource<Row> = {
    key: 'rows',
    offset: request.offset,
    all: request.all,
    pages: reading.pages,
    ...(firstPageOnly ? {} : { moreHint: `every row: ${request.allCommand}` }),
    // one order of fields whatever the size: the run's, the rows, then the count of the rows printed, which
    // a document written page by page knows only at its end
    leading: (first) => {
      const { rows: _rows, returnedRowCount: _count, ...run } = first ?? {};
      // `--json a,b` narrows the columns' schema as it narrows the rows, in the order asked
      return fields && Array.isArray(run.columns) ? { ...run, columns: pickedColumns(run.columns, fields) } : run;
    },
    summarize: (_first, count) => ({ returnedRowCount: count }),
    resume: restOfRows(ctx, output, request, wanted, reading),
  };
  await output.list(source, view);
}

/** A file of --out is written again whole, by the same flag. */
const fileWords = (output: Output) => (output.file === undefined ? [] : ['--out', output.file]);

/**
 * Prints the rows of a query's latest successful run, page by page, in any format. Rows are data: every
 * one is printed unless `--limit` asks for fewer; only a table on a terminal (and a chart) stops after one
 * page, and then says so on stderr.
 */
export async function printLatestData(ctx: Context, http: HttpClient, output: Output, queryId: string, wanted: LatestDataWanted): Promise<void> {
  const chart = output.format === 'chart';
  const chartWords = chart ? rowOptions({ x: wanted.chart?.x, y: wanted.chart?.y?.join(','), series: wanted.chart?.series }) : [];
  const every = ['queries', 'data', wanted.queryRef, '--all'];
  // every row in the output chosen (a chart's -o chart too, from the flag, or again from WS_OUTPUT or the profile)
  const asked: DataRequest = { ...wanted, allCommand: ctx.printed.continuing(...every, ...chartWords, ...fileWords(output)) };
  const firstPageOnly = asked.limit === undefined && !asked.all && ((output.format === 'table' && ctx.io.stdoutIsTTY) || chart);
  // an export (every row asked, to a file or a pipe) runs in a worker of its own, where memory stays flat
  if (!firstPageOnly && !chart && ctx.io.exportWorker && ctx.settings.jq === undefined && (output.file !== undefined || !ctx.io.stdoutIsTTY)) {
    const { exportInWorker, fewRows } = await import('./export-thread.js');
    if (!fewRows(wanted) && (await exportInWorker(ctx, output, queryId, wanted))) return;
  }
  const request = { ...asked, all: asked.all || (asked.limit === undefined && !firstPageOnly) };
  const reading = readRows(ctx, http, output, queryId, request, wanted);
  try {
    if (chart) await printChart(output, reading, ctx.printed.command(...every));
    else await printList(ctx, output, asked, wanted, reading, firstPageOnly);
  } finally {
    reading.interruption?.dispose();
  }
  output.commit();
  const { read } = reading;
  if (firstPageOnly && moreRows(read, asked.offset)) {
    // never cut rows without a word, even with --quiet
    const of = `${read.rows} of ${typeof read.total === 'number' ? read.total : 'more'} rows`;
    output.notice(
      chart
        ? `the chart shows the first ${of}; all of them: ${asked.allCommand}`
        : `showing the first ${of}; every row: ${asked.allCommand} (or -o csv, or a pipe)`,
    );
  }
}

/** The columns of a result that `--json a,b` keeps, in its order. */
function pickedColumns(columns: unknown[], fields: string[]): unknown[] {
  const named = (column: unknown) => (typeof column === 'object' && column !== null && 'name' in column ? String(column.name) : undefined);
  return fields.flatMap((field) => columns.filter((column) => named(column) === field));
}
