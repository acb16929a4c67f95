import type { HttpClient } from '../api/http.js';
import { executeQuery } from '../api/queries.js';
import { ExecuteQueryBody, type ExecuteQueryResponse, type Query } from '../api/schemas/queries.js';
import { validateRequest } from '../api/validate.js';
import { rowFormat } from '../config/settings.js';
import type { Context } from '../context.js';
import { startWatched, type Interruption } from '../interruption.js';
import type { IO } from '../io.js';
import type { Output } from '../output/output.js';
import { checkParameters } from '../workspace/query-runs.js';
import { jsonArgument, keyValues, requireObject } from '../cmdutil/inputs.js';
import type { Asking } from '../cmdutil/pickers.js';
import { rowOptions, type RowFlags } from './rows.js';

/** A run this command started: the API's answer, and the stop signals watched since its start request. */
export interface StartedRun {
  runId: string;
  response: ExecuteQueryResponse;
  interruption: Interruption;
}

/**
 * The body of the start request from `--param` (the final list, asked ones included) and `--metadata`, read and
 * checked now: a bad value is exit 2 before any request.
 */
export async function runBody(io: IO, given: { param?: string[]; metadata?: string }): Promise<(param: string[]) => ExecuteQueryBody> {
  const metadata = given.metadata === undefined ? undefined : requireObject(await jsonArgument(io, given.metadata, '--metadata'), '--metadata');
  const bodyOf = (param: string[]) =>
    validateRequest(
      ExecuteQueryBody,
      { parameters: param.length ? keyValues(param, '--param') : undefined, metadata, userAgent: 'cli' },
      { parameters: '--param', metadata: '--metadata' },
    );
  bodyOf(given.param ?? []);
  return bodyOf;
}

/**
 * Every `--param` of the command: those given, checked against the query's parameters (the hint names the command
 * that shows them), then those no --param gave, asked at a terminal, which go on as if given with --param.
 */
export async function parametersOf(ctx: Context, asking: Asking, query: Query, param: string[]): Promise<string[]> {
  const values = keyValues(param, '--param');
  checkParameters(query, values, { given: '--param', everyParameter: (slug) => `see every parameter: ${ctx.printed.command('queries', 'get', slug)}` });
  return [...param, ...(await asking.parameters(query, values))];
}

/** Starts a run of the query; from the start request on, a signal says what became of the run (the API cannot cancel it). */
export async function startQueryRun(ctx: Context, http: HttpClient, query: Query, body: ExecuteQueryBody): Promise<StartedRun> {
  const interruption = ctx.interruption({ queryId: query.id });
  const watched = {
    what: `a run of query ${query.slug}`,
    find: `find it among the query's runs, newest first: \`${ctx.printed.command('queries', 'runs', query.slug)}\``,
    io: ctx.io,
    quiet: ctx.settings.quiet,
  };
  const response = await startWatched(interruption, watched, (signal) => executeQuery(signal ? http.withSignal(signal) : http, query.id, body));
  return { runId: response.queryRunId, response, interruption };
}

/** Without --wait: the new run's id (the API's answer in JSON or YAML), and how to wait for it, printing what --wait would. */
export async function printStarted(ctx: Context, output: Output, started: StartedRun, query: Query, flags: RowFlags): Promise<void> {
  started.interruption.dispose();
  if (output.format === 'table' || rowFormat(output.format)) ctx.io.stdout.write(`${started.runId}\n`);
  else await output.document(started.response);
  ctx.note(
    `Started run ${started.runId} of ${query.slug}. Wait for it: ${ctx.printed.following('runs', 'wait', started.runId, '--data', ...rowOptions(flags))}`,
  );
}
