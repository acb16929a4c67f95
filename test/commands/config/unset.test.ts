import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stubServer } from '../../helpers/command.js';
import { configFolder } from '../../helpers/config-file.js';
import { testKey } from '../../helpers/ws.js';

const { server, ws } = stubServer({ env: { WS_BASE_URL: undefined, WS_API_KEY: undefined } });

const base = 'https://workspace.example.com/public/v3';

describe('ws config unset', () => {
  it('removes the setting from the profile, keeping the others; prints nothing', async () => {
    const config = configFolder({ profiles: { default: { baseUrl: base, output: 'yaml', apiKey: testKey }, ci: { output: 'csv' } } });
    for (const tty of [true, false]) {
      const result = await ws(['config', 'unset', 'output'], { tty, env: { WS_CONFIG_DIR: config.dir } });
      expect(result.exitCode, result.stderr).toBe(0);
      expect(result.stdout + result.stderr).toBe('');
    }
    expect(config.read()).toEqual({ profiles: { default: { baseUrl: base, apiKey: testKey }, ci: { output: 'csv' } } });
    expect(config.mode()).toBe(0o600);
    expect((await ws(['config', 'unset', 'output', '--profile', 'ci'], { env: { WS_CONFIG_DIR: config.dir } })).exitCode).toBe(0);
    // a profile left empty is removed
    expect(config.read()).toEqual({ profiles: { default: { baseUrl: base, apiKey: testKey } } });
    expect(server.requests).toEqual([]);
  });

  it('repairs an output format broken by hand, which other commands refuse', async () => {
    const config = configFolder({ profiles: { default: { baseUrl: server.baseUrl, output: 'xml' } } });
    const broken = await ws(['queries', 'list'], { env: { WS_CONFIG_DIR: config.dir, WS_API_KEY: testKey } });
    expect(broken.exitCode).toBe(2);
    expect(broken.stderr).toContain('invalid output format "xml"');
    const repair = await ws(['config', 'unset', 'output'], { env: { WS_CONFIG_DIR: config.dir } });
    expect(repair.exitCode, repair.stderr).toBe(0);
    expect(repair.stderr).toBe('');
    expect(config.read()).toEqual({ profiles: { default: { baseUrl: server.baseUrl } } });
    expect(server.requests).toEqual([]);
  });

  it('an unknown setting is exit 2; a corrupt file is exit 2 and left as it was', async () => {
    const config = configFolder();
    const unknown = await ws(['config', 'unset', 'api-key'], { env: { WS_CONFIG_DIR: config.dir } });
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain('error: unknown setting "api-key"');
    expect(config.exists()).toBe(false);
    config.write('{not json');
    const corrupt = await ws(['config', 'unset', 'base-url'], { env: { WS_CONFIG_DIR: config.dir } });
    expect(corrupt.exitCode).toBe(2);
    expect(corrupt.stderr).toContain('hint: fix it by hand');
    expect(fs.readFileSync(config.file, 'utf8')).toBe('{not json');
  });
});
