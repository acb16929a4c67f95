import { listQueryRunPages } from '../../api/queries.js';
import { resolveQueryId } from '../../api/resolve.js';
import type { Context } from '../../context.js';
import { usageError } from '../../errors.js';
import { queryRunView } from '../runs/view.js';

export async function run(ctx: Context, [ref]: string[], opts: { limit?: number; offset?: number; all?: boolean }): Promise<void> {
  if (opts.all && opts.limit !== undefined) throw usageError('--all and --limit cannot be used together');
  const output = await ctx.output(queryRunView.fields);
  const http = ctx.http();
  const id = await resolveQueryId(http, ref!);
  const offset = opts.offset ?? 0;
  const pages = listQueryRunPages(http, id, { limit: opts.limit, offset, all: Boolean(opts.all) });
  await output.list({ key: 'runs', offset, pages, moreHint: 'use --limit n or --all for more' }, queryRunView);
}
