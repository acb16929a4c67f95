import { InvalidArgumentError, type Command, type CommandUnknownOpts, type OptionValues } from '@commander-js/extra-typings';
import type { GlobalOptions } from '../config/settings.js';
import type { Context } from '../context.js';
import { usageError } from '../errors.js';

/** The root command as the groups see it: its options are ws's global ones, which every command's context reads. */
export type Program = Command<[], Globals>;

/** GlobalOptions as commander's option values (a type, not an interface, so that it is a record of them). */
type Globals = Pick<GlobalOptions, keyof GlobalOptions>;

/**
 * What a command's declaration gives its verb, typed from the declaration itself (`@commander-js/extra-typings`):
 * `args` as commander's processedArgs (`<query>` a string, `[dir]` string | undefined, `<file...>` string[]),
 * `opts` as its opts() (a custom parser's type, `--no-x` a boolean, choices a union, a default or a required
 * option never undefined). A verb takes `Declared<…>['opts']`, so a flag renamed, removed or retyped in the
 * declaration breaks the verb's build, not its run.
 */
export interface Declared<C> {
  args: C extends Command<infer Args, OptionValues, OptionValues> ? Args : never;
  opts: C extends Command<unknown[], infer Opts, OptionValues> ? Opts : never;
}

/** The declared commands of a group, by the name its verbs use. */
export type DeclaredAll<Commands> = { [Name in keyof Commands]: Declared<Commands[Name]> };

/**
 * The signature of every verb module: `export async function run(ctx, args, opts)`. A verb may return an
 * exit code (as `emulator exec` returns its command's); errors are thrown as WsError.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a verb returns nothing (void) or an exit code
export type Verb<Args extends unknown[], Opts> = (ctx: Context, args: Args, opts: Opts) => Promise<void | number>;

/**
 * Made by cli.ts: makes `command` run the verb that `load` imports (lazily, so that --help and --version load no
 * verb), with a Context. The verb takes exactly what the declaration gives (or fewer parameters): a type of its
 * own that merely accepts it could still drift, as `{ wait?: boolean }` accepts a `--wait` renamed `--await`.
 */
export type Runner = <Args extends unknown[], Opts extends OptionValues, Run extends Verb<Args, Opts>>(
  command: Command<Args, Opts, Globals>,
  load: () => Promise<{ run: Run & Exactly<Run, Args, Opts> }>,
) => void;

/** Whether two types are the same type, not merely assignable to each other. */
export type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** `unknown` when each parameter the verb takes after ctx is the declaration's own type, else a type that says so in the error. */
type Exactly<Run, Args, Opts> = Run extends (ctx: Context, ...rest: infer Rest) => unknown
  ? Rest extends [] | [unknown] | [unknown, unknown]
    ? (Rest extends [infer A, ...unknown[]] ? Same<A, Args> : true) extends true
      ? (Rest extends [unknown, infer O] ? Same<O, Opts> : true) extends true
        ? unknown
        : NotDeclared
      : NotDeclared
    : NotDeclared
  : NotDeclared;
type NotDeclared = "the verb's args and opts must be typed <Group>['<command>']['args' | 'opts'], from its group's declaration.ts";

/** The command lines of each command's "Examples:", for the manual (src/help/manual.ts). */
export const examplesOf = new WeakMap<CommandUnknownOpts, readonly string[]>();

/** The sections of help text that the manual lays out itself (examples, JSON fields), to take them out of its notes. */
export const manualSectionsOf = new WeakMap<CommandUnknownOpts, readonly string[]>();

function addSection<C extends CommandUnknownOpts>(command: C, text: string): C {
  manualSectionsOf.set(command, [...(manualSectionsOf.get(command) ?? []), text]);
  return command.addHelpText('after', text);
}

/** Adds an "Examples:" section; every command's help shows at least one. */
export function examples<C extends CommandUnknownOpts>(command: C, ...lines: string[]): C {
  examplesOf.set(command, [...(examplesOf.get(command) ?? []), ...lines]);
  return addSection(command, `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}`);
}

/** The command a group runs when given none (`ws emulator` is `ws emulator start`); commander keeps it private. */
export const defaultCommandOf = new WeakMap<CommandUnknownOpts, CommandUnknownOpts>();

/** Declares the group's default command: the help made without commander (src/help/manifest.ts) reads it. */
export function defaultCommand<Opts extends OptionValues, Globals extends OptionValues, const Name extends string>(
  group: Command<[], Opts, Globals>,
  name: Name,
) {
  const command = group.command(name, { isDefault: true });
  defaultCommandOf.set(group, command);
  return command;
}

/** A group's hint for a command it lacks (`ws runs list`), given the word typed; cli.ts reads it. */
export const unknownCommandHints = new WeakMap<CommandUnknownOpts, (word: string) => string | undefined>();

/** The fields each command's `--json a,b` may pick, for completion. */
export const jsonFieldsOf = new WeakMap<CommandUnknownOpts, readonly string[]>();

/** Lists the fields `--json a,b` may pick, as `gh` does under "JSON FIELDS". */
export function jsonFields<C extends CommandUnknownOpts>(command: C, fields: readonly string[]): C {
  jsonFieldsOf.set(command, fields);
  const lines: string[] = [];
  let line = ' ';
  for (const field of fields) {
    if (line.length + field.length > 78) {
      lines.push(line.trimEnd());
      line = ' ';
    }
    line += ` ${field}${field === fields.at(-1) ? '' : ','}`;
  }
  lines.push(line.trimEnd());
  return addSection(command, `\nJSON fields (for --json a,b):\n${lines.join('\n')}`);
}

export function positiveInt(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    throw new InvalidArgumentError('must be a whole number of at least 1.');
  }
  return Number(value);
}

export function nonNegativeInt(value: string): number {
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) throw new InvalidArgumentError('must be a whole number of at least 0.');
  return Number(value);
}

/**
 * What a list cut short says to get the rest: a step the person has not just taken. Without --limit, "--limit n
 * or --all"; after `--limit 3`, the next page by --offset, or --all.
 */
export function moreHint(page: { limit: number | undefined; offset: number }): (remaining: number) => string {
  return (remaining) =>
    page.limit === undefined
      ? 'use --limit n or --all for more'
      : `the next ${Math.min(page.limit, remaining)}: --offset ${page.offset + page.limit}; every one: --all`;
}

/** `--limit`, `--offset` and `--all` of a list command, checked: --all and --limit exclude each other. */
export function pageRequest(opts: { limit?: number; offset?: number; all?: boolean }): { limit: number | undefined; offset: number; all: boolean } {
  if (opts.all && opts.limit !== undefined) throw usageError('--all and --limit cannot be used together');
  return { limit: opts.limit, offset: opts.offset ?? 0, all: Boolean(opts.all) };
}

/** `--x`, `--y` and `--series` for the commands that print a query result, which `-o chart` draws. */
export function chartOptions<Args extends unknown[], Opts extends OptionValues, Globals extends OptionValues>(command: Command<Args, Opts, Globals>) {
  return command
    .option('--x <column>', 'with -o chart: the x axis (default: the first date or time column, else the first text column, else the row number)')
    .option('--y <columns>', 'with -o chart: the series, comma-separated (default: the numeric columns; 3 at most are drawn)')
    .option(
      '--series <column>',
      'with -o chart: one line (or bar) per value of this column, of one --y column (default: a text column beside x and y when the x values repeat)',
    );
}

/** `--out <file>`: the rows to a file, which appears under its name only when whole (src/output/out-file.ts). */
export function outOption<Args extends unknown[], Opts extends OptionValues, Globals extends OptionValues>(command: Command<Args, Opts, Globals>) {
  return command.option(
    '--out <file>',
    "write the rows to this file, whole or not at all (written beside it, renamed when complete); the format is its extension's (.csv .tsv .json .ndjson .parquet .arrow) unless -o names one",
  );
}

/** `--x`/`--y`/`--series` checked: names given, and only with `-o chart` (they would do nothing else). */
export function chartChoice(opts: { x?: string; y?: string; series?: string }, format: string): { x?: string; y?: string[]; series?: string } {
  const given = (['x', 'y', 'series'] as const).find((flag) => opts[flag] !== undefined);
  if (given && format !== 'chart') throw usageError(`--${given} chooses a chart's columns: add -o chart`);
  const y = opts.y
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (opts.y !== undefined && !y?.length) throw usageError('--y needs a comma-separated list of columns');
  if (opts.series !== undefined && !opts.series.trim()) throw usageError('--series needs a column');
  return { ...(opts.x !== undefined ? { x: opts.x } : {}), ...(y ? { y } : {}), ...(opts.series !== undefined ? { series: opts.series } : {}) };
}

/** The words that name a command, without `ws`: `['queries', 'execute']`. */
export function commandWords(command: CommandUnknownOpts): string[] {
  const words: string[] = [];
  for (let at: CommandUnknownOpts | null = command; at?.parent; at = at.parent) words.unshift(at.name());
  return words;
}

/**
 * The command's own options as a command line gives them, from `values` (its opts, perhaps with answers added): those
 * given on the command line, and those no flag gave that now hold a value (an answer); defaults stay out.
 */
export function optionWords(command: CommandUnknownOpts, values: Record<string, unknown>): string[] {
  const words: string[] = [];
  for (const option of command.options) {
    const key = option.attributeName();
    const source = command.getOptionValueSource(key);
    const value = values[key];
    if (!(source === 'cli' || (source === undefined && value !== undefined))) continue;
    const flag = option.long ?? option.short!;
    if (option.negate) {
      if (value === false) words.push(flag);
    } else if (value === true) words.push(flag);
    else if (Array.isArray(value)) words.push(...value.flatMap((item) => [flag, String(item)]));
    else if (value !== undefined && value !== false) words.push(flag, String(value));
  }
  return words;
}
