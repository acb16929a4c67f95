import { cancelAndConfirm, getAutomationRun } from '../../api/automation-runs.js';
import type { HttpClient } from '../../api/http.js';
import { terminalAutomationRunStates, type AutomationRunDetail } from '../../api/schemas/automation-runs.js';
import type { Context } from '../../context.js';
import { WsError } from '../../errors.js';
import { waitFor } from '../../wait.js';
import { followLive } from './live.js';
import { errorText, stepName } from './view.js';

/**
 * Waits for an automation run to end. A completed run is returned; failed or cancelled is exit 5,
 * naming the step that failed and its error. With cancelOnInterrupt, Ctrl-C cancels the run first.
 * With `live`, the steps are shown as they go (src/output/live-steps.ts) instead of a spinner.
 */
export async function awaitAutomationRun(ctx: Context, http: HttpClient, runId: string, timeoutMs: number, cancelOnInterrupt = false, live = false): Promise<AutomationRunDetail> {
  const view = live ? followLive(ctx, runId, cancelOnInterrupt) : undefined;
  const detail = await waitFor({
    poll: (signal) => {
      const read = getAutomationRun(http.withSignal(signal), runId);
      return view ? view.poll(read) : read;
    },
    state: (d) => d.run.state,
    isTerminal: (d) => terminalAutomationRunStates.includes(d.run.state),
    timeoutMs,
    label: `automation run ${runId}`,
    resume: `ws automations wait ${runId}`,
    cancel: `ws automations cancel ${runId}`,
    ids: { automationRunId: runId },
    ...(cancelOnInterrupt
      ? {
          onInterrupt: async () => {
            await cancelAndConfirm(http, runId);
            return { outcome: 'it was cancelled', hint: `see it: ws automations get-run ${runId}` };
          },
        }
      : {}),
    io: ctx.io,
    quiet: ctx.settings.quiet || view !== undefined,
  }).finally(() => view?.stop());
  if (detail.run.state === 'completed') return detail;
  const failed = detail.stepRuns.findIndex((step) => step.state === 'failed');
  const step = detail.stepRuns[failed];
  const reason = step ? `step ${failed + 1} (${stepName(step)}) failed: ${errorText(step.error) ?? 'no error given'}` : (errorText(detail.run.error) ?? 'no error given');
  throw new WsError('remote_failure', `automation run ${runId} ${detail.run.state}${detail.run.state === 'failed' ? `: ${reason}` : ''}`, {
    code: detail.run.state === 'cancelled' ? 'run_cancelled' : 'run_failed',
    ids: { automationId: detail.run.workflowId, automationRunId: runId },
    hint: `see every step: ws automations get-run ${runId}`,
  });
}
