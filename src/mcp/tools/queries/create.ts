import * as z from 'zod';
import { createQuery } from '../../../api/queries.js';
import { CreateQueryBody, Query } from '../../../api/schemas/queries.js';
import { requireSql } from '../../../workspace/sql.js';
import { bodyArguments, bodyFrom, tool } from '../../tool.js';

const fields = {
  name: 'the name people see, e.g. "Daily revenue" (its slug is made from it)',
  sql: 'the SQL; a parameter is written {{name}} and declared in parameters',
  description: 'what the query answers',
  parameters: 'the parameters: objects of name, type (e.g. date, number, text), description and defaultValue (strings)',
};

export const createQueryTool = tool(
  {
    name: 'create_query',
    description: 'Saves a new SQL query in the workspace and returns it (with its id and slug). Only with `ws mcp --allow-writes`.',
    inputSchema: z.strictObject(bodyArguments(CreateQueryBody, fields)),
    outputSchema: z.object({ query: Query }),
    annotations: { title: 'Create a saved query', readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    writes: true,
  },
  async (args, { http }) => {
    const body = bodyFrom(args, fields) as CreateQueryBody;
    requireSql(body.sql, 'the argument sql', "put the query's SQL in sql");
    return { data: { query: await createQuery(http(), { ...body, userAgent: 'cli' }) } };
  },
);
