import { listQueryPages } from '../../api/queries.js';
import { ListQueriesParams } from '../../api/schemas/queries.js';
import { validateRequest } from '../../api/validate.js';
import type { Context } from '../../context.js';
import { moreHint, pageRequest } from '../../cmdutil/command.js';
import { queryView } from './shared/query-view.js';
import type { Queries } from './declaration.js';

export async function run(ctx: Context, _args: Queries['list']['args'], opts: Queries['list']['opts']): Promise<void> {
  const page = pageRequest(opts);
  const params = validateRequest(
    ListQueriesParams,
    {
      search: opts.search,
      sortBy: opts.sort,
      sortDirection: opts.direction,
      source: opts.source,
      createdById: opts.createdBy,
      ownerOrganizationId: opts.ownerOrg,
      platformOwned: opts.platformOwned,
      includeRuns: opts.runs ? undefined : false,
    },
    { createdById: '--created-by', ownerOrganizationId: '--owner-org', platformOwned: '--platform-owned' },
  );
  const output = await ctx.output(queryView.fields);
  const pages = listQueryPages(ctx.http(), params, page);
  await output.list({ key: 'queries', offset: page.offset, all: page.all, pages, moreHint: moreHint(page) }, queryView);
}
