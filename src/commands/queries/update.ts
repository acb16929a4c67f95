import { updateQuery } from '../../api/queries.js';
import { resolveQueryId } from '../../api/resolve.js';
import { isUuid } from '../../ids.js';
import { UpdateQueryBody } from '../../api/schemas/queries.js';
import { validateRequest } from '../../api/validate.js';
import type { Context } from '../../context.js';
import { usageError } from '../../errors.js';
import { printDryRun } from '../dry-run.js';
import { jsonArgument } from '../inputs.js';
import { queryBodyFlags, sqlFrom } from './create.js';
import { parameters } from './parameters.js';
import { queryView } from './view.js';

export interface UpdateOptions {
  name?: string;
  sql?: string;
  sqlFile?: string;
  description?: string;
  clearDescription?: boolean;
  param?: string[];
  parametersFile?: string;
  metadata?: string;
  dryRun?: boolean;
}

export async function run(ctx: Context, [query]: string[], opts: UpdateOptions): Promise<void> {
  if (opts.description !== undefined && opts.clearDescription) throw usageError('use --description or --clear-description, not both');
  const body = validateRequest(
    UpdateQueryBody,
    {
      name: opts.name,
      sql: await sqlFrom(ctx, opts),
      description: opts.clearDescription ? null : opts.description,
      parameters: await parameters(ctx.io, opts.param, opts.parametersFile),
      metadata: opts.metadata === undefined ? undefined : await jsonArgument(ctx.io, opts.metadata, '--metadata'),
    },
    queryBodyFlags,
  );
  if (Object.values(body).every((value) => value === undefined)) {
    throw usageError('nothing to update', 'pass at least one of --name, --sql, --sql-file, --description, --clear-description, --param, --parameters-file, --metadata');
  }
  // A dry run with a slug still looks the slug up (a read), to show the exact request.
  if (opts.dryRun && isUuid(query!)) return printDryRun(ctx, { method: 'PATCH', path: `/queries/${query}`, body });
  const http = ctx.http();
  const id = await resolveQueryId(http, query!);
  if (opts.dryRun) return printDryRun(ctx, { method: 'PATCH', path: `/queries/${id}`, body });
  const output = await ctx.output(queryView.fields);
  await output.item(await updateQuery(http, id, body), queryView);
}
