/**
 * Colour and paging in a real pseudo-terminal: which variables turn colour on and off, and which pager
 * the output goes through (a fake one that marks each line), when, and what happens when it quits early
 * or when Ctrl-C reaches ws while it runs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollUntil, startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { inTerminal } from '../helpers/terminal.js';
import { tempConfigDir, ws } from '../helpers/ws.js';

let emu: TestEmulator;
let env: Record<string, string>;
/** A query whose result is about 300 kB as csv: more than a pipe holds. */
let bigQuery: string;

const csi = '\u001b[';
const marking = (mark: string) => `sed 's/^/${mark}: /'`;

beforeAll(async () => {
  emu = await startTestEmulator();
  env = { ...emu.env, WS_CONFIG_DIR: tempConfigDir() };
  const created = await emu.api('POST', '/queries', {
    name: 'Big result',
    sql: "SELECT range AS n, repeat('x', 100) AS pad FROM range(3000)",
    userAgent: 'cli',
  });
  bigQuery = created.json.id;
  await emu.api('POST', `/queries/${bigQuery}/execute`, {});
  await pollUntil(async () => (await emu.api('GET', `/queries/${bigQuery}`)).json.lastSuccessfulRunId !== null, 'the big query to run', 15_000);
});

afterAll(async () => {
  await emu?.close();
});

describe('colour', () => {
  const cases: [string, Record<string, string>, boolean][] = [
    ['a terminal, nothing set', {}, true],
    ['NO_COLOR=1', { NO_COLOR: '1' }, false],
    ['CLICOLOR=0', { CLICOLOR: '0' }, false],
    ['CLICOLOR=1', { CLICOLOR: '1' }, true],
    ['CLICOLOR=0 and CLICOLOR_FORCE=1', { CLICOLOR: '0', CLICOLOR_FORCE: '1' }, true],
    ['CLICOLOR=0 and FORCE_COLOR=1', { CLICOLOR: '0', FORCE_COLOR: '1' }, true],
    ['FORCE_COLOR=0 and CLICOLOR_FORCE=1', { FORCE_COLOR: '0', CLICOLOR_FORCE: '1' }, false],
    ['NO_COLOR=1 and CLICOLOR_FORCE=1', { NO_COLOR: '1', CLICOLOR_FORCE: '1' }, false],
    ['CLICOLOR_FORCE=0', { CLICOLOR_FORCE: '0' }, true],
  ];
  it.each(cases)(
    '%s',
    async (_name, vars, coloured) => {
      const run = await inTerminal(['queries', 'list', '--no-pager'], { env: { ...env, ...vars } });
      expect(run.exitCode).toBe(0);
      expect(run.screen).toContain('daily_revenue');
      expect(run.screen.includes(csi)).toBe(coloured);
    },
    30_000,
  );

  it('--no-color wins over CLICOLOR_FORCE and FORCE_COLOR', async () => {
    const run = await inTerminal(['queries', 'list', '--no-pager', '--no-color'], { env: { ...env, CLICOLOR_FORCE: '1', FORCE_COLOR: '1' } });
    expect(run.screen).toContain('daily_revenue');
    expect(run.screen).not.toContain(csi);
  }, 30_000);
});

describe('the pager', () => {
  const pagedLines = (screen: string, mark: string) => screen.split('\n').filter((line) => line.startsWith(`${mark}: `));

  it('WS_PAGER takes the output on a terminal, hints after it', async () => {
    const run = await inTerminal(['queries', 'list', '--limit', '2'], { env: { ...env, NO_COLOR: '1', WS_PAGER: marking('WS'), PAGER: marking('PAGER') } });
    expect(run.exitCode).toBe(0);
    const lines = run.screen.split('\n');
    expect(lines.slice(0, 3).every((line) => line.startsWith('WS: '))).toBe(true);
    expect(lines[3]).toMatch(/^showing 2 of \d+ queries; the next 2: --offset 2; every one: --all$/);
  }, 30_000);

  it("the profile's pager comes before PAGER, and PAGER before the default", async () => {
    const configDir = tempConfigDir();
    expect((await ws(['config', 'set', 'pager', marking('CONFIG')], { WS_CONFIG_DIR: configDir })).exitCode).toBe(0);
    const [configured, generic] = await Promise.all([
      inTerminal(['queries', 'get', 'daily_revenue'], { env: { ...env, WS_CONFIG_DIR: configDir, PAGER: marking('PAGER') } }),
      inTerminal(['queries', 'get', 'daily_revenue'], { env: { ...env, PAGER: marking('PAGER') } }),
    ]);
    expect(pagedLines(configured.screen, 'CONFIG').length).toBeGreaterThan(5);
    expect(configured.screen).not.toContain('PAGER: ');
    expect(pagedLines(generic.screen, 'PAGER').length).toBeGreaterThan(5);
  }, 30_000);

  it('--no-pager, PAGER=cat and an empty WS_PAGER print directly', async () => {
    for (const [args, vars] of [
      [['--no-pager'], { WS_PAGER: marking('WS') }],
      [[], { PAGER: 'cat' }],
      [[], { WS_PAGER: '', PAGER: marking('PAGER') }],
    ] as const) {
      const run = await inTerminal(['queries', 'list', ...args], { env: { ...env, NO_COLOR: '1', ...vars } });
      expect(run.exitCode).toBe(0);
      expect(run.screen.split('\n')[0]).toMatch(/^ID +SLUG/);
    }
  }, 60_000);

  it('is never used when stdout is not a terminal', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-pager-'));
    const marker = path.join(dir, 'pager-ran');
    const run = await inTerminal(['queries', 'list'], { env: { ...env, WS_PAGER: `touch ${marker}; cat` }, redirect: `> ${path.join(dir, 'out')}` });
    expect(run.exitCode).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'out'), 'utf8').split('\n')[0]).toBe('ID\tSLUG\tNAME\tLAST RUN\tUPDATED');
    expect(fs.existsSync(marker)).toBe(false);
  }, 30_000);

  it('the default is less -FRX, which prints a short table and quits', async () => {
    const run = await inTerminal(['queries', 'list'], { env: { ...env, NO_COLOR: '1', PAGER: undefined } });
    expect(run.exitCode).toBe(0);
    // less -X still switches the keypad mode, which shows as escape sequences around the table
    expect(run.screen).toContain('\u001b[?1h');
    expect(run.screen).toMatch(/ID +SLUG +NAME/);
    expect(run.screen).toContain('revenue_by_country');
  }, 30_000);

  it('a pager that quits before reading everything is not an error', async () => {
    for (const pager of ['head -n 1', 'true']) {
      const run = await inTerminal(['queries', 'data', bigQuery, '--all', '-o', 'csv'], { env: { ...env, WS_PAGER: pager } });
      expect(run.exitCode, `${pager}: ${run.screen.slice(-300)}`).toBe(0);
      expect(run.screen).not.toMatch(/error|EPIPE/i);
      expect(run.screen.length).toBeLessThan(1000);
    }
  }, 60_000);

  it('a pager that cannot be found leaves the output on the terminal', async () => {
    const run = await inTerminal(['queries', 'list'], { env: { ...env, NO_COLOR: '1', WS_PAGER: 'no-such-pager-ws-test -R' } });
    expect(run.exitCode).toBe(0);
    expect(run.screen).toMatch(/^ID +SLUG/);
  }, 30_000);

  it("Ctrl-C while the pager runs is the pager's: ws waits for it and prints everything", async () => {
    // the fake pager sends SIGINT to ws (its parent), then reads its input
    const run = await inTerminal(['queries', 'data', bigQuery, '--all', '-o', 'csv'], {
      env: { ...env, WS_PAGER: `kill -INT $PPID; sleep 0.3; ${marking('P')}` },
    });
    expect(run.exitCode).toBe(0);
    expect(pagedLines(run.screen, 'P')).toHaveLength(3001);
  }, 60_000);
});
