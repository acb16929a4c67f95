import { settableKeys, updateProfile } from '../../config/store.js';
import type { Context } from '../../context.js';
import { settingKey } from './shared/keys.js';
import type { Config } from './declaration.js';

export async function run(ctx: Context, [key]: Config['unset']['args']): Promise<void> {
  const s = ctx.settings;
  await updateProfile(s.configFile, s.profileName.value, { [settableKeys[settingKey(key)]]: undefined });
}
