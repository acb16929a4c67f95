import type { HttpClient } from '../api/http.js';
import { getQueryRunResult } from '../api/query-runs.js';
import type { QueryRunResult } from '../api/schemas/query-runs.js';
import type { Context } from '../context.js';
import { formatDuration, plausibleDuration } from '../duration.js';

/**
 * After a wait: what the run produced, from its result (read here unless given), as a note on stderr (stdout
 * stays data). A courtesy: a result that cannot be read leaves the note out and never fails the command.
 */
export async function noteRunResult(ctx: Context, http: HttpClient, runId: string, given?: QueryRunResult): Promise<void> {
  if (ctx.settings.quiet) return;
  const result = given ?? (await getQueryRunResult(http, runId).catch(() => undefined));
  if (!result) return;
  const rows = result.rowCount === null || result.rowCount === undefined ? undefined : `${result.rowCount} row${result.rowCount === 1 ? '' : 's'}`;
  const ms = plausibleDuration(result.executionTimeMs);
  const time = ms === undefined ? undefined : `in ${formatDuration(ms)}`;
  if (rows || time) ctx.note(`query run ${runId}: ${result.status}, ${[rows, time].filter(Boolean).join(' ')}`);
}
