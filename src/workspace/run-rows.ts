import type { HttpClient } from '../api/http.js';
import { latestDataPages, settleLatestRun, type DataProgress } from './query-runs.js';

type Row = Record<string, unknown>;

/** A string value of a row that was shortened to fit an answer: its column and its whole length. */
export interface CutValue {
  column: string;
  /** The value's length in characters, whole. */
  length: number;
  /** How many of its first characters the answer keeps. */
  kept: number;
}

/** A window of a completed run's rows, or, when another run's rows replaced them, which run has them now. */
export type RunWindow = { columns: string[]; rows: Row[]; totalRowCount: number | null; cut?: CutValue[]; replacedBy?: undefined } | { replacedBy: string };

/** What ends a shortened value, in the value itself, so that no reader takes it for the whole. */
export const cutMark = (length: number) => `…[cut: ${length.toLocaleString('en-US')} characters in all]`;

/**
 * One row too large for `maxBytes` on its own: its longest string values shortened (each marked at its end)
 * until it fits, so that the row is still seen and a reader can move past it.
 */
function cutRow(row: Row, maxBytes: number): { row: Row; cut: CutValue[] } {
  const strings = Object.entries(row).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  // the other values' weight stays; the strings share what is left, the longest cut first
  const others = JSON.stringify(Object.fromEntries(Object.entries(row).map(([column, value]) => [column, typeof value === 'string' ? '' : value]))).length;
  let share = Math.max(Math.floor((maxBytes - others) / Math.max(strings.length, 1)) - 64, 64);
  for (;;) {
    const cut: CutValue[] = [];
    const out: Row = { ...row };
    for (const [column, value] of strings) {
      if (JSON.stringify(value).length <= share) continue;
      const kept = Math.max(share - 64, 0);
      out[column] = `${value.slice(0, kept)}${cutMark(value.length)}`;
      cut.push({ column, length: value.length, kept });
    }
    if (JSON.stringify(out).length <= maxBytes || share <= 64) return { row: out, cut };
    share = Math.floor(share / 2);
  }
}

/**
 * Reads the rows of a completed run from `offset`, at most `maxRows`, then drops rows from the end until they
 * fit in `maxBytes` of JSON; a first row that alone is over is returned alone with its long strings cut (and
 * `cut` says which), never left out, so every row can be reached. The rows are its query's latest data: when
 * that data belongs to another run, no rows are read and that run is named (so that a caller can say where the
 * rows went, not just that they are gone).
 */
export async function readRunWindow(
  http: HttpClient,
  queryId: string,
  runId: string,
  window: { offset: number; maxRows: number; maxBytes: number; allCommand: string },
): Promise<RunWindow> {
  await settleLatestRun(http, queryId, runId);
  const read: DataProgress = { rows: 0 };
  const rows: Row[] = [];
  let cut: CutValue[] | undefined;
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
      const size = JSON.stringify(row).length + 1;
      if (bytes + size <= window.maxBytes) {
        bytes += size;
        rows.push(row);
        continue;
      }
      full = true;
      if (rows.length === 0) {
        const shortened = cutRow(row, window.maxBytes - bytes);
        rows.push(shortened.row);
        cut = shortened.cut;
      }
    }
    if (full || rows.length >= window.maxRows) break;
  }
  return { columns: read.columns ?? [], rows, totalRowCount: typeof read.total === 'number' ? read.total : null, ...(cut ? { cut } : {}) };
}
