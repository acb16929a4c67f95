import * as z from 'zod';
import { Automation } from '../../../api/schemas/automations.js';
import { automationArgument, tool } from '../../tool.js';
import { findAutomation } from '../../../workspace/resolve.js';

export const getAutomationTool = tool(
  {
    name: 'get_automation',
    description: 'Shows one automation: its description, cadence, the JSON Schema of the inputs trigger_automation takes (inputSchema) and when it last ran.',
    inputSchema: z.strictObject({ automation: automationArgument() }),
    outputSchema: z.object({ automation: Automation }),
    annotations: { title: 'Show an automation', readOnlyHint: true, idempotentHint: true },
  },
  async ({ automation }, { http }) => ({ data: { automation: await findAutomation(http(), automation) } }),
);
