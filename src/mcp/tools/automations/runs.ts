import * as z from 'zod';
import { listAutomationRunPages } from '../../../api/automations.js';
import { AutomationRun } from '../../../api/schemas/automation-runs.js';
import { findAutomation } from '../../../workspace/resolve.js';
import { automationArgument, limitArgument, tool } from '../../tool.js';

export const listAutomationRuns = tool(
  {
    name: 'list_automation_runs',
    description: 'Lists the runs of an automation, newest first: id, state (pending, running, completed, failed, cancelled), how it was triggered, when it started and ended, its error. Read one with its steps with get_automation_run.',
    inputSchema: z.strictObject({ automation: automationArgument(), limit: limitArgument(20, 100) }),
    outputSchema: z.object({ automation_id: z.string(), runs: z.array(AutomationRun), total: z.int() }),
    annotations: { title: 'List the runs of an automation', readOnlyHint: true, idempotentHint: true },
  },
  async ({ automation, limit }, { http }) => {
    const client = http();
    const { id } = await findAutomation(client, automation);
    const runs = [];
    let total = 0;
    for await (const page of listAutomationRunPages(client, id, { limit, offset: 0, all: false })) {
      total = page.total;
      runs.push(...page.items);
    }
    return { data: { automation_id: id, runs, total } };
  },
);
