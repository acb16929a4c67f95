import * as z from 'zod';
import type { CreateQueryBody } from '../api/schemas/queries.js';

/**
 * create_query's and update_query's `parameters`, in the tools' own convention (snake_case, optional fields
 * optional): the API wants all four fields, so a missing type is text (as `ws queries create --param` has it) and
 * a missing description or default an empty string.
 */
export const parametersArgument = (what: string) =>
  z
    .array(
      z.strictObject({
        name: z.string().min(1).describe('the name the SQL uses as {{name}}'),
        type: z.string().min(1).default('text').describe('e.g. text, number, integer, boolean, date, timestamp (default text)'),
        description: z.string().default('').describe('what the value means'),
        default_value: z.string().default('').describe('the value when a run gives none, as a string'),
      }),
    )
    .nullable()
    .optional()
    .describe(what);

/** The API's parameters (camelCase) from the tool's. */
export function apiParameters(parameters: z.output<ReturnType<typeof parametersArgument>>): Pick<CreateQueryBody, 'parameters'> {
  if (parameters === undefined) return {};
  return { parameters: parameters && parameters.map(({ name, type, description, default_value }) => ({ name, type, description, defaultValue: default_value })) };
}
