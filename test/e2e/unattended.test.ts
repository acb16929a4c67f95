/**
 * Where nobody may be there to press a key: a pseudo-terminal with CI set (a runner that gives the job a terminal),
 * one that reports 0 rows and 0 columns, WS_NO_PROMPT. There ws starts no pager of its own choosing and asks for
 * nothing; a person's terminal (a size, no CI) keeps both. Every run is bounded: a regression is killed and fails.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { lines, screenOf, skipWithoutPty, wsInPty, type PtyOptions } from '../helpers/pty.js';
import { ws } from '../helpers/ws.js';

let emu: TestEmulator;

beforeAll(async () => {
  emu = await startTestEmulator();
  // daily_revenue gets a result of 180 rows: more than a 24-row screen
  expect((await ws(['queries', 'execute', 'daily_revenue', '--wait', '-o', 'csv'], emu.env)).exitCode).toBe(0);
});
afterAll(async () => {
  await emu?.close();
});
beforeEach(async () => {
  await emu.clearRequests();
});

/** A run that would wait forever at less's prompt is killed after 15 s: exitCode -1, `killed` says why. */
const bounded = { timeoutMs: 15_000 };
/** No PAGER: the default, less -FRX, as a person or a CI job without one gets it. */
const noPagerSet = { PAGER: undefined };
/** less -X switches the keypad mode on as it starts: its mark on the terminal. */
const lessStarted = '\u001b[?1h';
/** less's prompt at the foot of a full screen: `:` then clear to the end of the line. */
const lessPrompt = /\n:\u001b\[K/;

function run(args: string[], options: PtyOptions) {
  return wsInPty(args, { ...bounded, ...options, env: { ...emu.env, ...options.env } }).result;
}

describe.skipIf(skipWithoutPty)('the pager where nobody may be there to press a key', () => {
  const commands = [
    ['queries', 'data', 'daily_revenue', '--all'],
    ['queries', 'execute', 'daily_revenue', '--wait'],
    ['queries', 'list', '--json'],
  ];
  const settings: [string, PtyOptions][] = [
    ['CI set, on an 80x24 terminal', { env: { ...noPagerSet, CI: 'true' } }],
    ["CI set, on a terminal of no size (the issue's `CI=true script -qc …`)", { env: { ...noPagerSet, CI: 'true' }, columns: 0, rows: 0 }],
    ['a terminal of 0 rows and 0 columns', { env: noPagerSet, columns: 0, rows: 0 }],
    ['a terminal of 0 rows', { env: noPagerSet, rows: 0 }],
  ];
  it.each(settings.flatMap(([name, options]) => commands.map((args) => [name, args.join(' '), args, options] as const)))(
    '%s: ws %s prints everything and ends, no less',
    async (_name, _line, args, options) => {
      const result = await run(args, options);
      expect(result.killed, result.output.slice(-300)).toBeUndefined();
      expect(result.exitCode, result.output.slice(-300)).toBe(0);
      expect(result.output).not.toContain(lessStarted);
      expect(result.output).not.toMatch(lessPrompt);
      // the whole output reached the terminal: all 180 rows, the end of the JSON document
      const screen = lines(screenOf(result.output));
      if (args[1] === 'list') expect(screen).toMatch(/\n}\n$/);
      else expect(screen.match(/^\d{4}-\d\d-\d\d /gm)).toHaveLength(180);
    },
  );

  it('CI set: PAGER is not used, but a WS_PAGER the user set still takes the output', async () => {
    const marking = (mark: string) => `sed 's/^/${mark}: /'`;
    const [chosenForAll, chosenForWs] = await Promise.all([
      run(['queries', 'list'], { env: { CI: 'true', NO_COLOR: '1', PAGER: marking('PAGER') } }),
      run(['queries', 'list'], { env: { CI: 'true', NO_COLOR: '1', PAGER: marking('PAGER'), WS_PAGER: marking('WS') } }),
    ]);
    expect(chosenForAll.exitCode).toBe(0);
    expect(lines(screenOf(chosenForAll.output))).toMatch(/^ID +SLUG/);
    expect(chosenForAll.output).not.toContain('PAGER: ');
    expect(chosenForWs.exitCode).toBe(0);
    expect(lines(screenOf(chosenForWs.output))).toMatch(/^WS: ID +SLUG/);
  });

  it('control: a person at an 80x24 terminal without CI gets less, which waits for a key; q ends ws with exit 0', async () => {
    const session = wsInPty(['queries', 'data', 'daily_revenue', '--all'], { ...bounded, env: { ...emu.env, ...noPagerSet } });
    await session.waitFor(lessPrompt);
    expect(session.output()).toContain(lessStarted);
    session.type('q');
    const result = await session.result;
    expect(result.killed).toBeUndefined();
    expect(result.exitCode).toBe(0);
  });
});

describe.skipIf(skipWithoutPty)('prompts where nobody may be there to answer', () => {
  const login = ['auth', 'login', '--base-url'];
  const unattended: [string, Record<string, string>][] = [
    ['CI=true', { CI: 'true' }],
    ['WS_NO_PROMPT=1', { WS_NO_PROMPT: '1' }],
  ];

  it.each(unattended)('%s: ws auth login asks nothing, exits 2 naming --with-key-stdin and WS_API_KEY, sends nothing', async (_name, env) => {
    const result = await run([...login, emu.baseUrl], { env: { ...env, WS_API_KEY: undefined } });
    expect(result.killed, result.output).toBeUndefined();
    expect(result.exitCode, result.output).toBe(2);
    const screen = lines(screenOf(result.output));
    expect(screen).not.toContain('API key for');
    expect(screen).toMatch(/^error: ws will not wait for the API key to be typed: (CI|WS_NO_PROMPT) is set/m);
    // the command to paste carries the --base-url given, so that it logs in where this one would have
    expect(screen).toMatch(/^hint: .*`ws auth login --with-key-stdin --base-url http:\/\/127\.0\.0\.1:\d+\/public\/v3 < key\.txt`.*WS_API_KEY/m);
    expect(await emu.requests()).toEqual([]);
  });

  it.each(unattended)('%s: a read of stdin that is a terminal fails at once too (--with-key-stdin, --sql-file -)', async (_name, env) => {
    const [key, sql] = await Promise.all([
      run([...login, emu.baseUrl, '--with-key-stdin'], { env }),
      run(['queries', 'create', '--name', 'From stdin', '--sql-file', '-'], { env }),
    ]);
    expect([key.exitCode, sql.exitCode], key.output + sql.output).toEqual([2, 2]);
    expect(lines(screenOf(key.output))).toContain(
      `hint: pipe it in: \`ws auth login --with-key-stdin --base-url ${emu.baseUrl} < key.txt\`; or give it to each command in WS_API_KEY, with no login`,
    );
    expect(lines(screenOf(sql.output))).toContain(
      `error: ws will not wait for the text of --sql-file (stdin) to be typed: ${env.CI ? 'CI' : 'WS_NO_PROMPT'} is set, and nobody may be there to type it`,
    );
    expect(await emu.requests()).toEqual([]);
  });

  it('control: a person at a terminal (no CI, WS_NO_PROMPT=0) is asked for the key, and the typed key is used', async () => {
    const session = wsInPty([...login, emu.baseUrl], { ...bounded, env: { WS_NO_PROMPT: '0' } });
    await session.waitFor(/API key for \S+: /);
    session.type(`${emu.env.WS_API_KEY}\r`);
    const result = await session.result;
    expect(result.exitCode, result.output).toBe(0);
    expect(lines(result.output)).toMatch(/^Logged in to /m);
    expect((await emu.requests()).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /queries']);
  });
});
