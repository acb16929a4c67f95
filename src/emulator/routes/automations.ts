import { ListAutomationRunsParams } from '../../api/schemas/automation-runs.js';
import { ListAutomationsParams, TriggerAutomationBody } from '../../api/schemas/automations.js';
import { HttpError, notFound, page, parseBody, parseQuery, uuidParam, type Request, type Router } from '../router.js';
import type { AutomationRecord, AutomationRunRecord, StepRunRecord } from '../runs.js';
import { presentFields, publicView } from '../store.js';
import { matches, sortBy, type World } from '../world.js';

function getAutomation(world: World, request: Request): AutomationRecord {
  const id = uuidParam(request, 'id');
  const automation = world.store.get<AutomationRecord>('automation', id, request.organization.id);
  if (!automation) throw notFound('automation', id);
  return automation;
}

function getRun(world: World, request: Request): AutomationRunRecord {
  const id = uuidParam(request, 'id');
  const run = world.store.get<AutomationRunRecord>('automation_run', id, request.organization.id);
  if (!run) throw notFound('automation run', id);
  return run;
}

function stepRunsOf(world: World, run: AutomationRunRecord): StepRunRecord[] {
  return world.store.find<StepRunRecord>('step_run', run.organizationId, (s) => s.workflowRunId === run.id).sort((a, b) => a._position - b._position);
}

function runsOf(world: World, automation: AutomationRecord): AutomationRunRecord[] {
  return sortBy(
    world.store.find<AutomationRunRecord>('automation_run', automation.organizationId, (r) => r.workflowId === automation.id),
    (r) => r.createdAt,
    'desc',
  );
}

/** No StepRun field may be null: the times of a step not started or not finished are left out. */
const stepRunView = (step: StepRunRecord) => presentFields(step);

function durationMs(from: string | null, to: string | null): number | null {
  return from && to ? Date.parse(to) - Date.parse(from) : null;
}

export function automationRoutes(router: Router, world: World): void {
  router.on('GET', '/automations', (request) => {
    const params = parseQuery(ListAutomationsParams, request, { numbers: ['limit', 'offset'] });
    const { id: org, userId } = request.organization;
    let automations = world.store.find<AutomationRecord>('automation', org, (a) => {
      if (!matches(params.search, a.name, a.description)) return false;
      if (params.createdById && a.createdById !== params.createdById) return false;
      // every automation of the key's organization is its own; the emulator grants none from elsewhere
      if (params.ownership === 'owned' && a.createdById !== userId) return false;
      if (params.ownership === 'granted') return false;
      return true;
    });
    const field = { updated: 'updatedAt', created: 'createdAt', name: 'name' }[params.sortBy ?? 'updated'];
    automations = sortBy(automations, (a) => String(a[field]), params.sortDirection ?? 'desc');
    const { items, ...envelope } = page(automations, params.limit ?? 200, params.offset ?? 0);
    const workflows = items.map((a) => {
      const view = publicView(a);
      if (params.include === 'latestRun') view.latestRun = runsOf(world, a)[0] ?? null;
      return view;
    });
    return { body: { workflows, ...envelope } };
  });

  router.on('GET', '/automations/:id', (request) => ({ body: publicView(getAutomation(world, request)) }));

  router.on('GET', '/automations/:id/runs', (request) => {
    const automation = getAutomation(world, request);
    const params = parseQuery(ListAutomationRunsParams, request, { numbers: ['limit', 'offset'] });
    const { items, ...envelope } = page(runsOf(world, automation), params.limit ?? 20, params.offset ?? 0);
    return { body: { runs: items.map(publicView), ...envelope } };
  });

  router.on('POST', '/automations/:id/runs', async (request) => {
    const automation = getAutomation(world, request);
    const body = parseBody(TriggerAutomationBody, request);
    const run = await world.runs.startAutomationRun(
      automation,
      body.inputValues ?? {},
      body.metadata ?? {},
      body.userAgent ?? null,
      request.organization.userId,
    );
    return { status: 202, body: publicView(run) };
  });

  router.on('GET', '/automation-runs/:id', (request) => {
    const run = getRun(world, request);
    return { body: { run: publicView(run), stepRuns: stepRunsOf(world, run).map(stepRunView) } };
  });

  router.on('GET', '/automation-runs/:id/step-runs', (request) => {
    const run = getRun(world, request);
    return { body: { stepRuns: stepRunsOf(world, run).map(stepRunView) } };
  });

  router.on('GET', '/automation-runs/:id/result', (request) => {
    const run = getRun(world, request);
    const steps = stepRunsOf(world, run).map((step) => ({
      stepRunId: step.id,
      workflowStepId: step.workflowStepId,
      name: step.name,
      state: step.state,
      durationMs: durationMs(step.startedAt, step.completedAt),
      input: step.input,
      output: step.output,
      error: Object.keys(step.error).length ? step.error : null,
      reasoning: [`execute saved query ${String(step.input.queryId)}`],
    }));
    return {
      body: {
        runId: run.id,
        workflowId: run.workflowId,
        workflowName: run.workflowName,
        state: run.state,
        durationMs: durationMs(run.startedAt, run.completedAt),
        error: Object.keys(run.error).length ? run.error : null,
        steps,
      },
    };
  });

  router.on('POST', '/automation-runs/:id/cancel', async (request) => {
    const run = getRun(world, request);
    if (!(await world.runs.cancelAutomationRun(run))) {
      throw new HttpError(409, 'conflict', `automation run ${run.id} is ${run.state}; only a pending or running run can be cancelled`);
    }
    return { body: publicView(run) };
  });
}
