import * as z from 'zod';
import { listAutomationRunPages } from '../../../api/automations.js';
import { AutomationRun } from '../../../api/schemas/automation-runs.js';
import { span } from '../../../duration.js';
import { errorText } from '../../../workspace/run-text.js';
import { table } from '../../render.js';
import { automationArgument, duration, limitArgument, tool } from '../../tool.js';
import { findAutomation } from '../../../workspace/resolve.js';

export const listAutomationRunsTool = tool(
  {
    name: 'list_automation_runs',
    description:
      'Lists the runs of an automation, newest first: id, state (pending, running, completed, failed, cancelled), how it was triggered, when it started and ended, its duration and error (the text summarises; structuredContent has every field). Read one with its steps with get_automation_run.',
    inputSchema: z.strictObject({ automation: automationArgument(), limit: limitArgument(20, 100) }),
    outputSchema: z.object({ automation_id: z.string(), runs: z.array(AutomationRun), total: z.int() }),
    annotations: { title: 'List the runs of an automation', readOnlyHint: true, idempotentHint: true },
  },
  async ({ automation, limit }, { http }) => {
    const client = http();
    const { id } = await findAutomation(client, automation);
    const runs = [];
    let total = 0;
    for await (const page of listAutomationRunPages(client, id, { limit, offset: 0, all: false })) {
      total = page.total;
      runs.push(...page.items);
    }
    // the text: what an assistant reasons with; every field of every run stays in structuredContent
    const summary = runs.map((run) => ({
      id: run.id,
      state: run.state,
      triggered: run.triggeredBy,
      started: run.startedAt ?? undefined,
      completed: run.completedAt ?? undefined,
      duration: duration(span(run.startedAt, run.completedAt)),
      error: errorText(run.error),
    }));
    const text = [
      `automation_id: ${id}`,
      `runs: ${runs.length} of ${total}, newest first`,
      table(summary, ['id', 'state', 'triggered', 'started', 'completed', 'duration', 'error']),
      `read one with its steps: call get_automation_run with {"run_id": …}`,
    ].join('\n');
    return { data: { automation_id: id, runs, total }, text };
  },
);
