import { WsError, usageError } from '../errors.js';
import { isUuid } from '../ids.js';
import { getAutomation, listAutomationPages } from './automations.js';
import type { HttpClient } from './http.js';
import { shellCommand } from '../shell.js';
import type { Page } from './paginate.js';
import { getQuery, listQueryPages } from './queries.js';
import type { Automation } from './schemas/automations.js';
import type { Query } from './schemas/queries.js';

interface Lookup<T> {
  /** What an item is named by, strongest first: a query by its slug, then its name; an automation by its name. */
  keys: ((item: T) => string)[];
  /** How a candidate is shown: its slug or name. */
  shown: (item: T) => string;
  /** e.g. "queries"; `none` says that nothing matched, `list` how to look, `pick` what names one of several. */
  plural: string;
  none: string;
  list: string;
  pick: string;
}

const folded = (text: string) => text.normalize('NFC').toLowerCase();

/**
 * The one item of a search that `wanted` names. Exact matches come first, key by key (a slug, then a name); then a
 * match without regard to case over every key. The first of those rounds that matches anything decides: one item is
 * the answer; several are exit 4 with the candidates (a name two queries share, "report" and "Report"). No match
 * is exit 4 with the similar items the search found.
 */
async function exactlyOne<T extends { id: string }>(pages: AsyncIterable<Page<T>>, wanted: string, lookup: Lookup<T>): Promise<T> {
  const candidates: T[] = [];
  for await (const page of pages) candidates.push(...page.items);
  return chosen(candidates, wanted, lookup);
}

function chosen<T extends { id: string }>(candidates: T[], wanted: string, lookup: Lookup<T>): T {
  const rounds = [...lookup.keys.map((key) => (item: T) => key(item) === wanted), (item: T) => lookup.keys.some((key) => folded(key(item)) === folded(wanted))];
  const list = (items: T[]) => items.slice(0, 10).map((c) => `${lookup.shown(c)} (${c.id})`).join(', ');
  for (const [round, matches] of rounds.entries()) {
    const found = candidates.filter(matches);
    if (found.length === 1) return found[0]!;
    if (found.length > 1) {
      const caseless = round === rounds.length - 1 ? ' without regard to case' : '';
      throw new WsError('not_found', `the name "${wanted}" matches ${found.length} ${lookup.plural}${caseless}`, { code: 'ambiguous', hint: `${lookup.pick}: ${list(found)}` });
    }
  }
  throw new WsError('not_found', lookup.none, { hint: candidates.length ? `similar ${lookup.plural}: ${list(candidates)}` : lookup.list });
}

const everyPage = { limit: undefined, offset: 0, all: true };

/** A ws command as the client's hints write it; bare where there is no client (completion). */
type Command = (...words: string[]) => string;
const bare: Command = (...words) => shellCommand('ws', ...words);

const queryLookup = (wanted: string, command = bare): Lookup<Query> => ({
  keys: [(query) => query.slug, (query) => query.name],
  shown: (query) => query.slug,
  plural: 'queries',
  none: `no query has the slug or name ${JSON.stringify(wanted)}`,
  list: `see which there are: \`${command('queries', 'list')}\``,
  pick: 'use the slug of one',
});

/** Looks a slug or name up through the list endpoint's search (which matches name, description and slug). */
function queryByName(http: HttpClient, wanted: string): Promise<Query> {
  // the same rule as for ids in a path: these name no query, so nothing is searched for them
  if (wanted === '' || wanted === '.' || wanted === '..') return Promise.reject(usageError(`invalid query "${wanted}": give its id, slug or name`));
  return exactlyOne(listQueryPages(http, { search: wanted, includeRuns: false }, everyPage), wanted, queryLookup(wanted, http.hints.command));
}

/** The query that `wanted` names among queries already fetched (shell completion reads one page); exit 4 as above. */
export function queryAmong(candidates: Query[], wanted: string): Query {
  return chosen(candidates, wanted, queryLookup(wanted));
}

/** A query named by UUID, slug or name: its id, without a request when it is a UUID. */
export async function resolveQueryId(http: HttpClient, query: string): Promise<string> {
  return isUuid(query) ? query : (await queryByName(http, query)).id;
}

/** A query named by UUID, slug or name, fetched whole (a search result already is). */
export async function resolveQuery(http: HttpClient, query: string): Promise<Query> {
  return isUuid(query) ? getQuery(http, query) : queryByName(http, query);
}

const automationLookup = (name: string, command = bare): Lookup<Automation> => ({
  keys: [(automation) => automation.name],
  shown: (automation) => automation.name,
  plural: 'automations',
  none: `no automation is named ${JSON.stringify(name)}`,
  list: `see which there are: \`${command('automations', 'list')}\``,
  pick: 'use the id of one',
});

/** Looks a name up through the list's search; exactly one automation must have that name. */
function automationByName(http: HttpClient, name: string): Promise<Automation> {
  return exactlyOne(listAutomationPages(http, { search: name }, everyPage), name, automationLookup(name, http.hints.command));
}

/** The automation that `name` names among automations already fetched; exit 4 as above. */
export function automationAmong(candidates: Automation[], name: string): Automation {
  return chosen(candidates, name, automationLookup(name));
}

/** An automation named by UUID or by its name: its id, without a request when it is a UUID. */
export async function resolveAutomationId(http: HttpClient, automation: string): Promise<string> {
  return isUuid(automation) ? automation : (await automationByName(http, automation)).id;
}

/** An automation named by UUID or by its name, fetched whole (a name's search result already is). */
export async function resolveAutomation(http: HttpClient, automation: string): Promise<Automation> {
  return isUuid(automation) ? getAutomation(http, automation) : automationByName(http, automation);
}
