import { findQuery } from '../../workspace/resolve.js';
import { Asking } from '../../cmdutil/pickers.js';
import type { Context } from '../../context.js';
import { queryView } from './shared/query-view.js';
import type { Queries } from './declaration.js';

export async function run(ctx: Context, [given]: Queries['get']['args']): Promise<void> {
  const output = await ctx.output(queryView.fields);
  const asking = new Asking(ctx);
  const query = await asking.query(given);
  asking.printCommand([query], {});
  await output.item(await findQuery(ctx.http(), query), queryView);
}
