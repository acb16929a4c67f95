/**
 * The names Tab completes from the API, kept in the user's cache folder (`$XDG_CACHE_HOME/ws/completion/names.json`,
 * else `~/.cache/ws/…`, the folder of the compile cache and under the same rules: see bin/compile-cache.cjs), so that
 * Tab does not wait on the network: stale-while-revalidate. Names younger than a day are printed at once; when they
 * are older than half a minute, a ws of its own (detached, its output nowhere) asks the API again afterwards and
 * keeps the answer for the next Tab. One entry per config file, profile, origin and question (kind, typed word,
 * subject); names and descriptions only, never a key. A cache that cannot be read or written is no cache.
 */
import { cacheFolder } from '../../bin/compile-cache.cjs';
import type { IO } from '../io.js';
import { namesTarget } from './target.js';

export type Candidate = [value: string, description: string];

/** Names younger than this are printed without asking again. */
const freshMs = 30_000;
/** Names older than this are not printed: the API is asked, as with no cache. */
const maxAgeMs = 86_400_000;
/** The entries kept, newest first: a small file, read whole at each Tab. */
const keptEntries = 200;

interface Entry {
  /** When the API gave these names (epoch ms). */
  at: number;
  names: Candidate[];
}

/** Where an answer is kept: the question and the profile and origin it was asked of. */
export interface NamesQuestion {
  profile: string | undefined;
  kind: string;
  current: string;
  subject: string | undefined;
}

const fileOf = (io: IO) => {
  const folder = cacheFolder('completion', io.env);
  return folder === undefined ? undefined : `${folder}/names.json`;
};

/** The entry's name: config file, profile, origin, then the question; undefined where no names could be asked. */
function keyOf(io: IO, question: NamesQuestion, current = question.current): string | undefined {
  const target = namesTarget(io, question.profile);
  if (target === undefined) return undefined;
  const { settings, origin } = target;
  return JSON.stringify([settings.configFile, settings.profileName.value, origin, question.kind, current, question.subject ?? '']);
}

function readAll(file: string): Record<string, Entry> {
  const fs = process.getBuiltinModule('node:fs');
  try {
    const entries = JSON.parse(fs.readFileSync(file, 'utf8'));
    return entries && typeof entries === 'object' && !Array.isArray(entries) ? entries : {};
  } catch {
    return {};
  }
}

const usable = (entry: Entry | undefined, now: number): entry is Entry =>
  entry !== undefined && Array.isArray(entry.names) && typeof entry.at === 'number' && now - entry.at < maxAgeMs && entry.at <= now + 60_000;

/**
 * The names kept for this question, and whether they are old enough to be asked for again; undefined when none
 * are kept (or they are older than a day). Names asked for with nothing typed serve any typed word (the caller keeps
 * those that start with it) until the word's own are kept.
 */
export function cachedNames(io: IO, question: NamesQuestion): { names: Candidate[]; stale: boolean } | undefined {
  const file = fileOf(io);
  const key = keyOf(io, question);
  if (file === undefined || key === undefined) return undefined;
  const entries = readAll(file);
  const now = Date.now();
  const exact = entries[key];
  const entry = usable(exact, now) ? exact : entries[keyOf(io, question, '')!];
  if (!usable(entry, now)) return undefined;
  return {
    names: entry.names.filter((name) => Array.isArray(name) && typeof name[0] === 'string' && typeof name[1] === 'string'),
    stale: entry !== exact || now - entry.at > freshMs,
  };
}

/** Keeps the names the API gave for this question (written whole: a temporary file, then renamed). */
export function keepNames(io: IO, question: NamesQuestion, names: Candidate[]): void {
  const file = fileOf(io);
  const key = keyOf(io, question);
  if (file === undefined || key === undefined) return;
  const fs = process.getBuiltinModule('node:fs');
  try {
    const entries = { ...readAll(file), [key]: { at: Date.now(), names } };
    const newest = Object.entries(entries)
      .sort(([, a], [, b]) => (b?.at ?? 0) - (a?.at ?? 0))
      .slice(0, keptEntries);
    const temporary = `${file}.${process.pid}`;
    fs.writeFileSync(temporary, JSON.stringify(Object.fromEntries(newest)), { mode: 0o600 });
    fs.renameSync(temporary, file);
  } catch {
    // a full disk or a read-only home: no cache
  }
}

/** Set in the environment of the ws that asks again: it asks the API whatever the cache holds. */
export const refreshing = 'WS_COMPLETE_REFRESH';

/**
 * Asks again in a ws of its own, after this Tab is answered: detached, in its own session, its output nowhere, so
 * that the shell waits for it neither at its output nor at its end.
 */
export function refreshLater(io: IO, words: string[]): void {
  try {
    const { spawn } = process.getBuiltinModule('node:child_process');
    spawn(io.self.command, [...io.self.args, '__complete', ...words], {
      env: { ...(io.env as NodeJS.ProcessEnv), [refreshing]: '1' },
      detached: true,
      stdio: 'ignore',
    }).unref();
  } catch {
    // the next Tab asks again
  }
}
