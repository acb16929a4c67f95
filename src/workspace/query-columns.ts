import type { HttpClient } from '../api/http.js';
import { getLatestData } from '../api/queries.js';
import { getQueryRunResult } from '../api/query-runs.js';
import type { QueryRun } from '../api/schemas/query-runs.js';
import type { Query } from '../api/schemas/queries.js';

/** A column of a result: its name, and its type where the API gives one (the entries' shape is not shown). */
export interface ResultColumn {
  name: string;
  type?: string;
}

/** What a query's last completed run says of its columns; no run is started to learn them. */
export interface KnownColumns {
  /** null: no completed run, or one whose columns the server does not give. */
  columns: ResultColumn[] | null;
  /** The run they are of. */
  runId: string | null;
  /** The query was updated after that run started (its SQL may be another since): the columns may differ. */
  changedSince: boolean;
}

/** Entries of `columnSchema` or `columns`: names (strings or objects with a name), and a type when there is one. */
export function resultColumns(entries: unknown[] | null | undefined): ResultColumn[] | null {
  if (!entries?.length) return null;
  const columns = entries.map((entry): ResultColumn | undefined => {
    if (typeof entry === 'string') return { name: entry };
    if (entry === null || typeof entry !== 'object' || !('name' in entry)) return undefined;
    const { name, type } = entry as { name: unknown; type?: unknown };
    return { name: String(name), ...(typeof type === 'string' ? { type } : {}) };
  });
  return columns.every((column) => column !== undefined) ? columns : null;
}

/** A run started before the query's last update: an update may have changed the SQL it ran (the API says no more). */
function changedAfter(query: Query, createdAt: string | null | undefined): boolean {
  return Boolean(createdAt) && Date.parse(query.updatedAt) > Date.parse(createdAt!);
}

/**
 * The columns of a query's last completed run: from the run given with the query (a list with includeRuns), else
 * from the run's result (one request), else from one row of its latest data. Never starts a run.
 */
export async function knownColumns(http: HttpClient, query: Query & { lastSuccessfulRun?: QueryRun | null }): Promise<KnownColumns> {
  const runId = query.lastSuccessfulRunId ?? query.lastSuccessfulRun?.id ?? null;
  if (!runId) return { columns: null, runId: null, changedSince: false };
  const listed = query.lastSuccessfulRun;
  if (listed && resultColumns(listed.columnSchema))
    return { columns: resultColumns(listed.columnSchema), runId, changedSince: changedAfter(query, listed.createdAt) };
  if (listed) return { columns: null, runId, changedSince: changedAfter(query, listed.createdAt) };
  const result = await getQueryRunResult(http, runId);
  let columns = resultColumns(result.columnSchema);
  if (!columns) {
    const data = await getLatestData(http, query.id, { limit: 1 });
    if (data.queryRunId === runId) columns = resultColumns(data.columns) ?? (data.rows[0] ? Object.keys(data.rows[0]).map((name) => ({ name })) : null);
  }
  return { columns, runId, changedSince: changedAfter(query, result.createdAt) };
}
