import * as z from 'zod';
import { Query } from '../../../api/schemas/queries.js';
import { columnFields, columnsLine, columnsOf } from '../../query-columns.js';
import { render } from '../../render.js';
import { lookupQuery, queryArgument, tool } from '../../tool.js';

export const getQuery = tool(
  {
    name: 'get_query',
    description:
      'Shows one saved query: its SQL, its parameters (name, type, description, default value), its description, the ids of its last run and last successful run, and the columns of its last completed run (names and types; `columns_may_differ` when the query was updated since). Starts no run.',
    inputSchema: z.strictObject({ query: queryArgument() }),
    outputSchema: z.object({ query: Query, ...columnFields }),
    annotations: { title: 'Show a saved query', readOnlyHint: true, idempotentHint: true },
  },
  async ({ query: wanted }, { http }) => {
    const client = http();
    const query = await lookupQuery(client, wanted);
    const columns = await columnsOf(client, query);
    return { data: { query, ...columns }, text: `${render({ query })}\n${columnsLine(columns)}` };
  },
);
