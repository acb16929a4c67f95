import { executeQueryResponseFields } from '../../api/fields.js';
import { executeQuery } from '../../api/queries.js';
import { resolveQuery } from '../../api/resolve.js';
import { ExecuteQueryBody } from '../../api/schemas/queries.js';
import { validateRequest } from '../../api/validate.js';
import type { Context } from '../../context.js';
import { parseDuration } from '../../duration.js';
import { usageError } from '../../errors.js';
import { jsonArgument, keyValues, requireObject } from '../inputs.js';
import { chartChoice } from '../shared.js';
import { resumable } from '../resumable.js';
import { awaitQueryRun, printLatestData, settleLatestRun } from '../runs/await-run.js';
import { noteRunResult } from '../runs/summary.js';
import { queryRunStatusView } from '../runs/view.js';
import { checkColumnsAhead } from './columns-ahead.js';

/**
 * A value that cannot be of its declared type. The API does not list the types; these are the common
 * ones, and any other type is left to the server.
 */
function valueProblem(type: string | null | undefined, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const kind = (type ?? '').toLowerCase();
  if (['number', 'numeric', 'integer', 'int', 'float', 'double', 'decimal', 'bigint'].includes(kind) && (value.trim() === '' || !Number.isFinite(Number(value)))) return 'must be a number';
  if (['integer', 'int', 'bigint'].includes(kind) && !Number.isInteger(Number(value))) return 'must be a whole number';
  if (['boolean', 'bool'].includes(kind) && value !== 'true' && value !== 'false') return 'must be true or false';
  if (kind === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'must be a date, YYYY-MM-DD';
  return undefined;
}

/** A word as a POSIX shell reads it back, for a command printed to be pasted. */
function shellWord(word: string): string {
  return /^[\w.:=,@/+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export interface ExecuteOptions {
  param?: string[];
  metadata?: string;
  wait?: boolean;
  timeout: string;
  data: boolean;
  limit?: number;
  x?: string;
  y?: string;
}

export async function run(ctx: Context, [ref]: string[], opts: ExecuteOptions): Promise<void> {
  const timeoutMs = parseDuration(opts.timeout, '--timeout');
  const values = keyValues(opts.param, '--param');
  const metadata = opts.metadata === undefined ? undefined : requireObject(await jsonArgument(ctx.io, opts.metadata, '--metadata'), '--metadata');
  const body = validateRequest(ExecuteQueryBody, { parameters: opts.param?.length ? values : undefined, metadata, userAgent: 'cli' }, { parameters: '--param', metadata: '--metadata' });
  const output = await ctx.output(!opts.wait ? executeQueryResponseFields : opts.data ? 'columns' : queryRunStatusView.fields);
  const chart = chartChoice(opts, output.format);
  const http = ctx.http();
  const query = await resolveQuery(http, ref!);
  const declared = (query.parameters ?? []).map((p) => p.name);
  const unknown = Object.keys(values).filter((name) => !declared.includes(name));
  if (unknown.length) {
    throw usageError(`query ${query.slug} has no parameter ${unknown.map((n) => `"${n}"`).join(', ')}`, declared.length ? `its parameters: ${declared.join(', ')}` : 'it takes no parameters');
  }
  for (const parameter of query.parameters ?? []) {
    const problem = valueProblem(parameter.type, Object.hasOwn(values, parameter.name) ? values[parameter.name] : undefined);
    if (problem) throw usageError(`invalid --param ${parameter.name}=${values[parameter.name]}: ${problem}`, `the query declares ${parameter.name} as ${parameter.type}`);
  }
  if (opts.wait && opts.data && (ctx.settings.jsonFields || output.format === 'chart')) await checkColumnsAhead(http, query, { fields: ctx.settings.jsonFields, ...(output.format === 'chart' ? { chart } : {}) });
  const started = await executeQuery(http, query.id, body);
  const runId = started.queryRunId;
  if (!opts.wait) {
    if (output.format === 'table' || output.format === 'csv' || output.format === 'tsv') ctx.io.stdout.write(`${runId}\n`);
    else await output.document(started);
    ctx.note(`Started run ${runId} of ${query.slug}. Wait for it: ws runs wait ${runId} --data`);
    return;
  }
  const resume = `ws runs wait ${runId}${opts.data ? ' --data' : ''}`;
  const finished = await resumable(awaitQueryRun(ctx, http, runId, timeoutMs, resume), resume);
  await noteRunResult(ctx, http, runId);
  if (!opts.data) return output.item(finished, queryRunStatusView);
  await settleLatestRun(http, query.id, runId);
  const rerunCommand = ['ws queries execute', query.slug, ...(opts.param ?? []).map((pair) => `--param ${shellWord(pair)}`), '--wait'].join(' ');
  await printLatestData(ctx, http, output, query.id, { limit: opts.limit, offset: 0, all: false, expectedRunId: runId, allCommand: `ws queries data ${query.slug} --all`, rerunCommand, chart });
}
