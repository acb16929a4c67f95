import { keyInKeyring, keyOrigin } from '../../../config/store.js';
import type { Context } from '../../../context.js';

/**
 * Removes from the system keyring the key the profile kept there before, unless it is the one in `kept` (the same
 * profile and origin, just stored): after a login with another base URL or into the file, it is used no more. A
 * keyring that cannot be reached keeps it; the profile no longer points to it.
 */
export async function forgetOtherKeyringKey(ctx: Context, kept?: { origin: string; profile: string }): Promise<void> {
  const s = ctx.settings;
  const origin = keyOrigin(s.profile);
  if (!keyInKeyring(s.profile) || origin === undefined) return;
  const place = { origin, profile: s.profileName.value };
  if (kept && kept.origin === place.origin && kept.profile === place.profile) return;
  const { deleteKey, KeyringError } = await import('../../../config/keyring.js');
  try {
    await deleteKey(place, ctx.keyringWait());
  } catch (error) {
    if (!(error instanceof KeyringError)) throw error;
    ctx.io.stderr.write(`warning: the key profile "${place.profile}" kept in the system keyring for ${place.origin} is still there: ${error.message}\n`);
  }
}
