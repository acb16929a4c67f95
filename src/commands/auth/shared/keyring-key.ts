import { keyringPlace } from '../../../config/settings.js';
import { keyInKeyring, keyOrigin } from '../../../config/store.js';
import type { Context } from '../../../context.js';
import type { KeyringPlace } from '../../../config/keyring.js';

/**
 * Removes from the system keyring the key the profile kept there before, unless it is the one in `kept` (the same
 * profile and origin, just stored): after a login with another base URL or into the file, it is used no more.
 */
export async function forgetOtherKeyringKey(ctx: Context, kept?: KeyringPlace): Promise<void> {
  const s = ctx.settings;
  const origin = keyOrigin(s.profile);
  if (!keyInKeyring(s.profile) || origin === undefined) return;
  const place = keyringPlace(s, origin);
  if (kept && kept.origin === place.origin && kept.profile === place.profile && kept.configFile === place.configFile) return;
  await forgetKeyringKey(ctx, place, true);
}

/**
 * Removes a key from the system keyring if it is there; true when one was. Where there is no keyring nothing is
 * said, unless the profile pointed to it (`expected`); a keyring that refuses keeps the key, said in a warning.
 */
export async function forgetKeyringKey(ctx: Context, place: KeyringPlace, expected = false): Promise<boolean> {
  const { deleteKey, KeyringError } = await import('../../../config/keyring.js');
  try {
    return await deleteKey(place, ctx.keyringWait());
  } catch (error) {
    if (!(error instanceof KeyringError)) throw error;
    if (error.absent && !expected) return false;
    ctx.io.stderr.write(
      `warning: the key of profile "${place.profile}" that the system keyring kept for ${place.origin} is still there: ${error.message}; \`${ctx.printed.command('auth', 'logout')}\` removes it once the keyring can be reached\n`,
    );
    return false;
  }
}
