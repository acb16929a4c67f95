import { triggerAutomation } from '../../api/automations.js';
import { TriggerAutomationBody } from '../../api/schemas/automations.js';
import { validateRequest } from '../../api/validate.js';
import type { Context } from '../../context.js';
import { parseDuration } from '../../duration.js';
import { printDryRun } from '../dry-run.js';
import { jsonArgument, keyValues, readStructured, requireObject } from '../inputs.js';
import { awaitAutomationRun } from './await-run.js';
import { requireUuid } from '../../ids.js';
import { automationRunView, runDetailView } from './view.js';

export interface TriggerOptions {
  input?: string[];
  inputsFile?: string;
  metadata?: string;
  wait?: boolean;
  timeout: string;
  cancelOnInterrupt?: boolean;
  dryRun?: boolean;
}

export async function run(ctx: Context, [id]: string[], opts: TriggerOptions): Promise<void> {
  requireUuid(id!, 'automation');
  const timeoutMs = parseDuration(opts.timeout, '--timeout');
  const fromFile = opts.inputsFile === undefined ? {} : requireObject(await readStructured(ctx.io, opts.inputsFile, '--inputs-file'), '--inputs-file');
  const inputs = { ...fromFile, ...keyValues(opts.input, '--input') };
  const body = validateRequest(
    TriggerAutomationBody,
    {
      inputValues: Object.keys(inputs).length ? inputs : undefined,
      metadata: opts.metadata === undefined ? undefined : requireObject(await jsonArgument(ctx.io, opts.metadata, '--metadata'), '--metadata'),
      userAgent: 'cli',
    },
    { inputValues: '--input', metadata: '--metadata' },
  );
  if (opts.dryRun) return printDryRun(ctx, { method: 'POST', path: `/automations/${id}/runs`, body });
  const output = await ctx.output(automationRunView.fields);
  const http = ctx.http();
  const started = await triggerAutomation(http, id!, body);
  if (!opts.wait) {
    // as `queries execute`: the new run's id in a table, the API's answer in JSON
    if (output.format === 'table') ctx.io.stdout.write(`${started.id}\n`);
    else await output.item(started, runDetailView([]));
    ctx.note(`Started automation run ${started.id}. Follow it: ws automations wait ${started.id}`);
    return;
  }
  const detail = await awaitAutomationRun(ctx, http, started.id, timeoutMs, opts.cancelOnInterrupt, true);
  await output.item(detail.run, runDetailView(detail.stepRuns));
}
