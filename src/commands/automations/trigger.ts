import { declaredInputs, triggerAutomation } from '../../api/automations.js';
import { resolveAutomation } from '../../api/resolve.js';
import { TriggerAutomationBody } from '../../api/schemas/automations.js';
import { validateRequest } from '../../api/validate.js';
import type { Context } from '../../context.js';
import { parseDuration } from '../../duration.js';
import { printDryRun } from '../dry-run.js';
import { resumable } from '../resumable.js';
import { jsonArgument, keyValues, readStructured, requireObject } from '../inputs.js';
import { followRun } from './live.js';
import { usageError } from '../../errors.js';
import { isUuid } from '../../ids.js';
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

export async function run(ctx: Context, [ref]: string[], opts: TriggerOptions): Promise<void> {
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
  const output = opts.dryRun ? undefined : await ctx.output(automationRunView.fields);
  // a name is looked up, and given inputs are checked against the declared ones (a read, even for a dry run)
  let id = isUuid(ref!) ? ref! : undefined;
  if (!id || Object.keys(inputs).length) {
    const automation = await resolveAutomation(ctx.http(), ref!);
    id = automation.id;
    const declared = declaredInputs(automation);
    const unknown = declared ? Object.keys(inputs).filter((name) => !declared.includes(name)) : [];
    if (declared && unknown.length) {
      throw usageError(`automation "${automation.name}" has no input ${unknown.map((n) => `"${n}"`).join(', ')}`, `its inputs: ${declared.join(', ')}`);
    }
  }
  if (opts.dryRun || !output) return printDryRun(ctx, { method: 'POST', path: `/automations/${id}/runs`, body });
  const http = ctx.http();
  const started = await triggerAutomation(http, id, body);
  if (!opts.wait) {
    // as `queries execute`: the new run's id in a table, the API's answer in JSON
    if (output.format === 'table') ctx.io.stdout.write(`${started.id}\n`);
    else await output.item(started, runDetailView([]));
    ctx.note(`Started automation run ${started.id}. Follow it: ${ctx.printed.command('automations', 'wait', started.id)}`);
    return;
  }
  const detail = await resumable(followRun(ctx, http, started.id, timeoutMs, opts.cancelOnInterrupt, true), ctx.printed.continuing('automations', 'wait', started.id), { automationId: id });
  await output.item(detail.run, runDetailView(detail.stepRuns));
}
