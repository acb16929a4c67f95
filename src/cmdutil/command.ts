import { InvalidArgumentError, type Command } from 'commander';
import type { Context } from '../context.js';
import { usageError } from '../errors.js';

/**
 * The signature of every verb module: `export async function run(ctx, args, opts)`. A verb may return an
 * exit code (as `emulator exec` returns its command's); errors are thrown as WsError.
 */
export type Verb<O> = (ctx: Context, args: string[], opts: O) => Promise<void | number>;

/** Made by cli.ts: runs a verb with a Context for the command that commander parsed. */
export type Runner = <O>(load: () => Promise<{ run: Verb<O> }>) => (...args: unknown[]) => Promise<void>;

/** The command lines of each command's "Examples:", for the manual (src/help/manual.ts). */
export const examplesOf = new WeakMap<Command, readonly string[]>();

/** The sections of help text that the manual lays out itself (examples, JSON fields), to take them out of its notes. */
export const manualSectionsOf = new WeakMap<Command, readonly string[]>();

function addSection(command: Command, text: string): Command {
  manualSectionsOf.set(command, [...(manualSectionsOf.get(command) ?? []), text]);
  return command.addHelpText('after', text);
}

/** Adds an "Examples:" section; every command's help shows at least one. */
export function examples(command: Command, ...lines: string[]): Command {
  examplesOf.set(command, [...(examplesOf.get(command) ?? []), ...lines]);
  return addSection(command, `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}`);
}

/** The command a group runs when given none (`ws emulator` is `ws emulator start`); commander keeps it private. */
export const defaultCommandOf = new WeakMap<Command, Command>();

/** Declares the group's default command: the help made without commander (src/help/manifest.ts) reads it. */
export function defaultCommand(group: Command, name: string): Command {
  const command = group.command(name, { isDefault: true });
  defaultCommandOf.set(group, command);
  return command;
}

/** A group's hint for a command it lacks (`ws runs list`), given the word typed; cli.ts reads it. */
export const unknownCommandHints = new WeakMap<Command, (word: string) => string | undefined>();

/** The fields each command's `--json a,b` may pick, for completion. */
export const jsonFieldsOf = new WeakMap<Command, readonly string[]>();

/** Lists the fields `--json a,b` may pick, as `gh` does under "JSON FIELDS". */
export function jsonFields(command: Command, fields: readonly string[]): Command {
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

export function oneOf<T extends string>(values: readonly T[]): (value: string) => T {
  return (value) => {
    if (!(values as readonly string[]).includes(value)) throw new InvalidArgumentError(`must be one of ${values.join(', ')}.`);
    return value as T;
  };
}

/**
 * What a list cut short says to get the rest: a step the person has not just taken. Without --limit, "--limit n
 * or --all"; after `--limit 3`, the next page by --offset, or --all.
 */
export function moreHint(page: { limit: number | undefined; offset: number }): (remaining: number) => string {
  return (remaining) => (page.limit === undefined ? 'use --limit n or --all for more' : `the next ${Math.min(page.limit, remaining)}: --offset ${page.offset + page.limit}; every one: --all`);
}

/** `--limit`, `--offset` and `--all` of a list command, checked: --all and --limit exclude each other. */
export function pageRequest(opts: { limit?: number; offset?: number; all?: boolean }): { limit: number | undefined; offset: number; all: boolean } {
  if (opts.all && opts.limit !== undefined) throw usageError('--all and --limit cannot be used together');
  return { limit: opts.limit, offset: opts.offset ?? 0, all: Boolean(opts.all) };
}

/** `--x`, `--y` and `--series` for the commands that print a query result, which `-o chart` draws. */
export function chartOptions(command: Command): Command {
  return command
    .option('--x <column>', 'with -o chart: the x axis (default: the first date or time column, else the first text column, else the row number)')
    .option('--y <columns>', 'with -o chart: the series, comma-separated (default: the numeric columns; 3 at most are drawn)')
    .option('--series <column>', 'with -o chart: one line (or bar) per value of this column, of one --y column (default: a text column beside x and y when the x values repeat)');
}

/** `--x`/`--y`/`--series` checked: names given, and only with `-o chart` (they would do nothing else). */
export function chartChoice(opts: { x?: string; y?: string; series?: string }, format: string): { x?: string; y?: string[]; series?: string } {
  const given = (['x', 'y', 'series'] as const).find((flag) => opts[flag] !== undefined);
  if (given && format !== 'chart') throw usageError(`--${given} chooses a chart's columns: add -o chart`);
  const y = opts.y?.split(',').map((name) => name.trim()).filter(Boolean);
  if (opts.y !== undefined && !y?.length) throw usageError('--y needs a comma-separated list of columns');
  if (opts.series !== undefined && !opts.series.trim()) throw usageError('--series needs a column');
  return { ...(opts.x !== undefined ? { x: opts.x } : {}), ...(y ? { y } : {}), ...(opts.series !== undefined ? { series: opts.series } : {}) };
}
