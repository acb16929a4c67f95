import { getQuery, listLatestDataPages } from '../../api/queries.js';
import type { HttpClient } from '../../api/http.js';
import { getQueryRun } from '../../api/query-runs.js';
import { terminalQueryRunStatuses, type QueryRunStatusResponse } from '../../api/schemas/query-runs.js';
import type { Context } from '../../context.js';
import { WsError } from '../../errors.js';
import type { Output } from '../../output/output.js';
import { column, type View } from '../../output/view.js';
import { checkFields } from '../../output/fields.js';
import { waitFor } from '../../wait.js';

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

/** Prints the rows of a query's latest successful run, page by page, in any format. */
export async function printLatestData(
  ctx: Context,
  http: HttpClient,
  output: Output,
  queryId: string,
  page: { limit: number | undefined; offset: number; all: boolean },
  expectedRunId?: string,
): Promise<void> {
  const pages = listLatestDataPages(http, queryId, page);
  // The columns are known from the first page; the view reads them lazily.
  let names: string[] | undefined;
  let warned = false;
  async function* checked() {
    for await (const p of pages) {
      const envelope = p.envelope as { queryRunId?: string; columns?: unknown[] | null } | undefined;
      if (!names) {
        names = columnNames(envelope?.columns, p.items[0]);
        // the columns are known only now: `--json a,b` is checked against them here
        const wanted = ctx.settings.jsonFields;
        if (wanted && names.length) checkFields(wanted, names);
      }
      if (expectedRunId && !warned && envelope?.queryRunId && envelope.queryRunId !== expectedRunId) {
        warned = true;
        ctx.io.stderr.write(`warning: these rows belong to run ${envelope.queryRunId}, not to run ${expectedRunId}: another run of the query completed meanwhile\n`);
      }
      yield p;
    }
  }
  const view: View<Row> = {
    fields: [],
    get columns() {
      return (names ?? []).map((name) => column<Row>(name, name, { flex: true }));
    },
  };
  await output.list(
    {
      key: 'rows',
      offset: page.offset,
      all: page.all,
      pages: checked(),
      moreHint: 'use --limit n or --all for more rows',
      summarize: (first, count, total) => {
        const { rows: _rows, ...rest } = first ?? {};
        return { ...rest, returnedRowCount: count, totalRowCount: first?.totalRowCount ?? total };
      },
    },
    view,
  );
}
