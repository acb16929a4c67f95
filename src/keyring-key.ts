import type { KeyringPlace, KeyringWait } from './config/keyring.js';
import { apiKeyProblem } from './config/settings.js';
import { WsError, usageError } from './errors.js';
import type { PrintedCommands } from './printed-commands.js';

/**
 * The API key of a profile from the system keyring (src/config/keyring.ts), trimmed and checked, or the error that
 * says why there is none, with the command line's ways out: for the context (src/context.ts), which starts the read.
 */
export async function readProfileKey(place: KeyringPlace, of: { profileName: string; wait: KeyringWait; printed: PrintedCommands }): Promise<string> {
  const { readKey, KeyringError } = await import('./config/keyring.js');
  const profile = `profile "${of.profileName}"`;
  const elsewhere = `or give the key for this call in WS_API_KEY`;
  let key: string | undefined;
  try {
    key = (await readKey(place, of.wait))?.trim();
  } catch (error) {
    if (!(error instanceof KeyringError)) throw error;
    throw new WsError('auth', `cannot read the API key of ${profile} from the system keyring: ${error.message}`, {
      code: 'keyring_unavailable',
      hint: `${error.absent ? 'ws keeps it there since `ws auth login`; where no keyring can be reached, log in with' : 'unlock the keyring and try again, log in with'} \`${of.printed.command('auth', 'login', '--insecure-storage')}\` to keep it in the config file in plain text, ${elsewhere}`,
    });
  }
  if (!key) {
    // a locked collection whose unlock was dismissed reads as no key at all: both are said
    throw new WsError('auth', `the system keyring gave no API key of ${profile} for ${place.origin}: it is locked, or the key was removed there`, {
      code: 'no_api_key',
      hint: `unlock the keyring and try again, or log in again: \`${of.printed.command('auth', 'login')}\`, ${elsewhere}`,
    });
  }
  const problem = apiKeyProblem(key);
  if (problem) {
    throw usageError(
      `the API key of ${profile} in the system keyring ${problem}, so it cannot be sent in a header; nothing was sent`,
      `log in again: \`${of.printed.command('auth', 'login')}\``,
    );
  }
  return key;
}
