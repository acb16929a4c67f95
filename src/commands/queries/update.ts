import { updateQuery } from '../../api/queries.js';
import { findQuery, findQueryId } from '../../workspace/resolve.js';
import { isUuid } from '../../ids.js';
import { UpdateQueryBody } from '../../api/schemas/queries.js';
import { validateRequest } from '../../api/validate.js';
import { Asking } from '../../cmdutil/pickers.js';
import type { Context } from '../../context.js';
import { usageError } from '../../errors.js';
import { printDryRun } from '../../cmdutil/dry-run.js';
import { jsonArgument } from '../../cmdutil/inputs.js';
import { queryBodyFlags, sqlFrom } from './create.js';
import { checkParameterTypes, checkPlaceholders, parameters, placeholders } from './shared/parameters.js';
import { queryView } from './shared/query-view.js';
import type { Queries } from './declaration.js';

export async function run(ctx: Context, [given]: Queries['update']['args'], opts: Queries['update']['opts']): Promise<void> {
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
    throw usageError(
      'nothing to update',
      'pass at least one of --name, --sql, --sql-file, --description, --clear-description, --param, --parameters-file, --metadata',
    );
  }
  checkParameterTypes(body.parameters ?? []);
  // --json fields and --jq are checked before the first request (the slug lookup included)
  const output = opts.dryRun ? undefined : await ctx.output(queryView.fields);
  const asking = new Asking(ctx, 'nothing was changed');
  const query = await asking.query(given);
  asking.printCommand([query], opts);
  let id = isUuid(query) ? query : undefined;
  const sqlNeedsParameters = body.sql !== undefined && placeholders(body.sql).length > 0;
  if (sqlNeedsParameters || body.parameters !== undefined) {
    // the SQL and its parameters must fit together: what is not changed is read from the server (a dry run too)
    const current = body.sql !== undefined && body.parameters !== undefined ? undefined : await findQuery(ctx.http(), query);
    checkPlaceholders(body.sql ?? current!.sql, body.parameters !== undefined ? (body.parameters ?? []) : (current!.parameters ?? []));
    id ??= current?.id;
  }
  id ??= await findQueryId(ctx.http(), query); // a slug is looked up even for a dry run, to show the exact request
  if (!output) return printDryRun(ctx, { method: 'PATCH', path: `/queries/${id}`, body });
  await output.item(await updateQuery(ctx.http(), id, body), queryView);
}
