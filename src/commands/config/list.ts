import { settableKeys, type Profile, type SettableKey } from '../../config/store.js';
import type { Context } from '../../context.js';
import { shownValue } from './shared/keys.js';

export async function run(ctx: Context): Promise<void> {
  const { profile } = ctx.settings;
  const values = Object.fromEntries(
    (Object.entries(settableKeys) as [SettableKey, keyof Profile][]).map(([key, field]) => [key, shownValue(key, profile[field]) ?? null]),
  );
  const output = await ctx.output(Object.keys(settableKeys), { document: true });
  if (output.format !== 'table') return output.document(values);
  ctx.io.stdout.write(
    Object.entries(values)
      .map(([key, value]) => `${key}=${value ?? ''}\n`)
      .join(''),
  );
}
