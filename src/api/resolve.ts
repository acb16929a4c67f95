import { WsError, usageError } from '../errors.js';
import { isUuid } from '../ids.js';
import type { HttpClient } from './http.js';
import { getQuery, listQueryPages } from './queries.js';
import type { Query } from './schemas/queries.js';


/** Looks a slug up through the list endpoint's search; exactly one query must have that slug. */
async function querySlug(http: HttpClient, slug: string): Promise<Query> {
  // the same rule as for ids in a path: these name no query, so nothing is searched for them
  if (slug === '' || slug === '.' || slug === '..') throw usageError(`invalid query "${slug}": give its id or slug`);
  const candidates: Query[] = [];
  for await (const page of listQueryPages(http, { search: slug, includeRuns: false }, { limit: undefined, offset: 0, all: true })) {
    candidates.push(...page.items);
  }
  const exact = candidates.filter((candidate) => candidate.slug === slug);
  if (exact.length === 1) return exact[0]!;
  const shown = (exact.length > 1 ? exact : candidates).slice(0, 10).map((c) => `${c.slug} (${c.id})`);
  if (exact.length > 1) {
    throw new WsError('not_found', `the slug "${slug}" matches ${exact.length} queries`, { hint: `use the id of one: ${shown.join(', ')}` });
  }
  throw new WsError('not_found', `no query has the slug "${slug}"`, {
    hint: shown.length ? `similar queries: ${shown.join(', ')}` : 'list them with `ws queries list --search <text>`',
  });
}

/** A query named by UUID or slug: its id, without a request when it is a UUID. */
export async function resolveQueryId(http: HttpClient, query: string): Promise<string> {
  return isUuid(query) ? query : (await querySlug(http, query)).id;
}

/** A query named by UUID or slug, fetched whole (a slug's search result already is). */
export async function resolveQuery(http: HttpClient, query: string): Promise<Query> {
  return isUuid(query) ? getQuery(http, query) : querySlug(http, query);
}
