import { describe, expect, it } from 'vitest';
import { stubServer } from '../../helpers/command.js';
import { configFolder } from '../../helpers/config-file.js';

const { server, ws } = stubServer({ env: { WS_BASE_URL: undefined, WS_API_KEY: undefined } });

const base = 'https://workspace.example.com/public/v3';

describe('ws config list', () => {
  it('key=value lines, in a terminal and through a pipe; a setting not set is empty', async () => {
    const config = configFolder({ profiles: { default: { baseUrl: base, output: 'yaml', apiKey: 'wsk_never_shown_1234' } } });
    for (const tty of [true, false]) {
      const result = await ws(['config', 'list', '-o', 'table'], { tty, env: { WS_CONFIG_DIR: config.dir } });
      expect(result.exitCode, result.stderr).toBe(0);
      expect(result.stdout).toBe(`base-url=${base}\noutput=yaml\nca-file=\npager=\n`);
      expect(result.stderr).toBe('');
    }
    expect(server.requests).toEqual([]);
  });

  it('--json: every setting, null when not set; the API key is never listed', async () => {
    const config = configFolder({ profiles: { ci: { baseUrl: base, apiKey: 'wsk_never_shown_1234' } } });
    const result = await ws(['config', 'list', '--json', '--profile', 'ci'], { env: { WS_CONFIG_DIR: config.dir } });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ 'base-url': base, output: null, 'ca-file': null, pager: null });
    expect(JSON.parse((await ws(['config', 'list', '--json', 'output'], { env: { WS_CONFIG_DIR: config.dir } })).stdout)).toEqual({ output: null });
  });

  it('without a config file: every setting empty, and no file created', async () => {
    const config = configFolder();
    const result = await ws(['config', 'list'], { env: { WS_CONFIG_DIR: config.dir } });
    expect(result.stdout).toBe('base-url=\noutput=\nca-file=\npager=\n');
    expect(config.exists()).toBe(false);
  });

  it('a file of the wrong shape is exit 2 naming the bad field', async () => {
    const config = configFolder({ profiles: { default: { baseUrl: base, apiKey: 42 } } });
    const result = await ws(['config', 'list'], { env: { WS_CONFIG_DIR: config.dir } });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`error: the config file ${config.file} is not valid: profiles.default.apiKey must be a string\n`);
  });

  it('an unknown --json field is exit 2', async () => {
    const result = await ws(['config', 'list', '--json', 'api-key'], { env: { WS_CONFIG_DIR: configFolder().dir } });
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
  });
});
