import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stubServer } from '../../helpers/command.js';
import { configFolder } from '../../helpers/config-file.js';
import { testKey } from '../../helpers/ws.js';

const { server, ws } = stubServer({ env: { WS_API_KEY: undefined, WS_BASE_URL: undefined } });

const newKey = 'wsk_live_5e4d3c2b1a0f9e8d_Qz7W';
const otherKey = 'wsk_live_0a1b2c3d4e5f6a7b_Kp3X';
const base = 'https://workspace.example.com/public/v3';

describe('ws auth logout', () => {
  it('removes the key, keeps the base URL and the other profiles; sends nothing; later commands have no key', async () => {
    const config = configFolder({ profiles: { default: { baseUrl: base, apiKey: newKey }, ci: { baseUrl: base, apiKey: otherKey } } });
    const result = await ws(['auth', 'logout'], { env: { WS_CONFIG_DIR: config.dir } });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`Removed the API key of profile "default" from ${config.file}.\n`);
    expect(config.read()).toEqual({ profiles: { default: { baseUrl: base }, ci: { baseUrl: base, apiKey: otherKey } } });
    expect(config.mode()).toBe(0o600);
    const after = await ws(['queries', 'list'], { env: { WS_CONFIG_DIR: config.dir } });
    expect(after.exitCode).toBe(3);
    expect(after.stderr).toBe('error: no API key configured for profile "default"\nhint: run `ws auth login`, or set WS_API_KEY\n');
    expect(server.requests).toEqual([]);
  });

  it('in a terminal the same note; with json as the profile output, no note off a terminal', async () => {
    const tty = configFolder({ profiles: { default: { baseUrl: base, apiKey: newKey } } });
    const inTerminal = await ws(['auth', 'logout'], { tty: true, columns: 80, env: { WS_CONFIG_DIR: tty.dir } });
    expect(inTerminal.stderr).toBe(`Removed the API key of profile "default" from ${tty.file}.\n`);
    const json = configFolder({ profiles: { default: { baseUrl: base, apiKey: newKey, output: 'json' } } });
    const quiet = await ws(['auth', 'logout'], { env: { WS_CONFIG_DIR: json.dir } });
    expect(quiet.exitCode).toBe(0);
    expect(quiet.stderr).toBe('');
    expect(json.read()).toEqual({ profiles: { default: { baseUrl: base, output: 'json' } } });
  });

  it('--profile logs out only that profile; again, nothing to do; WS_API_KEY is pointed out', async () => {
    const config = configFolder({ profiles: { default: { baseUrl: base, apiKey: newKey }, ci: { baseUrl: base, apiKey: otherKey } } });
    const first = await ws(['auth', 'logout', '--profile', 'ci'], { env: { WS_CONFIG_DIR: config.dir } });
    expect(first.stderr).toBe(`Removed the API key of profile "ci" from ${config.file}.\n`);
    expect(config.read()).toEqual({ profiles: { default: { baseUrl: base, apiKey: newKey }, ci: { baseUrl: base } } });
    const again = await ws(['auth', 'logout', '--profile', 'ci'], { env: { WS_CONFIG_DIR: config.dir, WS_API_KEY: testKey } });
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toBe('Profile "ci" has no saved API key; nothing to do.\nNote: WS_API_KEY is still set in this environment and will still be used.\n');
    expect(config.read()).toEqual({ profiles: { default: { baseUrl: base, apiKey: newKey }, ci: { baseUrl: base } } });
  });

  it('a corrupt config file is exit 2 naming it, and is left as it was', async () => {
    const config = configFolder('{not json');
    const result = await ws(['auth', 'logout'], { env: { WS_CONFIG_DIR: config.dir } });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`error: the config file ${config.file} is not valid: `);
    expect(result.stderr).toContain('hint: fix it by hand');
    expect(fs.readFileSync(config.file, 'utf8')).toBe('{not json');
  });

  it('an argument is exit 2', async () => {
    const result = await ws(['auth', 'logout', 'ci']);
    expect(result.exitCode).toBe(2);
  });
});
