import { listQueryRunPages } from '../../api/queries.js';
import { findQueryId } from '../../workspace/resolve.js';
import { Asking } from '../../cmdutil/pickers.js';
import type { Context } from '../../context.js';
import { moreHint, pageRequest } from '../../cmdutil/command.js';
import { queryRunView } from '../../query-runs/views.js';
import type { QueryRun } from '../../api/schemas/query-runs.js';
import { plausibleDuration } from '../../duration.js';
import { runsAtAGlance } from '../../output/sparkline.js';
import type { Queries } from './declaration.js';

export async function run(ctx: Context, [given]: Queries['runs']['args'], opts: Queries['runs']['opts']): Promise<void> {
  const page = pageRequest(opts);
  const output = await ctx.output(queryRunView.fields);
  const asking = new Asking(ctx);
  const ref = await asking.query(given);
  asking.printCommand([ref], opts);
  const http = ctx.http();
  const id = await findQueryId(http, ref);
  const pages = listQueryRunPages(http, id, page);
  // on a terminal, a last line sums the runs up: their durations in time order, the median, the slowest, failures
  const footer = (runs: QueryRun[], width: number) =>
    runsAtAGlance(
      runs.map((r) => ({ at: r.createdAt, ms: plausibleDuration(r.executionTimeMs), failed: r.status === 'FAILED' })),
      width,
    );
  await output.list({ key: 'runs', offset: page.offset, all: page.all, pages, moreHint: moreHint(page), footer }, queryRunView);
}
