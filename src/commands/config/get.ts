import { settableKeys } from '../../config/store.js';
import type { Context } from '../../context.js';
import { settingKey } from './shared/keys.js';
import type { Config } from './shared/declaration.js';

export async function run(ctx: Context, [key]: Config['get']['args']): Promise<void> {
  const value = ctx.settings.profile[settableKeys[settingKey(key)]];
  if (value !== undefined) ctx.io.stdout.write(`${value}\n`);
}
