import path from 'node:path';

/** The folder of the config file: WS_CONFIG_DIR, else the platform's user config folder (as conf would pick). */
export function configDir(env: Record<string, string | undefined>): string {
  if (env.WS_CONFIG_DIR) return path.resolve(env.WS_CONFIG_DIR);
  const os = process.getBuiltinModule('node:os'); // loaded only here: most runs never need it
  // an empty HOME would make the path relative to wherever ws runs: the account's home from the system then
  const home = os.homedir() || os.userInfo().homedir;
  // a relative or empty variable is to be ignored, as the XDG rules say of XDG_CONFIG_HOME
  const absolute = (value: string | undefined) => (value && path.isAbsolute(value) ? value : undefined);
  if (process.platform === 'darwin') return path.join(home, 'Library', 'Preferences', 'ws');
  if (process.platform === 'win32') {
    return path.join(absolute(env.APPDATA) ?? path.join(home, 'AppData', 'Roaming'), 'ws', 'Config');
  }
  return path.join(absolute(env.XDG_CONFIG_HOME) ?? path.join(home, '.config'), 'ws');
}

export const configFileName = 'config.json';

export function configFilePath(env: Record<string, string | undefined>): string {
  return path.join(configDir(env), configFileName);
}
