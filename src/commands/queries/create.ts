import { createQuery, listQueries } from '../../api/queries.js';
import { CreateQueryBody, type Query } from '../../api/schemas/queries.js';
import { validateRequest } from '../../api/validate.js';
import type { Context } from '../../context.js';
import { usageError } from '../../errors.js';
import { printDryRun } from '../dry-run.js';
import { jsonArgument, readText } from '../inputs.js';
import { checkParameters, parameters } from './parameters.js';
import { queryView } from './view.js';

export interface CreateOptions {
  name: string;
  sql?: string;
  sqlFile?: string;
  description?: string;
  param?: string[];
  parametersFile?: string;
  metadata?: string;
  dataSource?: string;
  agentRun?: string;
  dryRun?: boolean;
}

export const queryBodyFlags = {
  name: '--name',
  sql: '--sql',
  description: '--description',
  parameters: '--param',
  metadata: '--metadata',
  dataSourceId: '--data-source',
  agentRunId: '--agent-run',
};

/** SQL from --sql or --sql-file (a path, or - for stdin); exactly one of them. */
export async function sqlFrom(ctx: Context, opts: { sql?: string; sqlFile?: string }): Promise<string | undefined> {
  if (opts.sql !== undefined && opts.sqlFile !== undefined) throw usageError('use --sql or --sql-file, not both');
  return opts.sqlFile !== undefined ? readText(ctx.io, opts.sqlFile, '--sql-file') : opts.sql;
}

/**
 * A slug the server numbered (`orders_by_status_2`) because another query holds the plain one is said on stderr:
 * running the same create again (a script, a README) makes another query each time, and the old one keeps the
 * plain slug. One search (for the plain slug), only for a slug that ends in `_<n>`; a failed search loses only
 * the warning, never the query.
 */
async function sayIfNumbered(ctx: Context, query: Query): Promise<void> {
  const numbered = /^(.+)_(\d+)$/.exec(query.slug);
  if (!numbered) return;
  const [, plain, n] = numbered as unknown as [string, string, string];
  let holder: Query | undefined;
  try {
    const list = await listQueries(ctx.http(), { search: plain, includeRuns: false, limit: 100 });
    holder = list.queries.find((other) => other.slug === plain && other.id !== query.id);
  } catch {
    return;
  }
  const sameName = holder?.name.toLowerCase() === query.name.toLowerCase();
  // "Top 10" is top_10 by its own name, not a second "Top": only a namesake or a name without that number counts
  if (!holder || (!sameName && query.name.trimEnd().endsWith(n))) return;
  const taken = sameName ? `the name "${query.name}" is taken by ${plain}` : `the slug ${plain} is taken by "${holder.name}"`;
  ctx.io.stderr.write(`warning: ${taken} (${holder.id}); this query is ${query.slug}. Running this create again makes yet another; \`ws queries apply\` keeps one query per file\n`);
}

export async function run(ctx: Context, _args: string[], opts: CreateOptions): Promise<void> {
  const sql = await sqlFrom(ctx, opts);
  if (sql === undefined) throw usageError('a query needs SQL: pass --sql "SELECT …" or --sql-file path (- for stdin)');
  const body = validateRequest(
    CreateQueryBody,
    {
      name: opts.name,
      sql,
      description: opts.description,
      parameters: await parameters(ctx.io, opts.param, opts.parametersFile),
      metadata: opts.metadata === undefined ? undefined : await jsonArgument(ctx.io, opts.metadata, '--metadata'),
      dataSourceId: opts.dataSource,
      agentRunId: opts.agentRun,
      userAgent: 'cli',
    },
    queryBodyFlags,
  );
  checkParameters(body.sql, body.parameters ?? []);
  if (opts.dryRun) return printDryRun(ctx, { method: 'POST', path: '/queries', body });
  const output = await ctx.output(queryView.fields);
  const query = await createQuery(ctx.http(), body);
  await output.item(query, queryView);
  await sayIfNumbered(ctx, query);
  ctx.note(`Created query ${query.slug} (${query.id}). Run it: ${ctx.printed.command('queries', 'execute', query.slug, '--wait')}`);
}
