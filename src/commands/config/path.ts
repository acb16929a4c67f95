import { configFilePath } from '../../config/paths.js';
import type { Context } from '../../context.js';

/** Works even when the file is corrupt: that is when its path is needed most. */
export async function run(ctx: Context): Promise<void> {
  ctx.io.stdout.write(`${configFilePath(ctx.io.env)}\n`);
}
