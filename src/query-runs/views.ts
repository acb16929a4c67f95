import { queryRunFields, queryRunResultFields, queryRunStatusFields } from '../api/fields.js';
import type { QueryRun, QueryRunResult, QueryRunStatusResponse } from '../api/schemas/query-runs.js';
import { column, type View } from '../output/view.js';

/** A query run as listed by `ws queries runs`. */
export const queryRunView: View<QueryRun> = {
  fields: queryRunFields,
  columns: [
    column('ID', 'id', { kind: 'id', key: true }),
    column('STATUS', 'status', { kind: 'state', dropLast: true }),
    column('ROWS', 'rowCount', { kind: 'count' }),
    column('DURATION', 'executionTimeMs', { kind: 'duration' }),
    column('STARTED', 'createdAt', { kind: 'time', dropLast: true }),
    column('ERROR', 'errorDetails', { flex: true }),
  ],
};

/** GET /query-runs/{runId}: status and history. */
export const queryRunStatusView: View<QueryRunStatusResponse> = {
  fields: queryRunStatusFields,
  columns: [
    column('ID', 'queryRunId', { kind: 'id' }),
    column('STATUS', 'status', { kind: 'state' }),
    column('MESSAGE', 'message', { flex: true }),
    column('CREATED', 'createdAt', { kind: 'time' }),
  ],
  detail: (run) => ({
    rows: [
      ['run', run.queryRunId],
      ['status', run.status, 'state'],
      ['message', run.message],
      ['created', run.createdAt, 'time'],
      ...run.history.map((entry, index): [string, unknown] => [
        index === 0 ? 'history' : '',
        `${entry.createdAt}  ${entry.status}${entry.message ? `  ${entry.message}` : ''}`,
      ]),
    ],
  }),
};

/** GET /query-runs/{runId}/result: result metadata. */
export const queryRunResultView: View<QueryRunResult> = {
  fields: queryRunResultFields,
  columns: [
    column('ID', 'queryRunId', { kind: 'id' }),
    column('QUERY', 'queryId', { kind: 'id' }),
    column('STATUS', 'status', { kind: 'state' }),
    column('ROWS', 'rowCount', { kind: 'count' }),
    column('DURATION', 'executionTimeMs', { kind: 'duration' }),
    column('COMPLETED', 'completedAt', { kind: 'time' }),
  ],
  detail: (run) => ({
    rows: [
      ['run', run.queryRunId],
      ['query', run.queryId],
      ['status', run.status, 'state'],
      ['rows', run.rowCount, 'count'],
      ['duration', run.executionTimeMs, 'duration'],
      [
        'columns',
        (run.columnSchema ?? [])
          .map((c) => (typeof c === 'object' && c && 'name' in c ? `${String(c.name)}${'type' in c ? ` ${String(c.type)}` : ''}` : JSON.stringify(c)))
          .join(', '),
      ],
      ['result location', run.resultLocation],
      ['created', run.createdAt, 'time'],
      ['completed', run.completedAt, 'time'],
    ],
  }),
};
