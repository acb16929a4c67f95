import * as z from 'zod';
import { declaredInputs, triggerAutomation } from '../../../api/automations.js';
import { AutomationRun } from '../../../api/schemas/automation-runs.js';
import { usageError } from '../../../errors.js';
import { automationRunText } from '../../automation-run-text.js';
import { automationArgument, callText, nextCallSchema, tool } from '../../tool.js';
import { findAutomation } from '../../../workspace/resolve.js';

export const triggerAutomationTool = tool(
  {
    name: 'trigger_automation',
    description:
      'Starts a run of an automation with input values (see its inputSchema with get_automation) and returns the new run at once; follow it with get_automation_run. Only with `ws mcp --allow-writes`.',
    inputSchema: z.strictObject({ automation: automationArgument(), inputs: z.record(z.string(), z.unknown()).default({}).describe('input values by name') }),
    outputSchema: z.object({ run: AutomationRun, next: nextCallSchema() }),
    annotations: { title: 'Trigger an automation', readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    writes: true,
  },
  async ({ automation: wanted, inputs }, { http }) => {
    const client = http();
    const automation = await findAutomation(client, wanted);
    const declared = declaredInputs(automation);
    const unknown = declared ? Object.keys(inputs).filter((name) => !declared.includes(name)) : [];
    if (unknown.length)
      throw usageError(`automation "${automation.name}" has no input ${unknown.map((name) => `"${name}"`).join(', ')}`, `its inputs: ${declared!.join(', ')}`);
    const run = await triggerAutomation(client, automation.id, { ...(Object.keys(inputs).length ? { inputValues: inputs } : {}), userAgent: 'cli' });
    const next = { tool: 'get_automation_run', arguments: { run_id: run.id } };
    return { data: { run, next }, text: `${automationRunText({ run })}\nnext: call ${callText(next)} to follow it` };
  },
);
