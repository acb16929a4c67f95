import type { HttpClient } from '../../../api/http.js';
import type { AutomationRunDetail } from '../../../api/schemas/automation-runs.js';
import type { Context } from '../../../context.js';
import { cancellingNote } from '../../../wait.js';
import type { Interruption } from '../../../interruption.js';
import { startLiveSteps, type LiveRun } from '../../../output/live-steps.js';
import { awaitAutomationRun } from '../../../workspace/automation-runs.js';
import { errorText, stepName } from '../../../workspace/run-text.js';

/** A run with its steps in the live view's words. */
function liveRun({ run, stepRuns }: AutomationRunDetail): LiveRun {
  const times = [run.updatedAt, ...stepRuns.map((step) => step.updatedAt)].filter((at): at is string => Boolean(at)).sort();
  return {
    state: run.state,
    startedAt: run.startedAt,
    completedAt: run.completedAt,
    updatedAt: times.at(-1),
    steps: stepRuns.map((step) => ({
      name: stepName(step),
      state: step.state ?? '?',
      startedAt: step.startedAt,
      completedAt: step.completedAt,
      error: errorText(step.error),
    })),
  };
}

export interface LiveFollow {
  /** Wraps one poll: its snapshot (or its passing failure) goes to the view. */
  poll(read: Promise<AutomationRunDetail>): Promise<AutomationRunDetail>;
  stop(): void;
}

/**
 * The live view of an automation run (`trigger --wait`, `watch`): it replaces the wait's spinner, so the
 * wait itself runs quiet and the view says what the spinner would have.
 */
export function followLive(ctx: Context, runId: string, cancelOnInterrupt: boolean): LiveFollow {
  const label = `automation run ${runId}`;
  const view = startLiveSteps(ctx.io, {
    label,
    quiet: ctx.settings.quiet,
    json: ctx.settings.jsonProgress,
    ids: { automationRunId: runId },
    color: ctx.settings.color,
    ...(cancelOnInterrupt ? { interruptNote: cancellingNote(label) } : {}),
  });
  // a failure is shown once the wait polls again, i.e. once it has decided to ride the failure out
  let failed: string | undefined;
  return {
    async poll(read) {
      if (failed !== undefined) view.retrying(failed);
      failed = undefined;
      try {
        const detail = await read;
        view.update(liveRun(detail));
        return detail;
      } catch (error) {
        failed = (error as Error).message;
        throw error;
      }
    },
    stop: () => view.stop(),
  };
}

export interface FollowRunOptions {
  timeoutMs: number;
  cancelOnInterrupt?: boolean;
  cancelOnTimeout?: boolean;
  /** The live view of the steps instead of the spinner. */
  live?: boolean;
  /** The stop signals, when watched since the run's start; else from now on. */
  interruption?: Interruption;
  /** The command that waits again, printing what this one prints (`wait` for `wait` and `trigger --wait`, `watch` for `watch`). */
  resume?: string;
}

/**
 * Waits for an automation run to end (src/workspace/automation-runs.ts) with the spinner, or with the live view
 * of its steps; with cancelOnInterrupt, Ctrl-C cancels the run first, and with cancelOnTimeout, --timeout does.
 */
export function followRun(ctx: Context, http: HttpClient, runId: string, options: FollowRunOptions): Promise<AutomationRunDetail> {
  const cancelOnInterrupt = Boolean(options.cancelOnInterrupt);
  return awaitAutomationRun(http, runId, options.timeoutMs, {
    ...ctx.waitProgress(),
    resume: options.resume ?? ctx.printed.continuing('automations', 'wait', runId),
    cancelOnInterrupt,
    cancelOnTimeout: Boolean(options.cancelOnTimeout),
    interruption: options.interruption ?? ctx.interruption(),
    ...(options.live ? { observe: followLive(ctx, runId, cancelOnInterrupt) } : {}),
  });
}
