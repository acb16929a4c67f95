import { updateProfile } from '../../config/store.js';
import type { Context } from '../../context.js';

export async function run(ctx: Context): Promise<void> {
  const s = ctx.settings;
  const name = s.profileName.value;
  if (!s.profile.apiKey) {
    ctx.note(`Profile "${name}" has no saved API key; nothing to do.`);
  } else {
    await updateProfile(s.configFile, name, { apiKey: undefined });
    ctx.note(`Removed the API key of profile "${name}".`);
  }
  if (ctx.io.env.WS_API_KEY) ctx.note('Note: WS_API_KEY is still set in this environment and will still be used.');
}
