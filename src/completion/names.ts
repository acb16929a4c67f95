import type { NamesSource } from './complete.js';
import { cachedNames, keepNames, refreshing, refreshLater } from './names-cache.js';

/** How long the first Tab without kept names waits for the API; a refresh in the background takes up to 5 s. */
const firstTabMs = 1_000;
const refreshMs = 5_000;

/** The names kept for this question (asked again afterwards when old), else the API's, then kept. */
export const cacheThenApi: NamesSource = async (io, question, deadlineMs, words) => {
  const again = Boolean(io.env[refreshing]);
  if (!again) {
    const cached = cachedNames(io, question);
    if (cached) {
      if (cached.stale) refreshLater(io, words);
      return cached.names;
    }
  }
  const { fromApi } = await import('./sources.js');
  const given = deadlineMs ?? (again ? refreshMs : firstTabMs);
  const found = await fromApi(io, question.profile, question.kind, question.current, given, question.subject);
  if (found) keepNames(io, question, found);
  return found ?? [];
};
