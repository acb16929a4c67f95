import * as z from 'zod';
import { updateQuery } from '../../../api/queries.js';
import { UpdateQueryBody } from '../../../api/schemas/queries.js';
import { usageError } from '../../../errors.js';
import { requireSql } from '../../../workspace/sql.js';
import { apiParameters, parametersArgument, queryAnswer, queryAnswerSchema } from '../../query-parameters.js';
import { queryText } from '../../query-text.js';
import { bodyArguments, bodyFrom, queryArgument, tool } from '../../tool.js';
import { findQuery } from '../../../workspace/resolve.js';

const fields = {
  name: 'the new name',
  sql: 'the new SQL (replaces the old one whole)',
  description: 'the new description (null clears it)',
};

export const updateQueryTool = tool(
  {
    name: 'update_query',
    description:
      'Changes a saved query: the fields given replace the old values (SQL and parameters whole); the others stay. Returns the query as it is now. Only with `ws mcp --allow-writes`.',
    inputSchema: z.strictObject({
      query: queryArgument(),
      ...bodyArguments(UpdateQueryBody, fields),
      parameters: parametersArgument(
        'the new parameters, replacing all of them: objects of name, and optionally type (default text), description and default_value',
      ),
    }),
    outputSchema: z.object({ query: queryAnswerSchema() }),
    annotations: { title: 'Change a saved query', readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    writes: true,
  },
  async (args, { http }) => {
    const fromFields = bodyFrom(args, fields);
    if (typeof fromFields.sql === 'string') requireSql(fromFields.sql, 'the argument sql', "put the query's SQL in sql");
    const body = { ...fromFields, ...apiParameters(args.parameters) };
    if (!Object.keys(body).length)
      throw usageError('update_query needs at least one field to change', `its fields: ${[...Object.keys(fields), 'parameters'].join(', ')}`);
    const client = http();
    const { id } = await findQuery(client, args.query);
    const updated = await updateQuery(client, id, body as UpdateQueryBody);
    return { data: { query: queryAnswer(updated) }, text: queryText(updated) };
  },
);
