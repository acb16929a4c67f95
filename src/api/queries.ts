import { parseExactly } from './exact-json.js';
import { isResponseTooLarge, type HttpClient } from './http.js';
import type { QueryValue } from './request-spec.js';
import { paginate, type PageRequest } from './paginate.js';
import { parsedRows, rowsApart, type PageRows } from './row-bytes.js';
import {
  type CreateQueryBody,
  type ExecuteQueryBody,
  ExecuteQueryResponse,
  LatestData,
  type ListQueriesParams,
  Query,
  QueryList,
  QueryRunList,
  type UpdateQueryBody,
  queryPageMax,
  queryRunPageMax,
} from './schemas/queries.js';

/** The API description leaves the search parameter of GET /queries unnamed; this is the one place that names it. */
const querySearchParam = 'search';

const path = (id: string) => `/queries/${encodeURIComponent(id)}`;

/** The query string: the search under its one configurable name; numbers and booleans are sent as text by joinUrl. */
function listQuery({ search, ...rest }: ListQueriesParams): Record<string, QueryValue> {
  return { ...rest, [querySearchParam]: search };
}

export function listQueries(http: HttpClient, params: ListQueriesParams): Promise<QueryList> {
  return http.request({ method: 'GET', path: '/queries', query: listQuery(params), schema: QueryList });
}

/** Every page of GET /queries that `page` asks for. */
export function listQueryPages(http: HttpClient, params: Omit<ListQueriesParams, 'limit' | 'offset'>, page: Omit<PageRequest, 'pageMax' | 'defaultLimit'>) {
  return paginate(
    async (limit, offset, signal) => {
      const list = await listQueries(http.withSignal(signal), { ...params, limit, offset });
      return { items: list.queries, total: list.total, envelope: list };
    },
    { ...page, pageMax: queryPageMax, defaultLimit: 50 },
  );
}

export function getQuery(http: HttpClient, id: string): Promise<Query> {
  return http.request({ method: 'GET', path: path(id), schema: Query });
}

export function createQuery(http: HttpClient, body: CreateQueryBody): Promise<Query> {
  return http.request({ method: 'POST', path: '/queries', body, schema: Query });
}

export function updateQuery(http: HttpClient, id: string, body: UpdateQueryBody): Promise<Query> {
  return http.request({ method: 'PATCH', path: path(id), body, schema: Query });
}

/** Starts a run. Never sent twice: a duplicate run is worse than an error. */
export function executeQuery(http: HttpClient, id: string, body: ExecuteQueryBody): Promise<ExecuteQueryResponse> {
  return http.request({ method: 'POST', path: `${path(id)}/execute`, body, schema: ExecuteQueryResponse, idempotent: false });
}

export function listQueryRunPages(http: HttpClient, id: string, page: Omit<PageRequest, 'pageMax' | 'defaultLimit'>) {
  return paginate(
    async (limit, offset, signal) => {
      const list = await http.withSignal(signal).request({
        method: 'GET',
        path: `${path(id)}/query-runs`,
        query: { limit, offset },
        schema: QueryRunList,
      });
      return { items: list.runs, total: list.total, envelope: list };
    },
    { ...page, pageMax: queryRunPageMax, defaultLimit: 20 },
  );
}

const latestData = (id: string, params: { limit?: number; offset?: number }) =>
  ({
    method: 'GET',
    path: `${path(id)}/latest/data`,
    query: { limit: params.limit, offset: params.offset },
    schema: LatestData,
    exactNumbers: true,
  }) as const;

export function getLatestData(http: HttpClient, id: string, params: { limit?: number; offset?: number }): Promise<LatestData> {
  return http.request(latestData(id, params));
}

/**
 * A page of GET …/latest/data: its rows, kept as the bytes they came in and parsed when they are wanted, and its
 * other fields (`rows` among them empty, in its place).
 */
export interface LatestDataPage {
  fields: LatestData;
  rows: PageRows;
}

/**
 * A page of rows, its rows left as bytes (src/api/row-bytes.ts): the other fields are parsed and checked as
 * getLatestData's; a body of another shape is parsed whole, and checked so.
 */
export async function getLatestDataPage(http: HttpClient, id: string, params: { limit: number; offset: number }): Promise<LatestDataPage> {
  let rows: PageRows | undefined;
  let size = 0;
  const fields = await http.request({
    ...latestData(id, params),
    read: (body, notJson) => {
      size = body.length;
      const apart = rowsApart(body, notJson);
      const read = apart && (parseExactly(apart.fields) as { rows?: unknown });
      // a second `rows` among the fields would be the one JSON.parse keeps
      if (!apart || !Array.isArray(read?.rows) || read.rows.length > 0) return parseExactly(body.toString('utf8'));
      rows = apart.rows;
      return read;
    },
  });
  if (rows) return { fields, rows };
  return { fields: { ...fields, rows: [] }, rows: parsedRows(fields.rows, size) };
}

/** The rows a table on a terminal shows, as one page. */
export const latestDataPageSize = 1000;
/**
 * The page size asked for when reading many rows. The API states no maximum (the emulator's is 10,000): a server
 * with a lower one sends shorter pages, and paginate asks for that size from then on.
 */
export const latestDataPageMax = 10_000;
/** Pages of rows in flight at once: enough to hide the round trips (fewer saved little memory: docs/development.md). */
const latestDataPagesAhead = 4;
/** About the most JSON one page should hold: wide rows come in fewer a page, so that memory stays modest. */
const latestDataPageBytes = 8 * 1024 * 1024;

/**
 * Pages through the rows of the latest successful run, as the server names it at each page. That every page is of
 * one run (a newer run may complete while paging) is checked above, in src/workspace/query-runs.ts's latestDataPages.
 */
export function listLatestDataPages(http: HttpClient, id: string, page: Omit<PageRequest<unknown, PageRows>, 'pageMax' | 'defaultLimit'>) {
  const fetchPage = async (limit: number, offset: number, signal: AbortSignal): Promise<LatestDataPage> => {
    try {
      return await getLatestDataPage(http.withSignal(signal), id, { limit, offset });
    } catch (error) {
      // rows too wide for this many a page: half as many (paginate follows the shorter page from then on)
      if (limit > 1 && isResponseTooLarge(error)) return fetchPage(Math.ceil(limit / 2), offset, signal);
      throw error;
    }
  };
  return paginate(
    async (limit, offset, signal) => {
      const { fields, rows } = await fetchPage(limit, offset, signal);
      // without a total, read on until an empty page: a short page may only mean a smaller server maximum
      return { items: rows, total: fields.totalRowCount ?? Infinity, envelope: fields };
    },
    {
      ...page,
      pageMax: latestDataPageMax,
      defaultLimit: latestDataPageSize,
      rows: true,
      ahead: page.ahead ?? latestDataPagesAhead,
      // judged once, by the bytes of the first page (of 1,000 rows at most)
      firstPage: latestDataPageSize,
      pageSize: (first) => Math.max(1, Math.floor(latestDataPageBytes / (first.items.bytes / first.items.length))),
    },
  );
}
