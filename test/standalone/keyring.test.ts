/**
 * The keyring in the standalone ws: it carries @napi-rs/keyring's native binding as an asset, which `ws __keyring`
 * writes into a private temporary folder, loads, and removes at once (scripts/sea-main.cjs). Against a real Secret
 * Service (test/helpers/secret-service.ts), with TMPDIR a folder of the test's own, so that what ws leaves there
 * (nothing) and whether it wrote there at all (its modification time) can be seen. test/e2e/keyring.test.ts runs too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiServer } from '../helpers/api-server.js';
import { queryList } from '../helpers/fixtures.js';
import { keyringAccount, type SecretService, secretServiceTools, startSecretService } from '../helpers/secret-service.js';
import { skipWithout } from '../helpers/tools.js';
import { standaloneBin, tempConfigDir, ws } from '../helpers/ws.js';

if (!standaloneBin) throw new Error('set WS_TEST_BIN to the standalone ws to test (see vitest.standalone.config.ts)');
const key = 'wsk_live_standalone_keyring_0427_Qv8R';
const api = new ApiServer();
let keyring: SecretService;

/** An empty folder for TMPDIR, dated 1970: any entry made or removed in it gives it a new modification time. */
function untouchedTmp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-standalone-tmp-'));
  fs.utimesSync(dir, 0, 0);
  return dir;
}
const touched = (dir: string) => fs.statSync(dir).mtimeMs !== 0;

describe.skipIf(skipWithout(...secretServiceTools))('the standalone ws and the system keyring', () => {
  beforeAll(async () => {
    [keyring] = await Promise.all([startSecretService(), api.start()]);
    // what login checks the key with, and what the tests list
    api.on('GET', '/queries', { body: queryList([]) });
  });
  afterAll(async () => {
    keyring?.stop();
    await api.stop();
  });
  const origin = () => new URL(api.baseUrl).origin;

  it('login keeps the key in the keyring, not in the file; a command reads it back; nothing of ws is left in TMPDIR', async () => {
    const config = tempConfigDir();
    const tmp = untouchedTmp();
    const env = { ...keyring.env, WS_CONFIG_DIR: config, TMPDIR: tmp };
    const login = await ws(['auth', 'login', '--with-key-stdin', '--base-url', api.baseUrl], env, { input: key, stdin: 'pipe' });
    expect(login.exitCode, login.stderr).toBe(0);
    expect(login.stderr).toBe(`Logged in to ${api.baseUrl} with key ****Qv8R; saved for profile "default" in the system keyring.\n`);
    expect(keyring.lookup(`ws:${origin()}`, keyringAccount(config, 'default'))).toBe(key);
    expect(JSON.parse(fs.readFileSync(path.join(config, 'config.json'), 'utf8'))).toEqual({
      profiles: { default: { baseUrl: api.baseUrl, apiKeyStore: 'keyring', apiKeyOrigin: origin() } },
    });
    // the binding went through TMPDIR (its folder was made and removed), and neither file nor folder is left
    expect(touched(tmp)).toBe(true);
    expect(fs.readdirSync(tmp)).toEqual([]);

    const sent = api.requests.length;
    const list = await ws(['queries', 'list', '--json'], env);
    expect(list.exitCode, list.stderr).toBe(0);
    expect(api.requests.slice(sent).map((request) => request.headers['x-api-key'])).toEqual([key]);
    expect(fs.readdirSync(tmp)).toEqual([]);
    expect((await ws(['auth', 'logout'], env)).exitCode).toBe(0);
    expect(keyring.lookup(`ws:${origin()}`, keyringAccount(config, 'default'))).toBeUndefined();
    expect(fs.readdirSync(tmp)).toEqual([]);
  });

  it('writes nothing into TMPDIR when the keyring is not used: the version, help, a command with WS_API_KEY', async () => {
    const tmp = untouchedTmp();
    const env = { ...keyring.env, TMPDIR: tmp };
    const version = await ws(['--version'], env);
    expect(version.exitCode).toBe(0);
    expect(version.stdout).toMatch(/ \(standalone, node 24\.\d+\.\d+\)\n$/);
    expect((await ws(['queries', '--help'], env)).exitCode).toBe(0);
    const list = await ws(['queries', 'list', '--base-url', api.baseUrl], { ...env, WS_API_KEY: key });
    expect(list.exitCode, list.stderr).toBe(0);
    expect(touched(tmp)).toBe(false);
  });

  it('a binding that cannot be written (TMPDIR missing): the file, with the warning saying why, and not the keyring', async () => {
    const config = tempConfigDir();
    const tmp = path.join(untouchedTmp(), 'missing');
    const login = await ws(
      ['auth', 'login', '--with-key-stdin', '--base-url', api.baseUrl],
      { ...keyring.env, WS_CONFIG_DIR: config, TMPDIR: tmp },
      { input: key, stdin: 'pipe' },
    );
    expect(login.exitCode, login.stderr).toBe(0);
    const [warning, why] = login.stderr.split('\n');
    expect(warning).toBe(`warning: no system keyring: the key is stored in plain text in ${path.join(config, 'config.json')}`);
    expect(why).toContain(`the standalone ws cannot load its keyring binding from ${tmp}: ENOENT`);
    expect(JSON.parse(fs.readFileSync(path.join(config, 'config.json'), 'utf8')).profiles.default.apiKey).toBe(key);
    expect(keyring.lookup(`ws:${origin()}`, keyringAccount(config, 'default'))).toBeUndefined();
  });
});
