import { isAbsolute, join, resolve } from 'node:path';
import { usageError, type WsError } from '../errors.js';

type Env = Record<string, string | undefined>;

/** A variable that holds an absolute path, else undefined: a relative or empty one is to be ignored, say the XDG rules. */
function absolute(value: string | undefined): string | undefined {
  return value && isAbsolute(value) ? value : undefined;
}

/**
 * The user's home folder, or undefined where there is none: a container's uid with no entry in the system's user
 * list and no HOME (OpenShift, `docker run --user`), where os.homedir() throws.
 */
function homeFolder(): string | undefined {
  const os = process.getBuiltinModule('node:os'); // loaded only here: most runs never need it
  try {
    // an empty HOME would make the path relative to wherever ws runs: the account's home from the system then
    return os.homedir() || os.userInfo().homedir || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The folder of the config file: WS_CONFIG_DIR, else the platform's user config folder ($XDG_CONFIG_HOME/ws,
 * ~/.config/ws on Linux); undefined where there is no home and no variable names a folder (see noConfigFolder).
 */
export function configDir(env: Env): string | undefined {
  if (env.WS_CONFIG_DIR) return resolve(env.WS_CONFIG_DIR);
  const named = process.platform === 'win32' ? absolute(env.APPDATA) : process.platform === 'darwin' ? undefined : absolute(env.XDG_CONFIG_HOME);
  if (named) return process.platform === 'win32' ? join(named, 'ws', 'Config') : join(named, 'ws');
  const home = homeFolder();
  if (home === undefined) return undefined;
  if (process.platform === 'darwin') return join(home, 'Library', 'Preferences', 'ws');
  if (process.platform === 'win32') return join(home, 'AppData', 'Roaming', 'ws', 'Config');
  return join(home, '.config', 'ws');
}

export const configFileName = 'config.json';

/** The config file, or undefined where there is no folder for it: then there is no profile to read. */
export function configFilePath(env: Env): string | undefined {
  const dir = configDir(env);
  return dir === undefined ? undefined : join(dir, configFileName);
}

/** What to set so that ws finds a folder it may write the config file in. */
export const configFolderHint = `set WS_CONFIG_DIR (or ${process.platform === 'win32' ? 'APPDATA' : 'XDG_CONFIG_HOME'}) to a folder ws may write; commands that need no saved profile work with WS_API_KEY and WS_BASE_URL alone`;

/** Exit 2 for a command that needs the config file where there is no folder for it (configDir gave none). */
export function noConfigFolder(): WsError {
  const uid = process.getuid?.();
  return usageError(
    `no folder for the config file: there is no home folder (HOME is not set${uid === undefined ? '' : `, and uid ${uid} has no home in the system's user list`})`,
    configFolderHint,
  );
}
