import * as z from 'zod';
import { createQuery } from '../../../api/queries.js';
import { CreateQueryBody } from '../../../api/schemas/queries.js';
import { takenSlug, takenText } from '../../../workspace/taken-name.js';
import { apiParameters, parametersArgument, queryAnswer, queryAnswerSchema } from '../../query-parameters.js';
import { queryText } from '../../query-text.js';
import { requireSql } from '../../../workspace/sql.js';
import { bodyArguments, bodyFrom, tool } from '../../tool.js';

const fields = {
  name: 'the name people see, e.g. "Daily revenue" (its slug is made from it)',
  sql: 'the SQL; a parameter is written {{name}} and declared in parameters',
  description: 'what the query answers',
};

export const createQueryTool = tool(
  {
    name: 'create_query',
    description:
      'Saves a new SQL query in the workspace and returns it (with its id and slug); `warning` says when the name or slug was taken by another query. Only with `ws mcp --allow-writes`.',
    inputSchema: z.strictObject({
      ...bodyArguments(CreateQueryBody, fields),
      parameters: parametersArgument('the parameters: objects of name, and optionally type (default text), description and default_value'),
    }),
    outputSchema: z.object({
      query: queryAnswerSchema(),
      warning: z.string().optional().describe('another query has this name or the plain slug: the server gave this one a numbered slug'),
    }),
    annotations: { title: 'Create a saved query', readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    writes: true,
  },
  async (args, { http }) => {
    const client = http();
    const body = bodyFrom(args, fields) as CreateQueryBody;
    requireSql(body.sql, 'the argument sql', "put the query's SQL in sql");
    const query = await createQuery(client, { ...body, ...apiParameters(args.parameters), userAgent: 'cli' });
    // as the CLI says on stderr: a second "Daily revenue" makes the name match two queries
    const taken = await takenSlug(client, query);
    const warning =
      taken && `${takenText(taken, query)}; this query is ${query.slug}${taken.sameName ? ': name a query by its slug or id, as a name matches both' : ''}`;
    return {
      data: { query: queryAnswer(query), ...(warning ? { warning } : {}) },
      text: [...(warning ? [`warning: ${warning}`] : []), queryText(query)].join('\n'),
    };
  },
);
