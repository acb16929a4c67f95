import { cancelAndConfirm, getAutomationRun } from '../api/automation-runs.js';
import type { HttpClient } from '../api/http.js';
import { terminalAutomationRunStates, type AutomationRunDetail } from '../api/schemas/automation-runs.js';
import { WsError } from '../errors.js';
import { PrintedCommands } from '../printed-commands.js';
import { waitFor, type Cancel, type Outcome } from '../wait.js';
import type { WaitProgress } from './query-runs.js';
import { errorText, stepName } from './run-text.js';

/** A run that ended other than completed, as the error a wait ends with: the step that failed and its error. */
export function automationRunFailure(detail: AutomationRunDetail, printed = PrintedCommands.bare): WsError | undefined {
  if (detail.run.state === 'completed') return undefined;
  const runId = detail.run.id;
  const failed = detail.stepRuns.findIndex((step) => step.state === 'failed');
  const step = detail.stepRuns[failed];
  const reason = step
    ? `step ${failed + 1} (${stepName(step)}) failed: ${errorText(step.error) ?? 'no error given'}`
    : (errorText(detail.run.error) ?? 'no error given');
  return new WsError('remote_failure', `automation run ${runId} ${detail.run.state}${detail.run.state === 'failed' ? `: ${reason}` : ''}`, {
    code: detail.run.state === 'cancelled' ? 'run_cancelled' : 'run_failed',
    ids: { automationId: detail.run.workflowId, automationRunId: runId },
    hint: `see every step: ${printed.command('automations', 'get-run', runId)}`,
  });
}

export interface FollowOptions extends WaitProgress {
  /** Ctrl-C (or SIGTERM, SIGHUP) cancels the run before ws exits. */
  cancelOnInterrupt?: boolean;
  /** --timeout cancels the run before ws exits 6. */
  cancelOnTimeout?: boolean;
  /** The command that picks the wait up again, as this one prints; default `ws automations wait <runId>`. */
  resume?: string;
  /** Sees each poll (a live view of the steps); stopped when the wait ends. */
  observe?: { poll(read: Promise<AutomationRunDetail>): Promise<AutomationRunDetail>; stop(): void };
}

/**
 * Cancels a run and says what became of it; `report` follows the cancel, for a signal that ends ws before its
 * answer. Not sent twice (see cancelAndConfirm).
 */
async function cancelRun(http: HttpClient, runId: string, report: (outcome: Outcome) => void, printed: PrintedCommands): Promise<Outcome> {
  const getRun = `\`${printed.command('automations', 'get-run', runId)}\``;
  const check = `check it: ${getRun}`;
  report({ outcome: 'the cancel was sent but not answered: the run may be cancelled or still running', hint: check });
  const { detail } = await cancelAndConfirm(http, runId, () =>
    report({ outcome: 'the cancel was accepted, not yet confirmed: the run may be cancelled or still running', hint: check }),
  );
  if (detail.run.state === 'cancelled') return { outcome: 'it was cancelled', hint: `see it: ${getRun}` };
  // the API does not say whether a cancel takes effect at once
  return { outcome: `the cancel was accepted, but the run is ${detail.run.state}`, hint: check };
}

/**
 * Waits for an automation run to end. A completed run is returned; failed or cancelled is exit 5,
 * naming the step that failed and its error.
 */
export async function awaitAutomationRun(http: HttpClient, runId: string, timeoutMs: number, follow: FollowOptions): Promise<AutomationRunDetail> {
  const { observe } = follow;
  const printed = follow.printed ?? PrintedCommands.bare;
  const cancel: Cancel = (report, signal) => cancelRun(http.withSignal(signal), runId, report, printed);
  const detail = await waitFor({
    poll: (signal) => {
      const read = getAutomationRun(http.withSignal(signal), runId);
      return observe ? observe.poll(read) : read;
    },
    state: (d) => d.run.state,
    isTerminal: (d) => terminalAutomationRunStates.includes(d.run.state),
    timeoutMs,
    label: `automation run ${runId}`,
    // `wait` prints what `trigger --wait` prints, so either resumes in the output chosen
    resume: follow.resume ?? printed.continuing('automations', 'wait', runId),
    cancel: printed.command('automations', 'cancel', runId),
    ids: { automationRunId: runId },
    ...(follow.cancelOnInterrupt ? { onInterrupt: cancel } : {}),
    ...(follow.cancelOnTimeout ? { onTimeout: cancel } : {}),
    ...(follow.interruption ? { interruption: follow.interruption } : {}),
    io: follow.io,
    // a live view says what the spinner and its heartbeat would have
    ...(follow.reporter && !observe ? { reporter: follow.reporter } : {}),
  }).finally(() => observe?.stop());
  const failure = automationRunFailure(detail, printed);
  if (failure) throw failure;
  return detail;
}
