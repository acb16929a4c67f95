import * as z from 'zod';
import { listAutomationPages } from '../../../api/automations.js';
import { boundedName, limitArgument, tool } from '../../tool.js';

export const listAutomationsTool = tool(
  {
    name: 'list_automations',
    description:
      'Lists the automations (scheduled workflows of steps) of the workspace: id, name, description, cadence and when each last ran, and `total`. `search` keeps those whose name contains the text.',
    inputSchema: z.strictObject({
      search: boundedName(500, "an automation's name is 1-500 characters, by the API's limits").optional().describe('text the name contains'),
      limit: limitArgument(20, 200),
    }),
    outputSchema: z.object({
      automations: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          description: z.string().nullable(),
          cadence: z.looseObject({ type: z.string() }),
          lastRunAt: z.string().nullable(),
        }),
      ),
      total: z.int(),
    }),
    annotations: { title: 'List automations', readOnlyHint: true, idempotentHint: true },
  },
  async ({ search, limit }, { http }) => {
    const automations = [];
    let total = 0;
    for await (const page of listAutomationPages(http(), search ? { search } : {}, { limit, offset: 0, all: false })) {
      total = page.total;
      automations.push(...page.items.map(({ id, name, description, cadence, lastRunAt }) => ({ id, name, description, cadence, lastRunAt })));
    }
    return { data: { automations, total } };
  },
);
