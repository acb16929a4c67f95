import fs from 'node:fs';
import path from 'node:path';
import { WsError } from '../errors.js';

/** What one profile may hold. The API key lives here too (file mode 0600), as `gh` keeps its token. */
export interface Profile {
  baseUrl?: string;
  apiKey?: string;
  output?: string;
  pager?: string;
}

export interface ConfigData {
  profiles: Record<string, Profile>;
}

/** Profile settings a user may change with `ws config set`, by their flag-like names. */
export const settableKeys = {
  'base-url': 'baseUrl',
  output: 'output',
  pager: 'pager',
} as const satisfies Record<string, keyof Profile>;
export type SettableKey = keyof typeof settableKeys;

function corrupt(file: string, reason: string): WsError {
  return new WsError('usage', `the config file ${file} is not valid: ${reason}`, {
    hint: `fix it by hand, or move it away and run \`ws auth login\` again`,
  });
}

/**
 * Reads the config file directly: every command that talks to the API needs it, and loading `conf`
 * (with its JSON-schema validator) costs more start-up time than the read itself. Writes go through `conf`.
 */
export function readConfig(file: string): ConfigData {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} };
    throw new WsError('usage', `cannot read the config file ${file}: ${(error as Error).message}`);
  }
  if (text.trim() === '') return { profiles: {} };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw corrupt(file, (error as Error).message);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw corrupt(file, 'expected a JSON object');
  const profiles = (data as { profiles?: unknown }).profiles ?? {};
  if (typeof profiles !== 'object' || profiles === null || Array.isArray(profiles)) {
    throw corrupt(file, '"profiles" must be an object');
  }
  for (const [name, profile] of Object.entries(profiles)) {
    if (typeof profile !== 'object' || profile === null || Array.isArray(profile)) {
      throw corrupt(file, `profile "${name}" must be an object`);
    }
    for (const [key, value] of Object.entries(profile)) {
      if (typeof value !== 'string') throw corrupt(file, `profiles.${name}.${key} must be a string`);
    }
  }
  return { profiles: profiles as Record<string, Profile> };
}

/** Changes one profile through `conf`: atomic write, file mode 0600. `undefined` values are removed. */
export async function updateProfile(file: string, name: string, changes: Partial<Record<keyof Profile, string | undefined>>): Promise<void> {
  const current = readConfig(file);
  const { default: Conf } = await import('conf');
  const conf = new Conf<Record<string, unknown>>({
    cwd: path.dirname(file),
    configName: path.basename(file, '.json'),
    configFileMode: 0o600,
    projectName: 'ws',
    projectSuffix: '',
  });
  const profile: Profile = { ...current.profiles[name] };
  for (const [key, value] of Object.entries(changes) as [keyof Profile, string | undefined][]) {
    if (value === undefined) delete profile[key];
    else profile[key] = value;
  }
  const profiles = { ...current.profiles };
  if (Object.keys(profile).length === 0) delete profiles[name];
  else profiles[name] = profile;
  conf.set('profiles', profiles);
  // conf applies the mode when it creates the file; an older file keeps its mode unless we fix it.
  fs.chmodSync(file, 0o600);
}
