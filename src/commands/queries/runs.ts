import { listQueryRunPages } from '../../api/queries.js';
import { resolveQueryId } from '../../api/resolve.js';
import type { Context } from '../../context.js';
import { moreHint, pageRequest } from '../shared.js';
import { queryRunView } from '../query-run-views.js';

export async function run(ctx: Context, [ref]: string[], opts: { limit?: number; offset?: number; all?: boolean }): Promise<void> {
  const page = pageRequest(opts);
  const output = await ctx.output(queryRunView.fields);
  const http = ctx.http();
  const id = await resolveQueryId(http, ref!);
  const pages = listQueryRunPages(http, id, page);
  await output.list({ key: 'runs', offset: page.offset, all: page.all, pages, moreHint: moreHint(page) }, queryRunView);
}
