/**
 * A key in the system keyring is read in ws's own process, started while the command loads, without a second Node
 * (issue 41): against a real Secret Service (GNOME Keyring on a private D-Bus session bus). `ws __keyring`, the
 * keyring's process, is reached through the IO's `self`; here that is a script that leaves a mark, so that any
 * process ws starts for the keyring shows.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli.js';
import { fakeIO } from '../helpers/fake-io.js';
import { queryList } from '../helpers/fixtures.js';
import { keyringAccount, type SecretService, secretServiceTools, startSecretService } from '../helpers/secret-service.js';
import { fileServer } from '../helpers/stub-server.js';
import { skipWithout } from '../helpers/tools.js';
import { tempConfigDir } from '../helpers/ws.js';

const server = fileServer();
const key = 'wsk_live_keyring_in_process_77_Qa3Z';
let keyring: SecretService;

/**
 * Node can end while a thread is blocked in the keyring library only through process.execve (22.15 and later, 24):
 * there ws reads in its own process; on Node 20 it keeps its keyring process.
 */
const readsInProcess = typeof (process as { execve?: unknown }).execve === 'function';

/** A config folder whose default profile keeps its key in the keyring, for the test server, and the key stored there. */
function profileInKeyring(): string {
  const config = tempConfigDir();
  const origin = new URL(server.baseUrl).origin;
  fs.writeFileSync(
    path.join(config, 'config.json'),
    JSON.stringify({ profiles: { default: { baseUrl: server.baseUrl, apiKeyStore: 'keyring', apiKeyOrigin: origin } } }),
  );
  keyring.store(`ws:${origin}`, keyringAccount(config, 'default'), key);
  return config;
}

/** `ws argv` in-process; every process started as `ws __keyring` writes a line to the returned file instead. */
async function ws(argv: string[], env: Record<string, string>) {
  const marks = path.join(tempConfigDir(), 'keyring-processes');
  const io = { ...fakeIO({ env: { ...keyring.env, ...env } }), self: { command: '/bin/sh', args: ['-c', `echo "$0" >> '${marks}'; exit 1`] } };
  const exitCode = await run(argv, io);
  return { exitCode, stdout: io.out(), stderr: io.err(), processes: fs.existsSync(marks) ? fs.readFileSync(marks, 'utf8') : '' };
}

describe.skipIf(skipWithout(...secretServiceTools))('reading the key from the system keyring', () => {
  const kept = { DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS, XDG_RUNTIME_DIR: process.env.XDG_RUNTIME_DIR };
  beforeAll(async () => {
    keyring = await startSecretService();
    // the library finds the bus in the process's own environment, as a ws started with it would
    Object.assign(process.env, { DBUS_SESSION_BUS_ADDRESS: keyring.env.DBUS_SESSION_BUS_ADDRESS, XDG_RUNTIME_DIR: keyring.env.XDG_RUNTIME_DIR });
  });
  afterAll(() => {
    for (const [name, value] of Object.entries(kept)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    keyring?.stop();
  });

  it.runIf(readsInProcess)('a command reads the key in its own process: no process is started, the key is sent', async () => {
    server.on('GET', '/queries', { body: queryList([]) });
    const result = await ws(['queries', 'list', '--json'], { WS_CONFIG_DIR: profileInKeyring(), CI: 'true' });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.processes).toBe('');
    expect(server.requests.map((request) => request.headers['x-api-key'])).toEqual([key]);
    expect(result.stderr).toBe('');
  });

  it.runIf(readsInProcess)('a command that sends no key reads nothing (no process, no request): config list', async () => {
    const result = await ws(['config', 'list'], { WS_CONFIG_DIR: profileInKeyring(), CI: 'true' });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.processes).toBe('');
    expect(result.stdout).not.toContain(key);
  });

  it('login and logout write through the keyring process (`ws __keyring`), as before', async () => {
    const result = await ws(['auth', 'logout'], { WS_CONFIG_DIR: profileInKeyring(), CI: 'true' });
    // the marking script answers nothing: ws says the keyring process gave no answer, and that it was started
    expect(result.processes).toBe('__keyring\n');
    expect(result.stderr).toContain("ws's keyring process ended without an answer");
  });
});
