import * as z from 'zod';
import { columnFields, columnsLine, columnsOf } from '../../query-columns.js';
import { queryAnswer, queryAnswerSchema } from '../../query-parameters.js';
import { queryText } from '../../query-text.js';
import { queryArgument, tool } from '../../tool.js';
import { findQuery } from '../../../workspace/resolve.js';

export const getQueryTool = tool(
  {
    name: 'get_query',
    description:
      'Shows one saved query: its SQL, its parameters (name, type, description, default_value: as create_query and update_query take them), its description, the ids of its last run and last successful run, and the columns of its last completed run (names and types; `columns_may_differ` when the query was updated since). Starts no run.',
    inputSchema: z.strictObject({ query: queryArgument() }),
    outputSchema: z.object({ query: queryAnswerSchema(), ...columnFields }),
    annotations: { title: 'Show a saved query', readOnlyHint: true, idempotentHint: true },
  },
  async ({ query: wanted }, { http }) => {
    const client = http();
    const query = await findQuery(client, wanted);
    const columns = await columnsOf(client, query);
    return { data: { query: queryAnswer(query), ...columns }, text: queryText(query, columnsLine(columns)) };
  },
);
