import * as z from 'zod';
import { envelopeFields, JsonObject, JsonValue, lazy, OpenEnum, pageParams, StateChange, Timestamp } from './common.js';

export const automationRunStates = ['pending', 'running', 'completed', 'failed', 'cancelled'] as const;
export const AutomationRunState = lazy(() => z.enum(automationRunStates));
export type AutomationRunState = z.infer<typeof AutomationRunState>;
export const terminalAutomationRunStates: readonly string[] = ['completed', 'failed', 'cancelled'] satisfies AutomationRunState[];

export const AutomationRun = lazy(() =>
  z.looseObject({
    id: z.string(),
    workflowId: z.string(),
    organizationId: z.string(),
    runById: z.string().nullable(),
    state: OpenEnum,
    triggeredBy: OpenEnum,
    /**
     * The description says "object, req", but a run that has not failed has no error to describe:
     * a server that sends null (or leaves the field out) for it must not make every read of a
     * healthy run fail, so null and absence are accepted.
     */
    error: JsonObject.nullish(),
    metadata: JsonObject,
    inputValues: JsonObject,
    startedAt: Timestamp.nullable(),
    completedAt: Timestamp.nullable(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    /** Entries {state, at}; the state is kept as a string so that a history entry never fails a read. */
    stateHistory: z.array(StateChange),
    userAgent: OpenEnum.nullish(),
    workflowName: z.string().optional(),
  }),
);
export type AutomationRun = z.infer<typeof AutomationRun>;

/**
 * A step of an automation run. The description marks none of its fields as always present (not even its
 * id or run) and does not show the values of `state`, so every field may be missing.
 */
export const StepRun = lazy(() =>
  z.looseObject({
    id: z.string().optional(),
    workflowRunId: z.string().optional(),
    workflowStepId: z.string().nullish(),
    state: z.string().nullish(),
    input: JsonObject.nullish(),
    output: JsonObject.nullish(),
    error: JsonObject.nullish(),
    startedAt: Timestamp.nullish(),
    completedAt: Timestamp.nullish(),
    createdAt: Timestamp.nullish(),
    updatedAt: Timestamp.nullish(),
    stateHistory: z.array(StateChange).nullish(),
  }),
);
export type StepRun = z.infer<typeof StepRun>;

/** GET /automation-runs/{id} */
export const AutomationRunDetail = lazy(() =>
  z.looseObject({
    run: AutomationRun,
    stepRuns: z.array(StepRun),
  }),
);
export type AutomationRunDetail = z.infer<typeof AutomationRunDetail>;

/** GET /automations/{id}/runs */
export const AutomationRunList = lazy(() => z.looseObject({ runs: z.array(AutomationRun), ...envelopeFields() }));
export type AutomationRunList = z.infer<typeof AutomationRunList>;

/** The page size of GET /automations/{id}/runs is 1 to 100; its default is not shown. */
export const automationRunPageMax = 100;
export const ListAutomationRunsParams = lazy(() => z.strictObject(pageParams(automationRunPageMax)));
export type ListAutomationRunsParams = z.infer<typeof ListAutomationRunsParams>;

/**
 * GET /automation-runs/{id}/result: the response shape is not shown (the description only says it holds
 * step outputs, durations, errors and reasoning traces), so any JSON body is accepted and passed on as is.
 */
export const AutomationRunResult = JsonValue;
export type AutomationRunResult = z.infer<typeof AutomationRunResult>;

/**
 * GET /automation-runs/{id}/step-runs: the response shape is not shown, so any JSON body is accepted (and
 * printed as sent in JSON output). `stepRunsOf` finds the step runs in it for tables.
 */
export const StepRunsResponse = JsonValue;
export type StepRunsResponse = z.infer<typeof StepRunsResponse>;

/**
 * The step runs in a step-runs body: a bare array, or an array under `stepRuns` (as GET /automation-runs/{id}
 * has it) or `runs` (as list envelopes have it). Undefined when none of these holds step runs.
 */
export function stepRunsOf(response: StepRunsResponse): StepRun[] | undefined {
  const record = typeof response === 'object' && response !== null && !Array.isArray(response) ? (response as Record<string, unknown>) : undefined;
  for (const candidate of [response, record?.stepRuns, record?.runs]) {
    const parsed = z.array(StepRun).safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  return undefined;
}

/**
 * POST /automation-runs/{id}/cancel: the response shape is not shown (it may even be empty), so any body
 * is accepted; read the run afterwards for its state.
 */
export const CancelAutomationRunResponse = JsonValue;
export type CancelAutomationRunResponse = z.infer<typeof CancelAutomationRunResponse>;
