import * as z from 'zod';
import { listQueryPages } from '../../../api/queries.js';
import { columnFields, columnsOf } from '../../query-columns.js';
import { queryAnswerSchema, queryAnswer } from '../../query-parameters.js';
import { boundedName, limitArgument, tool } from '../../tool.js';

export const listQueriesTool = tool(
  {
    name: 'list_queries',
    description:
      'Lists the saved SQL queries of the workspace, most recently updated first. `search` keeps those whose name or slug contains the text. Returns for each its id, slug, name, description and parameters (name, type, description, default_value), with `columns: true` the columns of its last completed run, and `total`, how many match. Use a slug or name with get_query or execute_query.',
    inputSchema: z.strictObject({
      search: boundedName(500, "a query's name is 1-500 characters, by the API's limits").optional().describe('text the name or slug contains'),
      limit: limitArgument(20, 100),
      columns: z.boolean().default(false).describe("also the columns of each query's last completed run (no run is started)"),
    }),
    outputSchema: z.object({
      queries: z.array(
        z.object({
          id: z.string(),
          slug: z.string(),
          name: z.string(),
          description: z.string().nullish(),
          parameters: queryAnswerSchema().shape.parameters,
          updatedAt: z.string().nullish(),
          ...z.object(columnFields).partial().shape,
        }),
      ),
      total: z.int(),
    }),
    annotations: { title: 'List saved queries', readOnlyHint: true, idempotentHint: true },
  },
  async ({ search, limit, columns }, { http }) => {
    const client = http();
    const queries = [];
    let total = 0;
    // with columns, the runs come with the list: no request per query
    for await (const page of listQueryPages(client, { ...(search ? { search } : {}), includeRuns: columns }, { limit, offset: 0, all: false })) {
      total = page.total;
      for (const query of page.items) {
        const { id, slug, name, description, parameters, updatedAt } = query;
        queries.push({ id, slug, name, description, ...queryAnswer({ parameters }), updatedAt, ...(columns ? await columnsOf(client, query) : {}) });
      }
    }
    return { data: { queries, total } };
  },
);
