/**
 * --help and -h on every command of the tree, help before a group, and --version: what commander prints through ws's
 * help. The `ws help` command itself is tested in test/commands/help/help.test.ts.
 */
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
    expect(paths.map((p) => p.join(' '))).toEqual(
      expect.arrayContaining(['queries list', 'queries execute', 'runs wait', 'automations trigger', 'auth status', 'config set', 'emulator exec']),
    );
  });

  it.each(paths.map((p) => [p.join(' '), p]))('`ws %s --help` shows a description, usage and at least one example, exit 0', async (_name, path) => {
    const io = fakeIO();
    const code = await run([...(path as string[]), '--help'], io);
    expect(code).toBe(0);
    expect(io.out()).toMatch(/^Usage: ws /);
    expect(io.out()).toMatch(/\nExamples:\n {2}\$ .*\bws /);
    expect(io.err()).toBe('');
  });

  it.each([
    [40, 40],
    [120, 120],
  ])('help in a terminal of %i columns is laid out for that terminal, read from the IO ws is given', async (columns, width) => {
    const io = fakeIO({ tty: true, columns });
    expect(await run(['queries', 'execute', '--help'], io)).toBe(0);
    // examples are never wrapped (a command must stay whole to be copied)
    const lines = io
      .out()
      .split('\n')
      .filter((line) => !/^\s*\$ /.test(line));
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(width);
    if (columns > 80) expect(Math.max(...lines.map((line) => line.length))).toBeGreaterThan(80);
  });

  it('`ws --version` prints the package version', async () => {
    const io = fakeIO();
    expect(await run(['--version'], io)).toBe(0);
    expect(io.out()).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it('a help flag before a group prints the root help with every group described, as without the group', async () => {
    const alone = fakeIO();
    expect(await run(['--help'], alone)).toBe(0);
    for (const argv of [
      ['--help', 'queries'],
      ['-h', 'queries', 'list'],
      ['--profile', 'x', '--help', 'runs'],
    ]) {
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
});
