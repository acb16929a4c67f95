import * as z from 'zod';
import type { HttpClient } from '../api/http.js';
import { terminalQueryRunStatuses, type QueryRunStatusResponse } from '../api/schemas/query-runs.js';
import { WsError } from '../errors.js';
import { PrintedCommands } from '../printed-commands.js';
import { queryRunFailure } from '../workspace/query-runs.js';
import { readRunWindow } from '../workspace/run-rows.js';
import { render, table } from './render.js';
import { callText, nextCallSchema } from './tool.js';

/** Rows an answer may carry, whatever max_rows asks for. */
export const rowCap = 1_000;
/** About what an answer's rows may weigh as JSON: an assistant's context is not an export. */
export const byteCap = 256 * 1024;
/** Rows the text of an answer shows: the rows are whole once, in structuredContent, not twice. */
const textRows = 20;

export const maxRowsArgument = () =>
  z
    .int()
    .min(0)
    .default(100)
    .describe(`how many rows to return (default 100; 0 for none); more than ${rowCap.toLocaleString('en-US')} is clamped to ${rowCap.toLocaleString('en-US')}`);
export const offsetArgument = () =>
  z.int().min(0).default(0).describe("rows of the result to skip: the answer's `next` gives the offset of the rows after these");

/** What execute_query and get_query_run answer: the run, and a window of its rows once it completed. */
export const runAnswerSchema = z.object({
  run_id: z.string(),
  query_id: z.string().optional(),
  state: z.string().describe('PENDING, SUBMITTED, RUNNING or STREAMING while it goes on; COMPLETED'),
  message: z.string().nullish(),
  columns: z.array(z.string()),
  rows: z.array(z.record(z.string(), z.unknown())).describe('the rows from `offset`, as objects keyed by column name'),
  offset: z.int().describe('the position of the first row of this answer in the result (0 for the first row)'),
  returned_row_count: z.int(),
  total_row_count: z.int().nullable().describe('how many rows the run produced, when known'),
  rows_omitted: z
    .int()
    .nullable()
    .describe('rows of the run not in this answer (before offset, past max_rows, the 1,000 cap or about 256 KiB of output); null when unknown'),
  cut_values: z
    .array(
      z.object({
        row: z.int().describe('the position of the row in the result'),
        column: z.string(),
        length: z.int().describe('the whole value, in characters'),
        kept: z.int().describe('the characters this answer has, before the mark'),
      }),
    )
    .optional()
    .describe(
      'string values shortened because their row alone is over about 256 KiB: each ends with a `…[cut: N characters in all]` mark; the whole value only through export_command',
    ),
  rows_replaced_by: z
    .string()
    .optional()
    .describe("another run of the query that completed later: the query keeps only its newest rows, so this run's rows are that run's now"),
  next: nextCallSchema().optional().describe('the call that reads the rows after these (or, for a run still going, that looks again)'),
  export_command: z.string().optional().describe('for a person at a shell: the ws command that exports every row'),
  notes: z.array(z.string()),
});
export type RunAnswer = z.infer<typeof runAnswerSchema>;

/** The text of a run's answer: its fields, the first rows as a table and the next call, short (the rows are whole in structuredContent). */
function runText(data: RunAnswer): string {
  const { columns, rows, next, notes, export_command, ...fields } = data;
  const lines = [render(fields)];
  if (columns.length) lines.push(`columns: ${columns.join(', ')}`);
  if (rows.length) {
    lines.push('rows:', table(rows.slice(0, textRows), columns));
    if (rows.length > textRows) {
      // a client that hands its model only the text still reaches every row, 20 at a time
      const asText = { tool: 'get_query_run', arguments: { run_id: data.run_id, offset: data.offset + textRows, max_rows: textRows } };
      lines.push(
        `(rows ${data.offset + textRows + 1}-${data.offset + rows.length} of this answer are in structuredContent.rows only; as text: call ${callText(asText)})`,
      );
    }
  }
  if (next) lines.push(`next: call ${callText(next)}`);
  if (export_command) lines.push(`every row, for a person at a shell: ${export_command}`);
  lines.push(...notes.map((note) => `note: ${note}`));
  return lines.join('\n');
}

/** A failed or cancelled run's error, with the call to make next; the CLI's command only beside it, for a person. */
export function failureWithCall(failure: WsError, runId: string, query: { slug: string } | undefined): WsError {
  const runs = query ? `call ${callText({ tool: 'list_query_runs', arguments: { query: query.slug } })}` : 'call list_query_runs with its query';
  return new WsError(failure.kind, failure.message, {
    ...failure,
    hint: `see the runs of the query and their errors: ${runs} (in a shell: ${PrintedCommands.bare.command('runs', 'get', runId)})`,
  });
}

/**
 * The answer for a run as it is now: still going, a normal answer naming the call that looks again; FAILED or
 * CANCELLED, the CLI's error; COMPLETED, its rows from `offset`; replaced by a newer run's, which run has them.
 * `rowCount` is the run's own count (from its result), for when its rows cannot be read; `params`, the values the run was
 * started with (by execute_query), which the call that runs it again carries.
 */
export async function runAnswer(
  http: HttpClient,
  run: QueryRunStatusResponse,
  query: { id: string; slug: string; rowCount?: number | null; params?: Record<string, unknown> } | undefined,
  maxRows: number,
  offset = 0,
): Promise<{ data: RunAnswer; text: string }> {
  const answer = (data: RunAnswer) => ({ data, text: runText(data) });
  const notes: string[] = [];
  const rowsWanted = Math.min(maxRows, rowCap);
  if (maxRows > rowCap) notes.push(`max_rows ${maxRows} is more than ${rowCap.toLocaleString('en-US')}: clamped to ${rowCap.toLocaleString('en-US')}`);
  const base = {
    run_id: run.queryRunId,
    ...(query ? { query_id: query.id } : {}),
    state: run.status,
    message: run.message,
    columns: [],
    rows: [],
    offset,
    returned_row_count: 0,
    total_row_count: null,
    rows_omitted: null,
  };
  if (!terminalQueryRunStatuses.includes(run.status)) {
    const next = { tool: 'get_query_run', arguments: { run_id: run.queryRunId } };
    notes.push(`the run is still ${run.status}: call ${callText(next)} later for its rows`);
    return answer({ ...base, next, notes });
  }
  const failure = queryRunFailure(run);
  if (failure) throw failureWithCall(failure, run.queryRunId, query);
  if (!query) throw new WsError('api', `query run ${run.queryRunId} completed but its result names no query`);
  const allCommand = PrintedCommands.bare.command('queries', 'data', query.slug, '--all', '-o', 'csv');
  const window = await readRunWindow(http, query.id, run.queryRunId, { offset, maxRows: rowsWanted, maxBytes: byteCap, allCommand });
  if (window.replacedBy !== undefined) {
    const next = { tool: 'get_query_run', arguments: { run_id: window.replacedBy, offset: 0, max_rows: rowsWanted || 100 } };
    const count = query.rowCount ?? null;
    notes.push(
      `its rows were replaced by those of run ${window.replacedBy}, which completed after it (a query keeps only the rows of its newest completed run): \`next\` reads those; ${callText({ tool: 'execute_query', arguments: { query: query.slug, ...(query.params && Object.keys(query.params).length ? { params: query.params } : {}) } })} runs the query again`,
    );
    return answer({ ...base, total_row_count: count, rows_omitted: count, rows_replaced_by: window.replacedBy, next, notes });
  }
  const { rows, totalRowCount, cut } = window;
  const end = offset + rows.length;
  if (cut?.length) {
    const values = cut
      .map(({ column, length, kept }) => `${column} (${length.toLocaleString('en-US')} characters, ${kept.toLocaleString('en-US')} kept)`)
      .join(', ');
    notes.push(
      `row ${offset + 1} alone is over about ${byteCap / 1024} KiB: it comes alone, with ${values} cut, each value marked at its end; the whole values are in the export a person can make: ${allCommand}`,
    );
  }
  const omitted = totalRowCount === null ? null : Math.max(totalRowCount - rows.length, 0);
  // with no total, a full window may have more after it
  const more = totalRowCount === null ? rows.length > 0 && rows.length >= rowsWanted : end < totalRowCount;
  if (rows.length < rowsWanted && more) notes.push(`rows were left out to keep this answer under about ${byteCap / 1024} KiB`);
  if (totalRowCount === null && more) notes.push('the server gave no total: more rows may exist');
  if (totalRowCount !== null && offset >= totalRowCount && offset > 0)
    notes.push(`offset ${offset} is past the last row: the result has ${totalRowCount} rows`);
  // never a next that reads the same rows again: it starts after the last row of this answer
  const next =
    more && (end > offset || rowsWanted === 0)
      ? { tool: 'get_query_run', arguments: { run_id: run.queryRunId, offset: end, max_rows: rowsWanted === 0 ? 100 : rowsWanted } }
      : undefined;
  return answer({
    ...base,
    columns: window.columns,
    rows,
    returned_row_count: rows.length,
    total_row_count: totalRowCount,
    rows_omitted: omitted,
    ...(cut?.length ? { cut_values: cut.map((value) => ({ row: offset, ...value })) } : {}),
    ...(next ? { next } : {}),
    ...(omitted !== 0 || cut?.length ? { export_command: allCommand } : {}),
    notes,
  });
}
