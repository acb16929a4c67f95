import * as z from 'zod';
import { updateQuery } from '../../../api/queries.js';
import { Query, UpdateQueryBody } from '../../../api/schemas/queries.js';
import { usageError } from '../../../errors.js';
import { findQuery } from '../../../workspace/resolve.js';
import { requireSql } from '../../../workspace/sql.js';
import { bodyArguments, bodyFrom, queryArgument, tool } from '../../tool.js';

const fields = {
  name: 'the new name',
  sql: 'the new SQL (replaces the old one whole)',
  description: 'the new description (null clears it)',
  parameters: 'the new parameters, replacing all of them: objects of name, type, description and defaultValue (strings)',
};

export const updateQueryTool = tool(
  {
    name: 'update_query',
    description: 'Changes a saved query: the fields given replace the old values (SQL and parameters whole); the others stay. Returns the query as it is now. Only with `ws mcp --allow-writes`.',
    inputSchema: z.strictObject({ query: queryArgument(), ...bodyArguments(UpdateQueryBody, fields) }),
    outputSchema: z.object({ query: Query }),
    annotations: { title: 'Change a saved query', readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    writes: true,
  },
  async (args, { http }) => {
    const body = bodyFrom(args, fields);
    if (typeof body.sql === 'string') requireSql(body.sql, 'the argument sql', "put the query's SQL in sql");
    if (!Object.keys(body).length) throw usageError('update_query needs at least one field to change', `its fields: ${Object.keys(fields).join(', ')}`);
    const client = http();
    const { id } = await findQuery(client, args.query);
    return { data: { query: await updateQuery(client, id, body as UpdateQueryBody) } };
  },
);
