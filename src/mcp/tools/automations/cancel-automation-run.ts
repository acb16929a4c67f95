import * as z from 'zod';
import { cancelAutomationRun, getAutomationRun } from '../../../api/automation-runs.js';
import { AutomationRun, terminalAutomationRunStates, type AutomationRunDetail } from '../../../api/schemas/automation-runs.js';
import { WsError } from '../../../errors.js';
import { automationRunText } from '../../automation-run-text.js';
import { callText, tool } from '../../tool.js';

export const cancelAutomationRunTool = tool(
  {
    name: 'cancel_automation_run',
    description:
      'Cancels an automation run that is still going, and returns the run as it is afterwards (`already_ended` when it had ended before: completed, failed or cancelled). Only with `ws mcp --allow-writes`.',
    inputSchema: z.strictObject({ run_id: z.guid().describe('the automation run id (UUID)') }),
    outputSchema: z.object({ run: AutomationRun, already_ended: z.boolean() }),
    annotations: { title: 'Cancel an automation run', readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    writes: true,
  },
  async ({ run_id }, { http }) => {
    const client = http();
    let ended: AutomationRunDetail | undefined;
    let refused = false;
    try {
      await cancelAutomationRun(client, run_id);
    } catch (error) {
      // refused (HTTP 409, say) because the run had ended, or lost on the way: the run's state says which
      if (!(error instanceof WsError) || error.kind !== 'api') throw error;
      ended = await getAutomationRun(client, run_id);
      if (!terminalAutomationRunStates.includes(ended.run.state)) throw error;
      // a lost answer and a cancelled run: this call may have been what cancelled it
      refused = error.status === 409 || ended.run.state !== 'cancelled';
    }
    const alreadyEnded = refused;
    const detail = ended ?? (await getAutomationRun(client, run_id));
    const said = alreadyEnded
      ? `the run had already ended (${detail.run.state}): nothing was cancelled`
      : detail.run.state === 'cancelled'
        ? `the run was cancelled${ended ? " (the cancel's answer was lost: it may have been this call or another that cancelled it)" : ''}`
        : `the cancel was accepted and the run is ${detail.run.state}: call ${callText({ tool: 'get_automation_run', arguments: { run_id } })} to see it end`;
    return { data: { run: detail.run, already_ended: alreadyEnded }, text: [`already_ended: ${alreadyEnded}: ${said}`, automationRunText(detail)].join('\n') };
  },
);
