import { getAutomationRunResult } from '../../api/automation-runs.js';
import type { Context } from '../../context.js';
import { requireUuid } from '../../ids.js';
import type { Automations } from './declaration.js';

/** The complete result; its shape is not shown by the API, so it is printed as sent (YAML with -o yaml). */
export async function run(ctx: Context, [runId]: Automations['result']['args']): Promise<void> {
  requireUuid(runId, 'automation run');
  const output = await ctx.output(undefined, { document: true });
  await output.document(await getAutomationRunResult(ctx.http(), runId));
}
