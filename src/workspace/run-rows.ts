import type { HttpClient } from '../api/http.js';
import { latestDataPages, settleLatestRun, type DataProgress } from './query-runs.js';

type Row = Record<string, unknown>;

/** A window of a completed run's rows, or, when another run's rows replaced them, which run has them now. */
export type RunWindow = { columns: string[]; rows: Row[]; totalRowCount: number | null; replacedBy?: undefined } | { replacedBy: string };

/**
 * Reads the rows of a completed run from `offset`, at most `maxRows`, then drops rows from the end until they
 * fit in `maxBytes` of JSON. The rows are its query's latest data: when that data belongs to another run, no rows
 * are read and that run is named (so that a caller can say where the rows went, not just that they are gone).
 */
export async function readRunWindow(http: HttpClient, queryId: string, runId: string, window: { offset: number; maxRows: number; maxBytes: number; allCommand: string }): Promise<RunWindow> {
  await settleLatestRun(http, queryId, runId);
  const read: DataProgress = { rows: 0 };
  const rows: Row[] = [];
  let replacedBy: string | undefined;
  let bytes = 2;
  let full = false;
  const request = { limit: Math.max(window.maxRows, 1), offset: window.offset, all: false, allCommand: window.allCommand };
  for await (const page of latestDataPages(http, queryId, request, read, (_names, first) => {
    const owner = (first.envelope as { queryRunId?: unknown } | undefined)?.queryRunId;
    if (typeof owner === 'string' && owner !== runId) replacedBy = owner;
  })) {
    if (replacedBy) return { replacedBy };
    for (const row of page.items) {
      if (full || rows.length >= window.maxRows) break;
      bytes += JSON.stringify(row).length + 1;
      if (bytes > window.maxBytes) full = true;
      else rows.push(row);
    }
    if (full || rows.length >= window.maxRows) break;
  }
  return { columns: read.columns ?? [], rows, totalRowCount: typeof read.total === 'number' ? read.total : null };
}
