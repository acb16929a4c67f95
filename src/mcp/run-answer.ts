import * as z from 'zod';
import type { HttpClient } from '../api/http.js';
import { terminalQueryRunStatuses, type QueryRunStatusResponse } from '../api/schemas/query-runs.js';
import { WsError } from '../errors.js';
import { shellCommand } from '../shell.js';
import { queryRunFailure, readRunRows } from '../workspace/query-runs.js';

/** Rows an answer may carry, whatever max_rows asks for. */
export const rowCap = 1_000;
/** About what an answer's rows may weigh as JSON: an assistant's context is not an export. */
export const byteCap = 256 * 1024;

export const maxRowsArgument = () =>
  z.int().min(0).default(100).describe(`how many rows to return (default 100; 0 for none); more than ${rowCap.toLocaleString('en-US')} is clamped to ${rowCap.toLocaleString('en-US')}`);

/** What execute_query and get_query_run answer: the run, and the first rows once it completed. */
export const runAnswerSchema = z.object({
  run_id: z.string(),
  query_id: z.string().optional(),
  state: z.string().describe('PENDING, SUBMITTED, RUNNING or STREAMING while it goes on; COMPLETED'),
  message: z.string().nullish(),
  columns: z.array(z.string()),
  rows: z.array(z.record(z.string(), z.unknown())).describe('the first rows, as objects keyed by column name'),
  returned_row_count: z.int(),
  total_row_count: z.int().nullable().describe('how many rows the run produced, when known'),
  rows_omitted: z.int().describe('rows of the run not in this answer (max_rows, the 1,000 cap or about 256 KiB of output)'),
  export_command: z.string().optional().describe('the ws command that exports every row, when rows were left out'),
  notes: z.array(z.string()),
});
export type RunAnswer = z.infer<typeof runAnswerSchema>;

/**
 * The answer for a run as it is now: still going, a normal answer saying how to look again; FAILED or
 * CANCELLED, the CLI's error; COMPLETED, its first rows.
 */
export async function runAnswer(http: HttpClient, run: QueryRunStatusResponse, query: { id: string; slug: string } | undefined, maxRows: number, startedHere = false): Promise<{ data: RunAnswer }> {
  const notes: string[] = [];
  const rowsWanted = Math.min(maxRows, rowCap);
  if (maxRows > rowCap) notes.push(`max_rows ${maxRows} is more than ${rowCap.toLocaleString('en-US')}: clamped to ${rowCap.toLocaleString('en-US')}`);
  const base = { run_id: run.queryRunId, ...(query ? { query_id: query.id } : {}), state: run.status, message: run.message, columns: [], rows: [], returned_row_count: 0, total_row_count: null, rows_omitted: 0 };
  if (!terminalQueryRunStatuses.includes(run.status)) {
    notes.push(`the run is still ${run.status}: call get_query_run with run_id ${run.queryRunId} later for its rows`);
    return { data: { ...base, notes } };
  }
  const failure = queryRunFailure(run);
  if (failure) throw failure;
  if (!query) throw new WsError('api', `query run ${run.queryRunId} completed but its result names no query`);
  const allCommand = shellCommand('ws', 'queries', 'data', query.slug, '--all', '-o', 'csv');
  try {
    const page = await readRunRows(http, query.id, run.queryRunId, rowsWanted, byteCap, { allCommand });
    const omitted = page.totalRowCount === null ? (page.rows.length < rowsWanted ? 0 : null) : page.totalRowCount - page.rows.length;
    if (page.rows.length < rowsWanted && omitted) notes.push(`rows were left out to keep this answer under about ${byteCap / 1024} KiB`);
    return {
      data: {
        ...base,
        columns: page.columns,
        rows: page.rows,
        returned_row_count: page.rows.length,
        total_row_count: page.totalRowCount,
        rows_omitted: omitted ?? 0,
        ...(omitted !== 0 ? { export_command: allCommand } : {}),
        notes: omitted === null ? [...notes, 'the server gave no total: more rows may exist'] : notes,
      },
    };
  } catch (error) {
    if (!(error instanceof WsError) || error.code !== 'data_replaced') throw error;
    // the run this call started: its rows were replaced by another run's before they were read, which is no answer
    if (startedHere) throw new WsError('api', error.message, { ...error, hint: 'call execute_query again, or get_query_run with the other run for its rows' });
    // an older run: its rows are no longer its query's latest data
    return { data: { ...base, notes: [...notes, `its rows cannot be read any more: ${error.message.split(': ')[0]}; ${error.hint ?? ''}`] } };
  }
}
