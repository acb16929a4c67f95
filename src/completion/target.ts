import { resolveSettings, type Settings } from '../config/settings.js';
import { keyOrigin, originOf } from '../config/store.js';
import type { IO } from '../io.js';

/** Where completion asks for names: the settings, whether the key is a saved one, and the base URL it goes to. */
export interface NamesTarget {
  settings: Settings;
  /** The profile's own key (file or keyring), also one withheld from a WS_BASE_URL that points elsewhere. */
  saved: boolean;
  baseUrl: string;
  origin: string;
}

/**
 * The base URL names come from, or none. The key goes only to its own origin: a key from the profile only to that
 * profile's base URL (never to WS_BASE_URL or a --base-url on the line).
 */
export function namesTarget(io: IO, profile: string | undefined): NamesTarget | undefined {
  const settings = resolveSettings(profile === undefined ? {} : { profile }, io);
  // a saved key (also one withheld from WS_BASE_URL, which points elsewhere) goes to the origin it was saved for
  const saved = settings.apiKey.source === 'config' || settings.apiKey.source === 'keyring' || settings.apiKeyWithheld !== undefined;
  const baseUrl = saved ? settings.profile.baseUrl : settings.baseUrl.value;
  const origin = baseUrl === undefined ? undefined : originOf(baseUrl);
  if (!baseUrl || origin === undefined || (saved && keyOrigin(settings.profile) !== origin)) return undefined;
  return { settings, saved, baseUrl, origin };
}
