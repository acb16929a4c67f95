import fs from 'node:fs';
import path from 'node:path';
import { createQuery, listQueryPages, updateQuery } from '../../api/queries.js';
import type { Query } from '../../api/schemas/queries.js';
import type { Context } from '../../context.js';
import { outcomeExitCodes, WsError, usageError } from '../../errors.js';
import { parseQueryFile, QueryFileProblem, type QueryFile } from './shared/query-file.js';
import { planDocument } from '../../cmdutil/apply-plan.js';
import { notUtf8, utf8Text } from '../../cmdutil/file-text.js';
import { planQuery, queryPlanText, type PlannedQuery } from './shared/query-plan.js';
import type { Queries } from './declaration.js';

/** The .sql files named, a directory standing for the .sql files in it (not below); a file named twice counts once. */
function filesOf(args: string[]): string[] {
  const files = args.flatMap((arg) => {
    if (!fs.existsSync(arg)) throw usageError(`${arg}: no such file or directory`);
    if (!fs.statSync(arg).isDirectory()) return [arg];
    return fs
      .readdirSync(arg)
      .filter((name) => name.toLowerCase().endsWith('.sql'))
      .sort()
      .map((name) => path.join(arg, name));
  });
  return files.filter((file, index) => files.findIndex((other) => path.resolve(other) === path.resolve(file)) === index);
}

/** Every file read and checked before any request: one bad file and nothing is sent. */
async function readAll(files: string[]): Promise<QueryFile[]> {
  const problems: string[] = [];
  const bad = new Set<string>();
  const sources: QueryFile[] = [];
  for (const file of files) {
    try {
      if (!file.toLowerCase().endsWith('.sql')) throw QueryFileProblem.at(file, 1, 'a query file is named <slug>.sql');
      const bytes = fs.readFileSync(file);
      const notText = notUtf8(bytes);
      if (notText) throw QueryFileProblem.at(file, notText.line, `not UTF-8 text: ${notText.detail}; save it as UTF-8`);
      sources.push(await parseQueryFile(utf8Text(bytes), file));
    } catch (error) {
      if (!(error instanceof QueryFileProblem)) throw usageError(`cannot read ${file}: ${(error as Error).message}`);
      problems.push(...error.problems);
      bad.add(file);
    }
  }
  const slugs = sources.map((source) => source.slug);
  for (const source of sources) {
    const first = slugs.indexOf(source.slug);
    if (sources[first] !== source) {
      problems.push(`${source.file}:1: slug "${source.slug}" is also ${sources[first]!.file}`);
      bad.add(source.file);
    }
  }
  if (problems.length) {
    const files = `${bad.size} bad query file${bad.size > 1 ? 's' : ''}`;
    throw usageError(`${files}${problems.length > bad.size ? ` (${problems.length} problems)` : ''}, nothing was sent:\n  ${problems.join('\n  ')}`);
  }
  return sources;
}

async function querySlugs(ctx: Context): Promise<Map<string, Query>> {
  const bySlug = new Map<string, Query>();
  for await (const page of listQueryPages(ctx.http(), { includeRuns: false }, { limit: undefined, offset: 0, all: true })) {
    for (const query of page.items) {
      if (bySlug.has(query.slug))
        throw new WsError(
          'api',
          `two queries on the server have the slug "${query.slug}" (${bySlug.get(query.slug)!.id}, ${query.id}); files are matched by slug`,
        );
      bySlug.set(query.slug, query);
    }
  }
  return bySlug;
}

/**
 * `ws queries apply <file|dir>... [--dry-run]`: creates or updates saved queries from `<slug>.sql` files, matched
 * by slug, after printing the plan. Only changed fields are sent; a second apply sends nothing.
 */
export async function run(ctx: Context, [args]: Queries['apply']['args'], opts: Queries['apply']['opts']): Promise<number> {
  if (!args.length) throw usageError('nothing to apply', 'pass .sql files or directories of them');
  const files = filesOf(args);
  if (!files.length) throw usageError(`no .sql files in ${args.join(', ')}`);
  const sources = await readAll(files);
  const output = await ctx.output(['queries', 'created', 'updated', 'unchanged', 'dryRun'], { document: true });
  const existing = await querySlugs(ctx);
  const namesake = (source: QueryFile) => [...existing.values()].find((query) => query.name === source.query.name && query.slug !== source.slug);
  const plan: PlannedQuery[] = sources.map((source) => planQuery(source, existing.get(source.slug), namesake(source)));
  if (output.format === 'table') ctx.io.stdout.write(queryPlanText(plan));
  const pending = plan.filter((entry) => entry.action !== 'unchanged');
  if (!opts.dryRun) {
    for (const entry of pending) {
      const query = entry.create ? await createQuery(ctx.http(), entry.create) : await updateQuery(ctx.http(), entry.id!, entry.update!);
      entry.id = query.id;
      ctx.note(`${entry.action} ${query.slug} (${query.id})`);
      if (query.slug !== entry.slug) {
        ctx.io.stderr.write(
          `warning: the server named the new query "${query.slug}", not "${entry.slug}": rename ${entry.file} to ${query.slug}.sql, or the next apply creates it again\n`,
        );
      }
    }
  }
  if (output.format !== 'table')
    await output.document(planDocument('queries', plan, Boolean(opts.dryRun), ({ create: _create, update: _update, ...entry }: PlannedQuery) => entry));
  if (opts.dryRun) ctx.note(`dry run: nothing was sent${pending.length ? `; exit ${outcomeExitCodes.changes_pending}: changes pending` : ''}`);
  return opts.dryRun && pending.length ? outcomeExitCodes.changes_pending : outcomeExitCodes.success;
}
