import { WsError } from '../errors.js';
import type { HttpClient } from './http.js';
import {
  AutomationRunDetail,
  AutomationRunResult,
  CancelAutomationRunResponse,
  StepRunsResponse,
  stepRunsOf,
  type StepRun,
} from './schemas/automation-runs.js';

const path = (id: string) => `/automation-runs/${encodeURIComponent(id)}`;

export function getAutomationRun(http: HttpClient, id: string): Promise<AutomationRunDetail> {
  return http.request({ method: 'GET', path: path(id), schema: AutomationRunDetail });
}

/** The complete run result; its shape is not shown, so it is returned as the server sent it. */
export function getAutomationRunResult(http: HttpClient, id: string): Promise<AutomationRunResult> {
  return http.request({ method: 'GET', path: `${path(id)}/result`, schema: AutomationRunResult });
}

/** Every step run of a run, as the server sent them (the response shape is not shown; see stepRunsOf). */
export function getStepRuns(http: HttpClient, id: string): Promise<StepRunsResponse> {
  return http.request({ method: 'GET', path: `${path(id)}/step-runs`, schema: StepRunsResponse });
}

/**
 * Every step run of a run, wherever the step-runs response holds them. Its shape is not shown, so one
 * without a list of step runs is no error: they are read from GET /automation-runs/{id}, whose shape is.
 */
export async function listStepRuns(http: HttpClient, id: string): Promise<StepRun[]> {
  return stepRunsOf(await getStepRuns(http, id)) ?? (await getAutomationRun(http, id)).stepRuns;
}

/**
 * Cancels a pending or running run. Not sent twice: a second cancel of a run the first one already
 * cancelled is refused (the run is no longer running), so callers read the run after a failure instead.
 * No body is shown, so none is sent.
 */
export function cancelAutomationRun(http: HttpClient, id: string): Promise<CancelAutomationRunResponse> {
  return http.request({ method: 'POST', path: `${path(id)}/cancel`, schema: CancelAutomationRunResponse, idempotent: false });
}

/**
 * Cancels a run and confirms it: when the cancel request fails in a way that leaves its fate unknown
 * (a lost response, a refusal because the run is no longer running), the run is read and a cancelled
 * run counts as success. Any other outcome keeps the original error. `onAnswered`: the cancel was accepted.
 */
export async function cancelAndConfirm(http: HttpClient, id: string, onAnswered?: () => void): Promise<{ detail: AutomationRunDetail; refused: boolean }> {
  try {
    await cancelAutomationRun(http, id);
    onAnswered?.();
  } catch (error) {
    if (!(error instanceof WsError) || error.kind !== 'api') throw error;
    const detail = await getAutomationRun(http, id);
    if (detail.run.state === 'cancelled') return { detail, refused: true };
    throw error;
  }
  return { detail: await getAutomationRun(http, id), refused: false };
}
