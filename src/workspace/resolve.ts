import { listAutomationPages } from '../api/automations.js';
import type { HttpClient } from '../api/http.js';
import type { Page } from '../api/paginate.js';
import { listQueryPages } from '../api/queries.js';
import { resolveAutomation, resolveQuery } from '../api/resolve.js';
import type { Automation } from '../api/schemas/automations.js';
import type { Query } from '../api/schemas/queries.js';
import { WsError } from '../errors.js';
import { closest } from '../text.js';

/** How many of a resource are read to find a name the search did not: enough for a workspace, bounded. */
const scanned = { limit: 500, offset: 0, all: false };

async function collect<T>(pages: AsyncIterable<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  for await (const page of pages) items.push(...page.items);
  return items;
}

/**
 * The one item named `wanted` case-insensitively among `items`; else the error of the exact lookup, whose hint
 * names the likeliest item when nothing was similar enough for the search to find it.
 */
function byNameOrLikeliest<T extends { id: string }>(items: T[], wanted: string, names: (item: T) => string[], failure: WsError, list: string): T {
  const lower = wanted.toLowerCase();
  const matches = items.filter((item) => names(item).some((name) => name.toLowerCase() === lower));
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) throw failure;
  const all = items.flatMap((item) => names(item).map((name) => [name.toLowerCase(), item] as const));
  const guess = closest(lower, all.map(([name]) => name));
  const likeliest = all.find(([name]) => name === guess)?.[1];
  if (!likeliest) throw failure;
  throw new WsError('not_found', failure.message, { hint: `the likeliest: ${names(likeliest).map((name) => `"${name}"`).join(' or ')} (${likeliest.id}); ${list}` });
}

function missing(error: unknown, prefix: string): error is WsError {
  return error instanceof WsError && error.kind === 'not_found' && error.message.startsWith(prefix);
}

/** A query named by id, slug or name (case-insensitive when one matches); missing, the likeliest is named. */
export async function findQuery(http: HttpClient, wanted: string): Promise<Query> {
  try {
    return await resolveQuery(http, wanted);
  } catch (error) {
    if (!missing(error, 'no query has the slug or name')) throw error;
    const queries = await collect(listQueryPages(http, { includeRuns: false }, scanned));
    return byNameOrLikeliest(queries, wanted, (query) => [query.slug, query.name], error, 'see which there are: `ws queries list`');
  }
}

/** An automation named by id or name (case-insensitive when one matches); missing, the likeliest is named. */
export async function findAutomation(http: HttpClient, wanted: string): Promise<Automation> {
  try {
    return await resolveAutomation(http, wanted);
  } catch (error) {
    if (!missing(error, 'no automation is named')) throw error;
    const automations = await collect(listAutomationPages(http, {}, scanned));
    return byNameOrLikeliest(automations, wanted, (automation) => [automation.name], error, 'see which there are: `ws automations list`');
  }
}
