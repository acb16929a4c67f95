import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stubServer } from '../../helpers/command.js';
import { configFolder } from '../../helpers/config-file.js';
import { testKey } from '../../helpers/ws.js';

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

  it('a corrupt config file is exit 2 naming it for every command that reads it, never a stack trace, and is left untouched', async () => {
    const config = configFolder('{not json');
    const commands: [string[], string?][] = [
      [['auth', 'status']],
      [['auth', 'login', '--with-key-stdin', '--base-url', server.baseUrl], 'wsk_piped_key_0000_Zz9Y'],
      [['auth', 'logout']],
      [['config', 'list']],
      [['config', 'get', 'output']],
      [['config', 'set', 'output', 'json']],
      [['config', 'unset', 'base-url']],
      [['queries', 'list']],
    ];
    for (const [argv, stdin] of commands) {
      const result = await ws(argv, { ...(stdin ? { stdin } : {}), env: { WS_CONFIG_DIR: config.dir, WS_BASE_URL: server.baseUrl, WS_API_KEY: testKey } });
      const words = argv.slice(0, 2).join(' ');
      expect(result.exitCode, words).toBe(2);
      expect(result.stdout, words).toBe('');
      expect(result.stderr, words).toMatch(new RegExp(`^error: the config file ${config.file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not valid: .*JSON`));
      expect(result.stderr, words).toContain('hint: fix it by hand');
      expect(result.stderr, words).not.toContain('    at ');
      expect(result.stderr, words).not.toContain('wsk_piped_key');
    }
    expect(server.requests).toEqual([]);
    expect(fs.readFileSync(config.file, 'utf8')).toBe('{not json');
  });

  it('an unknown --json field is exit 2', async () => {
    const result = await ws(['config', 'list', '--json', 'api-key'], { env: { WS_CONFIG_DIR: configFolder().dir } });
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
  });
});
