import { settableKeys } from '../../config/store.js';
import type { Context } from '../../context.js';
import { settingKey } from './shared/keys.js';

export async function run(ctx: Context, [key]: string[]): Promise<void> {
  const value = ctx.settings.profile[settableKeys[settingKey(key!)]];
  if (value !== undefined) ctx.io.stdout.write(`${value}\n`);
}
