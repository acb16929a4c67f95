import { WsError } from '../errors.js';
import type { HttpClient } from './http.js';
import { listQueryPages } from './queries.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

/**
 * A query named by UUID is used as it is; a slug is looked up through the list endpoint's search and
 * must match exactly one query's slug. No match or several give exit 4 with the candidates.
 */
export async function resolveQueryId(http: HttpClient, query: string): Promise<string> {
  if (isUuid(query)) return query;
  const candidates: { id: string; slug: string; name: string }[] = [];
  for await (const page of listQueryPages(http, { search: query, includeRuns: false }, { limit: 500, offset: 0, all: false })) {
    candidates.push(...page.items);
  }
  const exact = candidates.filter((candidate) => candidate.slug === query);
  if (exact.length === 1) return exact[0]!.id;
  const shown = (exact.length > 1 ? exact : candidates).slice(0, 10).map((c) => `${c.slug} (${c.id})`);
  if (exact.length > 1) {
    throw new WsError('not_found', `the slug "${query}" matches ${exact.length} queries`, { hint: `use the id of one: ${shown.join(', ')}` });
  }
  throw new WsError('not_found', `no query has the slug "${query}"`, {
    hint: shown.length ? `similar queries: ${shown.join(', ')}` : 'list them with `ws queries list --search <text>`',
  });
}
