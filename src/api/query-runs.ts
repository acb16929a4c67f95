import type { HttpClient } from './http.js';
import { QueryRunResult, QueryRunStatusResponse } from './schemas/query-runs.js';

const path = (runId: string) => `/query-runs/${encodeURIComponent(runId)}`;

export function getQueryRun(http: HttpClient, runId: string): Promise<QueryRunStatusResponse> {
  return http.request({ method: 'GET', path: path(runId), schema: QueryRunStatusResponse });
}

export function getQueryRunResult(http: HttpClient, runId: string): Promise<QueryRunResult> {
  return http.request({ method: 'GET', path: `${path(runId)}/result`, schema: QueryRunResult });
}
