import { executeQueryResponseFields } from '../../api/fields.js';
import { executeQuery } from '../../api/queries.js';
import { findQuery } from '../../workspace/resolve.js';
import { ExecuteQueryBody } from '../../api/schemas/queries.js';
import { validateRequest } from '../../api/validate.js';
import { rowFormat } from '../../config/settings.js';
import { Asking } from '../../cmdutil/pickers.js';
import type { Context } from '../../context.js';
import { parseDuration } from '../../duration.js';
import { usageError } from '../../errors.js';
import { jsonArgument, keyValues, requireObject } from '../../cmdutil/inputs.js';
import { chartChoice } from '../../cmdutil/command.js';
import { resumable } from '../../cmdutil/resumable.js';
import { printLatestData, rowOptions } from '../../cmdutil/latest-data.js';
import { awaitQueryRun, checkParameters, settleLatestRun } from '../../workspace/query-runs.js';
import { noteRunResult } from '../../cmdutil/run-summary.js';
import { queryRunStatusView } from '../../cmdutil/query-run-views.js';
import { checkColumnsAhead } from './shared/columns-ahead.js';
import { startWatched } from '../../interruption.js';
import type { Queries } from './declaration.js';

export async function run(ctx: Context, [given]: Queries['execute']['args'], opts: Queries['execute']['opts']): Promise<void> {
  const timeoutMs = parseDuration(opts.timeout, '--timeout');
  let param = opts.param ?? [];
  let values = keyValues(param, '--param');
  const metadata = opts.metadata === undefined ? undefined : requireObject(await jsonArgument(ctx.io, opts.metadata, '--metadata'), '--metadata');
  const bodyOf = () =>
    validateRequest(
      ExecuteQueryBody,
      { parameters: param.length ? values : undefined, metadata, userAgent: 'cli' },
      { parameters: '--param', metadata: '--metadata' },
    );
  let body = bodyOf();
  if (opts.out !== undefined && !(opts.wait && opts.data)) throw usageError('--out writes the rows of the run: it needs --wait (and not --no-data)');
  const output = await ctx.output(!opts.wait ? executeQueryResponseFields : opts.data ? 'columns' : queryRunStatusView.fields, {}, opts.out);
  const chart = chartChoice(opts, output.format);
  const asking = new Asking(ctx, 'no run was started');
  const ref = await asking.query(given);
  const http = ctx.http();
  const query = await findQuery(http, ref);
  checkParameters(query, values, '--param', ctx.printed);
  // the parameters no --param gave, asked at a terminal, go on as if given with --param
  const answers = await asking.parameters(query, values);
  if (answers.length) {
    param = [...param, ...answers];
    values = keyValues(param, '--param');
    body = bodyOf();
  }
  asking.printCommand([ref], { ...opts, param: param.length ? param : undefined });
  if (opts.wait && opts.data && (ctx.settings.jsonFields || output.format === 'chart'))
    await checkColumnsAhead(http, query, { fields: ctx.settings.jsonFields, ...(output.format === 'chart' ? { chart } : {}) });
  // from the start request on, a signal says what became of the run (src/interruption.ts); the API cannot cancel it
  const interruption = ctx.interruption({ queryId: query.id });
  const watched = {
    what: `a run of query ${query.slug}`,
    find: `find it among the query's runs, newest first: \`${ctx.printed.command('queries', 'runs', query.slug)}\``,
    io: ctx.io,
    quiet: ctx.settings.quiet,
  };
  const started = await startWatched(interruption, watched, (signal) => executeQuery(signal ? http.withSignal(signal) : http, query.id, body));
  const runId = started.queryRunId;
  if (!opts.wait) {
    interruption.dispose();
    if (output.format === 'table' || rowFormat(output.format)) ctx.io.stdout.write(`${runId}\n`);
    else await output.document(started);
    ctx.note(`Started run ${runId} of ${query.slug}. Wait for it: ${ctx.printed.following('runs', 'wait', runId, '--data', ...rowOptions(opts))}`);
    return;
  }
  // the rows (or the status) in the output chosen, as this command would have printed them
  const rows = opts.data ? ['--data', ...rowOptions(opts)] : [];
  const resume = ctx.printed.continuing('runs', 'wait', runId, ...rows);
  const finished = await resumable(awaitQueryRun(http, runId, timeoutMs, { ...ctx.waitProgress(), interruption }, resume), resume, { queryId: query.id });
  // the wait is over: an export of the rows watches the signals itself
  interruption.dispose();
  if (!opts.data) {
    await noteRunResult(ctx, http, runId);
    return output.item(finished, queryRunStatusView);
  }
  // the run's result (for the note) and whether the query names the run yet are asked at once: neither needs the other
  const [, settled] = await Promise.allSettled([noteRunResult(ctx, http, runId), settleLatestRun(http, query.id, runId)]);
  if (settled.status === 'rejected') throw settled.reason;
  const rerunCommand = ctx.printed.continuing('queries', 'execute', query.slug, ...param.flatMap((pair) => ['--param', pair]), '--wait', ...rowOptions(opts));
  await printLatestData(ctx, http, output, query.id, {
    limit: opts.limit,
    offset: 0,
    all: false,
    expectedRunId: runId,
    queryRef: query.slug,
    rerunCommand,
    chart,
  });
}
