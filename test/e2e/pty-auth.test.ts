/**
 * `ws auth login` in a real terminal: the key typed at the hidden prompt, Ctrl-C and Ctrl-D there.
 * The terminal is a pty driven by util-linux `script` (test/helpers/pty.ts); the API a stub on 127.0.0.1.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiServer } from '../helpers/api-server.js';
import { queryList } from '../helpers/fixtures.js';
import { skipWithoutPty, lines, wsInPty } from '../helpers/pty.js';
import { tempConfigDir, ws } from '../helpers/ws.js';

const typedKey = 'wsk_typed_at_the_prompt_4711';
const api = new ApiServer();

beforeAll(async () => {
  await api.start();
});
afterAll(async () => {
  await api.stop();
});
beforeEach(() => {
  api.reset();
  api.on('GET', '/queries', { body: queryList([]) });
});

/** Starts `ws auth login` in a terminal of its own config folder; resolves once it asks for the key. `stty -a` runs after it. */
async function atThePrompt() {
  const configDir = tempConfigDir();
  const session = wsInPty(['auth', 'login', '--base-url', api.baseUrl], { env: { WS_CONFIG_DIR: configDir }, after: 'stty -a' });
  await session.waitFor(new RegExp(`API key for ${api.baseUrl.replaceAll('.', '\\.')}: `));
  return { session, configDir };
}

/** `stty -a` after ws ends says `echo` when the terminal echoes again, `-echo` when ws left it off. */
const echoState = (output: string) => output.match(/(?:^|[\s;])(-?echo)(?=[\s;])/m)?.[1];

describe.skipIf(skipWithoutPty)('ws auth login in a terminal', () => {
  it('takes the key typed at the hidden prompt, checks it with the API and saves it', async () => {
    const { session, configDir } = await atThePrompt();
    session.type(`${typedKey}\r`);
    const result = await session.result;

    expect(result.exitCode, result.output).toBe(0);
    // no D-Bus session bus here: the file, said (the keyring at a terminal: test/e2e/keyring.test.ts)
    expect(lines(result.output)).toContain(
      `Logged in to ${api.baseUrl} with key ****4711; saved for profile "default" in plain text in ${path.join(configDir, 'config.json')}.`,
    );
    expect(result.output).not.toContain(typedKey); // hidden: never echoed
    expect(echoState(result.output)).toBe('echo');
    expect(api.requests.map((r) => [r.method, r.path, r.headers['x-api-key']])).toEqual([['GET', '/queries', typedKey]]);
    const saved = JSON.parse(fs.readFileSync(path.join(configDir, 'config.json'), 'utf8'));
    expect(saved.profiles.default).toEqual({ apiKey: typedKey, apiKeyOrigin: new URL(api.baseUrl).origin, baseUrl: api.baseUrl });

    // and the next command sends the saved key
    api.requests.length = 0;
    const status = await ws(['auth', 'status', '--json'], { WS_CONFIG_DIR: configDir });
    expect(status.exitCode, status.stderr).toBe(0);
    expect(api.requests.map((r) => r.headers['x-api-key'])).toEqual([typedKey]);
  });

  it('stops with exit 130 on Ctrl-C at the prompt, saves nothing, and leaves the terminal echoing', async () => {
    const { session, configDir } = await atThePrompt();
    session.type('wsk_half');
    session.type('\x03');
    const result = await session.result;

    expect(result.exitCode, result.output).toBe(130);
    expect(lines(result.output)).toContain('error: login cancelled; nothing was saved');
    expect(echoState(result.output)).toBe('echo');
    expect(api.requests).toEqual([]);
    expect(fs.existsSync(path.join(configDir, 'config.json'))).toBe(false);
  });

  it('says no key was given on Ctrl-D at the prompt (exit 2), without a request, saving nothing', async () => {
    const { session, configDir } = await atThePrompt();
    session.type('\x04');
    const result = await session.result;

    expect(result.exitCode, result.output).toBe(2);
    expect(lines(result.output)).toContain('error: no API key given');
    expect(echoState(result.output)).toBe('echo');
    expect(api.requests).toEqual([]);
    expect(fs.existsSync(path.join(configDir, 'config.json'))).toBe(false);
  });
});
