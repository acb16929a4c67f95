import type { CommandUnknownOpts as Command, Option } from '@commander-js/extra-typings';
import { jsonFieldsOf } from '../cmdutil/command.js';

/** What the value of an option or argument completes to: fixed words, file (and folder) names, folder names, names from the API (`ws __complete`), nothing. */
export type ValueKind = 'words' | 'files' | 'dirs' | 'dynamic' | 'none';

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
/**
 * Options whose values `ws __complete` knows: profile names from the config file (any command), the parameter
 * names of the query being executed (`--param` of `queries execute`, not of create, where it declares one).
 */
const dynamicOptions = new Set(['--profile', 'queries execute --param']);
/** Arguments that name files or folders (`queries apply <file|dir...>`), and those that name a folder. */
const fileArguments = new Set(['file', 'file|dir']);
const dirArguments = new Set(['dir']);
/** Placeholders of options that take a file or folder name. */
const filePlaceholders = /<(path|file|dir|file\|-)>$/;

function optionValue(option: Option, path: string[]): ValueKind {
  if (!(option.required || option.optional)) return 'none';
  if (option.argChoices?.length) return 'words';
  if (option.long && (dynamicOptions.has(option.long) || dynamicOptions.has(`${path.join(' ')} ${option.long}`))) return 'dynamic';
  return filePlaceholders.test(option.flags) ? 'files' : 'none';
}

function options(command: Command, path: string[] = []): OptionSpec[] {
  return command.options
    .filter((option) => !option.hidden)
    .map((option) => ({
      names: [option.long, option.short].filter((name): name is string => Boolean(name)),
      takesValue: option.required || option.optional,
      choices: option.argChoices ?? [],
      description: option.description,
      value: optionValue(option, path),
    }));
}

function argumentValue(choices: string[] | undefined, name: string): ValueKind {
  if (choices?.length) return 'words';
  if (dynamicArguments.has(name)) return 'dynamic';
  return fileArguments.has(name) ? 'files' : dirArguments.has(name) ? 'dirs' : 'none';
}

function commandArguments(command: Command): ArgumentSpec[] {
  return command.registeredArguments.map((argument) => ({
    name: argument.name(),
    choices: argument.argChoices ?? [],
    variadic: argument.variadic,
    value: argumentValue(argument.argChoices, argument.name()),
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
    options: path.length === 0 ? [] : [...options(command, path), helpOption],
    arguments: path.length === 0 ? [] : commandArguments(command),
    jsonFields: jsonFieldsOf.get(command) ?? [],
  });
  const root = walk(program, []);
  root.subcommands.push({
    path: ['help'],
    aliases: [],
    description: 'show help for a command or a topic',
    subcommands: [],
    options: [],
    arguments: [],
    jsonFields: [],
  });
  const globalOptions = options(program)
    .filter((option) => !option.names.includes('--version'))
    .concat([{ ...helpOption, description: 'show help' }]);
  return { root, globalOptions, helpTopics };
}

export function flatten(spec: CommandSpec): CommandSpec[] {
  return [spec, ...spec.subcommands.flatMap(flatten)];
}
