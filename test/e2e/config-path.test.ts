/**
 * Where the config file is when WS_CONFIG_DIR is not set: never a path relative to wherever ws runs, whatever
 * HOME and XDG_CONFIG_HOME hold (the XDG rules: a relative or empty value is ignored).
 */
import os from 'node:os';
import { execa } from 'execa';
import { expect, it } from 'vitest';
import { wsBin } from '../helpers/ws.js';

const configPath = async (env: Record<string, string>) =>
  (await execa(process.execPath, [wsBin, 'config', 'path'], { env: { PATH: process.env.PATH, ...env }, extendEnv: false, cwd: os.tmpdir(), timeout: 45_000 }))
    .stdout;

it.runIf(process.platform === 'linux')("an empty HOME falls back to the account's home; a relative or empty XDG_CONFIG_HOME is ignored", async () => {
  const home = os.userInfo().homedir;
  expect(await configPath({ HOME: '' })).toBe(`${home}/.config/ws/config.json`);
  expect(await configPath({ HOME: '/home/someone', XDG_CONFIG_HOME: '' })).toBe('/home/someone/.config/ws/config.json');
  expect(await configPath({ HOME: '/home/someone', XDG_CONFIG_HOME: 'relative' })).toBe('/home/someone/.config/ws/config.json');
  expect(await configPath({ HOME: '/home/someone', XDG_CONFIG_HOME: '/srv/config' })).toBe('/srv/config/ws/config.json');
});
