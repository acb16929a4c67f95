/**
 * Help without the bundle: bin/ws.js answers help from dist/help.json through dist/help.cjs, without loading
 * dist/cli.cjs. Whatever it answers must be byte for byte what the whole of ws prints (stdout, stderr, exit
 * code) at every width; whatever it does not know for sure goes to the whole of ws.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Help, type Command } from 'commander';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import type { IO } from '../../src/io.js';
import type { HelpAnswer } from '../../src/help/fast.js';
import { fakeIO } from '../helpers/fake-io.js';
import { lines, screenOf, skipWithoutPty, wsInPty } from '../helpers/pty.js';
import { ws, wsBin } from '../helpers/ws.js';

const require = createRequire(import.meta.url);
const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const cli = require(path.join(dist, 'cli.cjs')) as {
  run(argv: string[], io: IO): Promise<number>;
  buildProgram(io: IO, runner: () => () => Promise<void>): Command;
};
const fast = require(path.join(dist, 'help.cjs')) as { helpAnswer(argv: string[], manifest: Buffer): HelpAnswer | undefined };
const manifest = fs.readFileSync(path.join(dist, 'help.json'));
const probe = fileURLToPath(new URL('../fixtures/help-probe.cjs', import.meta.url));

/** Every command of the built tree by every name it answers to (aliases too), and whether it has commands. */
function commandPaths(command: Command, prefix: string[] = []): { words: string[]; group: boolean }[] {
  return command.commands.flatMap((sub) =>
    [sub.name(), ...sub.aliases()].flatMap((name, index) => {
      const words = [...prefix, name];
      return [{ words, group: sub.commands.length > 0 }, ...(index === 0 ? commandPaths(sub, words) : [])];
    }),
  );
}

const tree = cli.buildProgram(fakeIO(), () => async () => undefined);
const paths = commandPaths(tree);
/** `ws emulator` starts the emulator (its default command): not help. */
const bareHelp = (words: string[]) => paths.some((p) => p.group && p.words.join(' ') === words.join(' ')) && words[0] !== 'emulator';
const helpTopics = ['environment', 'exit-codes', 'formatting'];

/** Every way of asking for help: flags after each command, `help <words>`, a group alone, topics. */
const spellings: string[][] = [
  [],
  ['--help'],
  ['-h'],
  ['help'],
  ...helpTopics.map((topic) => ['help', topic]),
  ...paths.flatMap(({ words }) => [
    [...words, '--help'],
    [...words, '-h'],
    ['help', ...words],
  ]),
  ...paths.filter(({ words }) => bareHelp(words)).map(({ words }) => words),
];

describe('the help manifest answers as the whole of ws does', () => {
  it('covers the tree: groups, verbs and aliases', () => {
    expect(paths.map((p) => p.words.join(' '))).toEqual(expect.arrayContaining(['queries', 'queries list', 'automations run', 'emulator exec', 'config set']));
    expect(spellings.length).toBeGreaterThan(150);
  });

  const widths = [undefined, 0, 1, 20, 40, 79, 80, 81, 120, 300];
  it.each(widths.map((width) => [width ?? 'no terminal', width]))('every spelling of help, at width %s', async (_name, width) => {
    for (const argv of spellings) {
      // the width comes from the IO ws is given: a terminal of `width` columns, or none
      const io = fakeIO(width === undefined ? {} : { tty: true, columns: width });
      const code = await cli.run(argv, io);
      const answer = fast.helpAnswer(argv, manifest);
      expect(answer, `ws ${argv.join(' ')}`).toBeDefined();
      const text = answer!.text(width ?? 80);
      expect(code, `ws ${argv.join(' ')}`).toBe(0);
      expect([text, ''], `ws ${argv.join(' ')}`).toEqual([io.out(), io.err()]); // all help on stdout, bare groups' too
    }
  });

  it.each(widths.map((width) => [width ?? 'no terminal (80)', width ?? 80]))(
    "the shared renderer lays out every command as commander's own formatHelp where that fits the width, and wraps where commander would not, at width %s",
    (_name, width) => {
      const commands = [
        tree,
        ...paths.map((p) => p.words.reduce((at, word) => at.commands.find((c) => c.name() === word || c.aliases().includes(word))!, tree)),
      ];
      const words = (text: string) => text.split(/\s+/).join(' ');
      // a term alone on its line (`  -o, --output <format>`) or one word is not broken; any other line fits
      const fits = (text: string) =>
        text.split('\n').every((line) => line.length <= width || (/^ {2}\S/.test(line) && !/\S {2,}\S/.test(line)) || !/\S\s+\S/.test(line.trim()));
      let wrappedByUs = 0;
      for (const command of commands) {
        const helper = command.createHelp();
        helper.prepareContext({ helpWidth: width });
        const ours = helper.formatHelp(command, helper);
        const commanders = Help.prototype.formatHelp.call(helper, command, helper);
        if (width >= 16) expect(fits(ours), `${command.name()} at ${width}:\n${ours}`).toBe(true);
        if (ours === commanders) continue;
        // only where commander's own lines overflow (it does not wrap a column under 40), and with the same words
        expect(fits(commanders), command.name()).toBe(false);
        expect(words(ours), command.name()).toBe(words(commanders));
        wrappedByUs++;
      }
      if (width >= 16 && width <= 40) expect(wrappedByUs).toBeGreaterThan(0);
    },
  );

  it('the width matters: the same help differs at 40, 120 and 0 columns', () => {
    const root = fast.helpAnswer(['--help'], manifest)!;
    const texts = new Set([0, 40, 120].map((width) => root.text(width)));
    expect(texts.size).toBe(3);
    expect(root.text(1)).toBe(root.text(0)); // narrower than 16 columns (0: unknown): nothing is wrapped
  });

  it.each([
    [['nope']],
    [['queries', 'nope', '--help']],
    [['help', 'nope']],
    [['help', 'help']],
    [['queries', 'help']],
    [['emulator']],
    [['queries', 'list']],
    [['queries', '--help', '--profile', 'x']],
    [['--profile', 'x', 'queries', '--help']],
    [['queries', 'list', '--json', '--help']],
    [['--help', 'queries']],
    [['help', 'queries', '--help']],
    [['help', 'constructor']],
    [['', '--help']],
  ])('answers nothing for `ws %j`', (argv) => {
    expect(fast.helpAnswer(argv, manifest)).toBeUndefined();
  });
});

const probeFile = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ws-help-probe-')), 'loaded.json');
const made: string[] = [];
afterAll(() => {
  for (const file of made) fs.rmSync(path.dirname(file), { recursive: true, force: true });
});

/** bin/ws.js as a user runs it, and which bundles it loaded; `full`: with dist/help.cjs answering nothing. */
async function wsProbed(argv: string[], full = false) {
  const file = probeFile();
  made.push(file);
  const result = await ws(argv, { NODE_OPTIONS: `--require ${probe}`, WS_TEST_PROBE: file, ...(full ? { WS_TEST_FULL_HELP: '1' } : {}) });
  return { ...result, loaded: JSON.parse(fs.readFileSync(file, 'utf8')) as { cli: boolean; help: boolean } };
}

describe('bin/ws.js', () => {
  it.each([
    [[]],
    [['--help']],
    [['-h']],
    [['help']],
    [['help', 'environment']],
    [['queries']],
    [['queries', '--help']],
    [['queries', 'list', '-h']],
    [['automations', 'run', '--help']],
    [['help', 'queries', 'list']],
    [['help', 'automations', 'run']],
  ])('answers `ws %j` without loading dist/cli.cjs, as the whole of ws would', async (argv) => {
    const [served, full] = await Promise.all([wsProbed(argv), wsProbed(argv, true)]);
    expect(served.loaded).toEqual({ cli: false, help: true });
    expect(full.loaded.cli).toBe(true);
    expect(served.stdout + served.stderr).toMatch(/^(Usage: ws|Environment variables)/);
    expect({ stdout: served.stdout, stderr: served.stderr, exitCode: served.exitCode }).toEqual({
      stdout: full.stdout,
      stderr: full.stderr,
      exitCode: full.exitCode,
    });
  });

  it.each([
    [['nope'], 2],
    [['help', 'nope'], 2],
    [['queries', 'nope', '--help'], 0], // commander shows the help of queries
    [['queries', '--help', '--profile', 'x'], 0],
    [['--profile', 'x', 'queries', '--help'], 0],
    [['--no-color', '--help'], 0],
  ])('leaves `ws %j` to the whole of ws: same output, exit %i', async (argv, exitCode) => {
    const [served, full] = await Promise.all([wsProbed(argv), wsProbed(argv, true)]);
    expect(served.loaded.cli).toBe(true);
    expect(served.exitCode).toBe(exitCode);
    expect({ stdout: served.stdout, stderr: served.stderr, exitCode: served.exitCode }).toEqual({
      stdout: full.stdout,
      stderr: full.stderr,
      exitCode: full.exitCode,
    });
  });

  it.each([
    [[], false],
    [['queries'], false],
    [['runs'], false],
    [['--no-color'], true], // a flag before it: not for dist/help.cjs, commander shows it
    [['--quiet', 'queries'], true],
  ])('`ws %j` with no command shows its help on stdout, where `ws | less` reads it, exit 0 (commander: %s)', async (argv, byCommander) => {
    const run = await wsProbed(argv);
    expect(run.loaded.cli).toBe(byCommander);
    expect(run).toMatchObject({ stderr: '', exitCode: 0 });
    expect(run.stdout).toMatch(new RegExp(`${`^Usage: ws ${argv.filter((word) => !word.startsWith('-')).join(' ')}`.trimEnd()} \\[options\\] \\[command\\]\n`));
  });

  it('a command that does not exist is a usage error on stderr, exit 2, stdout empty', async () => {
    const run = await ws(['queries', 'nope']);
    expect(run).toEqual({ stdout: '', stderr: "error: unknown command 'nope'\nhint: run `ws queries --help` for usage\n", exitCode: 2 });
  });

  it('`ws runs list` says where lists of runs are, and so does `ws runs --help`', async () => {
    const where = "a query's runs are listed by `ws queries runs <query>`, an automation's by `ws automations runs <automation>`";
    const [list, ls, other, help] = await Promise.all([ws(['runs', 'list']), ws(['runs', 'ls']), ws(['runs', 'lst']), ws(['runs', '--help'])]);
    expect(list).toEqual({ stdout: '', stderr: `error: unknown command 'list'\nhint: the API has no list of all runs: ${where}\n`, exitCode: 2 });
    expect(ls.stderr).toContain(`the API has no list of all runs: ${where}`);
    expect(other.stderr).toContain('hint: run `ws runs --help` for usage'); // any other unknown word: the usual hint
    expect(help.stdout.replace(/\s+/g, ' ')).toContain(` The API has no list of all runs: ${where}. `); // wrapped to the width
  });

  it.each([[false], [true]])('stops quietly when the reader of stdout is gone before it writes (full path: %s): exit 0, nothing on stderr', async (full) => {
    const child = spawn(process.execPath, [wsBin, '--help'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH, ...(full ? { NODE_OPTIONS: `--require ${probe}`, WS_TEST_FULL_HELP: '1' } : {}) },
    });
    child.stdout.destroy(); // the read end closes long before ws has started
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code, signal] = await new Promise<[number | null, string | null]>((resolve) => child.on('close', (c, s) => resolve([c, s])));
    expect({ code, signal, stderr }).toEqual({ code: 0, signal: null, stderr: '' });
  });

  it.each([['--help > /dev/full'], ['queries > /dev/full']])('`ws %s` fails as the whole of ws fails (same stderr, same exit code)', async (command) => {
    const run = (full: boolean) =>
      execa('sh', ['-c', `"$NODE" "$WS_BIN" ${command}`], {
        env: { PATH: process.env.PATH, NODE: process.execPath, WS_BIN: wsBin, NODE_OPTIONS: `--require ${probe}`, ...(full ? { WS_TEST_FULL_HELP: '1' } : {}) },
        extendEnv: false,
        reject: false,
        timeout: 45_000,
      });
    const [served, full] = await Promise.all([run(false), run(true)]);
    expect(served.exitCode).not.toBe(0);
    expect({ stdout: served.stdout, stderr: served.stderr, exitCode: served.exitCode }).toEqual({
      stdout: full.stdout,
      stderr: full.stderr,
      exitCode: full.exitCode,
    });
  });
});

describe.skipIf(skipWithoutPty)('in a terminal', () => {
  it.each([
    [0, ['--help']],
    [20, ['--help']],
    [120, ['--help']],
    [0, ['queries', 'list', '--help']],
    [20, ['queries', 'list', '--help']],
    [120, ['queries', 'list', '--help']],
    [20, ['queries']],
    [120, ['help', 'automations', 'run']],
    // colour settings change nothing in help (commander has no colours in it), and help is never paged
    [80, ['queries', '--help'], { FORCE_COLOR: '1', PAGER: undefined }],
    [80, ['help', 'formatting'], { NO_COLOR: '1', PAGER: undefined }],
  ] as [number, string[], Record<string, string | undefined>?][])(
    'at %i columns, `ws %j` shows what the whole of ws shows',
    async (columns, argv, extra = {}) => {
      const file = probeFile();
      made.push(file);
      const env = { ...extra, NODE_OPTIONS: `--require ${probe}`, WS_TEST_PROBE: file };
      const served = await wsInPty(argv, { columns, env }).result;
      const loaded = JSON.parse(fs.readFileSync(file, 'utf8'));
      const full = await wsInPty(argv, { columns, env: { ...env, WS_TEST_FULL_HELP: '1' } }).result;
      expect(loaded).toEqual({ cli: false, help: true });
      expect(served.exitCode).toBe(0);
      expect(full.exitCode).toBe(0);
      const screen = lines(screenOf(served.output));
      expect(screen).toMatch(/^(Usage: ws |Formatting\n)/);
      expect(screen).toBe(lines(screenOf(full.output)));
      const widest = Math.max(...screen.split('\n').map((line) => line.length));
      // wrapped to the terminal from 40 columns on; narrower (or 0, unknown) not at all
      if (columns === 120) expect(widest).toBeGreaterThan(80);
      if (columns === 120) expect(widest).toBeLessThanOrEqual(120);
    },
  );
});
