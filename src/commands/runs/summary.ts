import type { QueryRunResult } from '../../api/schemas/query-runs.js';
import type { Context } from '../../context.js';
import { formatDuration } from '../../duration.js';

/** After a wait: what the run produced, from its result, as a note on stderr (stdout stays data). */
export function noteRunResult(ctx: Context, runId: string, result: QueryRunResult): void {
  const rows = result.rowCount === null || result.rowCount === undefined ? undefined : `${result.rowCount} row${result.rowCount === 1 ? '' : 's'}`;
  const time = result.executionTimeMs === null || result.executionTimeMs === undefined ? undefined : `in ${formatDuration(result.executionTimeMs)}`;
  if (rows || time) ctx.note(`query run ${runId}: ${result.status}, ${[rows, time].filter(Boolean).join(' ')}`);
}
