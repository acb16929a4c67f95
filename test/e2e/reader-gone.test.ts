/**
 * The reader is gone, the wait stops (issue 38.8): `ws … --wait 2>&1 | head -1` stops waiting at the first line it
 * cannot write, and ends as for a closed stdout (quietly, status 0), instead of polling until the run ends.
 */
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { tempConfigDir, wsCommand } from '../helpers/ws.js';

/** Each state of a run lasts 3 s: PENDING, RUNNING, then COMPLETED. */
let emu: TestEmulator;
beforeAll(async () => {
  emu = await startTestEmulator({ stepMs: 3_000 });
});
afterAll(() => emu?.close());

const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

describe('the reader of the output goes away during --wait', () => {
  it('queries execute --wait 2>&1 | head -1: ws stops at the next line it writes (the next state), status 0, the run goes on', async () => {
    await emu.clearRequests();
    const [command, args] = wsCommand(['queries', 'execute', 'daily_revenue', '--wait']);
    const result = await execa('bash', ['-c', `${[command, ...args].map(quote).join(' ')} 2>&1 | head -1; echo "status \${PIPESTATUS[0]}"`], {
      env: { PATH: process.env.PATH, WS_CONFIG_DIR: tempConfigDir(), ...emu.env },
      extendEnv: false,
      reject: false,
      timeout: 20_000,
    });
    const [first, status] = String(result.stdout).split('\n');
    expect(status, String(result.stdout)).toBe('status 0');
    const runId = /query run ([0-9a-f-]{36})/.exec(first ?? '')?.[1];
    expect(runId, first).toBeDefined();
    // ws stopped when it could not write the next state: the run had not ended then, and nothing polled it after
    const run = (await emu.api('GET', `/query-runs/${runId}`)).json as { status: string };
    expect(run.status).not.toBe('COMPLETED');
    expect(routes(await emu.requests()).filter((route) => route.includes('/data'))).toEqual([]);
  });
});
