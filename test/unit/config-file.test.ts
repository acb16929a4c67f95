/**
 * The config file: read-modify-write under a lock (a stale one removed, a live one waited for), its folder and file
 * modes, an empty or corrupt file, and a saved key bound to the origin it was saved for.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withFileLock } from '../../src/config/lock.js';
import { resolveSettings } from '../../src/config/settings.js';
import { readConfig, updateProfile } from '../../src/config/store.js';
import { WsError } from '../../src/errors.js';
import { fakeIO } from '../helpers/fake-io.js';

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'ws-unit-config-'));
}

describe('the config lock', () => {
  it('serialises read-modify-write: 20 writers in one process keep all 20 changes', async () => {
    const file = path.join(tempDir(), 'config.json');
    await Promise.all(Array.from({ length: 20 }, (_, i) => updateProfile(file, `p${i}`, { output: 'json' })));
    expect(Object.keys(readConfig(file).profiles).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `p${i}`).sort());
    expect(fs.existsSync(`${file}.lock`)).toBe(false);
  });

  it('removes a lock left by a process that died, and waits for one that is alive', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'config.json');
    // a pid that surely ended: a child that has exited
    const child = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => child.on('exit', resolve));
    fs.writeFileSync(`${file}.lock`, `${child.pid}\n`);
    await updateProfile(file, 'default', { output: 'yaml' });
    expect(readConfig(file).profiles.default).toEqual({ output: 'yaml' });
    expect(fs.existsSync(`${file}.lock`)).toBe(false);

    fs.writeFileSync(`${file}.lock`, `${process.pid}\n`); // held by a live process (this one)
    const error = await withFileLock(file, async () => 'got it', { waitMs: 200 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WsError);
    expect((error as WsError).message).toBe(`the config file ${file} is locked by another ws (${file}.lock)`);
    expect((error as WsError).hint).toBe(`if no other ws is running, delete ${file}.lock and try again`);
    fs.rmSync(`${file}.lock`);
  });

  it('creates the config folder 0700 and the file 0600', async () => {
    const dir = path.join(tempDir(), 'nested', 'ws');
    const file = path.join(dir, 'config.json');
    await updateProfile(file, 'default', { output: 'json' });
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('an empty config file is repaired by a write; a corrupt one is refused naming the file', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'config.json');
    fs.writeFileSync(file, '');
    await updateProfile(file, 'default', { output: 'csv' });
    expect(readConfig(file).profiles).toEqual({ default: { output: 'csv' } });
    fs.writeFileSync(file, '{"profiles":');
    const error = (await updateProfile(file, 'default', { output: 'json' }).catch((e: unknown) => e)) as WsError;
    expect(error.kind).toBe('usage');
    expect(error.message).toContain(`the config file ${file} is not valid`);
    expect(error.hint).toContain('fix it by hand');
    expect(fs.readFileSync(file, 'utf8')).toBe('{"profiles":');
  });
});

describe('a saved key is bound to its origin', () => {
  const a = 'https://a.example.com/public/v3';
  const b = 'https://b.example.com/public/v3';

  function settingsFor(profile: Record<string, string>, env: Record<string, string> = {}, baseUrl?: string) {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ profiles: { default: profile } }));
    return resolveSettings({ baseUrl }, fakeIO({ env: { WS_CONFIG_DIR: dir, ...env } }));
  }

  it('a key saved by login records its origin, and a changed base URL does not carry it along', async () => {
    const file = path.join(tempDir(), 'config.json');
    await updateProfile(file, 'default', { apiKey: 'wsk_a', baseUrl: a });
    expect(readConfig(file).profiles.default).toEqual({ apiKey: 'wsk_a', baseUrl: a, apiKeyOrigin: 'https://a.example.com' });
    await updateProfile(file, 'default', { baseUrl: b });
    expect(readConfig(file).profiles.default!.apiKeyOrigin).toBe('https://a.example.com');
    await updateProfile(file, 'default', { apiKey: undefined });
    expect(readConfig(file).profiles.default).toEqual({ baseUrl: b });
  });

  it('an older profile without an origin keeps its key bound to its own base URL when the base URL changes', async () => {
    const file = path.join(tempDir(), 'config.json');
    fs.writeFileSync(file, JSON.stringify({ profiles: { default: { apiKey: 'wsk_a', baseUrl: a } } }));
    await updateProfile(file, 'default', { baseUrl: b });
    expect(readConfig(file).profiles.default).toEqual({ apiKey: 'wsk_a', baseUrl: b, apiKeyOrigin: 'https://a.example.com' });
  });

  it('uses the key for its own origin (any path, default port written or not), withholds it elsewhere', () => {
    expect(settingsFor({ apiKey: 'wsk_a', baseUrl: a }).apiKey).toEqual({ value: 'wsk_a', source: 'config' });
    expect(settingsFor({ apiKey: 'wsk_a', baseUrl: a }, {}, 'https://A.example.com:443/other/path').apiKey.value).toBe('wsk_a');
    const elsewhere = settingsFor({ apiKey: 'wsk_a', baseUrl: a }, { WS_BASE_URL: b });
    expect(elsewhere.apiKey.value).toBeUndefined();
    expect(elsewhere.apiKeyWithheld).toBe(
      'the API key of profile "default" was saved for https://a.example.com, not for https://b.example.com (from WS_BASE_URL), so it is not sent there',
    );
    expect(settingsFor({ apiKey: 'wsk_a', baseUrl: a }, {}, 'http://a.example.com/public/v3').apiKey.value).toBeUndefined();
    expect(settingsFor({ apiKey: 'wsk_a', baseUrl: a }, {}, 'https://a.example.com:8443/public/v3').apiKey.value).toBeUndefined();
    // the environment's key is explicit: it goes where it is told
    expect(settingsFor({ apiKey: 'wsk_a', baseUrl: a }, { WS_API_KEY: 'wsk_env' }, b).apiKey).toEqual({ value: 'wsk_env', source: 'env' });
    // a key with no recorded origin and no base URL is bound to nothing
    expect(settingsFor({ apiKey: 'wsk_a' }, {}, b).apiKeyWithheld).toContain('was saved for no base URL');
  });
});
