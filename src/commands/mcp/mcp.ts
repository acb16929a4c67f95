import type { Context } from '../../context.js';
import type { Mcp } from './declaration.js';

export async function run(ctx: Context, _args: Mcp['mcp']['args'], opts: Mcp['mcp']['opts']): Promise<void> {
  // the SDK (dist/vendor/mcp.cjs) is read only here
  const { serve } = await import('../../mcp/server.js');
  // the answers name bare commands, as they always have: an assistant reads them, not the person who started ws mcp
  ctx.printBareCommands();
  await serve(ctx, { allowWrites: Boolean(opts.allowWrites) });
}
