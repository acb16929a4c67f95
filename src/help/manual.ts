import type { CommandUnknownOpts as Command } from '@commander-js/extra-typings';
import { examplesOf, jsonFieldsOf, manualSectionsOf } from '../cmdutil/command.js';
import { helpTexts, subcommands } from './manifest.js';

/**
 * The command reference as data, one page per command of the tree the help shows (hidden commands and commander's
 * own help command left out), made with commander's public Help methods; `npm run docs` (scripts/docs.mjs) writes
 * it out as markdown and man pages.
 */
export interface ManualPage {
  /** The words from the root: ['ws', 'queries', 'execute']. */
  path: string[];
  aliases: string[];
  /** `ws queries execute [options] <query>` */
  usage: string;
  /** The first line of the description, as a group's help lists the command. */
  summary: string;
  description: string;
  arguments: ManualItem[];
  options: ManualItem[];
  /** The options of the commands above it, which it takes too. */
  inheritedOptions: ManualItem[];
  commands: { path: string[]; summary: string }[];
  /** Command lines, without the prompt. */
  examples: string[];
  /** What `--json a,b` may pick. */
  jsonFields: string[];
  /** The rest of the help's text (examples and JSON fields taken out): notes, exit codes, set-up. */
  notes: string;
  /** `ws help <topic>`: on the root's page only, as a man page has its ENVIRONMENT and EXIT STATUS. */
  topics: ManualTopic[];
}

export interface ManualTopic {
  name: string;
  /** The topic's first line: `Environment variables`. */
  title: string;
  /** The rest, as `ws help <topic>` prints it. */
  text: string;
}

export interface ManualItem {
  term: string;
  description: string;
}

export function manualOf(program: Command, topics: Record<string, { text: string }>): ManualPage[] {
  const pages: ManualPage[] = [];
  const visit = (command: Command, path: string[]) => {
    const helper = command.createHelp();
    helper.showGlobalOptions = true; // the page of a group lists what it inherits too
    const item = (term: string, description: string): ManualItem => ({ term, description });
    const children = subcommands(command, helper);
    pages.push({
      path,
      aliases: command.aliases(),
      usage: helper.commandUsage(command),
      summary: helper.subcommandDescription(command).split('\n')[0]!,
      description: helper.commandDescription(command),
      arguments: helper.visibleArguments(command).map((argument) => item(helper.argumentTerm(argument), helper.argumentDescription(argument))),
      // the help option is left out, as gh leaves it out: every command has it
      options: helper
        .visibleOptions(command)
        .filter((option) => command.options.includes(option))
        .map((option) => item(helper.optionTerm(option), helper.optionDescription(option))),
      inheritedOptions: helper.visibleGlobalOptions(command).map((option) => item(helper.optionTerm(option), helper.optionDescription(option))),
      commands: children.map((sub) => ({ path: [...path, sub.name()], summary: helper.subcommandDescription(sub) })),
      examples: [...(examplesOf.get(command) ?? [])],
      jsonFields: [...(jsonFieldsOf.get(command) ?? [])],
      notes: notesOf(command),
      topics:
        command === program
          ? Object.entries(topics).map(([name, { text }]) => ({
              name,
              title: text.split('\n')[0]!,
              text: text.slice(text.indexOf('\n')).replace(/^\n+|\s+$/g, ''),
            }))
          : [],
    });
    for (const sub of children) visit(sub, [...path, sub.name()]);
  };
  visit(program, [program.name()]);
  return pages;
}

/** The help's own text around the lists, less the sections the manual lays out itself. */
function notesOf(command: Command): string {
  const { before, after } = helpTexts(command);
  let notes = before + after;
  for (const section of manualSectionsOf.get(command) ?? []) {
    // addHelpText ends each text with a newline
    if (!notes.includes(`${section}\n`)) throw new Error(`the help of ${command.name()} does not hold its section as written:\n${section}`);
    notes = notes.replace(`${section}\n`, '');
  }
  return notes.replace(/^\n+|\s+$/g, '');
}
