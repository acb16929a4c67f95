import type { EventEmitter } from 'node:events';
import type { CommandUnknownOpts as Command, Option } from '@commander-js/extra-typings';
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

/** The commander internals that decide what a command line without a verb does (see Command._parseCommand). */
interface Internals {
  _actionHandler: unknown;
  _defaultCommandName: string | null;
  _getHelpOption(): Option | null;
}

export function helpManifestOf(program: Command, topics: Record<string, { text: string }>): string {
  const lines: string[] = [];
  const node = (command: Command, taken: Option[]): HelpNode => {
    const internals = command as unknown as Internals;
    const helper = command.createHelp();
    const entry: HelpEntry = { document: helpDocument(command, helper), ...helpTexts(command) };
    lines.push(JSON.stringify(entry));
    const line = lines.length;
    const options = [...taken, ...command.options];
    const helpOption = internals._getHelpOption();
    const flags = [helpOption?.long, helpOption?.short].filter((flag): flag is string => flag !== undefined && !options.some((o) => o.long === flag || o.short === flag));
    return {
      names: [command.name(), ...command.aliases()],
      line,
      flags,
      bare: command.commands.length > 0 && !internals._actionHandler && !internals._defaultCommandName,
      commands: command.commands.filter((sub) => !(sub as unknown as { _hidden: boolean })._hidden).map((sub) => node(sub, options)),
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

/** What commander's outputHelp writes around the help itself, from the addHelpText hooks of the command and its parents. */
function helpTexts(command: Command): { before: string; after: string } {
  let text = '';
  const context = { error: false, command, write: (more: string) => (text += more) };
  // a Command is an EventEmitter, though commander's typings do not say so
  const emit = (at: Command, event: string) => (at as unknown as EventEmitter).emit(event, context);
  const lineage: Command[] = [];
  for (let at: Command | null = command; at; at = at.parent) lineage.push(at);
  for (const at of [...lineage].reverse()) emit(at, 'beforeAllHelp');
  emit(command, 'beforeHelp');
  const before = text;
  text = '';
  emit(command, 'afterHelp');
  for (const at of lineage) emit(at, 'afterAllHelp');
  return { before, after: text };
}
