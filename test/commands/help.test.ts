import type { Command } from 'commander';
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
