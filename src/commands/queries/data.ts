import { resolveQueryId } from '../../api/resolve.js';
import type { Context } from '../../context.js';
import { usageError } from '../../errors.js';
import { printLatestData } from '../runs/await-run.js';

export async function run(ctx: Context, [ref]: string[], opts: { limit?: number; offset?: number; all?: boolean }): Promise<void> {
  if (opts.all && opts.limit !== undefined) throw usageError('--all and --limit cannot be used together');
  const output = await ctx.output();
  const http = ctx.http();
  const id = await resolveQueryId(http, ref!);
  await printLatestData(ctx, http, output, id, { limit: opts.limit, offset: opts.offset ?? 0, all: Boolean(opts.all) });
}
