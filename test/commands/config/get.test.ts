import { describe, expect, it } from 'vitest';
import { stubServer } from '../../helpers/command.js';
import { configFolder } from '../../helpers/config-file.js';

const { server, ws } = stubServer({ env: { WS_BASE_URL: undefined, WS_API_KEY: undefined } });

const base = 'https://workspace.example.com/public/v3';

describe('ws config get', () => {
  it('prints the value alone, in a terminal and through a pipe; nothing for a setting not set', async () => {
    const config = configFolder({ profiles: { default: { baseUrl: base, output: 'yaml' }, ci: { output: 'csv' } } });
    for (const tty of [true, false]) {
      const url = await ws(['config', 'get', 'base-url'], { tty, env: { WS_CONFIG_DIR: config.dir } });
      expect(url.exitCode, url.stderr).toBe(0);
      expect(url.stdout).toBe(`${base}\n`);
      expect(url.stderr).toBe('');
    }
    expect((await ws(['config', 'get', 'output'], { env: { WS_CONFIG_DIR: config.dir } })).stdout).toBe('yaml\n');
    const unset = await ws(['config', 'get', 'pager'], { env: { WS_CONFIG_DIR: config.dir } });
    expect(unset.exitCode).toBe(0);
    expect(unset.stdout).toBe('');
    expect(server.requests).toEqual([]);
  });

  it('never shows the user:password of a base URL, here or in config list (ws sends neither)', async () => {
    const config = configFolder({ profiles: { default: { baseUrl: 'http://bob:s3cr3tpw@workspace.example.com/public/v3' } } });
    const get = await ws(['config', 'get', 'base-url'], { env: { WS_CONFIG_DIR: config.dir } });
    expect(get).toMatchObject({ exitCode: 0, stdout: 'http://workspace.example.com/public/v3\n', stderr: '' });
    for (const args of [
      ['config', 'list'],
      ['config', 'list', '--json'],
    ]) {
      const list = await ws(args, { env: { WS_CONFIG_DIR: config.dir } });
      expect(list.exitCode, list.stderr).toBe(0);
      expect(list.stdout).toContain('http://workspace.example.com/public/v3');
      expect(list.stdout + list.stderr).not.toMatch(/bob|s3cr3tpw/);
    }
  });

  it('reads the profile --profile or WS_PROFILE names', async () => {
    const config = configFolder({ profiles: { default: { output: 'yaml' }, ci: { output: 'csv' } } });
    expect((await ws(['config', 'get', 'output', '--profile', 'ci'], { env: { WS_CONFIG_DIR: config.dir } })).stdout).toBe('csv\n');
    expect((await ws(['config', 'get', 'output'], { env: { WS_CONFIG_DIR: config.dir, WS_PROFILE: 'ci' } })).stdout).toBe('csv\n');
    expect((await ws(['config', 'get', 'output', '--profile', 'none'], { env: { WS_CONFIG_DIR: config.dir } })).stdout).toBe('');
  });

  it('an unknown setting, or none, is exit 2', async () => {
    const config = configFolder();
    const unknown = await ws(['config', 'get', 'api-key'], { env: { WS_CONFIG_DIR: config.dir } });
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toBe(
      'error: unknown setting "api-key"\nhint: settings: base-url, output, ca-file, pager (the API key is set with `ws auth login`)\n',
    );
    // own keys only: not a property every object has
    expect((await ws(['config', 'get', 'constructor'], { env: { WS_CONFIG_DIR: config.dir } })).exitCode).toBe(2);
    expect((await ws(['config', 'get'], { env: { WS_CONFIG_DIR: config.dir } })).exitCode).toBe(2);
    expect(config.exists()).toBe(false);
  });

  it('a corrupt config file is exit 2 naming it, never a stack trace', async () => {
    const config = configFolder('{not json');
    const result = await ws(['config', 'get', 'output'], { env: { WS_CONFIG_DIR: config.dir } });
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error: the config file .* is not valid: .*JSON/);
    expect(result.stderr).not.toContain('    at ');
  });
});
