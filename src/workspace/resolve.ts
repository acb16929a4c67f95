import { listAutomationPages } from '../api/automations.js';
import type { HttpClient } from '../api/http.js';
import type { Page } from '../api/paginate.js';
import { listQueryPages } from '../api/queries.js';
import { automationAmong, queryAmong, resolveAutomation, resolveQuery } from '../api/resolve.js';
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
 * A name the server's search did not find (a search that heeds case, say), looked for among the items read
 * whole, by the lookup's own rule (`among`: exact, then without regard to case); nothing there either, the
 * error of the exact lookup, whose hint names the likeliest item.
 */
function amongOrLikeliest<T extends { id: string }>(items: T[], wanted: string, among: (items: T[], wanted: string) => T, names: (item: T) => string[], failure: WsError, list: string): T {
  try {
    return among(items, wanted);
  } catch (error) {
    if (!(error instanceof WsError) || error.code === 'ambiguous') throw error;
  }
  const all = items.flatMap((item) => names(item).map((name) => [name.toLowerCase(), item] as const));
  const guess = closest(wanted.toLowerCase(), all.map(([name]) => name));
  // every item of that name, each once (two queries may share a name): each by its own names, without repeats
  const likeliest = [...new Map(all.filter(([name]) => name === guess).map(([, item]) => [item.id, item])).values()];
  if (!likeliest.length) throw failure;
  const shown = likeliest.slice(0, 5).map((item) => `${[...new Set(names(item))].map((name) => `"${name}"`).join(' or ')} (${item.id})`);
  const several = likeliest.length > 1 ? ` (${likeliest.length} share that name: name one by its ${names(likeliest[0]!).length > 1 ? 'slug or ' : ''}id)` : '';
  throw new WsError('not_found', failure.message, { hint: `the likeliest: ${shown.join(', ')}${several}; ${list}` });
}

/** The error with `list` (an assistant's tool to call) in place of the CLI's list command its hint names. */
function withList(error: WsError, cli: string, list: string): WsError {
  return list !== cli && error.hint?.includes(cli) ? new WsError(error.kind, error.message, { ...error, hint: error.hint.replace(cli, list) }) : error;
}

function missing(error: unknown, prefix: string): error is WsError {
  return error instanceof WsError && error.kind === 'not_found' && error.message.startsWith(prefix);
}

/**
 * A query named by id, slug or name (case-insensitive when one matches); missing, the likeliest is named, and
 * `list` says where the others are (a CLI command, or for an assistant a tool).
 */
export async function findQuery(http: HttpClient, wanted: string, list?: string): Promise<Query> {
  try {
    return await resolveQuery(http, wanted);
  } catch (error) {
    if (!missing(error, 'no query has the slug or name')) throw error;
    const queries = await collect(listQueryPages(http, { includeRuns: false }, scanned));
    const cli = `see which there are: \`${http.hints.command('queries', 'list')}\``;
    return amongOrLikeliest(queries, wanted, queryAmong, (query) => [query.slug, query.name], withList(error, cli, list ?? cli), list ?? cli);
  }
}

/** An automation named by id or name (case-insensitive when one matches); missing, the likeliest is named, and `list` where the others are. */
export async function findAutomation(http: HttpClient, wanted: string, list?: string): Promise<Automation> {
  try {
    return await resolveAutomation(http, wanted);
  } catch (error) {
    if (!missing(error, 'no automation is named')) throw error;
    const automations = await collect(listAutomationPages(http, {}, scanned));
    const cli = `see which there are: \`${http.hints.command('automations', 'list')}\``;
    return amongOrLikeliest(automations, wanted, automationAmong, (automation) => [automation.name], withList(error, cli, list ?? cli), list ?? cli);
  }
}
