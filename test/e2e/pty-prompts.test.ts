/**
 * What ws asks at a terminal when a command leaves something out (issue 33): the query or automation picked from a
 * list, a run of it, the parameters and inputs; the command line that does the same, printed after. Real pseudo-
 * terminals (test/helpers/pty.ts) with keys typed into them, against the emulator; CI is removed from ws's
 * environment, since the tests themselves run with it set in CI and ws never asks where CI is set.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import stringWidth from 'string-width';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoIds, startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { lines, screenOf, skipWithoutPty, wsInPty, type PtyOptions, type PtySession } from '../helpers/pty.js';
import { ws } from '../helpers/ws.js';
import { fileURLToPath } from 'node:url';

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** What moves the cursor and colours: taken out, the terminal's text reads as a person reads it. */
const escapes = /\u001b\[[0-9;?]*[A-Za-z]/g;
const colour = /\u001b\[[0-9;]*m/;
const enter = '\r';
const ctrlC = '\u0003';
const esc = '\u001b';
const ctrlD = '\u0004';
/** The sequence that shows the cursor again, which the prompts hide while they draw. */
const showCursor = '\u001b[?25h';
const hideCursor = '\u001b[?25l';

/** Whether the cursor the terminal was last told about is shown. */
const cursorShown = (output: string) => output.lastIndexOf(showCursor) > output.lastIndexOf(hideCursor);
/** Ctrl-U: the line typed so far, erased. */
const eraseLine = '\u0015';

let emu: TestEmulator;
let scratch: string;

beforeAll(async () => {
  emu = await startTestEmulator({ stepMs: 20 });
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-prompts-'));
});
afterAll(async () => {
  await emu?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});
beforeEach(() => emu.clearRequests());

/** ws at a terminal where a person may be asked: CI taken out of its environment. */
function atTerminal(args: string[], options: PtyOptions = {}): PtySession {
  return wsInPty(args, { columns: 100, ...options, env: { ...emu.env, CI: undefined, ...options.env } });
}

/** The terminal's text without escapes and with LF line ends. */
const text = (output: string) => lines(screenOf(output)).replace(escapes, '');

/** The requests that change something: none may reach the server before a person has answered every prompt. */
async function writes(): Promise<string[]> {
  return (await emu.requests()).filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
}

describe.skipIf(skipWithoutPty)('ws queries execute --wait at a terminal, the query left out', () => {
  it('picks the query from what is typed, asks its parameters (one default kept, one typed, a wrong one asked again), runs it and prints the command', async () => {
    const stdoutFile = path.join(scratch, 'rows.tsv');
    // stdout to a file: the prompts are on stderr, the terminal; stdout stays the rows
    const session = atTerminal(['queries', 'execute', '--wait'], { redirect: `> '${stdoutFile}'` });
    await session.waitFor(/Pick a query/);
    session.type('country');
    await session.waitFor(/\(1 match\)/);
    session.type(enter);
    await session.waitFor(/start_date \(date\): first order date included/);
    session.type(enter); // keeps the default, 2026-01-01
    await session.waitFor(/min_amount \(number\): smallest order amount included/);
    session.type(`abc${enter}`);
    await session.waitFor(/"abc" is not a number/);
    expect(await writes()).toEqual([]);
    session.type(`${eraseLine}100${enter}`);
    const result = await session.result;

    expect(result.exitCode, result.killed ?? result.output).toBe(0);
    const printed = 'ws queries execute revenue_by_country --param start_date=2026-01-01 --param min_amount=100 --wait';
    expect(text(result.output)).toContain(`\n$ ${printed}\n`);
    // the run the emulator started had those values (its queryHash is of the SQL and the parameters given)
    // the picker read one bounded page, the most recently updated first (then the slug picked was looked up)
    const listed = (await emu.requests()).filter((r) => r.path === '/queries').map((r) => Object.fromEntries(new URLSearchParams(r.query)));
    expect(listed[0]).toEqual(expect.objectContaining({ limit: '100', offset: '0', sortBy: 'updated', sortDirection: 'desc' }));
    expect(listed[0]).not.toHaveProperty('search');
    const started = (await emu.requests()).filter((r) => r.method === 'POST');
    expect(started.map((r) => r.path)).toEqual([`/queries/${demoIds.queries.revenueByCountry}/execute`]);
    const query = (await emu.api('GET', `/queries/${demoIds.queries.revenueByCountry}`)).json;
    const runs = (await emu.api('GET', `/queries/${demoIds.queries.revenueByCountry}/query-runs?limit=1`)).json.runs;
    const hash = createHash('sha256')
      .update(query.sql)
      .update(JSON.stringify({ start_date: '2026-01-01', min_amount: '100' }))
      .digest('hex')
      .slice(0, 32);
    expect(runs[0].queryHash).toBe(hash);
    // and the printed command, run where nobody can answer, prints the same rows
    const again = await ws(printed.split(' ').slice(1), emu.env);
    expect(again.exitCode, again.stderr).toBe(0);
    const rows = fs.readFileSync(stdoutFile, 'utf8');
    expect(rows).toMatch(/^country\torders\trevenue\n/);
    expect(rows).toBe(again.stdout);
  });

  it.each([
    ['Ctrl-C', ctrlC],
    ['Esc', esc],
  ])('%s in the picker: exit 130, no run started, and it says so', async (_name, key) => {
    const session = atTerminal(['queries', 'execute', '--wait']);
    await session.waitFor(/Pick a query/);
    session.type('rev');
    await session.waitFor(/\(2 matches\)/);
    session.type(key);
    const result = await session.result;
    expect(result.exitCode, result.killed ?? result.output).toBe(130);
    expect(text(result.output)).toContain('error: cancelled at the prompt; no run was started\n');
    expect(text(result.output)).not.toContain('$ ws');
    expect(await writes()).toEqual([]);
  });

  it('Ctrl-C at a parameter: exit 130, no run started', async () => {
    const session = atTerminal(['queries', 'execute', 'revenue_by_country', '--wait']);
    await session.waitFor(/start_date \(date\)/);
    session.type(ctrlC);
    const result = await session.result;
    expect(result.exitCode, result.killed ?? result.output).toBe(130);
    expect(await writes()).toEqual([]);
  });
});

describe.skipIf(skipWithoutPty)('Ctrl-D at a prompt is a key, not the end of input: it cancels (exit 130), nothing sent, the cursor shown', () => {
  it.each([
    ['the picker', ['queries', 'execute', '--wait'], /Pick a query/, ''],
    ['the picker, something typed', ['queries', 'execute', '--wait'], /Pick a query/, 'rev'],
    ['a parameter', ['queries', 'execute', 'revenue_by_country', '--wait'], /start_date \(date\)/, ''],
    ['a parameter, something typed', ['queries', 'execute', 'revenue_by_country', '--wait'], /start_date \(date\)/, '20'],
  ])('%s', async (_name, argv: string[], shown, typed) => {
    const session = atTerminal(argv);
    await session.waitFor(shown);
    if (typed) {
      session.type(typed);
      await session.waitFor(new RegExp(typed));
    }
    session.type(ctrlD);
    const result = await session.result;
    expect(result.exitCode, result.killed ?? result.output).toBe(130);
    expect(text(result.output)).toContain('error: cancelled at the prompt');
    expect(text(result.output)).not.toContain('$ ws');
    expect(cursorShown(result.output), result.output).toBe(true);
    expect(await writes()).toEqual([]);
  });
});

describe.skipIf(skipWithoutPty)('Ctrl-Z at a prompt, then fg', () => {
  it('stops ws with the cursor shown; back in the foreground the prompt is drawn again and keeps asking', async () => {
    const session = atTerminal(['queries', 'get'], { jobControl: true });
    await session.waitFor(/Pick a query/);
    session.type('\u001a');
    await session.waitFor(/@@stopped@@/);
    const stopped = session.output();
    expect(cursorShown(stopped), stopped).toBe(true);
    session.type(enter); // the shell's read: then fg
    await session.waitFor(/@@stopped@@[\s\S]*Pick a query/);
    session.type(`daily_revenue${enter}`);
    const result = await session.result;
    expect(result.exitCode, result.killed ?? result.output).toBe(0);
    expect(text(result.output)).toContain('$ ws queries get daily_revenue\n');
    expect(cursorShown(result.output), result.output).toBe(true);
  });
});

describe.skipIf(skipWithoutPty)('a stop signal while a prompt is open', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)('%s: exit by the signal, the cursor shown again, nothing sent', async (signal, status) => {
    const session = atTerminal(['queries', 'execute', '--wait']);
    await session.waitFor(/Pick a query/);
    await session.signal(signal);
    const result = await session.result;
    expect(result.exitCode, result.killed ?? result.output).toBe(status);
    expect(cursorShown(result.output), result.output).toBe(true);
    expect(await writes()).toEqual([]);
  });
});

describe.skipIf(skipWithoutPty)('never where nobody can answer: exit 2 at once, naming what is missing, nothing sent', () => {
  it.each([
    ['CI=true', [], { CI: 'true' }, {}, 'CI is set'],
    ['WS_NO_PROMPT=1', [], { WS_NO_PROMPT: '1' }, {}, 'WS_NO_PROMPT is set'],
    ['--no-prompt', ['--no-prompt'], {}, {}, '--no-prompt is given'],
    ['stdin from a pipe', [], {}, { redirect: '< /dev/null' }, 'stdin is not a terminal'],
  ])('%s', async (_name, flags: string[], env: Record<string, string>, options: PtyOptions, why) => {
    const result = await atTerminal(['queries', 'execute', '--wait', ...flags], { ...options, env }).result;
    expect(result.exitCode, result.killed ?? result.output).toBe(2);
    const shown = text(result.output);
    expect(shown).toContain("error: missing required argument 'query'\n");
    expect(shown).toContain(`ws asks for it only at a terminal, and did not: ${why}\n`);
    expect(shown).not.toContain('Pick a query');
    expect(await emu.requests()).toEqual([]);
  });

  it('a query given: its parameters are not asked for, their defaults apply (stdin from a pipe)', async () => {
    const result = await atTerminal(['queries', 'execute', 'revenue_by_country'], { redirect: '< /dev/null' }).result;
    expect(result.exitCode, result.killed ?? result.output).toBe(0);
    expect(text(result.output)).not.toContain('start_date');
    expect(await writes()).toEqual([`POST /queries/${demoIds.queries.revenueByCountry}/execute`]);
  });
});

describe.skipIf(skipWithoutPty)('the picker in any terminal', () => {
  it('20 columns, NO_COLOR, TERM=dumb: names with emoji and CJK are listed and picked, no colour', async () => {
    const created = await emu.api('POST', '/queries', { name: '📊 売上レポート Überblick', sql: 'SELECT 1 AS one', userAgent: 'cli' });
    expect(created.status).toBeLessThan(300);
    const slug = created.json.slug as string;
    const session = atTerminal(['queries', 'get'], { columns: 20, term: 'dumb', env: { NO_COLOR: '1' } });
    await session.waitFor(/📊 売上/);
    session.type('売上');
    await session.waitFor(/Search: 売上/);
    session.type(enter);
    const result = await session.result;
    expect(result.exitCode, result.killed ?? result.output).toBe(0);
    expect(text(result.output)).toContain(`$ ws queries get '${slug}'\n`); // quoted: not only safe characters
    expect(text(result.output)).toContain(created.json.id);
    expect(screenOf(result.output)).not.toMatch(colour);
    // every line of a choice fits in the 20 columns (the guide, the mark and the name cut to the room left)
    const choices = text(result.output)
      .split('\n')
      .filter((line) => line.startsWith('│') && line.includes('📊 売上'));
    expect(choices.length).toBeGreaterThan(0);
    // the newest first: the query just created heads the list before anything is typed
    expect(text(result.output)).toMatch(/Search: _\n│ {2}● 📊 売上/);
    for (const line of choices) expect(stringWidth(line), line).toBeLessThanOrEqual(20);
  });
});

describe.skipIf(skipWithoutPty)('names with control and format characters in the picker', () => {
  it('each choice stays one line: tab, line ends and bidi overrides are shown as a space or a placeholder, never sent raw', async () => {
    const created = await emu.api('POST', '/queries', { name: 'Tab\there\nnew line\r\u202eevil\u2066x\u0007', sql: 'SELECT 1 AS one', userAgent: 'cli' });
    expect(created.status).toBeLessThan(300);
    const session = atTerminal(['queries', 'get', '--json', 'id']);
    await session.waitFor(/Pick a query/);
    session.type(`Tab${enter}`);
    const result = await session.result;
    expect(result.exitCode, result.killed ?? result.output).toBe(0);
    const screen = screenOf(result.output);
    // nothing of the name reaches the terminal raw: no tab, no bell, no bidi override or isolate, no lone CR or LF
    expect(screen).not.toMatch(/[\t\u0007\u202e\u2066]/);
    const choices = text(result.output)
      .split('\n')
      .filter((line) => line.startsWith('│') && /here|new line|evil/.test(line));
    expect(choices.length, text(result.output)).toBeGreaterThan(0);
    for (const line of choices) expect(line).toMatch(/Tab here new line .evil.x./);
    expect(text(result.output)).toContain(`"id": "${created.json.id}"`);
  });
});

describe.skipIf(skipWithoutPty)('colour in the prompts', () => {
  it.each([
    ['coloured at a colour terminal', [], true],
    ['--no-color: none, though the terminal could', ['--no-color'], false],
  ])('%s', async (_name, flags: string[], coloured) => {
    const session = atTerminal(['queries', 'get', ...flags], { term: 'xterm-256color' });
    await session.waitFor(/Pick a query/);
    session.type(`daily_revenue${enter}`);
    const result = await session.result;
    expect(result.exitCode, result.killed ?? result.output).toBe(0);
    expect(text(result.output)).toContain('$ ws queries get daily_revenue\n');
    expect(colour.test(screenOf(result.output))).toBe(coloured);
  });
});

describe.skipIf(skipWithoutPty)('automations at a terminal', () => {
  it('trigger: picks the automation, asks its inputs (a wrong date asked again), prints the command; wait: picks the automation, then the run', async () => {
    const session = atTerminal(['automations', 'trigger']);
    await session.waitFor(/Pick an automation/);
    session.type('morning');
    await session.waitFor(/\(1 match\)/);
    session.type(enter);
    await session.waitFor(/start_date \(string, date\)/);
    session.type(`2026-02-30${enter}`);
    await session.waitFor(/"2026-02-30" is not a calendar date/);
    expect(await writes()).toEqual([]);
    session.type(`${eraseLine}2026-02-01${enter}`);
    await session.waitFor(/min_amount \(number\)/);
    session.type(`50${enter}`);
    const result = await session.result;
    expect(result.exitCode, result.killed ?? result.output).toBe(0);
    const shown = text(result.output);
    expect(shown).toContain("\n$ ws automations trigger 'Morning revenue report' --input start_date=2026-02-01 --input min_amount=50\n");
    const runId = new RegExp(`^(${uuid})$`, 'm').exec(shown)?.[1];
    expect(runId, shown).toBeDefined();
    expect(await writes()).toEqual([`POST /automations/${demoIds.automations.morningReport}/runs`]);
    const run = (await emu.api('GET', `/automation-runs/${runId}`)).json;
    expect((run.run ?? run).inputValues).toEqual({ start_date: '2026-02-01', min_amount: '50' });

    await emu.clearRequests();
    const waiting = atTerminal(['automations', 'wait']);
    await waiting.waitFor(/Pick the automation/);
    waiting.type(`morning${enter}`);
    await waiting.waitFor(new RegExp(`Pick a run[\\s\\S]*(pending|running|completed|failed)\\s+(just now|\\d+ seconds? ago)\\s+${runId}`));
    waiting.type(enter);
    const waited = await waiting.result;
    expect(waited.exitCode, waited.killed ?? waited.output).toBe(0);
    expect(text(waited.output)).toContain(`\n$ ws automations wait ${runId}\n`);
    expect(await writes()).toEqual([]);
  });
});

describe.skipIf(skipWithoutPty)('the prompt library is read only when a prompt is shown', () => {
  const probe = fileURLToPath(new URL('../fixtures/vendor-probe.cjs', import.meta.url));
  /** The dist/vendor/ files this run of ws loaded. */
  const vendorFiles = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as string[];

  it.each([[['--help']], [['--version']], [['queries', 'execute', 'daily_revenue']], [['queries', 'execute', '--no-prompt']]])('not by ws %j', async (argv) => {
    const file = path.join(scratch, `probe-${argv.join('-')}.json`);
    const result = await ws(argv, { ...emu.env, NODE_OPTIONS: `--require ${probe}`, WS_TEST_PROBE: file });
    expect(result.exitCode === 0 || result.exitCode === 2, result.stderr).toBe(true);
    expect(vendorFiles(file)).not.toContain('prompts.cjs');
  });

  it('by a command that shows one', async () => {
    const file = path.join(scratch, 'probe-prompt.json');
    const session = atTerminal(['queries', 'get'], { env: { NODE_OPTIONS: `--require ${probe}`, WS_TEST_PROBE: file } });
    await session.waitFor(/Pick a query/);
    session.type(ctrlC);
    expect((await session.result).exitCode).toBe(130);
    expect(vendorFiles(file)).toContain('prompts.cjs');
  });
});
