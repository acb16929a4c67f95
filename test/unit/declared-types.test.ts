/**
 * A verb's args and opts are typed from its command's declaration (src/commands/<group>/declaration.ts):
 * the types below are checked by `npm run typecheck`, and the values commander hands over at run time are checked
 * against them here.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import type { Runner } from '../../src/cmdutil/command.js';
import type { Queries } from '../../src/commands/queries/declaration.js';
import type { Emulator } from '../../src/commands/emulator/declaration.js';
import { fakeIO } from '../helpers/fake-io.js';

/** Parses a command line and returns what the runner would hand its verb. */
async function handed(argv: string[]): Promise<{ args: unknown[]; opts: Record<string, unknown> }> {
  let got: { args: unknown[]; opts: Record<string, unknown> } | undefined;
  const runner: Runner = (command) => {
    command.action(() => {
      got = { args: command.processedArgs, opts: command.opts() };
    });
  };
  await buildProgram(fakeIO(), runner, argv).parseAsync(argv, { from: 'user' });
  return got!;
}

describe('flags typed from their declaration', () => {
  it('a parser gives its type, --no-x a boolean, a default a value never undefined, choices a union', async () => {
    expectTypeOf<Queries['execute']['opts']['limit']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Queries['execute']['opts']['data']>().toEqualTypeOf<boolean>();
    expectTypeOf<Queries['execute']['opts']['timeout']>().toEqualTypeOf<string>();
    expectTypeOf<Queries['execute']['opts']['param']>().toEqualTypeOf<string[] | undefined>();
    expectTypeOf<Queries['list']['opts']['sort']>().toEqualTypeOf<'updated' | 'created' | 'name' | undefined>();
    expectTypeOf<Emulator['start']['opts']['seed']>().toEqualTypeOf<'demo' | 'none'>();
    const { args, opts } = await handed(['queries', 'execute', 'daily_revenue', '--limit', '3', '--no-data', '--param', 'a=1', '--param', 'b=2']);
    expect(args).toEqual(['daily_revenue']);
    expect(opts).toEqual({ limit: 3, data: false, timeout: '30m', param: ['a=1', 'b=2'] });
    expect((await handed(['queries', 'list', '--sort', 'name'])).opts).toEqual({ sort: 'name', runs: true });
  });

  it('arguments as commander gives them: an optional one may be undefined, a variadic one is an array of its own', async () => {
    expectTypeOf<Queries['get']['args']>().toEqualTypeOf<[string | undefined]>(); // left out at a terminal, it is picked
    expectTypeOf<Queries['pull']['args']>().toEqualTypeOf<[string | undefined, string[]]>();
    expectTypeOf<Emulator['exec']['args']>().toEqualTypeOf<[string[]]>();
    expect((await handed(['queries', 'pull', 'queries/', 'a', 'b'])).args).toEqual(['queries/', ['a', 'b']]);
    expect((await handed(['queries', 'pull'])).args).toEqual([undefined, []]);
    expect((await handed(['emulator', 'exec', '--', 'sh', '-c', 'true'])).args).toEqual([['sh', '-c', 'true']]);
  });
});
