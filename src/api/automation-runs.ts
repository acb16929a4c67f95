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

/** Every step run of a run, whichever of the accepted shapes the response has. */
export async function listStepRuns(http: HttpClient, id: string): Promise<StepRun[]> {
  return stepRunsOf(await getStepRuns(http, id));
}

/** Cancels a pending or running run. Safe to send again: cancelling twice is harmless. No body is shown, so none is sent. */
export function cancelAutomationRun(http: HttpClient, id: string): Promise<CancelAutomationRunResponse> {
  return http.request({ method: 'POST', path: `${path(id)}/cancel`, schema: CancelAutomationRunResponse, idempotent: true });
}
