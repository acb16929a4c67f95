import { getQuery } from '../../api/queries.js';
import { resolveQueryId } from '../../api/resolve.js';
import type { Context } from '../../context.js';
import { queryView } from './view.js';

export async function run(ctx: Context, [query]: string[]): Promise<void> {
  const output = await ctx.output(queryView.fields);
  const http = ctx.http();
  const id = await resolveQueryId(http, query!);
  await output.item(await getQuery(http, id), queryView);
}
