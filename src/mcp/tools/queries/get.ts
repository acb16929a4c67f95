import * as z from 'zod';
import { Query } from '../../../api/schemas/queries.js';
import { findQuery } from '../../../workspace/resolve.js';
import { queryArgument, tool } from '../../tool.js';

export const getQuery = tool(
  {
    name: 'get_query',
    description: 'Shows one saved query: its SQL, its parameters (name, type, description, default value), its description and the ids of its last run and last successful run.',
    inputSchema: z.strictObject({ query: queryArgument() }),
    outputSchema: z.object({ query: Query }),
    annotations: { title: 'Show a saved query', readOnlyHint: true, idempotentHint: true },
  },
  async ({ query }, { http }) => ({ data: { query: await findQuery(http(), query) } }),
);
