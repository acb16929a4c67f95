/**
 * End to end: what `ws mcp` needs a real process for. The server is tested in-process in test/commands/mcp/mcp.test.ts,
 * its resources in resources.test.ts and each tool in test/commands/mcp/<group>/<tool>.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { emulatorKey, startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { tempConfigDir, wsCommand } from '../helpers/ws.js';

let e: TestEmulator;

beforeAll(async () => {
  e = await startTestEmulator();
});

afterAll(async () => {
  await e?.close();
});

describe('ws mcp: a message over the transport limit', () => {
  it('a 10.5 MiB message ends the session with a non-zero exit and a message on stderr, never a mute process', async () => {
    const [command, args] = wsCommand(['mcp']);
    const child = execa(command, args, {
      env: { PATH: process.env.PATH, WS_CONFIG_DIR: tempConfigDir(), ...e.env },
      extendEnv: false,
      reject: false,
      timeout: 20_000,
      stdin: 'pipe',
    });
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const line = (message: unknown) => `${JSON.stringify(message)}\n`;
    child.stdin!.write(
      line({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
      }),
    );
    child.stdin!.write(line({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    child.stdin!.write(
      line({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_query', arguments: { query: 'x'.repeat(10.5 * 1024 * 1024) } } }),
    );
    child.stdin!.write(line({ jsonrpc: '2.0', id: 3, method: 'tools/list' }));
    // either the next request is answered, or the process ends: which one, within the 20 s bound
    const ended = await Promise.race([
      child,
      (async () => {
        for (let i = 0; i < 400 && !stdout.includes('"id":3'); i++) await new Promise((resolve) => setTimeout(resolve, 50));
        return undefined;
      })(),
    ]);
    if (ended === undefined && stdout.includes('"id":3')) {
      expect(stdout).toContain('"id":2');
      child.stdin!.end();
      await child;
      return;
    }
    const result = ended ?? (await child);
    expect(result.timedOut).toBe(false);
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toMatch(/^error: a message from the MCP client was over 10 MiB \(10,485,760 bytes\), the most ws mcp reads: the session ended/);
    expect(result.stderr).not.toContain(emulatorKey);
  });
});
