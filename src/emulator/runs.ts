import { createHash, randomUUID } from 'node:crypto';
import { RunStoppedError, type Engine, type ResultColumn } from './engine.js';
import { bindValues, toBoundSql, type DeclaredParameter } from './sql-parameters.js';
import type { Store, StoredRecord } from './store.js';

export interface QueryRecord extends StoredRecord {
  name: string;
  sql: string;
  slug: string;
  parameters: DeclaredParameter[] | null;
  lastQueryRunId: string | null;
  lastSuccessfulRunId: string | null;
  updatedAt: string;
}

export interface QueryRunRecord extends StoredRecord {
  queryId: string;
  status: string;
  rowCount: number | null;
  executionTimeMs: number | null;
  columnSchema: ResultColumn[] | null;
  errorDetails: string | null;
  createdAt: string;
  updatedAt: string;
  startedAt: string | null;
  completedAt: string | null;
  userAgent: string | null;
  _message: string | null;
  _history: { status: string; message: string | null; createdAt: string }[];
}

export interface AutomationStep {
  id: string;
  name: string;
  queryId: string;
  parameters?: Record<string, string>;
}

export interface AutomationRecord extends StoredRecord {
  name: string;
  steps: AutomationStep[];
  lastRunAt: string | null;
}

export interface AutomationRunRecord extends StoredRecord {
  workflowId: string;
  workflowName: string;
  state: string;
  error: Record<string, unknown>;
  inputValues: Record<string, unknown>;
  startedAt: string | null;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
  stateHistory: { state: string; at: string }[];
}

export interface StepRunRecord extends StoredRecord {
  workflowRunId: string;
  workflowStepId: string;
  state: string;
  input: Record<string, unknown>;
  output: Record<string, unknown>;
  error: Record<string, unknown>;
  startedAt: string | null;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
  stateHistory: { state: string; at: string }[];
  name: string;
  _position: number;
}

const unfinishedQueryRun = new Set(['PENDING', 'SUBMITTED', 'RUNNING', 'STREAMING']);
const unfinishedAutomationRun = new Set(['pending', 'running']);

/**
 * Moves query runs and automation runs through their states on timers, running the saved SQL on the
 * engine for real. `stepMs` is how long each state lasts at least (tests set it near 0).
 */
export class Runs {
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Runs and steps still moving, so that close() can let them settle before it saves their end. */
  private readonly moving = new Set<Promise<unknown>>();
  /** Query runs told to stop (a cancelled automation run) before or while their SQL runs. */
  private readonly stops = new Map<string, RunStoppedError>();
  private closed = false;

  constructor(
    private readonly store: Store,
    private readonly engine: Engine,
    private readonly stepMs: number,
    private readonly now: () => string,
  ) {}

  /** Runs left unfinished by a stopped emulator cannot resume: they are marked failed, with the reason. */
  async failUnfinished(): Promise<void> {
    const reason = 'the emulator stopped before the run finished';
    for (const run of this.store.all<QueryRunRecord>('query_run').filter((r) => unfinishedQueryRun.has(r.status))) {
      await this.setQueryRunStatus(run, 'FAILED', reason, { errorDetails: reason, completedAt: this.now() });
    }
    for (const run of this.store.all<AutomationRunRecord>('automation_run').filter((r) => unfinishedAutomationRun.has(r.state))) {
      await this.setAutomationRunState(run, 'failed', { error: { message: reason }, completedAt: this.now() });
    }
    for (const step of this.store.all<StepRunRecord>('step_run').filter((s) => s.state === 'pending' || s.state === 'running')) {
      await this.setStepState(step, 'failed', { error: { message: reason }, completedAt: this.now() });
    }
  }

  /** Creates a PENDING run and starts moving it; `done` settles when it reaches a terminal state. */
  async startQueryRun(
    query: QueryRecord,
    given: Record<string, unknown>,
    userAgent: string | null,
  ): Promise<{ run: QueryRunRecord; done: Promise<QueryRunRecord> }> {
    const at = this.now();
    const run: QueryRunRecord = {
      id: randomUUID(),
      organizationId: query.organizationId,
      queryId: query.id,
      status: 'PENDING',
      resultLocation: null,
      warehouseQueryId: null,
      rowCount: null,
      executionTimeMs: null,
      columnSchema: null,
      errorDetails: null,
      queryHash: createHash('sha256').update(query.sql).update(JSON.stringify(given)).digest('hex').slice(0, 32),
      warehouse: 'duckdb',
      dataSourceId: (query.dataSourceId as string | null) ?? null,
      createdAt: at,
      updatedAt: at,
      startedAt: null,
      completedAt: null,
      userAgent,
      _message: 'queued',
      _history: [{ status: 'PENDING', message: 'queued', createdAt: at }],
    };
    // Read the query and write it back with no await in between, so a concurrent change is never lost.
    const current = this.store.get<QueryRecord>('query', query.id, query.organizationId) ?? query;
    await Promise.all([this.store.put('query_run', run), this.store.put('query', { ...current, lastQueryRunId: run.id })]);
    const done = this.track(this.moveQueryRun(run, query, given));
    done.catch(() => undefined); // a run cut short by close() has nobody left to tell
    return { run, done };
  }

  private async moveQueryRun(run: QueryRunRecord, query: QueryRecord, given: Record<string, unknown>): Promise<QueryRunRecord> {
    await this.wait();
    await this.setQueryRunStatus(run, 'SUBMITTED', 'submitted to the warehouse', { warehouseQueryId: `duckdb-${run.id.slice(0, 8)}` });
    await this.wait();
    const started = Date.now();
    await this.setQueryRunStatus(run, 'RUNNING', 'running', { startedAt: this.now() });
    const org = query.organizationId;
    try {
      const values = bindValues(query.sql, query.parameters ?? [], given);
      const result = await this.engine.runQuery(org, run.id, toBoundSql(query.sql), values, () => this.stops.get(run.id));
      await this.wait(Math.max(0, this.stepMs - (Date.now() - started)));
      // The query names its new successful run before the run shows COMPLETED (both change in memory
      // before either is saved), so a client that sees COMPLETED finds the run's rows at latest/data.
      const latest = this.store.get<QueryRecord>('query', query.id, org);
      const previous = latest?.lastSuccessfulRunId ? this.store.get<QueryRunRecord>('query_run', latest.lastSuccessfulRunId, org) : undefined;
      const newer = !previous || previous.createdAt <= run.createdAt;
      await Promise.all([
        latest && newer ? this.store.put('query', { ...latest, lastSuccessfulRunId: run.id }) : undefined,
        this.setQueryRunStatus(run, 'COMPLETED', `${result.rowCount} rows`, {
          rowCount: result.rowCount,
          columnSchema: result.columns,
          executionTimeMs: Date.now() - started,
          resultLocation: `duckdb://ws_results/run_${run.id.replace(/-/g, '')}`,
          completedAt: this.now(),
        }),
      ]);
      // Only a query's latest successful run can be read (latest/data): the result it replaced goes.
      const replaced = newer ? previous : run;
      if (replaced) await this.engine.dropResult(org, replaced.id);
    } catch (error) {
      if (this.closed) return run;
      const message = (error as Error).message.split('\n')[0] ?? 'the query failed';
      const status = error instanceof RunStoppedError && error.reason === 'cancelled' ? 'CANCELLED' : 'FAILED';
      await this.setQueryRunStatus(run, status, message, { errorDetails: message, executionTimeMs: Date.now() - started, completedAt: this.now() });
    } finally {
      this.stops.delete(run.id);
    }
    return run;
  }

  private async setQueryRunStatus(run: QueryRunRecord, status: string, message: string | null, changes: Partial<QueryRunRecord> = {}): Promise<void> {
    if (this.closed && !['FAILED', 'CANCELLED'].includes(status)) throw new Error('emulator closed');
    const at = this.now();
    Object.assign(run, changes, { status, updatedAt: at, _message: message });
    run._history.push({ status, message, createdAt: at });
    await this.store.put('query_run', run);
  }

  async startAutomationRun(
    automation: AutomationRecord,
    inputValues: Record<string, unknown>,
    metadata: Record<string, unknown>,
    userAgent: string | null,
    runById: string | null,
  ): Promise<AutomationRunRecord> {
    const at = this.now();
    const run: AutomationRunRecord = {
      id: randomUUID(),
      workflowId: automation.id,
      workflowName: automation.name,
      organizationId: automation.organizationId,
      runById,
      state: 'pending',
      triggeredBy: 'api',
      error: {},
      metadata,
      inputValues,
      startedAt: null,
      completedAt: null,
      createdAt: at,
      updatedAt: at,
      stateHistory: [{ state: 'pending', at }],
      userAgent,
    };
    await this.store.put('automation_run', run);
    await this.store.put('automation', { ...automation, lastRunAt: at });
    const steps: StepRunRecord[] = [];
    for (const [position, step] of automation.steps.entries()) {
      steps.push(
        await this.store.put<StepRunRecord>('step_run', {
          id: randomUUID(),
          organizationId: automation.organizationId,
          workflowRunId: run.id,
          workflowStepId: step.id,
          state: 'pending',
          input: { queryId: step.queryId, parameters: { ...step.parameters } },
          output: {},
          error: {},
          startedAt: null,
          completedAt: null,
          createdAt: at,
          updatedAt: at,
          stateHistory: [{ state: 'pending', at }],
          name: step.name,
          _position: position,
        }),
      );
    }
    void this.track(this.moveAutomationRun(run, steps)).catch(() => undefined);
    return run;
  }

  private async moveAutomationRun(run: AutomationRunRecord, steps: StepRunRecord[]): Promise<void> {
    await this.wait();
    if (run.state !== 'pending') return; // cancelled meanwhile
    await this.setAutomationRunState(run, 'running', { startedAt: this.now() });
    for (const step of steps) {
      if ((run.state as string) !== 'running') return;
      const query = this.store.get<QueryRecord>('query', String(step.input.queryId), run.organizationId);
      await this.setStepState(step, 'running', { startedAt: this.now() });
      if (!query) {
        return this.failAutomationRun(run, step, `the saved query ${String(step.input.queryId)} no longer exists`, steps);
      }
      const given = { ...(step.input.parameters as Record<string, unknown>), ...run.inputValues };
      const { run: queryRun, done } = await this.startQueryRun(query, given, 'schedule');
      step.input = { ...step.input, parameters: given, queryRunId: queryRun.id };
      if ((run.state as string) === 'cancelled') await this.stopQueryRun(run, queryRun.id); // cancelled while it was created
      const finished = await done;
      if (this.closed || (run.state as string) === 'cancelled') return;
      if (finished.status !== 'COMPLETED') {
        return this.failAutomationRun(run, step, finished.errorDetails ?? 'the query failed', steps, { queryRunId: finished.id });
      }
      await this.setStepState(step, 'completed', {
        completedAt: this.now(),
        output: { queryRunId: finished.id, rowCount: finished.rowCount, columns: finished.columnSchema, executionTimeMs: finished.executionTimeMs },
      });
    }
    if ((run.state as string) === 'running') await this.setAutomationRunState(run, 'completed', { completedAt: this.now() });
  }

  private async failAutomationRun(
    run: AutomationRunRecord,
    step: StepRunRecord,
    message: string,
    steps: StepRunRecord[],
    output: Record<string, unknown> = {},
  ): Promise<void> {
    await this.setStepState(step, 'failed', { completedAt: this.now(), error: { message }, output });
    for (const later of steps.filter((s) => s._position > step._position)) await this.setStepState(later, 'skipped', {});
    await this.setAutomationRunState(run, 'failed', {
      completedAt: this.now(),
      error: { message, stepRunId: step.id, workflowStepId: step.workflowStepId, stepName: step.name },
    });
  }

  /** Cancels a pending or running run and its unfinished steps; false when it had already ended. */
  async cancelAutomationRun(run: AutomationRunRecord): Promise<boolean> {
    if (!unfinishedAutomationRun.has(run.state)) return false;
    await this.setAutomationRunState(run, 'cancelled', { completedAt: this.now() });
    for (const step of this.store.find<StepRunRecord>('step_run', run.organizationId, (s) => s.workflowRunId === run.id)) {
      if (step.state !== 'pending' && step.state !== 'running') continue;
      if (typeof step.input.queryRunId === 'string') await this.stopQueryRun(run, step.input.queryRunId);
      await this.setStepState(step, 'cancelled', { completedAt: step.state === 'running' ? this.now() : null });
    }
    return true;
  }

  /** A cancelled automation run's query stops too: at once if its SQL runs, before it starts if it waits for a place. */
  private async stopQueryRun(automationRun: AutomationRunRecord, queryRunId: string): Promise<void> {
    const queryRun = this.store.get<QueryRunRecord>('query_run', queryRunId, automationRun.organizationId);
    if (!queryRun || !unfinishedQueryRun.has(queryRun.status)) return;
    const reason = new RunStoppedError(`cancelled with automation run ${automationRun.id}`, 'cancelled');
    this.stops.set(queryRunId, reason);
    await this.engine.stopQuery(automationRun.organizationId, queryRunId, reason);
  }

  private async setAutomationRunState(run: AutomationRunRecord, state: string, changes: Partial<AutomationRunRecord>): Promise<void> {
    const at = this.now();
    Object.assign(run, changes, { state, updatedAt: at });
    run.stateHistory.push({ state, at });
    await this.store.put('automation_run', run);
  }

  private async setStepState(step: StepRunRecord, state: string, changes: Partial<StepRunRecord>): Promise<void> {
    const at = this.now();
    Object.assign(step, changes, { state, updatedAt: at });
    step.stateHistory.push({ state, at });
    await this.store.put('step_run', step);
  }

  private wait(ms = this.stepMs): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new Error('emulator closed'));
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        if (this.closed) reject(new Error('emulator closed'));
        else resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  private track<T>(moving: Promise<T>): Promise<T> {
    this.moving.add(moving);
    void moving.catch(() => undefined).finally(() => this.moving.delete(moving));
    return moving;
  }

  /**
   * Stops every run: timers cleared, running queries interrupted, and once the runs have let go (at most
   * 700 ms), what was left unfinished is saved as failed, as a restart would find it.
   */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.engine.stopAll(new RunStoppedError('the emulator stopped before the run finished', 'closed'));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled([...this.moving]), new Promise((resolve) => (timer = setTimeout(resolve, 700)))]);
    clearTimeout(timer);
    await this.failUnfinished();
  }
}
