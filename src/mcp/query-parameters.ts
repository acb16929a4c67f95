import * as z from 'zod';
import { Query, type CreateQueryBody, type QueryParameter } from '../api/schemas/queries.js';

/**
 * create_query's and update_query's `parameters`, in the tools' own convention (snake_case, optional fields
 * optional), the same as answers show them, so get_query's parameters can be passed back as they are: the API
 * wants all four fields, so a missing (or null) type is text (as `ws queries create --param` has it) and a
 * missing description or default an empty string.
 */
export const parametersArgument = (what: string) =>
  z
    .array(
      z.strictObject({
        name: z.string().min(1).describe('the name the SQL uses as {{name}}'),
        type: z.string().min(1).nullish().describe('e.g. text, number, integer, boolean, date, timestamp (default text)'),
        description: z.string().nullish().describe('what the value means'),
        default_value: z.string().nullish().describe('the value when a run gives none, as a string'),
      }),
    )
    .nullable()
    .optional()
    .describe(what);

/** The API's parameters (camelCase) from the tool's. */
export function apiParameters(parameters: z.output<ReturnType<typeof parametersArgument>>): Pick<CreateQueryBody, 'parameters'> {
  if (parameters === undefined) return {};
  return {
    parameters:
      parameters == null
        ? parameters
        : parameters.map(({ name, type, description, default_value }) => ({
            name,
            type: type ?? 'text',
            description: description ?? '',
            defaultValue: default_value ?? '',
          })),
  };
}

/** A parameter as answers show it: the four fields create_query and update_query take, as the API gave them. */
const toolParameter = () =>
  z.object({ name: z.string().optional(), type: z.string().nullish(), description: z.string().nullish(), default_value: z.string().nullish() });

function toolParameters(parameters: QueryParameter[] | null): z.infer<ReturnType<typeof toolParameter>>[] | null {
  return parameters == null
    ? parameters
    : parameters.map(({ name, type, description, defaultValue }) => ({
        ...(name === undefined ? {} : { name }),
        type,
        description,
        default_value: defaultValue,
      }));
}

/** A query as answers give it: the API's fields, with its parameters in the tools' convention. */
export const queryAnswer = <T extends { parameters: QueryParameter[] | null }>(query: T) => ({ ...query, parameters: toolParameters(query.parameters) });
export const queryAnswerSchema = () =>
  Query.extend({
    parameters: z.array(toolParameter()).nullable().describe('name, type, description, default_value: as create_query and update_query take them'),
  });
/** The parameters in one line, as they can be passed to update_query. */
export const parametersLine = (parameters: QueryParameter[] | null) =>
  `parameters: ${parameters?.length ? JSON.stringify(toolParameters(parameters)) : 'none'}`;
