import { chmodSync, closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { usageError, WsError } from '../errors.js';
import { PrintedCommands } from '../printed-commands.js';
import { withFileLock } from './lock.js';
import { configFolderHint, noConfigFolder } from './paths.js';

/**
 * What one profile may hold. The API key is kept in the system keyring (src/config/keyring.ts), or here in plain
 * text (file mode 0600) where there is none or `--insecure-storage` asks for it, as gh keeps its token.
 */
export interface Profile {
  baseUrl?: string;
  apiKey?: string;
  /** `keyring` when the profile's key is in the system keyring (then `apiKey` is absent); `file` when chosen so. */
  apiKeyStore?: string;
  /**
   * The origin (scheme, host, port) the key was saved for: it is sent nowhere else. Files written before
   * it existed bind the key to the profile's base URL.
   */
  apiKeyOrigin?: string;
  output?: string;
  /** A PEM file of certificate authorities trusted besides Node's own. */
  caFile?: string;
  pager?: string;
}

export interface ConfigData {
  profiles: Record<string, Profile>;
}

/** Profile settings a user may change with `ws config set`, by their flag-like names. */
export const settableKeys = {
  'base-url': 'baseUrl',
  output: 'output',
  'ca-file': 'caFile',
  pager: 'pager',
} as const satisfies Record<string, keyof Profile>;
export type SettableKey = keyof typeof settableKeys;

function corrupt(file: string, reason: string): WsError {
  return new WsError('usage', `the config file ${file} is not valid: ${reason}`, {
    hint: `fix it by hand, or move it away and run \`${PrintedCommands.bare.command('auth', 'login')}\` again`,
  });
}

/** Whether a file system error says this user may not write (or read) there, as an unwritable HOME does. */
function denied(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'EACCES' || code === 'EPERM' || code === 'EROFS';
}

/**
 * Whether this user can see the file at all. A folder on its path that may not be entered (an image's HOME=/root,
 * mode 0700, inherited by another uid) holds nothing of this user's: no file there, as with no folder at all. A file
 * that is there but may not be read is an error.
 */
function reachable(file: string): boolean {
  try {
    statSync(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads the config file; no file (or no folder for one: see configDir) holds no profile. Every command that talks
 * to the API reads it, so it is read directly, with nothing loaded for it.
 */
export function readConfig(file: string | undefined): ConfigData {
  if (file === undefined) return { profiles: {} };
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (denied(error) && !reachable(file))) return { profiles: {} };
    throw new WsError('usage', `cannot read the config file ${file}: ${(error as Error).message}`, denied(error) ? { hint: configFolderHint } : {});
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

/** The origin a URL names (scheme, host and port), or undefined for text that is not a URL. */
export function originOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** Whether the profile's key is kept in the system keyring (not in this file). */
export function keyInKeyring(profile: Profile): boolean {
  return profile.apiKeyStore === 'keyring';
}

/** Where a saved key may be sent. */
export function keyOrigin(profile: Profile): string | undefined {
  return profile.apiKeyOrigin ?? originOf(profile.baseUrl);
}

/**
 * Changes one profile: the file written whole or not at all, mode 0600, its folder 0700. `undefined` values are
 * removed. The read-modify-write holds a lock, so parallel writers do not lose each other's changes. Exit 2 where
 * there is no folder for the file, or this user may not write there, saying what to set.
 */
export function updateProfile(file: string | undefined, name: string, changes: Partial<Record<keyof Profile, string | undefined>>): Promise<void> {
  return writeProfiles(file, (profiles) => applyChanges(profiles, name, changes));
}

/** Puts a profile back as it was read before (`undefined`: no such profile), after a login that could not finish. */
export function restoreProfile(file: string | undefined, name: string, profile: Profile | undefined): Promise<void> {
  return writeProfiles(file, (profiles) => {
    const result = { ...profiles };
    if (profile === undefined || Object.keys(profile).length === 0) delete result[name];
    else result[name] = profile;
    return result;
  });
}

async function writeProfiles(file: string | undefined, change: (profiles: Record<string, Profile>) => Record<string, Profile>): Promise<void> {
  if (file === undefined) throw noConfigFolder();
  try {
    const dir = dirname(file);
    if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
    // a folder of our own name (the default place) made by an older ws is made private too; a folder
    // given in WS_CONFIG_DIR may be shared with other things and is left as it is
    else if (basename(dir) === 'ws' && process.platform !== 'win32') chmodSync(dir, 0o700);
    await withFileLock(file, async () => replaceFile(file, `${JSON.stringify({ profiles: change(readConfig(file).profiles) }, undefined, '\t')}\n`));
  } catch (error) {
    if (!denied(error)) throw error;
    const { code, syscall, path: where } = error as NodeJS.ErrnoException;
    const reason = code === 'EROFS' ? 'the file system is read-only' : 'permission denied';
    throw usageError(`cannot write the config file ${file}: ${reason}${syscall && where ? ` (${syscall} ${where})` : ''}`, configFolderHint);
  }
}

/**
 * Writes a file whole or not at all, mode 0600: a file beside it, flushed to disk, then renamed over it, so that a
 * crash or a full disk never leaves half a config file. Only one writer at a time (the lock), so one name will do.
 */
function replaceFile(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    const fd = openSync(temporary, 'w', 0o600);
    try {
      writeFileSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    // rename keeps the mode of the new file: an older file made 0644 by hand is 0600 after it
    chmodSync(temporary, 0o600);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

function applyChanges(profiles: Record<string, Profile>, name: string, changes: Partial<Record<keyof Profile, string | undefined>>): Record<string, Profile> {
  const profile: Profile = { ...(Object.hasOwn(profiles, name) ? profiles[name] : {}) };
  // a key saved before origins were recorded stays bound to the base URL it was saved with
  if (profile.apiKey && !profile.apiKeyOrigin && 'baseUrl' in changes) {
    const origin = originOf(profile.baseUrl);
    if (origin) profile.apiKeyOrigin = origin;
  }
  for (const [key, value] of Object.entries(changes) as [keyof Profile, string | undefined][]) {
    if (value === undefined) delete profile[key];
    else profile[key] = value;
  }
  if (changes.apiKey !== undefined) {
    // a key in the file: it is the one used, wherever the key was before (`file`: chosen with --insecure-storage)
    if (changes.apiKeyStore === undefined) delete profile.apiKeyStore;
    const origin = originOf(profile.baseUrl);
    if (origin) profile.apiKeyOrigin = origin;
    else delete profile.apiKeyOrigin;
  }
  if (profile.apiKey === undefined && !keyInKeyring(profile)) {
    delete profile.apiKeyOrigin;
    delete profile.apiKeyStore;
  }
  const result = { ...profiles };
  if (Object.keys(profile).length === 0) delete result[name];
  else result[name] = profile;
  return result;
}
