import { randomUUID } from 'node:crypto';
import { CreateQueryBody, ExecuteQueryBody, LatestDataParams, ListQueriesParams, ListQueryRunsParams, UpdateQueryBody } from '../../api/schemas/queries.js';
import { HttpError, notFound, page, parseBody, parseQuery, uuidParam, type Request, type Router } from '../router.js';
import type { QueryRecord, QueryRunRecord } from '../runs.js';
import { placeholders } from '../sql-parameters.js';
import { presentFields, publicView } from '../store.js';
import { matches, sortBy, type World } from '../world.js';

const latestDataDefaultLimit = 1000;
/** The API description shows no page maximum for data; the emulator keeps one, so that a page stays bounded. */
export const latestDataPageMax = 10_000;

/** Latin letters that NFKD leaves whole (no base letter and combining mark to split into). */
const latinLetters: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/**
 * A name's letters and digits in any script, lower-cased, each run of other characters one `_` (`数据 报告` is
 * 数据_报告). Latin letters with marks are transliterated (`Umsatz café` is umsatz_cafe), as before; other scripts
 * keep their marks (ё, データ, हिन्दी), since there a mark makes another letter. The API shows no pattern for a
 * query's slug, only a length: up to 255 characters, counted as JSON Schema counts them (code points).
 */
function slugify(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .replace(/[ßæœøłđðþı]/g, (letter) => latinLetters[letter]!)
    .normalize('NFC')
    .replace(/(?:[^\p{L}\p{M}\p{N}]\p{M}*)+/gu, '_')
    .replace(/^[_\p{M}]+/u, '');
  return [...slug].slice(0, 240).join('').replace(/_+$/, '') || 'query';
}

function uniqueSlug(world: World, organizationId: string, name: string): string {
  const base = slugify(name);
  const taken = new Set(world.store.find<QueryRecord>('query', organizationId).map((q) => q.slug));
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}_${n}`;
  return slug;
}

/** No QueryRun field may be null: one without a value (errorDetails of a good run, startedAt of a queued one) is left out. */
export function queryRunView(run: QueryRunRecord): Record<string, unknown> {
  return presentFields(run);
}

function queryView(world: World, query: QueryRecord, includeRuns: boolean): Record<string, unknown> {
  const view = publicView(query);
  if (includeRuns) {
    const org = query.organizationId;
    const last = query.lastQueryRunId ? world.store.get<QueryRunRecord>('query_run', query.lastQueryRunId, org) : undefined;
    const good = query.lastSuccessfulRunId ? world.store.get<QueryRunRecord>('query_run', query.lastSuccessfulRunId, org) : undefined;
    if (last) view.lastQueryRun = queryRunView(last);
    if (good) view.lastSuccessfulRun = queryRunView(good);
  }
  return view;
}

function getQuery(world: World, request: Request): QueryRecord {
  const id = uuidParam(request, 'id');
  const query = world.store.get<QueryRecord>('query', id, request.organization.id);
  if (!query) throw notFound('query', id);
  return query;
}

export function queryRoutes(router: Router, world: World): void {
  router.on('GET', '/queries', (request) => listQueries(world, request));

  router.on('POST', '/queries', (request) => createQuery(world, request));

  router.on('GET', '/queries/:id', (request) => ({ body: queryView(world, getQuery(world, request), false) }));

  router.on('PATCH', '/queries/:id', async (request) => {
    const query = getQuery(world, request);
    const body = parseBody(UpdateQueryBody, request);
    const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    const updated = { ...query, ...changes, updatedAt: world.now(), updatedById: request.organization.userId };
    await world.store.put('query', updated);
    return { body: queryView(world, updated, false) };
  });

  router.on('POST', '/queries/:id/execute', (request) => executeQuery(world, request));

  router.on('GET', '/queries/:id/query-runs', (request) => {
    const query = getQuery(world, request);
    const params = parseQuery(ListQueryRunsParams, request, { numbers: ['limit', 'offset'] });
    const runs = sortBy(
      world.store.find<QueryRunRecord>('query_run', query.organizationId, (r) => r.queryId === query.id),
      (r) => r.createdAt,
      'desc',
    );
    const { items, ...envelope } = page(runs, params.limit ?? 20, params.offset ?? 0);
    return { body: { runs: items.map(queryRunView), ...envelope } };
  });

  router.on('GET', '/queries/:id/latest/data', (request) => latestData(world, request));

  router.on('GET', '/query-runs/:runId', (request) => {
    const run = getRun(world, request);
    return {
      body: { queryRunId: run.id, status: run.status, message: run._message, userAgent: run.userAgent, createdAt: run.createdAt, history: run._history },
    };
  });

  router.on('GET', '/query-runs/:runId/result', (request) => {
    const run = getRun(world, request);
    return {
      body: {
        queryRunId: run.id,
        queryId: run.queryId,
        status: run.status,
        resultLocation: run.resultLocation ?? null,
        rowCount: run.rowCount,
        executionTimeMs: run.executionTimeMs,
        columnSchema: run.columnSchema,
        userAgent: run.userAgent,
        createdAt: run.createdAt,
        completedAt: run.completedAt,
      },
    };
  });
}

/** GET /queries: the organization's queries, filtered, sorted and paged. */
function listQueries(world: World, request: Request) {
  const params = parseQuery(ListQueriesParams, request, { numbers: ['limit', 'offset'], booleans: ['platformOwned', 'includeRuns'] });
  const org = request.organization.id;
  let queries = world.store.find<QueryRecord>('query', org, (q) => {
    if (!matches(params.search, q.name, q.description, q.slug)) return false;
    if (params.source === 'agent' && !q.agentRunId) return false;
    if (params.source === 'human' && q.agentRunId) return false;
    if (params.createdById && q.createdById !== params.createdById) return false;
    if (params.ownerOrganizationId && params.ownerOrganizationId !== org) return false;
    // the emulator has no platform organization: platform-owned queries are none
    if (params.platformOwned === true) return false;
    return true;
  });
  const field = { updated: 'updatedAt', created: 'createdAt', name: 'name' }[params.sortBy ?? 'updated'];
  queries = sortBy(queries, (q) => String(q[field]), params.sortDirection ?? 'desc');
  const { items, ...envelope } = page(queries, params.limit ?? 50, params.offset ?? 0);
  return { body: { queries: items.map((q) => queryView(world, q, params.includeRuns ?? true)), ...envelope } };
}

/** POST /queries: a new query, its slug made unique from its name. */
async function createQuery(world: World, request: Request) {
  const body = parseBody(CreateQueryBody, request);
  const at = world.now();
  const { id: organizationId, userId } = request.organization;
  const query: QueryRecord = {
    id: randomUUID(),
    name: body.name,
    sql: body.sql,
    lastSuccessfulRunId: null,
    lastQueryRunId: null,
    slug: uniqueSlug(world, organizationId, body.name),
    parameters: body.parameters ?? null,
    agentRunId: body.agentRunId ?? null,
    dataSourceId: body.dataSourceId ?? null,
    organizationId,
    createdById: userId,
    updatedById: userId,
    createdAt: at,
    updatedAt: at,
    description: body.description ?? null,
    metadata: body.metadata ?? null,
    userAgent: body.userAgent ?? null,
  };
  await world.store.put('query', query);
  return { status: 201, body: queryView(world, query, false) };
}

/** POST /queries/:id/execute: starts a run; a parameter the query does not have is refused. */
async function executeQuery(world: World, request: Request) {
  const query = getQuery(world, request);
  const body = parseBody(ExecuteQueryBody, request);
  const known = new Set([...placeholders(query.sql), ...(query.parameters ?? []).map((p) => p.name)]);
  const unknown = Object.keys(body.parameters ?? {}).filter((name) => !known.has(name));
  if (unknown.length) {
    throw new HttpError(
      400,
      'validation_error',
      `parameters.${unknown[0]}: the query has no such parameter (it has: ${[...known].join(', ') || 'none'})`,
      `parameters.${unknown[0]}`,
    );
  }
  const { run } = await world.runs.startQueryRun(query, body.parameters ?? {}, body.userAgent ?? null);
  return { status: 202, body: { queryId: query.id, queryRunId: run.id, status: run.status, queryName: query.name } };
}

/** GET /queries/:id/latest/data: a page of the rows of the query's last successful run. */
async function latestData(world: World, request: Request) {
  const query = getQuery(world, request);
  const params = parseQuery(LatestDataParams, request, { numbers: ['limit', 'offset'] });
  const limit = params.limit ?? latestDataDefaultLimit;
  if (limit > latestDataPageMax) throw new HttpError(400, 'validation_error', `limit: must be at most ${latestDataPageMax}, got ${limit}`, 'limit');
  const run = query.lastSuccessfulRunId ? world.store.get<QueryRunRecord>('query_run', query.lastSuccessfulRunId, query.organizationId) : undefined;
  if (!run) throw new HttpError(404, 'not_found', `query ${query.id} has no successful run yet`);
  const offset = params.offset ?? 0;
  const columns = run.columnSchema ?? [];
  const rows = await world.engine.readRows(query.organizationId, run.id, columns, limit, offset);
  return {
    body: {
      queryRunId: run.id,
      status: run.status,
      totalRowCount: run.rowCount,
      returnedRowCount: rows.length,
      columns,
      rows,
      startedAt: run.startedAt,
      completedAt: run.completedAt,
    },
  };
}

function getRun(world: World, request: Request): QueryRunRecord {
  const id = uuidParam(request, 'runId');
  const run = world.store.get<QueryRunRecord>('query_run', id, request.organization.id);
  if (!run) throw notFound('query run', id);
  return run;
}
