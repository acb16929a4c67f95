import { declaredInputs, triggerAutomation } from '../../api/automations.js';
import { findAutomation } from '../../workspace/resolve.js';
import { TriggerAutomationBody } from '../../api/schemas/automations.js';
import { validateRequest } from '../../api/validate.js';
import { Asking } from '../../cmdutil/pickers.js';
import type { Context } from '../../context.js';
import { parseDuration } from '../../duration.js';
import { printDryRun } from '../../cmdutil/dry-run.js';
import { resumable } from '../../wait.js';
import { jsonArgument, keyValues, readStructured, requireObject } from '../../cmdutil/inputs.js';
import { followRun } from './shared/live.js';
import { usageError } from '../../errors.js';
import { isUuid } from '../../ids.js';
import { automationRunView, runDetailView } from './shared/automation-view.js';
import { startWatched } from '../../interruption.js';
import type { Automations } from './declaration.js';

export async function run(ctx: Context, [given]: Automations['trigger']['args'], opts: Automations['trigger']['opts']): Promise<void> {
  const timeoutMs = parseDuration(opts.timeout, '--timeout');
  for (const [flag, given] of [
    ['--cancel-on-interrupt', opts.cancelOnInterrupt],
    ['--cancel-on-timeout', opts.cancelOnTimeout],
  ] as const) {
    if (given && !opts.wait) throw usageError(`${flag} needs --wait: without it ws does not stay to cancel the run`, 'add --wait, or leave the flag out');
  }
  const fromFile = opts.inputsFile === undefined ? {} : requireObject(await readStructured(ctx.io, opts.inputsFile, '--inputs-file'), '--inputs-file');
  let input = opts.input ?? [];
  let inputs = { ...fromFile, ...keyValues(input, '--input') };
  const metadata = opts.metadata === undefined ? undefined : requireObject(await jsonArgument(ctx.io, opts.metadata, '--metadata'), '--metadata');
  const bodyOf = () =>
    validateRequest(
      TriggerAutomationBody,
      { inputValues: Object.keys(inputs).length ? inputs : undefined, metadata, userAgent: 'cli' },
      { inputValues: '--input', metadata: '--metadata' },
    );
  let body = bodyOf();
  const output = opts.dryRun ? undefined : await ctx.output(automationRunView.fields);
  const asking = new Asking(ctx, 'no run was started');
  const ref = await asking.automation(given);
  // a name is looked up, and given inputs are checked against the declared ones (a read, even for a dry run); at a
  // terminal the inputs not given are asked for, and go on as if given with --input
  let id = isUuid(ref) ? ref : undefined;
  let name: string | undefined;
  if (!id || Object.keys(inputs).length || ctx.whyNotAsk() === undefined) {
    const automation = await findAutomation(ctx.http(), ref);
    id = automation.id;
    name = automation.name;
    const declared = declaredInputs(automation);
    const unknown = declared ? Object.keys(inputs).filter((name) => !declared.includes(name)) : [];
    if (declared && unknown.length) {
      throw usageError(`automation "${automation.name}" has no input ${unknown.map((n) => `"${n}"`).join(', ')}`, `its inputs: ${declared.join(', ')}`);
    }
    const answers = await asking.inputs(automation, inputs);
    if (answers.length) {
      input = [...input, ...answers];
      inputs = { ...fromFile, ...keyValues(input, '--input') };
      body = bodyOf();
    }
  }
  asking.printCommand([ref], { ...opts, input: input.length ? input : undefined });
  if (opts.dryRun || !output) return printDryRun(ctx, { method: 'POST', path: `/automations/${id}/runs`, body });
  const http = ctx.http();
  // from the start request on, a signal says what became of the run (src/interruption.ts)
  const interruption = ctx.interruption({ automationId: id });
  const watched = {
    what: `a run of automation ${name === undefined ? id : JSON.stringify(name)}`,
    find: `find it among the automation's runs, newest first: \`${ctx.printed.command('automations', 'runs', id)}\``,
    cancelOnStop: Boolean(opts.wait && opts.cancelOnInterrupt),
    io: ctx.io,
    quiet: ctx.settings.quiet,
  };
  const started = await startWatched(interruption, watched, (signal) => triggerAutomation(signal ? http.withSignal(signal) : http, id, body));
  if (!opts.wait) {
    interruption.dispose();
    // as `queries execute`: the new run's id in a table, the API's answer in JSON
    if (output.format === 'table') ctx.io.stdout.write(`${started.id}\n`);
    else await output.item(started, runDetailView([]));
    ctx.note(`Started automation run ${started.id}. Follow it: ${ctx.printed.following('automations', 'wait', started.id)}`);
    return;
  }
  const follow = { timeoutMs, cancelOnInterrupt: opts.cancelOnInterrupt, cancelOnTimeout: opts.cancelOnTimeout, live: true, interruption };
  const detail = await resumable(followRun(ctx, http, started.id, follow), ctx.printed.continuing('automations', 'wait', started.id), { automationId: id });
  await output.item(detail.run, runDetailView(detail.stepRuns));
}
