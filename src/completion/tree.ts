import type { Command, Option } from 'commander';
import { jsonFieldsOf } from '../commands/shared.js';

/** What the value of an option or argument completes to: fixed words, file names, names from the API (`ws __complete`), nothing. */
export type ValueKind = 'words' | 'files' | 'dynamic' | 'none';

export interface OptionSpec {
  names: string[];
  takesValue: boolean;
  choices: string[];
  description: string;
  value: ValueKind;
}

export interface ArgumentSpec {
  name: string;
  choices: string[];
  variadic: boolean;
  value: ValueKind;
}

export interface CommandSpec {
  path: string[];
  /** Other names the command answers to (a former name kept working), recognised but not offered. */
  aliases: string[];
  description: string;
  subcommands: CommandSpec[];
  options: OptionSpec[];
  arguments: ArgumentSpec[];
  jsonFields: readonly string[];
}

export interface Tree {
  root: CommandSpec;
  globalOptions: OptionSpec[];
  /** `ws help <topic>`: completed after `help` with the top-level commands. */
  helpTopics: string[];
}

/** Arguments whose values `ws __complete` finds through the API. */
const dynamicArguments = new Set(['query', 'automation', 'runId']);
/** Options whose values `ws __complete` knows (profile names from the config file). */
const dynamicOptions = new Set(['--profile']);
/** Placeholders of options that take a file or folder name. */
const filePlaceholders = /<(path|file|dir|file\|-)>$/;

function optionValue(option: Option): ValueKind {
  if (!(option.required || option.optional)) return 'none';
  if (option.argChoices?.length) return 'words';
  if (option.long && dynamicOptions.has(option.long)) return 'dynamic';
  return filePlaceholders.test(option.flags) ? 'files' : 'none';
}

function options(command: Command): OptionSpec[] {
  return command.options
    .filter((option) => !option.hidden)
    .map((option) => ({
      names: [option.long, option.short].filter((name): name is string => Boolean(name)),
      takesValue: option.required || option.optional,
      choices: option.argChoices ?? [],
      description: option.description,
      value: optionValue(option),
    }));
}

function commandArguments(command: Command): ArgumentSpec[] {
  return command.registeredArguments.map((argument) => ({
    name: argument.name(),
    choices: argument.argChoices ?? [],
    variadic: argument.variadic,
    value: argument.argChoices?.length ? 'words' : dynamicArguments.has(argument.name()) ? 'dynamic' : argument.name() === 'file' ? 'files' : 'none',
  }));
}

const helpOption: OptionSpec = { names: ['--help', '-h'], takesValue: false, choices: [], description: 'show help for a command', value: 'none' };

/** The command tree as completion scripts need it: commands, their options, arguments and choices, their --json fields. */
export function commandTree(program: Command, helpTopics: string[] = []): Tree {
  const walk = (command: Command, path: string[]): CommandSpec => ({
    path,
    aliases: command.aliases(),
    description: command.description(),
    subcommands: command.commands.map((sub) => walk(sub, [...path, sub.name()])),
    options: path.length === 0 ? [] : [...options(command), helpOption],
    arguments: path.length === 0 ? [] : commandArguments(command),
    jsonFields: jsonFieldsOf.get(command) ?? [],
  });
  const root = walk(program, []);
  root.subcommands.push({ path: ['help'], aliases: [], description: 'show help for a command or a topic', subcommands: [], options: [], arguments: [], jsonFields: [] });
  const globalOptions = options(program)
    .filter((option) => !option.names.includes('--version'))
    .concat([{ ...helpOption, description: 'show help' }]);
  return { root, globalOptions, helpTopics };
}

export function flatten(spec: CommandSpec): CommandSpec[] {
  return [spec, ...spec.subcommands.flatMap(flatten)];
}
