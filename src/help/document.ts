import type { Argument, CommandUnknownOpts as Command, Command as BareCommand, Help, Option } from '@commander-js/extra-typings';
import { renderHelp, type HelpDocument, type HelpSection } from './render.js';

/**
 * A command's help as data, made with commander's own Help methods in the order of its formatHelp: usage,
 * description, arguments, option groups, global options, command groups. Sections without items are left out.
 */
export function helpDocument(command: Command, helper: Help): HelpDocument {
  const sections: HelpSection[] = [];
  const add = (title: string, items: [string, string][]) => {
    if (items.length > 0) sections.push({ title: helper.styleTitle(title), items });
  };
  const argument = (a: Argument): [string, string] => [
    helper.styleArgumentTerm(helper.argumentTerm(a)),
    helper.styleArgumentDescription(helper.argumentDescription(a)),
  ];
  const option = (o: Option): [string, string] => [helper.styleOptionTerm(helper.optionTerm(o)), helper.styleOptionDescription(helper.optionDescription(o))];
  const subcommand = (c: Command): [string, string] => [
    helper.styleSubcommandTerm(helper.subcommandTerm(c)),
    helper.styleSubcommandDescription(helper.subcommandDescription(c)),
  ];

  add('Arguments:', helper.visibleArguments(command).map(argument));
  for (const [title, options] of helper.groupItems([...command.options], helper.visibleOptions(command), (o) => o.helpGroupHeading ?? 'Options:')) {
    add(title, options.map(option));
  }
  if (helper.showGlobalOptions) add('Global Options:', helper.visibleGlobalOptions(command).map(option));
  // extra-typings 14 types groupItems for commands of no arguments and options only: it reads no more than their group
  const subcommands = (list: readonly Command[]) => list as BareCommand[];
  for (const [title, commands] of helper.groupItems(
    subcommands(command.commands),
    subcommands(helper.visibleCommands(command)),
    (sub) => sub.helpGroup() || 'Commands:',
  )) {
    add(title, commands.map(subcommand));
  }
  const description = helper.commandDescription(command);
  return {
    usage: `${helper.styleTitle('Usage:')} ${helper.styleUsage(helper.commandUsage(command))}`,
    description: description.length > 0 ? helper.styleCommandDescription(description) : '',
    sections,
  };
}

/** commander's formatHelp, through the renderer that dist/help.cjs uses too (configureHelp in cli.ts). */
export function formatHelp(command: Command, helper: Help): string {
  return renderHelp(helpDocument(command, helper), helper.helpWidth ?? 80);
}
