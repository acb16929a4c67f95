import type { CommandUnknownOpts as Command } from '@commander-js/extra-typings';
import type { IO } from '../io.js';
import { cell } from '../text.js';
import { commandTree, type CommandSpec, type Tree } from './tree.js';

/**
 * `ws __complete <words…>`: the names the completion scripts cannot know by themselves, one a line as
 * `value<TAB>description`: query slugs, automation ids and names, recent run ids, profile names, the parameters of
 * the query after `queries execute <query> --param` (`start_date=`), and the fields of `--json a,b` (which the
 * scripts also know). The words are the command line from `ws` to the word being completed (possibly empty).
 * Hidden from help; prints nothing and exits 0 on any error; never prompts; gives up after 2 s (WS_COMPLETE_TIMEOUT).
 * The key goes only to the base URL that belongs with it: a profile's key to that profile's base URL, never to a
 * --base-url typed on the line.
 */
export async function complete(words: string[], io: IO, program: Command): Promise<number> {
  try {
    const candidates = await candidatesFor(words, io, commandTree(program), await deadline(io));
    const current = words.at(-1) ?? '';
    // names from the server reach the shell and the terminal: one line each, no control characters
    const lines = candidates
      .map(([value, description]): Candidate => [cell(value), cell(description).trim()])
      .filter(([value]) => value !== '' && value.startsWith(current))
      .map(([value, description]) => (description ? `${value}\t${description}` : value));
    if (lines.length) io.stdout.write(`${lines.join('\n')}\n`);
  } catch {
    // completion must never get in the way of typing: no message, no exit code
  }
  return 0;
}

type Candidate = [value: string, description: string];

/** Options whose values come from the API, about the command's first argument: `queries execute <query> --param`. */
const dynamicOptionSources = new Set(['queries execute --param']);

/** 2 s, or WS_COMPLETE_TIMEOUT (a duration, for a slow link); a bad value keeps the default. */
async function deadline(io: IO): Promise<number> {
  const given = io.env.WS_COMPLETE_TIMEOUT;
  if (!given) return 2_000;
  const { parseDuration } = await import('../duration.js');
  try {
    return parseDuration(given, 'WS_COMPLETE_TIMEOUT') || 2_000;
  } catch {
    return 2_000;
  }
}

interface Position {
  command: CommandSpec;
  /** The option whose value is being completed, if any. */
  option: string | undefined;
  positionals: string[];
  profile: string | undefined;
}

/** Reads the words before the current one: the command they name, its arguments so far, a pending option. */
function locate(words: string[], tree: Tree): Position {
  const specs = [...tree.globalOptions, ...allOptions(tree.root)];
  const takesValue = new Set(specs.filter((s) => s.takesValue && !s.names.includes('--json')).flatMap((s) => s.names));
  let command = tree.root;
  let option: string | undefined;
  let profile: string | undefined;
  const positionals: string[] = [];
  for (const word of words.slice(1, -1)) {
    if (option) {
      if (option === '--profile') profile = word;
      option = undefined;
      continue;
    }
    if (word.startsWith('--profile=')) profile = word.slice('--profile='.length);
    if (word.startsWith('-') && word !== '-') {
      if (takesValue.has(word)) option = word;
      continue;
    }
    const sub = positionals.length ? undefined : command.subcommands.find((spec) => spec.path.at(-1) === word || spec.aliases.includes(word));
    if (sub) command = sub;
    else positionals.push(word);
  }
  return { command, option, positionals, profile };
}

function allOptions(spec: CommandSpec): CommandSpec['options'] {
  return [...spec.options, ...spec.subcommands.flatMap(allOptions)];
}

async function candidatesFor(words: string[], io: IO, tree: Tree, deadlineMs: number): Promise<Candidate[]> {
  const at = locate(words, tree);
  if (at.option === '--profile') return profileNames(io);
  const optionKind = `${at.command.path.join(' ')} ${at.option}`;
  if (at.option && dynamicOptionSources.has(optionKind)) {
    const { fromApi } = await import('./sources.js');
    return fromApi(io, at.profile, optionKind, words.at(-1) ?? '', deadlineMs, at.positionals[0]);
  }
  const current = words.at(-1) ?? '';
  if (words.at(-2) === '--json' && at.command.jsonFields.length) {
    // a list is comma-joined: the fields after what is already typed
    const done = current.slice(0, current.lastIndexOf(',') + 1);
    return at.command.jsonFields.map((field) => [`${done}${field}`, '']);
  }
  if (at.option || current.startsWith('-') || at.command.subcommands.length) return [];
  const args = at.command.arguments;
  const argument = args[at.positionals.length] ?? (args.at(-1)?.variadic ? args.at(-1) : undefined);
  if (argument?.value !== 'dynamic') return [];
  const { fromApi } = await import('./sources.js');
  return fromApi(io, at.profile, `${at.command.path[0]} ${argument.name}`, current, deadlineMs);
}

async function profileNames(io: IO): Promise<Candidate[]> {
  const [{ readConfig }, { configFilePath }] = await Promise.all([import('../config/store.js'), import('../config/paths.js')]);
  const profiles = readConfig(configFilePath(io.env)).profiles;
  return Object.entries(profiles).map(([name, profile]) => [name, profile.baseUrl ?? '']);
}
