import { WsError, usageError } from '../errors.js';
import { isUuid } from '../ids.js';
import { getAutomation, listAutomationPages } from './automations.js';
import type { HttpClient } from './http.js';
import type { Page } from './paginate.js';
import { getQuery, listQueryPages } from './queries.js';
import type { Automation } from './schemas/automations.js';
import type { Query } from './schemas/queries.js';

interface Lookup<T> {
  /** What is matched: "slug" or "name". */
  key: 'slug' | 'name';
  of: (item: T) => string;
  /** The resource's plural, e.g. "queries"; `none` says that nothing matched, `list` how to look. */
  plural: string;
  none: string;
  list: string;
}

/** The one item of a search whose key is exactly `wanted`; none or several is exit 4 with the candidates. */
async function exactlyOne<T extends { id: string }>(pages: AsyncIterable<Page<T>>, wanted: string, lookup: Lookup<T>): Promise<T> {
  const candidates: T[] = [];
  for await (const page of pages) candidates.push(...page.items);
  const exact = candidates.filter((candidate) => lookup.of(candidate) === wanted);
  if (exact.length === 1) return exact[0]!;
  const shown = (exact.length > 1 ? exact : candidates).slice(0, 10).map((c) => `${lookup.of(c)} (${c.id})`);
  if (exact.length > 1) {
    throw new WsError('not_found', `the ${lookup.key} "${wanted}" matches ${exact.length} ${lookup.plural}`, { code: 'ambiguous', hint: `use the id of one: ${shown.join(', ')}` });
  }
  throw new WsError('not_found', lookup.none, { hint: shown.length ? `similar ${lookup.plural}: ${shown.join(', ')}` : lookup.list });
}

const everyPage = { limit: undefined, offset: 0, all: true };

/** Looks a slug up through the list endpoint's search; exactly one query must have that slug. */
function querySlug(http: HttpClient, slug: string): Promise<Query> {
  // the same rule as for ids in a path: these name no query, so nothing is searched for them
  if (slug === '' || slug === '.' || slug === '..') return Promise.reject(usageError(`invalid query "${slug}": give its id or slug`));
  return exactlyOne(listQueryPages(http, { search: slug, includeRuns: false }, everyPage), slug, {
    key: 'slug',
    of: (query) => query.slug,
    plural: 'queries',
    none: `no query has the slug "${slug}"`,
    list: 'list them with `ws queries list --search <text>`',
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

/** Looks a name up through the list's search; exactly one automation must have that name. */
function automationByName(http: HttpClient, name: string): Promise<Automation> {
  return exactlyOne(listAutomationPages(http, { search: name }, everyPage), name, {
    key: 'name',
    of: (automation) => automation.name,
    plural: 'automations',
    none: `no automation is named "${name}"`,
    list: 'list them with `ws automations list --search <text>`',
  });
}

/** An automation named by UUID or by its exact name: its id, without a request when it is a UUID. */
export async function resolveAutomationId(http: HttpClient, automation: string): Promise<string> {
  return isUuid(automation) ? automation : (await automationByName(http, automation)).id;
}

/** An automation named by UUID or by its exact name, fetched whole (a name's search result already is). */
export async function resolveAutomation(http: HttpClient, automation: string): Promise<Automation> {
  return isUuid(automation) ? getAutomation(http, automation) : automationByName(http, automation);
}
