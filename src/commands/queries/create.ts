import { createQuery } from '../../api/queries.js';
import { CreateQueryBody, type Query } from '../../api/schemas/queries.js';
import { validateRequest } from '../../api/validate.js';
import type { Context } from '../../context.js';
import { usageError } from '../../errors.js';
import { printDryRun } from '../../cmdutil/dry-run.js';
import { jsonArgument, readText } from '../../cmdutil/inputs.js';
import { checkParameters, parameters } from './shared/parameters.js';
import { queryView } from './shared/query-view.js';
import { takenSlug, takenText } from '../../workspace/taken-name.js';
import { lfLineEnds, requireSql } from '../../workspace/sql.js';
import type { Queries } from './declaration.js';

export const queryBodyFlags = {
  name: '--name',
  sql: '--sql',
  description: '--description',
  parameters: '--param',
  metadata: '--metadata',
  dataSourceId: '--data-source',
  agentRunId: '--agent-run',
};

/** SQL from --sql or --sql-file (a path, or - for stdin), sent with LF line ends; exactly one of them, and not blank. */
export async function sqlFrom(ctx: Context, opts: { sql?: string; sqlFile?: string }): Promise<string | undefined> {
  if (opts.sql !== undefined && opts.sqlFile !== undefined) throw usageError('use --sql or --sql-file, not both');
  if (opts.sqlFile === undefined) return opts.sql === undefined ? undefined : lfLineEnds(requireSql(opts.sql, '--sql'));
  return lfLineEnds(
    requireSql(await readText(ctx.io, opts.sqlFile, '--sql-file'), opts.sqlFile === '-' ? '--sql-file - (stdin)' : `--sql-file ${opts.sqlFile}`),
  );
}

/** A slug the server numbered because another query holds the plain one is said on stderr (see takenSlug). */
async function sayIfNumbered(ctx: Context, query: Query): Promise<void> {
  const taken = await takenSlug(ctx.http(), query);
  if (!taken) return;
  ctx.io.stderr.write(
    `warning: ${takenText(taken, query)}; this query is ${query.slug}. Running this create again makes yet another; \`ws queries apply\` keeps one query per file\n`,
  );
}

export async function run(ctx: Context, _args: Queries['create']['args'], opts: Queries['create']['opts']): Promise<void> {
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
