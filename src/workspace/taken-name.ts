import type { HttpClient } from '../api/http.js';
import { listQueries } from '../api/queries.js';
import type { Query } from '../api/schemas/queries.js';

/** Another query holds the plain slug of one just created: the server numbered the new one (`orders_by_status_2`). */
export interface TakenSlug {
  /** The query with the plain slug. */
  holder: Query;
  plain: string;
  /** The holder has the same name (without regard to case), so the name alone matches both. */
  sameName: boolean;
}

/**
 * Who holds the plain slug of a query the server numbered, when it did: running the same create again (a script,
 * an assistant) makes another query each time, and the old one keeps the plain slug. One search (for the plain
 * slug), only for a slug that ends in `_<n>`; a failed search loses only the warning, never the query.
 */
export async function takenSlug(http: HttpClient, query: Query): Promise<TakenSlug | undefined> {
  const numbered = /^(.+)_(\d+)$/.exec(query.slug);
  if (!numbered) return undefined;
  const [, plain, n] = numbered as unknown as [string, string, string];
  let holder: Query | undefined;
  try {
    const list = await listQueries(http, { search: plain, includeRuns: false, limit: 100 });
    holder = list.queries.find((other) => other.slug === plain && other.id !== query.id);
  } catch {
    return undefined;
  }
  const sameName = holder?.name.toLowerCase() === query.name.toLowerCase();
  // "Top 10" is top_10 by its own name, not a second "Top": only a namesake or a name without that number counts
  if (!holder || (!sameName && query.name.trimEnd().endsWith(n))) return undefined;
  return { holder, plain, sameName };
}

/** What is taken, in words: `the name "Daily revenue" is taken by daily_revenue (<id>)`. */
export function takenText({ holder, plain, sameName }: TakenSlug, query: Query): string {
  return `${sameName ? `the name "${query.name}" is taken by ${plain}` : `the slug ${plain} is taken by "${holder.name}"`} (${holder.id})`;
}
