import { automationFields, automationRunFields, stepRunFields } from '../../../api/fields.js';
import type { AutomationRun, AutomationRunDetail, StepRun } from '../../../api/schemas/automation-runs.js';
import type { Output } from '../../../output/output.js';
import type { Automation } from '../../../api/schemas/automations.js';
import { durationLabel, span } from '../../../duration.js';
import { column, type View } from '../../../output/view.js';
import { errorText, stepName } from '../../../workspace/run-text.js';

export function cadenceText(a: Automation): string {
  return [a.cadence.type, a.cadence.time].filter(Boolean).join(' ');
}

export const automationView: View<Automation> = {
  fields: automationFields,
  columns: [
    column('ID', 'id', { kind: 'id' }),
    column('NAME', 'name', { key: true }),
    column('CADENCE', 'cadence', { value: cadenceText, csv: ['cadence.type', 'cadence.time'] }),
    column('LAST RUN', 'lastRunAt', { kind: 'time' }),
    column('UPDATED', 'updatedAt', { kind: 'time' }),
  ],
  detail: (a) => ({
    rows: [
      ['name', a.name],
      ['id', a.id],
      ['description', a.description],
      ['cadence', cadenceText(a)],
      ['inputs', Object.keys((a.inputSchema.properties as object | undefined) ?? {}).join(', ')],
      ['last run', a.lastRunAt, 'time'],
      ['created', a.createdAt, 'time'],
      ['updated', a.updatedAt, 'time'],
    ],
  }),
};

export const automationRunView: View<AutomationRun> = {
  fields: automationRunFields,
  columns: [
    column('ID', 'id', { kind: 'id', key: true }),
    column('STATE', 'state', { kind: 'state', dropLast: true }),
    column('TRIGGERED BY', 'triggeredBy', { dropFirst: true }),
    column('STARTED', 'createdAt', { kind: 'time', dropLast: true }),
    column('DURATION', 'completedAt', { kind: 'duration', value: (r) => span(r.startedAt, r.completedAt), csv: ['startedAt', 'completedAt'] }),
    column('ERROR', 'error', { flex: true, value: (r) => errorText(r.error), csv: ['error'] }),
  ],
};

export const stepRunView: View<StepRun> = {
  fields: stepRunFields,
  columns: [
    column('ID', 'id', { kind: 'id' }),
    column('STEP', 'workflowStepId', { key: true, value: stepName, csv: ['workflowStepId'] }),
    column('STATE', 'state', { kind: 'state' }),
    column('DURATION', 'completedAt', { kind: 'duration', value: (s) => span(s.startedAt, s.completedAt), csv: ['startedAt', 'completedAt'] }),
    column('ERROR', 'error', { flex: true, value: (s) => errorText(s.error), csv: ['error'] }),
  ],
};

/** The body of GET /automation-runs/{id}, which `run`, `wait` and `cancel` print in JSON. */
export const runDetailFields = ['run', 'stepRuns'] as const;

/** A run with its steps: the API's {run, stepRuns} body as JSON or YAML; a timeline in a table; one row in csv/tsv. */
export function printRunDetail(output: Output, detail: AutomationRunDetail): Promise<void> {
  if (output.format === 'json' || output.format === 'yaml' || output.format === 'ndjson') return output.document(detail);
  return output.item(detail.run, runDetailView(detail.stepRuns));
}

/** A run with its steps as a timeline: one line a step with its state, duration and error. */
export function runDetailView(stepRuns: StepRun[]): View<AutomationRun> {
  return {
    fields: automationRunFields,
    columns: automationRunView.columns,
    detail: (run) => {
      const duration = span(run.startedAt, run.completedAt);
      const lines = stepRuns.map((step, index) => {
        const took = span(step.startedAt, step.completedAt);
        const error = errorText(step.error);
        return `${String(index + 1).padStart(2)}. ${(step.state ?? '?').padEnd(9)} ${durationLabel(took).padStart(6)}  ${stepName(step)}${error ? `: ${error}` : ''}`;
      });
      return {
        rows: [
          ['run', run.id],
          ['automation', run.workflowName ? `${run.workflowName} (${run.workflowId})` : run.workflowId],
          ['state', run.state, 'state'],
          ['triggered by', run.triggeredBy],
          ['started', run.startedAt ?? run.createdAt, 'time'],
          ['duration', duration, 'duration'],
          ['inputs', Object.keys(run.inputValues).length ? run.inputValues : undefined, 'json'],
          ['error', errorText(run.error)],
        ],
        ...(lines.length ? { block: { title: 'steps', text: lines.join('\n') } } : {}),
      };
    },
  };
}
