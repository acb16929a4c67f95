import type { Context } from '../../context.js';

export async function run(ctx: Context): Promise<void> {
  ctx.io.stdout.write(`${ctx.settings.configFile}\n`);
}
