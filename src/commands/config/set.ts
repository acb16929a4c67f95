import { settableKeys, updateProfile } from '../../config/store.js';
import type { Context } from '../../context.js';
import { checkValue, settingKey } from './shared/keys.js';
import type { Config } from './declaration.js';

export async function run(ctx: Context, [key, value]: Config['set']['args']): Promise<void> {
  const name = settingKey(key);
  const s = ctx.settings;
  await updateProfile(s.configFile, s.profileName.value, { [settableKeys[name]]: checkValue(name, value) });
}
