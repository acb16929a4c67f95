import { executeQueryResponseFields } from '../../api/fields.js';
import { chartChoice } from '../../cmdutil/command.js';
import { Asking } from '../../cmdutil/pickers.js';
import type { Context } from '../../context.js';
import { parseDuration } from '../../duration.js';
import { usageError } from '../../errors.js';
import { checkColumnsAhead } from '../../query-runs/columns-ahead.js';
import { parametersOf, printStarted, runBody, startQueryRun } from '../../query-runs/start.js';
import { queryRunStatusView } from '../../query-runs/views.js';
import { waitAndPrintRows } from '../../query-runs/wait-and-print.js';
import { findQuery } from '../../workspace/resolve.js';
import type { Queries } from './declaration.js';

export async function run(ctx: Context, [given]: Queries['execute']['args'], opts: Queries['execute']['opts']): Promise<void> {
  const timeoutMs = parseDuration(opts.timeout, '--timeout');
  let param = opts.param ?? [];
  const bodyOf = await runBody(ctx.io, opts);
  if (opts.out !== undefined && !(opts.wait && opts.data)) throw usageError('--out writes the rows of the run: it needs --wait (and not --no-data)');
  const output = await ctx.output(!opts.wait ? executeQueryResponseFields : opts.data ? 'columns' : queryRunStatusView.fields, {}, opts.out);
  const chart = chartChoice(opts, output.format);
  const asking = new Asking(ctx, 'no run was started');
  const ref = await asking.query(given);
  const http = ctx.http();
  const query = await findQuery(http, ref);
  param = await parametersOf(ctx, asking, query, param);
  asking.printCommand([ref], { ...opts, param: param.length ? param : undefined });
  if (opts.wait && opts.data) await checkColumnsAhead(ctx, http, output, query, chart);
  const started = await startQueryRun(ctx, http, query, bodyOf(param));
  if (!opts.wait) return printStarted(ctx, output, started, query, opts);
  await waitAndPrintRows(ctx, http, output, { ...started, query, param }, { ...opts, timeoutMs, chart });
}
