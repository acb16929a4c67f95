import type { ApiServer, RecordedRequest } from './api-server.js';

/**
 * GET /queries/{id}/latest/data on a stub API server, for tests of what ws does with a query's rows: the pages of
 * a result answered as the API pages them, and the requests for them.
 */
export function latestDataStub(server: ApiServer, queryId: string, runId: string) {
  /** The latest/data body for rows[offset, offset + limit), in the API's order of fields. */
  function page(rows: Record<string, unknown>[], request: RecordedRequest, pageMax = Infinity) {
    const limit = Math.min(Number(request.query.limit ?? 1000), pageMax);
    const offset = Number(request.query.offset ?? 0);
    const slice = rows.slice(offset, offset + limit);
    return {
      queryRunId: runId,
      status: 'COMPLETED',
      totalRowCount: rows.length,
      returnedRowCount: slice.length,
      columns: Object.keys(rows[0] ?? {}).map((name) => ({ name, type: 'VARCHAR' })),
      rows: slice,
      startedAt: '2026-11-20T11:00:00.000Z',
      completedAt: '2026-11-20T11:00:01.000Z',
    };
  }
  const dataPath = `/queries/${queryId}/latest/data`;
  return {
    page,
    dataPath,
    /** The requests for pages so far. */
    dataRequests: () => server.requests.filter((r) => r.path.endsWith('/latest/data')),
    /** Answers every page of these rows, at most pageMax a page. */
    serve(rows: Record<string, unknown>[], pageMax = Infinity): void {
      server.on('GET', dataPath, (request) => ({ body: page(rows, request, pageMax) }));
    },
  };
}
