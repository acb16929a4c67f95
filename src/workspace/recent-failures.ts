import { listAutomationRunPages, listAutomations } from '../api/automations.js';
import type { HttpClient } from '../api/http.js';
import type { Page } from '../api/paginate.js';
import { listQueries, listQueryRunPages } from '../api/queries.js';
import type { AutomationRun } from '../api/schemas/automation-runs.js';
import type { Automation } from '../api/schemas/automations.js';
import type { QueryRun } from '../api/schemas/query-runs.js';
import type { Query } from '../api/schemas/queries.js';
import { errorText } from './run-text.js';

/** A run that ended FAILED (a query's) or failed (an automation's). */
export type Failure =
  | { kind: 'query_run'; run_id: string; query: string; query_id: string; state: string; at: string | null; error: string | null }
  | { kind: 'automation_run'; run_id: string; automation: string; automation_id: string; state: string; at: string | null; error: string | null };

/** What was read to find them: the API has no list of a workspace's runs, only each query's and automation's. */
export interface Scanned {
  queries: number;
  queries_total: number;
  automations: number;
  automations_total: number;
  runs_each: number;
  api_calls: number;
  /** Every query and automation of the workspace that ever ran had its newest runs read. */
  complete: boolean;
}

/** The lists read first: one page of each, the most a page holds (the endpoints' maxima). */
const queriesRead = 100;
const automationsRead = 200;

const newest = (text: string | null | undefined) => (text ? Date.parse(text) || 0 : 0);

async function firstPage<T>(pages: AsyncIterable<Page<T>>): Promise<T[]> {
  for await (const page of pages) return page.items;
  return [];
}

/**
 * The failed runs among the newest `runsEach` runs of the queries and automations that ran last, newest first.
 * Two requests list the queries (with their last run, to know which ran last) and the automations; then one
 * request per query or automation, most recently active first, until `maxCalls` requests were made.
 */
export async function recentFailures(http: HttpClient, options: { maxCalls: number; runsEach: number }): Promise<{ failures: Failure[]; scanned: Scanned }> {
  const [queryList, automationList] = await Promise.all([
    listQueries(http, { includeRuns: true, limit: queriesRead, offset: 0 }),
    listAutomations(http, { limit: automationsRead, offset: 0 }),
  ]);
  let calls = 2;
  // those that never ran have no runs to read (a server that leaves the last run out: by when the query changed)
  const lastActive = (query: Query) => query.lastQueryRun?.createdAt ?? (query.lastQueryRunId ? query.updatedAt : null);
  const items = [
    ...queryList.queries.filter(lastActive).map((query) => ({ at: newest(lastActive(query)), query }) as const),
    ...automationList.workflows.filter((automation) => automation.lastRunAt).map((automation) => ({ at: newest(automation.lastRunAt), automation }) as const),
  ].sort((a, b) => b.at - a.at);
  const failures: Failure[] = [];
  let queries = 0;
  let automations = 0;
  for (const item of items) {
    if (calls >= options.maxCalls) break;
    calls++;
    if ('query' in item) {
      queries++;
      failures.push(...queryFailures(item.query, await firstPage(listQueryRunPages(http, item.query.id, { limit: options.runsEach, offset: 0, all: false }))));
    } else {
      automations++;
      failures.push(
        ...automationFailures(
          item.automation,
          await firstPage(listAutomationRunPages(http, item.automation.id, { limit: options.runsEach, offset: 0, all: false })),
        ),
      );
    }
  }
  failures.sort((a, b) => newest(b.at) - newest(a.at));
  // every one that ran had its runs read, and the lists were whole
  const complete =
    queries + automations === items.length && queryList.total <= queryList.queries.length && automationList.total <= automationList.workflows.length;
  return {
    failures,
    scanned: {
      queries,
      queries_total: queryList.total,
      automations,
      automations_total: automationList.total,
      runs_each: options.runsEach,
      api_calls: calls,
      complete,
    },
  };
}

function queryFailures(query: Query, runs: QueryRun[]): Failure[] {
  return runs
    .filter((run) => run.status === 'FAILED' && run.id)
    .map((run) => ({
      kind: 'query_run',
      run_id: run.id!,
      query: query.slug,
      query_id: query.id,
      state: run.status!,
      at: run.completedAt ?? run.createdAt ?? null,
      error: run.errorDetails ?? null,
    }));
}

function automationFailures(automation: Automation, runs: AutomationRun[]): Failure[] {
  return runs
    .filter((run) => run.state === 'failed')
    .map((run) => ({
      kind: 'automation_run',
      run_id: run.id,
      automation: automation.name,
      automation_id: automation.id,
      state: run.state,
      at: run.completedAt ?? run.createdAt,
      error: errorText(run.error) ?? null,
    }));
}
