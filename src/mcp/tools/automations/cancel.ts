import * as z from 'zod';
import { cancelAndConfirm } from '../../../api/automation-runs.js';
import { AutomationRun } from '../../../api/schemas/automation-runs.js';
import { tool } from '../../tool.js';

export const cancelAutomationRunTool = tool(
  {
    name: 'cancel_automation_run',
    description: 'Cancels an automation run that is still going, and returns the run as it is afterwards (`already_ended` when it had ended before). Only with `ws mcp --allow-writes`.',
    inputSchema: z.strictObject({ run_id: z.guid().describe('the automation run id (UUID)') }),
    outputSchema: z.object({ run: AutomationRun, already_ended: z.boolean() }),
    annotations: { title: 'Cancel an automation run', readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    writes: true,
  },
  async ({ run_id }, { http }) => {
    const { detail, refused } = await cancelAndConfirm(http(), run_id);
    return { data: { run: detail.run, already_ended: refused } };
  },
);
