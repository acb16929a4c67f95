import { configFilePath, noConfigFolder } from '../../config/paths.js';
import type { Context } from '../../context.js';

/** Works even when the file is corrupt: that is when its path is needed most. */
export async function run(ctx: Context): Promise<void> {
  const file = configFilePath(ctx.io.env);
  if (file === undefined) throw noConfigFolder();
  ctx.io.stdout.write(`${file}\n`);
}
