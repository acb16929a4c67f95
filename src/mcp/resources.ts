import type { HttpClient } from '../api/http.js';
import { listQueries } from '../api/queries.js';
import { usageError } from '../errors.js';
import { findQuery } from '../workspace/resolve.js';
import { columnsLine, columnsOf } from './query-columns.js';
import { queryText } from './query-text.js';

/** Saved queries as MCP resources: `ws://queries/<slug>`, for an assistant to bring one into its context. */
export const queryResourceTemplate = {
  uriTemplate: 'ws://queries/{slug}',
  name: 'query',
  title: 'A saved query',
  description: 'A saved SQL query: its SQL, parameters and the columns of its last completed run',
  mimeType: 'text/markdown',
};
const prefix = 'ws://queries/';
export const queryUri = (slug: string) => `${prefix}${encodeURIComponent(slug)}`;
/** Queries per page of resources/list: the list endpoint's maximum (the cursor is the offset of the next page). */
const pageSize = 100;

/** One page of the queries as resources, most recently updated first; `nextCursor` while there are more. */
export async function listQueryResources(
  http: HttpClient,
  cursor: string | undefined,
): Promise<{ resources: { uri: string; name: string; title: string; description?: string; mimeType: string }[]; nextCursor?: string }> {
  const offset = cursor === undefined ? 0 : Number(cursor);
  if (!Number.isSafeInteger(offset) || offset < 0) throw usageError(`invalid cursor "${cursor}": give the nextCursor of the list before`);
  const page = await listQueries(http, { includeRuns: false, limit: pageSize, offset });
  const resources = page.queries.map((query) => ({
    uri: queryUri(query.slug),
    name: query.slug,
    title: query.name,
    ...(query.description ? { description: query.description } : {}),
    mimeType: 'text/markdown',
  }));
  const next = offset + page.queries.length;
  return { resources, ...(page.queries.length && next < page.total ? { nextCursor: String(next) } : {}) };
}

/** Reads `ws://queries/<slug>` (a name or id after the prefix works too, as for the tools). */
export async function readQueryResource(http: HttpClient, uri: string): Promise<{ contents: { uri: string; mimeType: string; text: string }[] }> {
  const wanted = uri.startsWith(prefix) ? safeDecode(uri.slice(prefix.length)) : '';
  if (!wanted) throw usageError(`no resource ${uri}: the resources are saved queries, ${queryResourceTemplate.uriTemplate}`);
  // as for the tools' query argument: a longer one names no query, and would go in a URL
  if (wanted.length > 500) throw usageError(`invalid resource ${uri.slice(0, 60)}…: a query's slug or name is at most 500 characters (the API's limits)`);
  const query = await findQuery(http, wanted, 'see which there are: list the resources, or call list_queries');
  return { contents: [{ uri, mimeType: 'text/markdown', text: queryText(query, columnsLine(await columnsOf(http, query))) }] };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
