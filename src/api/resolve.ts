import { WsError } from '../errors.js';
import { isUuid } from '../ids.js';
import { getAutomation, listAutomationPages } from './automations.js';
import type { HttpClient } from './http.js';
import { getQuery, listQueryPages } from './queries.js';
import type { Automation } from './schemas/automations.js';
import type { Query } from './schemas/queries.js';

/** Looks a slug up through the list endpoint's search; exactly one query must have that slug. */
async function querySlug(http: HttpClient, slug: string): Promise<Query> {
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

/** Looks a name up through the list's search; exactly one automation must have that name. */
async function automationByName(http: HttpClient, name: string): Promise<Automation> {
  const candidates: Automation[] = [];
  for await (const page of listAutomationPages(http, { search: name }, { limit: undefined, offset: 0, all: true })) {
    candidates.push(...page.items);
  }
  const exact = candidates.filter((candidate) => candidate.name === name);
  if (exact.length === 1) return exact[0]!;
  const shown = (exact.length > 1 ? exact : candidates).slice(0, 10).map((c) => `${c.name} (${c.id})`);
  if (exact.length > 1) {
    throw new WsError('not_found', `the name "${name}" matches ${exact.length} automations`, { hint: `use the id of one: ${shown.join(', ')}` });
  }
  throw new WsError('not_found', `no automation is named "${name}"`, {
    hint: shown.length ? `similar automations: ${shown.join(', ')}` : 'list them with `ws automations list --search <text>`',
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
