import * as z from 'zod';
import { listQueryPages } from '../../../api/queries.js';
import { limitArgument, tool } from '../../tool.js';

export const listQueries = tool(
  {
    name: 'list_queries',
    description:
      'Lists the saved SQL queries of the workspace, most recently updated first. `search` keeps those whose name or slug contains the text. Returns for each its id, slug, name, description and parameters (name, type, default), and `total`, how many match. Use a slug or name with get_query or execute_query.',
    inputSchema: z.strictObject({ search: z.string().min(1).optional().describe('text the name or slug contains'), limit: limitArgument(20, 100) }),
    outputSchema: z.object({
      queries: z.array(z.object({ id: z.string(), slug: z.string(), name: z.string(), description: z.string().nullish(), parameters: z.array(z.looseObject({ name: z.string().optional() })).nullable(), updatedAt: z.string().nullish() })),
      total: z.int(),
    }),
    annotations: { title: 'List saved queries', readOnlyHint: true, idempotentHint: true },
  },
  async ({ search, limit }, { http }) => {
    const queries = [];
    let total = 0;
    for await (const page of listQueryPages(http(), { ...(search ? { search } : {}), includeRuns: false }, { limit, offset: 0, all: false })) {
      total = page.total;
      queries.push(...page.items.map(({ id, slug, name, description, parameters, updatedAt }) => ({ id, slug, name, description, parameters, updatedAt })));
    }
    return { data: { queries, total } };
  },
);
