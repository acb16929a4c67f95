import { getAutomation, listAutomationPages } from '../api/automations.js';
import type { HttpClient } from '../api/http.js';
import type { Page } from '../api/paginate.js';
import { getQuery, listQueryPages } from '../api/queries.js';
import type { Automation } from '../api/schemas/automations.js';
import type { Query } from '../api/schemas/queries.js';
import { WsError, usageError } from '../errors.js';
import { isUuid } from '../ids.js';
import { closest } from '../text.js';

/**
 * The most items one lookup reads, over pages: of the search's results, and again of every item when the search
 * found no match (a server's search may heed case, which the API description does not say). Past it the lookup
 * stops, and its error says so.
 */
export const lookupLimit = 500;

interface Lookup<T> {
  /** What an item is named by, strongest first: a query by its slug, then its name; an automation by its name. */
  keys: ((item: T) => string)[];
  /** How a candidate of several is shown: its slug or name. */
  shown: (item: T) => string;
  /** e.g. "queries". */
  plural: string;
  /** The message when nothing has the name, and when `wanted` cannot name anything; `pick` says what names one of several. */
  none: string;
  invalid: string;
  pick: string;
}

/** Items read from pages, at most lookupLimit, and how many there were. */
interface Read<T> {
  items: T[];
  total: number;
}

async function read<T>(pages: AsyncIterable<Page<T>>): Promise<Read<T>> {
  const items: T[] = [];
  let total = 0;
  for await (const page of pages) {
    items.push(...page.items);
    total = Math.max(page.total, items.length);
  }
  return { items: items.slice(0, lookupLimit), total };
}

const folded = (text: string) => text.normalize('NFC').toLowerCase();

/** "; ws read 500 of the 600 queries … and stopped there", when it did, and what to do about it. */
function stopped<T>(found: Read<T>, plural: string, what: string, advice = ''): string {
  return found.total > found.items.length ? `; ws read ${found.items.length} of the ${found.total} ${plural}${what} and stopped there${advice}` : '';
}

/**
 * The one item that `wanted` names among `found`, in rounds, the first round that matches anything deciding: each
 * key exactly (a slug, then a name), then any key without regard to case. Several in a round are exit 4 with the
 * candidates (a name two queries share, "report" and "Report"); none is undefined.
 */
function matchOf<T extends { id: string }>(found: Read<T>, wanted: string, lookup: Lookup<T>, what = ''): T | undefined {
  const rounds = [...lookup.keys.map((key) => (item: T) => key(item) === wanted), (item: T) => lookup.keys.some((key) => folded(key(item)) === folded(wanted))];
  for (const [round, matches] of rounds.entries()) {
    const matched = found.items.filter(matches);
    if (matched.length === 1) return matched[0]!;
    if (matched.length > 1) {
      const caseless = round === rounds.length - 1 ? ' without regard to case' : '';
      const count = found.total > found.items.length ? `at least ${matched.length}` : String(matched.length);
      const list = matched
        .slice(0, 10)
        .map((item) => `${lookup.shown(item)} (${item.id})`)
        .join(', ');
      throw new WsError('not_found', `the name "${wanted}" matches ${count} ${lookup.plural}${caseless}`, {
        code: 'ambiguous',
        hint: `${lookup.pick}: ${list}${stopped(found, lookup.plural, what)}`,
      });
    }
  }
  return undefined;
}

/** The items whose names are nearest to `wanted` (a typo), each once and by all its names: "daily_revenue" or "Daily revenue" (id). */
function likeliest<T extends { id: string }>(items: T[], wanted: string, lookup: Lookup<T>): string | undefined {
  const names = (item: T) => [...new Set(lookup.keys.map((key) => key(item)))];
  const all = items.flatMap((item) => names(item).map((name) => [folded(name), item] as const));
  const guess = closest(
    folded(wanted),
    all.map(([name]) => name),
  );
  const nearest = [...new Map(all.filter(([name]) => name === guess).map(([, item]) => [item.id, item])).values()];
  if (!nearest.length) return undefined;
  const shown = nearest.slice(0, 5).map(
    (item) =>
      `${names(item)
        .map((name) => `"${name}"`)
        .join(' or ')} (${item.id})`,
  );
  const several = nearest.length > 1 ? ` (${nearest.length} share that name: name one by its ${lookup.keys.length > 1 ? 'slug or ' : ''}id)` : '';
  return `the likeliest: ${shown.join(', ')}${several}`;
}

/**
 * The one rule for a name, on the command line and for an assistant alike: a UUID is fetched; a slug or name is
 * looked for in the list's search, then, none matching there, among every item (both bounded by lookupLimit). Nothing
 * matching is exit 4 naming the likeliest, and `list` (where to see them all: a ws command, or a tool).
 */
async function find<T extends { id: string }>(
  wanted: string,
  lookup: Lookup<T>,
  list: string,
  source: { get(id: string): Promise<T>; pages(search: string | undefined): AsyncIterable<Page<T>> },
): Promise<T> {
  // the same rule as for ids in a path: these name nothing, so nothing is searched for them
  if (wanted === '' || wanted === '.' || wanted === '..') throw usageError(lookup.invalid);
  if (isUuid(wanted)) return source.get(wanted);
  const searched = await read(source.pages(wanted));
  const found = matchOf(searched, wanted, lookup, ' the search found');
  if (found) return found;
  const every = await read(source.pages(undefined));
  const again = matchOf(every, wanted, lookup);
  if (again) return again;
  const seen = [...new Map([...every.items, ...searched.items].map((item) => [item.id, item])).values()];
  const nearest = likeliest(seen, wanted, lookup);
  const hint = [nearest, list].filter(Boolean).join('; ') + stopped(every, lookup.plural, '', ': name it by its id');
  throw new WsError('not_found', lookup.none, hint ? { hint: hint.replace(/^; /, '') } : {});
}

/** Pages of a list, at most lookupLimit items. */
const bounded = { limit: lookupLimit, offset: 0, all: false };

const queryLookup = (wanted: string): Lookup<Query> => ({
  keys: [(query) => query.slug, (query) => query.name],
  shown: (query) => query.slug,
  plural: 'queries',
  none: `no query has the slug or name ${JSON.stringify(wanted)}`,
  invalid: `invalid query "${wanted}": give its id, slug or name`,
  pick: 'use the slug of one',
});

const automationLookup = (wanted: string): Lookup<Automation> => ({
  keys: [(automation) => automation.name],
  shown: (automation) => automation.name,
  plural: 'automations',
  none: `no automation is named ${JSON.stringify(wanted)}`,
  invalid: `invalid automation "${wanted}": give its id or name`,
  pick: 'use the id of one',
});

/**
 * A query named by UUID, slug or name (in any case when only one has it), fetched whole; `list` says where the
 * others are (by default as the client's hints say: a ws command, for an assistant a tool).
 */
export function findQuery(http: HttpClient, wanted: string, list = http.hints?.list('queries') ?? ''): Promise<Query> {
  return find(wanted, queryLookup(wanted), list, {
    get: (id) => getQuery(http, id),
    pages: (search) => listQueryPages(http, { search, includeRuns: false }, bounded),
  });
}

/** A query's id: a UUID as it is, without a request; a slug or name as findQuery finds it. */
export async function findQueryId(http: HttpClient, wanted: string): Promise<string> {
  return isUuid(wanted) ? wanted : (await findQuery(http, wanted)).id;
}

/** An automation named by UUID or name (in any case when only one has it), fetched whole; `list` as for findQuery. */
export function findAutomation(http: HttpClient, wanted: string, list = http.hints?.list('automations') ?? ''): Promise<Automation> {
  return find(wanted, automationLookup(wanted), list, {
    get: (id) => getAutomation(http, id),
    pages: (search) => listAutomationPages(http, { search }, bounded),
  });
}

/** An automation's id: a UUID as it is, without a request; a name as findAutomation finds it. */
export async function findAutomationId(http: HttpClient, wanted: string): Promise<string> {
  return isUuid(wanted) ? wanted : (await findAutomation(http, wanted)).id;
}

/** The query that `wanted` names among queries already fetched (shell completion reads one page), by the same rounds; undefined for none. */
export function queryAmong(candidates: Query[], wanted: string): Query | undefined {
  return matchOf({ items: candidates, total: candidates.length }, wanted, queryLookup(wanted));
}
