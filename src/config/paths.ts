import path from 'node:path';

/** The folder of the config file: WS_CONFIG_DIR, else the platform's user config folder (as conf would pick). */
export function configDir(env: Record<string, string | undefined>): string {
  if (env.WS_CONFIG_DIR) return path.resolve(env.WS_CONFIG_DIR);
  const home = process.getBuiltinModule('node:os').homedir(); // loaded only here: most runs never need it
  if (process.platform === 'darwin') return path.join(home, 'Library', 'Preferences', 'ws');
  if (process.platform === 'win32') {
    return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'ws', 'Config');
  }
  return path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), 'ws');
}

export const configFileName = 'config.json';

export function configFilePath(env: Record<string, string | undefined>): string {
  return path.join(configDir(env), configFileName);
}
