import type { Command } from 'commander';
import { jsonFieldsOf } from '../commands/shared.js';

export interface OptionSpec {
  names: string[];
  takesValue: boolean;
  choices: string[];
  description: string;
}

export interface CommandSpec {
  path: string[];
  description: string;
  subcommands: CommandSpec[];
  options: OptionSpec[];
  jsonFields: readonly string[];
}

function options(command: Command): OptionSpec[] {
  return command.options
    .filter((option) => !option.hidden)
    .map((option) => ({
      names: [option.long, option.short].filter((name): name is string => Boolean(name)),
      takesValue: option.required || option.optional,
      choices: option.argChoices ?? [],
      description: option.description,
    }));
}

/** The command tree as completion scripts need it: commands, their options and choices, their --json fields. */
export function commandTree(program: Command): { root: CommandSpec; globalOptions: OptionSpec[] } {
  const walk = (command: Command, path: string[]): CommandSpec => ({
    path,
    description: command.description(),
    subcommands: command.commands.map((sub) => walk(sub, [...path, sub.name()])),
    options: path.length === 0 ? [] : [...options(command), { names: ['--help', '-h'], takesValue: false, choices: [], description: 'show help for a command' }],
    jsonFields: jsonFieldsOf.get(command) ?? [],
  });
  const root = walk(program, []);
  root.subcommands.push({ path: ['help'], description: 'show help for a command', subcommands: [], options: [], jsonFields: [] });
  return { root, globalOptions: options(program).filter((option) => !option.names.includes('--version')).concat([{ names: ['--help', '-h'], takesValue: false, choices: [], description: 'show help' }]) };
}

export function flatten(spec: CommandSpec): CommandSpec[] {
  return [spec, ...spec.subcommands.flatMap(flatten)];
}
