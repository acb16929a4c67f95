import path from 'node:path';
import { readCaFile } from '../../../api/network.js';
import { outputFormats } from '../../../config/settings.js';
import { settableKeys, type SettableKey } from '../../../config/store.js';
import { checkBaseUrl } from '../../../context.js';
import { usageError } from '../../../errors.js';
import { withoutCredentials } from '../../../text.js';

export function settingKey(key: string): SettableKey {
  // own keys only: `constructor` and the like are on every object's prototype
  if (Object.hasOwn(settableKeys, key)) return key as SettableKey;
  throw usageError(`unknown setting "${key}"`, `settings: ${Object.keys(settableKeys).join(', ')} (the API key is set with \`ws auth login\`)`);
}

export function checkValue(key: SettableKey, value: string): string {
  if (key === 'base-url') checkBaseUrl(value, true, 'ws config set');
  if (key === 'output' && !(outputFormats as readonly string[]).includes(value)) {
    throw usageError(`invalid output format "${value}"`, `valid formats: ${outputFormats.join(', ')}`);
  }
  if (key === 'ca-file') {
    // stored absolute, so the profile works from any folder; read now, so a typo fails here and not later
    const absolute = path.resolve(value);
    readCaFile({ path: absolute, from: 'ws config set ca-file' });
    return absolute;
  }
  return value;
}

/**
 * A setting as `config get` and `config list` show it: a base URL without a user:password in it (ws never sends
 * them, and a password typed there is shown nowhere, as a proxy URL's is not).
 */
export function shownValue(key: SettableKey, value: string | undefined): string | undefined {
  return key === 'base-url' && value !== undefined ? withoutCredentials(value) : value;
}
