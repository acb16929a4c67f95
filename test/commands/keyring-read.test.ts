/**
 * A key in the system keyring is read in ws's own process, started while the command loads, without a second Node
 * (issue 41), on every Node: ws's own D-Bus client (src/config/secret-service.ts), against a real Secret Service
 * (GNOME Keyring on a private D-Bus session bus). `ws __keyring`, the keyring's process, is reached through the IO's
 * `self`; here that is a script that leaves a mark, so that any process ws starts for the keyring shows.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli.js';
import { KeyringError, readKey } from '../../src/config/keyring.js';
import { fakeIO } from '../helpers/fake-io.js';
import { queryList } from '../helpers/fixtures.js';
import { keyringAccount, type SecretService, secretServiceTools, startSecretService } from '../helpers/secret-service.js';
import { fileServer } from '../helpers/stub-server.js';
import { skipWithout } from '../helpers/tools.js';
import { tempConfigDir } from '../helpers/ws.js';

const server = fileServer();
const key = 'wsk_live_keyring_in_process_77_Qa3Z';
let keyring: SecretService;

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

/** An IO whose `ws __keyring` writes a line to `marks` and answers nothing, instead of starting a keyring process. */
function markingIO(env: Record<string, string>, marks: string) {
  return { ...fakeIO({ env }), self: { command: '/bin/sh', args: ['-c', `echo "$0" >> '${marks}'; exit 1`] } };
}

/** `ws argv` in-process; every process started as `ws __keyring` writes a line to the returned file instead. */
async function ws(argv: string[], env: Record<string, string>) {
  const marks = path.join(tempConfigDir(), 'keyring-processes');
  const io = markingIO({ ...keyring.env, ...env }, marks);
  const exitCode = await run(argv, io);
  return { exitCode, stdout: io.out(), stderr: io.err(), processes: fs.existsSync(marks) ? fs.readFileSync(marks, 'utf8') : '' };
}

describe.skipIf(skipWithout(...secretServiceTools))('reading the key from the system keyring', () => {
  // the bus is the IO's environment's, never this process's own
  beforeAll(async () => {
    keyring = await startSecretService();
  });
  afterAll(() => {
    keyring?.stop();
  });

  it('a command reads the key in its own process: no process is started, the key is sent', async () => {
    server.on('GET', '/queries', { body: queryList([]) });
    const result = await ws(['queries', 'list', '--json'], { WS_CONFIG_DIR: profileInKeyring(), CI: 'true' });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.processes).toBe('');
    expect(server.requests.map((request) => request.headers['x-api-key'])).toEqual([key]);
    expect(result.stderr).toBe('');
  });

  it('a command that sends no key reads nothing (no process, no request): config list', async () => {
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

  it('a key of non-ASCII characters and a long one read back exactly, in this process; no item: none', async () => {
    const marks = path.join(tempConfigDir(), 'keyring-processes');
    const wait = { waitMs: 5000, io: markingIO(keyring.env, marks) };
    const origin = 'https://keys.example:8443';
    // the long one: 8,004 bytes (secret-tool stores at most 8,192), many AES blocks and more than one read of the socket
    const values = { accents: 'wsk_Ää€ — 😀 ẞ\u00a0end', long: `wsk_${'Zq9-'.repeat(2000)}` };
    for (const [profile, value] of Object.entries(values)) {
      keyring.store(`ws:${origin}`, profile, value);
      expect(await readKey({ origin, profile, configFile: undefined }, wait)).toBe(value);
    }
    expect(await readKey({ origin, profile: 'nobody', configFile: undefined }, wait)).toBeUndefined();
    expect(fs.existsSync(marks) ? fs.readFileSync(marks, 'utf8') : '').toBe('');
  });

  it('a bus that takes the connection and never answers: ws stops waiting for it, and the keyring process reads, within the wait', async () => {
    // a socket short enough for its name (a test run's temporary folder may not be)
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-silent-bus-'));
    const socket = path.join(dir, 'bus');
    const heard: Buffer[] = [];
    const silent = net.createServer((connection) => connection.on('data', (chunk) => heard.push(chunk)));
    await new Promise<void>((resolve) => silent.listen(socket, resolve));
    try {
      const marks = path.join(dir, 'keyring-processes');
      const wait = { waitMs: 3000, io: markingIO({ DBUS_SESSION_BUS_ADDRESS: `unix:path=${socket}` }, marks) };
      const started = performance.now();
      const read = readKey({ origin: 'https://silent.example', profile: 'default', configFile: undefined }, wait);
      await expect(read).rejects.toThrow(KeyringError);
      await expect(read).rejects.toThrow("ws's keyring process ended without an answer");
      // it asked (its authentication reached the bus), gave up, and handed the read to the keyring process
      expect(Buffer.concat(heard).toString('latin1')).toContain('AUTH EXTERNAL');
      expect(fs.readFileSync(marks, 'utf8')).toBe('__keyring\n');
      expect(performance.now() - started).toBeLessThan(wait.waitMs);
    } finally {
      silent.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 10_000);

  it('the key crosses the bus encrypted: the session asked for is dh-ietf1024-sha256-aes128-cbc-pkcs7, and no message holds the key', async () => {
    const origin = 'https://encrypted.example';
    const secret = 'wsk_live_never_in_clear_on_the_bus_4Kq8';
    keyring.store(`ws:${origin}`, 'default', secret);
    // every message of the bus, as the bus delivers them (a monitor: the daemon's own copy)
    const monitor = spawn('dbus-monitor', ['--binary'], { env: keyring.env, stdio: ['ignore', 'pipe', 'ignore'] });
    const seen: Buffer[] = [];
    const listening = new Promise((resolve) => monitor.stdout.once('data', resolve));
    monitor.stdout.on('data', (chunk: Buffer) => seen.push(chunk));
    try {
      await Promise.race([listening, new Promise((_, reject) => setTimeout(() => reject(new Error('dbus-monitor did not start in 5 s')), 5000))]);
      const wait = { waitMs: 5000, io: markingIO(keyring.env, path.join(tempConfigDir(), 'keyring-processes')) };
      expect(await readKey({ origin, profile: 'default', configFile: undefined }, wait)).toBe(secret);
      // the monitor has the last answer (GetSecrets') once the bus sent it: a bounded wait for it
      const answered = () => Buffer.concat(seen).includes('text/plain');
      for (let tries = 0; tries < 50 && !answered(); tries++) await new Promise((resolve) => setTimeout(resolve, 20));
      const bus = Buffer.concat(seen);
      expect(answered()).toBe(true);
      expect(bus.includes('dh-ietf1024-sha256-aes128-cbc-pkcs7')).toBe(true);
      expect(bus.includes(secret)).toBe(false);
      expect(bus.includes(Buffer.from(secret, 'utf16le'))).toBe(false);
    } finally {
      monitor.kill();
    }
  });
});
