import { settableKeys } from '../../config/store.js';
import type { Context } from '../../context.js';
import { settingKey, shownValue } from './shared/keys.js';
import type { Config } from './declaration.js';

export async function run(ctx: Context, [key]: Config['get']['args']): Promise<void> {
  const name = settingKey(key);
  const value = shownValue(name, ctx.settings.profile[settableKeys[name]]);
  if (value !== undefined) ctx.io.stdout.write(`${value}\n`);
}
