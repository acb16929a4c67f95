import { findQueryId } from '../../workspace/resolve.js';
import { requireUuid } from '../../ids.js';
import { Asking } from '../../cmdutil/pickers.js';
import type { Context } from '../../context.js';
import { chartChoice, pageRequest } from '../../cmdutil/command.js';
import { printLatestData } from '../../query-runs/rows.js';
import type { Queries } from './declaration.js';

export async function run(ctx: Context, [given]: Queries['data']['args'], opts: Queries['data']['opts']): Promise<void> {
  const page = pageRequest(opts);
  if (opts.run !== undefined) requireUuid(opts.run, 'query run (--run)');
  const output = await ctx.output('columns', {}, opts.out);
  const chart = chartChoice(opts, output.format);
  const asking = new Asking(ctx);
  const ref = await asking.query(given);
  asking.printCommand([ref], opts);
  const http = ctx.http();
  const id = await findQueryId(http, ref);
  await printLatestData(ctx, http, output, id, { ...page, ...(opts.run !== undefined ? { expectedRunId: opts.run } : {}), queryRef: ref, chart });
}
