/**
 * A command line builds only the command groups it names (start-up time): what it prints must be what the
 * whole tree would print.
 */
import type { CommandUnknownOpts as Command } from '@commander-js/extra-typings';
import { describe, expect, it } from 'vitest';
import { buildProgram, run } from '../../src/cli.js';
import { fakeIO } from '../helpers/fake-io.js';

const noRunner = () => async () => undefined;
const whole = buildProgram(fakeIO(), noRunner);

function find(program: Command, path: string[]): Command {
  return path.reduce((at, name) => at.commands.find((sub) => sub.name() === name)!, program);
}

describe('building only the groups a command line names', () => {
  it('builds the named group whole and keeps the names of the others, in order', () => {
    const program = buildProgram(fakeIO(), noRunner, ['queries', 'list', '--limit', '5']);
    expect(program.commands.map((c) => c.name())).toEqual(whole.commands.map((c) => c.name()));
    expect(find(program, ['queries']).commands.map((c) => c.name())).toEqual(find(whole, ['queries']).commands.map((c) => c.name()));
    for (const group of program.commands.filter((c) => !['queries', 'help'].includes(c.name()))) expect(group.commands).toEqual([]);
  });

  it.each([[], ['queries'], ['queries', 'list'], ['automations', 'trigger'], ['config', 'set'], ['emulator', 'exec']])(
    '`ws %s --help` prints what the whole tree prints',
    async (...path) => {
      const lazy = fakeIO();
      expect(await run([...path, '--help'], lazy)).toBe(0);
      const io = fakeIO();
      find(buildProgram(io, noRunner), path).outputHelp();
      expect(lazy.out()).toBe(io.out());
      expect(lazy.out()).toMatch(/^Usage: ws /);
    },
  );

  it('suggests a group for a typo, and a command of a named group', async () => {
    const group = fakeIO();
    expect(await run(['quries', 'list'], group)).toBe(2);
    expect(group.err()).toContain('(Did you mean queries?)');
    const verb = fakeIO();
    expect(await run(['queries', 'lst'], verb)).toBe(2);
    expect(verb.err()).toContain('(Did you mean list?)');
  });

  it('`ws --version` and `ws -V` print the version alone, as commander does', async () => {
    const io = fakeIO();
    expect(() => buildProgram(io, noRunner).parse(['--version'], { from: 'user' })).toThrow();
    expect(io.out()).toMatch(/^\d+\.\d+\.\d+\n$/);
    for (const flag of ['--version', '-V']) {
      const fast = fakeIO();
      expect(await run([flag], fast)).toBe(0);
      expect(fast.out()).toBe(io.out());
    }
  });
});
