import * as z from 'zod';
import { getAutomationRun } from '../../../api/automation-runs.js';
import { AutomationRun, StepRun } from '../../../api/schemas/automation-runs.js';
import { automationRunFailure } from '../../../workspace/automation-runs.js';
import { automationRunText } from '../../automation-run-text.js';
import { tool } from '../../tool.js';

export const getAutomationRunTool = tool(
  {
    name: 'get_automation_run',
    description:
      'Shows an automation run with its step runs (state, input, output, error of each step), and, when it failed, which step failed and why (`failure`).',
    inputSchema: z.strictObject({ run_id: z.guid().describe('the automation run id (UUID)') }),
    outputSchema: z.object({ run: AutomationRun, step_runs: z.array(StepRun), failure: z.string().optional() }),
    annotations: { title: 'Show an automation run and its steps', readOnlyHint: true, idempotentHint: true },
  },
  async ({ run_id }, { http }) => {
    const { run, stepRuns } = await getAutomationRun(http(), run_id);
    const failure = ['failed', 'cancelled'].includes(run.state) ? automationRunFailure({ run, stepRuns })?.message : undefined;
    const text = [...(failure ? [`failure: ${failure}`] : []), automationRunText({ run, stepRuns })].join('\n');
    return { data: { run, step_runs: stepRuns, ...(failure ? { failure } : {}) }, text };
  },
);
