import type { HttpClient } from '../api/http.js';
import { executeQuery } from '../api/queries.js';
import type { ExecuteQueryBody, ExecuteQueryResponse, Query } from '../api/schemas/queries.js';
import { rowFormat } from '../config/settings.js';
import type { Context } from '../context.js';
import { startWatched, type Interruption } from '../interruption.js';
import type { Output } from '../output/output.js';
import { checkParameters } from '../workspace/query-runs.js';
import { keyValues } from '../cmdutil/inputs.js';
import type { Asking } from '../cmdutil/pickers.js';
import { rowOptions, type RowFlags } from './rows.js';

/** A run this command started: the API's answer, and the stop signals watched since its start request. */
export interface StartedRun {
  runId: string;
  response: ExecuteQueryResponse;
  interruption: Interruption;
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
