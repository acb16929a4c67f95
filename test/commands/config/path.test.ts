import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { stubServer } from '../../helpers/command.js';
import { configFolder } from '../../helpers/config-file.js';

const { server, ws } = stubServer();

describe('ws config path', () => {
  it('prints the file in WS_CONFIG_DIR, in a terminal and through a pipe, and creates nothing', async () => {
    const config = configFolder();
    for (const tty of [true, false]) {
      const result = await ws(['config', 'path'], { tty, env: { WS_CONFIG_DIR: config.dir } });
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toBe(`${config.file}\n`);
      expect(result.stderr).toBe('');
    }
    expect(config.exists()).toBe(false);
    expect(server.requests).toEqual([]);
  });

  it.runIf(process.platform === 'linux')('without WS_CONFIG_DIR: under an absolute XDG_CONFIG_HOME; a relative or empty one is ignored', async () => {
    expect((await ws(['config', 'path'], { env: { WS_CONFIG_DIR: undefined, XDG_CONFIG_HOME: '/srv/config' } })).stdout).toBe('/srv/config/ws/config.json\n');
    // HOME is the process's own (os.homedir), so it is not set here: test/e2e/config-path.test.ts sets it
    const home = `${os.homedir()}/.config/ws/config.json\n`;
    expect((await ws(['config', 'path'], { env: { WS_CONFIG_DIR: undefined, XDG_CONFIG_HOME: 'relative' } })).stdout).toBe(home);
    expect((await ws(['config', 'path'], { env: { WS_CONFIG_DIR: undefined, XDG_CONFIG_HOME: '' } })).stdout).toBe(home);
  });

  it('works even when the file is corrupt', async () => {
    const config = configFolder('{not json');
    const result = await ws(['config', 'path'], { env: { WS_CONFIG_DIR: config.dir } });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(`${config.file}\n`);
  });

  it('an argument is exit 2', async () => {
    const result = await ws(['config', 'path', 'extra']);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
  });
});
