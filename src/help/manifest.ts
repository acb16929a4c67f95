import type { CommandUnknownOpts as Command, Help, Option } from '@commander-js/extra-typings';
import { defaultCommandOf } from '../cmdutil/command.js';
import { helpDocument } from './document.js';
import type { HelpDocument } from './render.js';

/**
 * dist/help.json, made by scripts/build.mjs from the built tree, and read by dist/help.cjs (src/help/fast.ts).
 * One JSON value a line, so that help.cjs parses only the index (line 0) and the one line it shows: for a command
 * line that is not a help request, the index alone tells.
 */
export interface HelpIndex {
  tree: HelpNode;
  /** `ws help <topic>`: the line of each topic's text. */
  topics: Record<string, number>;
}

/** A visible command (hidden ones are left out, as commander leaves them out of help). */
export interface HelpNode {
  /** Its name, then its aliases. */
  names: string[];
  /** The line of its HelpEntry. */
  line: number;
  /** The help flags that show its help (`--help`, `-h`), unless an option of the same name takes the flag. */
  flags: string[];
  /** Whether the command alone (a group without a verb) shows its help, on stderr. */
  bare: boolean;
  commands: HelpNode[];
}

export interface HelpEntry {
  document: HelpDocument;
  /** What addHelpText('beforeAll'|'before') prints before the help, and ('after'|'afterAll') after it. */
  before: string;
  after: string;
}

export function helpManifestOf(program: Command, topics: Record<string, { text: string }>): string {
  const lines: string[] = [];
  const node = (command: Command, taken: Option[]): HelpNode => {
    const helper = command.createHelp();
    const entry: HelpEntry = { document: helpDocument(command, helper), ...helpTexts(command) };
    lines.push(JSON.stringify(entry));
    const line = lines.length;
    const options = [...taken, ...command.options];
    // visibleOptions adds the help option to the command's own: the one that is not among them
    const helpOption = helper.visibleOptions(command).find((option) => !command.options.includes(option));
    const flags = [helpOption?.long, helpOption?.short].filter(
      (flag): flag is string => flag !== undefined && !options.some((o) => o.long === flag || o.short === flag),
    );
    return {
      names: [command.name(), ...command.aliases()],
      line,
      flags,
      // commander shows a group's help when it is given no command, unless the group has a default command
      bare: command.commands.length > 0 && !defaultCommandOf.has(command),
      commands: subcommands(command, helper).map((sub) => node(sub, options)),
    };
  };
  const tree = node(program, []);
  const topicLines: Record<string, number> = {};
  for (const [name, topic] of Object.entries(topics)) {
    lines.push(JSON.stringify(topic.text));
    topicLines[name] = lines.length;
  }
  const text = [JSON.stringify({ tree, topics: topicLines } satisfies HelpIndex), ...lines].join('\n');
  // help.cjs writes what it reads; commander would strip colours where the stream has none
  if (text.includes('\\u001b')) throw new Error('help text with escape sequences: teach src/help/fast.ts when to strip them');
  return text;
}

/** The subcommands a command's help lists, without commander's own help command (`ws help` is no node). */
export function subcommands(command: Command, helper: Help = command.createHelp()): Command[] {
  return helper.visibleCommands(command).filter((sub) => command.commands.includes(sub));
}

/**
 * What commander's outputHelp writes around the help itself (the addHelpText hooks of the command and its
 * parents), caught through the command's output configuration, which is put back after.
 */
export function helpTexts(command: Command): { before: string; after: string } {
  const writes: string[] = [];
  const saved = command.configureOutput();
  let help: string;
  try {
    // colours kept as written: the caller decides what to do with them
    command.configureOutput({ writeOut: (text) => writes.push(text), getOutHasColors: () => true, getOutHelpWidth: () => 80 });
    command.outputHelp();
    help = command.helpInformation();
  } finally {
    command.configureOutput(saved);
  }
  const at = writes.indexOf(help);
  if (at < 0) throw new Error(`the help of ${command.name()} was not written whole in one piece`);
  return { before: writes.slice(0, at).join(''), after: writes.slice(at + 1).join('') };
}
