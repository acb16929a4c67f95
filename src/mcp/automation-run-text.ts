import type { AutomationRun, StepRun } from '../api/schemas/automation-runs.js';
import { span } from '../duration.js';
import { errorText, stepName } from '../workspace/run-text.js';
import { table } from './render.js';
import { duration } from './tool.js';

/**
 * An automation run in text, what an assistant reasons with (every field stays in structuredContent): its state,
 * automation, trigger, times, error and inputs, and its steps by name (as the CLI shows them), with an error only
 * where a step has one.
 */
export function automationRunText({ run, stepRuns }: { run: AutomationRun; stepRuns?: StepRun[] }): string {
  const error = errorText(run.error);
  const inputs = Object.keys(run.inputValues ?? {}).length ? JSON.stringify(run.inputValues) : undefined;
  const took = duration(span(run.startedAt, run.completedAt));
  const lines = [
    `run ${run.id}: ${run.state}`,
    `automation: ${run.workflowName ? `"${run.workflowName}" (${run.workflowId})` : run.workflowId}`,
    `triggered: ${run.triggeredBy}`,
    `started: ${run.startedAt ?? '-'}`,
    `completed: ${run.completedAt ?? '-'}${took ? ` (${took})` : ''}`,
    ...(error ? [`error: ${error}`] : []),
    ...(inputs ? [`inputs: ${inputs}`] : []),
  ];
  if (stepRuns) {
    const steps = stepRuns.map((step) => ({
      step: stepName(step),
      state: step.state ?? undefined,
      started: step.startedAt ?? undefined,
      completed: step.completedAt ?? undefined,
      duration: duration(span(step.startedAt, step.completedAt)),
      error: errorText(step.error),
    }));
    lines.push('steps:', table(steps, ['step', 'state', 'started', 'completed', 'duration', 'error']));
  }
  return lines.join('\n');
}
