import { configFilePath } from '../config/paths.js';
import { readConfig } from '../config/store.js';
import { parseDuration } from '../duration.js';
import type { IO } from '../io.js';
import { cell } from '../text.js';
import { type Candidate, cachedNames, type NamesQuestion, refreshing, refreshLater } from './names-cache.js';
import type { CommandSpec, Tree } from './tree.js';

/**
 * Where names from the API come from: the cache, else the API (cacheThenApi, names.ts, in the whole of ws), or the
 * cache alone (cacheOnly: null when they are not there, and the whole of ws must answer; dist/complete.cjs).
 */
export type NamesSource = (io: IO, question: NamesQuestion, deadlineMs: number | undefined, words: string[]) => Promise<Candidate[] | null>;

/**
 * `ws __complete <words…>`: the names the completion scripts cannot know by themselves, one a line as
 * `value<TAB>description`: query slugs, automation ids and names, recent run ids, profile names, the parameters of
 * the query after `queries execute <query> --param` (`start_date=`), and the fields of `--json a,b` (which the
 * scripts also know). The words are the command line from `ws` to the word being completed (possibly empty).
 * Hidden from help; prints nothing on any error; never prompts. Names from the API come from the cache
 * (names-cache.ts), refreshed afterwards; without one the API is asked, for 1 s at most (WS_COMPLETE_TIMEOUT, a
 * duration, for a slow link). The key goes only to the base URL that belongs with it: a profile's key to that
 * profile's base URL, never to a --base-url typed on the line. False when `names` could not answer (nothing written).
 */
export async function complete(words: string[], io: IO, tree: Tree, names: NamesSource): Promise<boolean> {
  try {
    const candidates = await candidatesFor(words, io, tree, await deadline(io), names);
    if (candidates === null) return false;
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
  return true;
}

/** The names kept for this question, or null: dist/complete.cjs answers only from the cache. */
export const cacheOnly: NamesSource = async (io, question, _deadlineMs, words) => {
  if (io.env[refreshing]) return null;
  const cached = cachedNames(io, question);
  if (!cached) return null;
  if (cached.stale) refreshLater(io, words);
  return cached.names;
};

/** Options whose values come from the API, about the command's first argument: `queries execute <query> --param`. */
const dynamicOptionSources = new Set(['queries execute --param']);

/** WS_COMPLETE_TIMEOUT (a duration, for a slow link), or undefined for the defaults; a bad value keeps them. */
async function deadline(io: IO): Promise<number | undefined> {
  const given = io.env.WS_COMPLETE_TIMEOUT;
  if (!given) return undefined;
  try {
    return parseDuration(given, 'WS_COMPLETE_TIMEOUT') || undefined;
  } catch {
    return undefined;
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

async function candidatesFor(words: string[], io: IO, tree: Tree, deadlineMs: number | undefined, names: NamesSource): Promise<Candidate[] | null> {
  const at = locate(words, tree);
  if (at.option === '--profile') return profileNames(io);
  const optionKind = `${at.command.path.join(' ')} ${at.option}`;
  const current = words.at(-1) ?? '';
  const ask = (kind: string, subject: string | undefined) => names(io, { profile: at.profile, kind, current, subject }, deadlineMs, words);
  if (at.option && dynamicOptionSources.has(optionKind)) return ask(optionKind, at.positionals[0]);
  if (words.at(-2) === '--json' && at.command.jsonFields.length) {
    // a list is comma-joined: the fields after what is already typed
    const done = current.slice(0, current.lastIndexOf(',') + 1);
    return at.command.jsonFields.map((field) => [`${done}${field}`, '']);
  }
  if (at.option || current.startsWith('-') || at.command.subcommands.length) return [];
  const args = at.command.arguments;
  const argument = args[at.positionals.length] ?? (args.at(-1)?.variadic ? args.at(-1) : undefined);
  if (argument?.value !== 'dynamic') return [];
  return ask(`${at.command.path[0]} ${argument.name}`, undefined);
}

async function profileNames(io: IO): Promise<Candidate[]> {
  const profiles = readConfig(configFilePath(io.env)).profiles;
  return Object.entries(profiles).map(([name, profile]) => [name, profile.baseUrl ?? '']);
}
