import type { CommandUnknownOpts as Command } from '@commander-js/extra-typings';
import { describe, expect, it } from 'vitest';
import { buildProgram, run } from '../../src/cli.js';
import { fakeIO } from '../helpers/fake-io.js';

/** Every command path of the tree, e.g. ['queries', 'list']. */
function commandPaths(command: Command, prefix: string[] = []): string[][] {
  return command.commands.flatMap((sub) => {
    const path = [...prefix, sub.name()];
    return [path, ...commandPaths(sub, path)];
  });
}

const program = buildProgram(fakeIO(), () => async () => undefined);
const paths = commandPaths(program);

describe('help', () => {
  it('covers the command tree', () => {
    expect(paths.map((p) => p.join(' '))).toEqual(expect.arrayContaining(['queries list', 'queries execute', 'runs wait', 'automations trigger', 'auth status', 'config set', 'emulator exec']));
  });

  it.each(paths.map((p) => [p.join(' '), p]))('`ws %s --help` shows a description, usage and at least one example, exit 0', async (_name, path) => {
    const io = fakeIO();
    const code = await run([...(path as string[]), '--help'], io);
    expect(code).toBe(0);
    expect(io.out()).toMatch(/^Usage: ws /);
    expect(io.out()).toMatch(/\nExamples:\n {2}\$ .*\bws /);
    expect(io.err()).toBe('');
  });

  it('`ws help queries list` shows the help of `queries list`', async () => {
    const io = fakeIO();
    expect(await run(['help', 'queries', 'list'], io)).toBe(0);
    expect(io.out()).toMatch(/^Usage: ws queries list \[options\]/);
    expect(io.out()).toContain('JSON fields (for --json a,b):');
  });

  it('`ws --version` prints the package version', async () => {
    const io = fakeIO();
    expect(await run(['--version'], io)).toBe(0);
    expect(io.out()).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});

describe('help topics', () => {
  it.each([
    ['environment', /^Environment variables\n/, 'WS_API_KEY'],
    ['exit-codes', /^Exit codes\n/, '130  interrupted'],
    ['formatting', /^Formatting\n/, '--jq <expression>'],
  ])('`ws help %s` prints the topic, exit 0', async (topic, heading, line) => {
    const io = fakeIO();
    expect(await run(['help', topic], io)).toBe(0);
    expect(io.out()).toMatch(heading);
    expect(io.out()).toContain(line);
    expect(io.err()).toBe('');
  });

  it('`ws help environment` names every variable the source reads', async () => {
    const { readFileSync, readdirSync } = await import('node:fs');
    const source = (readdirSync(new URL('../../src', import.meta.url), { recursive: true, encoding: 'utf8' }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.startsWith('emulator'))
      .map((file) => readFileSync(new URL(`../../src/${file}`, import.meta.url), 'utf8'))
      .join('\n');
    const read = new Set([...source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)|\benv\[['"]([A-Z][A-Z0-9_]*)['"]\]/g)].map((m) => m[1] ?? m[2]));
    expect(read.size).toBeGreaterThan(5);
    const io = fakeIO();
    await run(['help', 'environment'], io);
    for (const name of read) expect(io.out(), name).toMatch(new RegExp(`^  ${name} `, 'm'));
  });

  it('a help flag before a group prints the root help with every group described, as without the group', async () => {
    const alone = fakeIO();
    expect(await run(['--help'], alone)).toBe(0);
    for (const argv of [['--help', 'queries'], ['-h', 'queries', 'list'], ['--profile', 'x', '--help', 'runs']]) {
      const io = fakeIO();
      expect(await run(argv, io)).toBe(0);
      expect(io.out()).toBe(alone.out());
    }
    // beside its name, or under it where the line would be wider than the terminal
    expect(alone.out()).toMatch(/\n {2}runs(?: +|\n {4})Query runs: status and history/);
  });

  it('root help lists the topics', async () => {
    const io = fakeIO();
    expect(await run(['--help'], io)).toBe(0);
    expect(io.out()).toMatch(/Help topics \(ws help <topic>\):\n {2}environment +the environment variables/);
  });

  it.each([
    [['help', 'formating'], 'no help topic or command "formating"', 'did you mean `ws help formatting`?'],
    [['help', 'quries'], 'no help topic or command "quries"', 'did you mean `ws help queries`?'],
    [['help', 'queries', 'lst'], '`ws queries` has no command "lst"', 'did you mean `ws help queries list`?'],
    [['help', 'xyzzy'], 'no help topic or command "xyzzy"', 'run `ws help` for the commands and topics'],
    // names every object has are no topics either
    [['help', 'constructor'], 'no help topic or command "constructor"', 'run `ws help` for the commands and topics'],
    [['help', 'toString'], 'no help topic or command "toString"', 'run `ws help` for the commands and topics'],
    [['help', '__proto__'], 'no help topic or command "__proto__"', 'run `ws help` for the commands and topics'],
  ])('`ws %j` is a usage error with a suggestion (exit 2), not root help', async (argv, message, hint) => {
    const io = fakeIO();
    expect(await run(argv, io)).toBe(2);
    expect(io.out()).toBe('');
    expect(io.err()).toBe(`error: ${message}\nhint: ${hint}\n`);
  });
});
