import { resolveQueryId } from '../../api/resolve.js';
import type { Context } from '../../context.js';
import { chartChoice, pageRequest } from '../shared.js';
import { printLatestData } from '../latest-data.js';

export async function run(ctx: Context, [ref]: string[], opts: { limit?: number; offset?: number; all?: boolean; x?: string; y?: string; series?: string }): Promise<void> {
  const page = pageRequest(opts);
  const output = await ctx.output('columns');
  const chart = chartChoice(opts, output.format);
  const http = ctx.http();
  const id = await resolveQueryId(http, ref!);
  await printLatestData(ctx, http, output, id, { ...page, queryRef: ref!, chart });
}
