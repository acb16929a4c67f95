import { keyringPlace } from '../../config/settings.js';
import { keyInKeyring, keyOrigin, updateProfile } from '../../config/store.js';
import type { Context } from '../../context.js';
import { WsError } from '../../errors.js';
import { forgetKeyringKey } from './shared/keyring-key.js';

export async function run(ctx: Context): Promise<void> {
  const s = ctx.settings;
  const name = s.profileName.value;
  const origin = keyOrigin(s.profile);
  const place = origin === undefined ? undefined : keyringPlace(s, origin);
  if (keyInKeyring(s.profile) && place !== undefined) {
    const { deleteKey, KeyringError } = await import('../../config/keyring.js');
    let removed: boolean;
    try {
      removed = await deleteKey(place, ctx.keyringWait());
    } catch (error) {
      if (!(error instanceof KeyringError)) throw error;
      // the profile keeps pointing to the key, so that a later logout can still remove it
      throw new WsError('auth', `cannot remove the API key of profile "${name}" from the system keyring: ${error.message}; nothing was changed`, {
        code: 'keyring_unavailable',
        hint: `unlock the keyring and run \`${ctx.printed.command('auth', 'logout')}\` again`,
      });
    }
    await updateProfile(s.configFile, name, { apiKey: undefined, apiKeyStore: undefined, apiKeyOrigin: undefined });
    ctx.note(`Removed the API key of profile "${name}" from the system keyring${removed ? '' : ' (it held none any more)'}.`);
  } else if (s.profile.apiKey) {
    await updateProfile(s.configFile, name, { apiKey: undefined });
    ctx.note(`Removed the API key of profile "${name}" from ${s.configFile}.`);
    // a key the keyring kept before a login into the file, if it could not be removed then (locked), goes now
    if (place !== undefined) await forgetKeyringKey(ctx, place);
  } else if (place !== undefined && (await forgetKeyringKey(ctx, place))) {
    // one a login into the file could not remove then (the keyring was locked)
    ctx.note(`Removed the API key of profile "${name}" from the system keyring.`);
  } else {
    ctx.note(`Profile "${name}" has no saved API key; nothing to do.`);
  }
  if (ctx.io.env.WS_API_KEY) ctx.note('Note: WS_API_KEY is still set in this environment and will still be used.');
}
