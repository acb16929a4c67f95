/**
 * How a run's error and a step are named in text, for the failure a wait ends with and for every view of a run.
 * No schema and no client here (types only): the automations group's index imports its views on every run of
 * that group and of shell completion, which must not build zod for it.
 */
import type { StepRun } from '../api/schemas/automation-runs.js';

/** The message of an error object of unknown shape. */
export function errorText(error: unknown): string | undefined {
  if (error === null || error === undefined) return undefined;
  if (typeof error === 'string') return error;
  if (typeof error !== 'object') return String(error);
  const record = error as Record<string, unknown>;
  if (Object.keys(record).length === 0) return undefined;
  for (const key of ['message', 'error', 'detail', 'reason']) if (typeof record[key] === 'string') return record[key] as string;
  return JSON.stringify(error);
}

/** A step's name where the server gives one (the API does not promise it), else its step id. */
export function stepName(step: StepRun): string {
  const named = (step as Record<string, unknown>).name;
  return typeof named === 'string' ? named : (step.workflowStepId ?? step.id ?? '-');
}
