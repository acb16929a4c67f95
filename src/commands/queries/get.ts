import { findQuery } from '../../workspace/resolve.js';
import type { Context } from '../../context.js';
import { queryView } from './shared/query-view.js';
import type { Queries } from './shared/declaration.js';

export async function run(ctx: Context, [query]: Queries['get']['args']): Promise<void> {
  const output = await ctx.output(queryView.fields);
  await output.item(await findQuery(ctx.http(), query), queryView);
}
