import { cancelAndConfirm, getAutomationRun } from '../../api/automation-runs.js';
import type { HttpClient } from '../../api/http.js';
import { terminalAutomationRunStates, type AutomationRunDetail } from '../../api/schemas/automation-runs.js';
import type { Context } from '../../context.js';
import { WsError } from '../../errors.js';
import { waitFor } from '../../wait.js';
import { errorText, stepName } from './view.js';

/**
 * Waits for an automation run to end. A completed run is returned; failed or cancelled is exit 5,
 * naming the step that failed and its error. With cancelOnInterrupt, Ctrl-C cancels the run first.
 */
export async function awaitAutomationRun(ctx: Context, http: HttpClient, runId: string, timeoutMs: number, cancelOnInterrupt = false): Promise<AutomationRunDetail> {
  const detail = await waitFor({
    poll: (signal) => getAutomationRun(http.withSignal(signal), runId),
    state: (d) => d.run.state,
    isTerminal: (d) => terminalAutomationRunStates.includes(d.run.state),
    timeoutMs,
    label: `automation run ${runId}`,
    resume: `ws automations wait ${runId}`,
    cancel: `ws automations cancel ${runId}`,
    ...(cancelOnInterrupt
      ? {
          onInterrupt: async () => {
            await cancelAndConfirm(http, runId);
            return { outcome: 'it was cancelled', hint: `see it: ws automations run ${runId}` };
          },
        }
      : {}),
    io: ctx.io,
    quiet: ctx.settings.quiet,
  });
  if (detail.run.state === 'completed') return detail;
  const failed = detail.stepRuns.findIndex((step) => step.state === 'failed');
  const step = detail.stepRuns[failed];
  const reason = step ? `step ${failed + 1} (${stepName(step)}) failed: ${errorText(step.error) ?? 'no error given'}` : (errorText(detail.run.error) ?? 'no error given');
  throw new WsError('remote_failure', `automation run ${runId} ${detail.run.state}${detail.run.state === 'failed' ? `: ${reason}` : ''}`, {
    hint: `see every step: ws automations run ${runId}`,
  });
}
