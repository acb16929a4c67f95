import fs from 'node:fs';
import path from 'node:path';
import { onePage } from '../../api/paginate.js';
import { listQueryPages } from '../../api/queries.js';
import { findQuery } from '../../workspace/resolve.js';
import type { Query } from '../../api/schemas/queries.js';
import type { Context } from '../../context.js';
import { WsError, usageError } from '../../errors.js';
import { column, type View } from '../../output/view.js';
import { formatQueryFile, isFileSlug } from './shared/query-file.js';
import { lfLineEnds } from '../../workspace/sql.js';
import type { Queries } from './declaration.js';

type Pulled = { slug: string; id: string; file: string; action: 'written' | 'unchanged' | 'kept' };

const pulledView: View<Pulled> = {
  fields: ['slug', 'id', 'file', 'action'],
  columns: [column('SLUG', 'slug', { flex: true }), column('FILE', 'file', { flex: true }), column('ACTION', 'action'), column('ID', 'id', { kind: 'id' })],
};

async function everyQuery(ctx: Context): Promise<Query[]> {
  const queries: Query[] = [];
  for await (const page of listQueryPages(ctx.http(), { includeRuns: false }, { limit: undefined, offset: 0, all: true })) queries.push(...page.items);
  return queries;
}

/** Writes next to the target and renames, so a file is never left half written. */
function writeAtomically(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, text);
  fs.renameSync(temporary, file);
}

/**
 * `ws queries pull [dir] [query…]`: each saved query (all of them, or the ones named) to `<dir>/<slug>.sql`.
 * A file that differs from the server is kept unless --force: it may hold edits not yet applied.
 */
export async function run(ctx: Context, [dir = '.', named]: Queries['pull']['args'], opts: Queries['pull']['opts']): Promise<void> {
  if (fs.existsSync(dir) && !fs.statSync(dir).isDirectory())
    throw usageError(`${dir} is not a directory`, 'usage: ws queries pull [dir] [query…]; the first argument is the directory');
  const output = await ctx.output(pulledView.fields);
  const http = ctx.http();
  const queries = named.length ? await Promise.all(named.map((ref) => findQuery(http, ref))) : await everyQuery(ctx);
  fs.mkdirSync(dir, { recursive: true });
  const pulled: Pulled[] = [];
  const problems: string[] = [];
  for (const query of queries) {
    if (!isFileSlug(query.slug)) {
      problems.push(`query ${query.id}: its slug "${query.slug}" cannot be a file name`);
      continue;
    }
    const file = path.join(dir, `${query.slug}.sql`);
    const text = await formatQueryFile(query);
    const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
    let action: Pulled['action'] = 'written';
    // a checkout with CRLF line ends holds the same query (one line-end rule, as apply reads it): left as it is
    if (before !== undefined && lfLineEnds(before) === text) action = 'unchanged';
    else if (before !== undefined && !opts.force) {
      action = 'kept';
      problems.push(
        `${file} differs from query ${query.slug} on the server and was kept (edits not applied yet?); apply it with \`${ctx.printed.command('queries', 'apply', file)}\`, or pull again with --force`,
      );
    } else writeAtomically(file, text);
    pulled.push({ slug: query.slug, id: query.id, file, action });
  }
  await output.list({ key: 'queries', offset: 0, pages: onePage(pulled) }, pulledView);
  const count = (action: Pulled['action']) => pulled.filter((entry) => entry.action === action).length;
  ctx.note(`${count('written')} file${count('written') === 1 ? '' : 's'} written, ${count('unchanged')} unchanged, in ${dir}`);
  if (problems.length)
    throw new WsError('api', `${problems.length} quer${problems.length === 1 ? 'y was' : 'ies were'} not written:\n  ${problems.join('\n  ')}`);
}
