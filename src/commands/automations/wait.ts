import type { Context } from '../../context.js';
import { parseDuration } from '../../duration.js';
import { resumable } from '../resumable.js';
import { followRun } from './live.js';
import { requireUuid } from '../../ids.js';
import { printRunDetail, runDetailFields } from './view.js';
import { shellCommand } from '../../shell.js';

export async function run(ctx: Context, [runId]: string[], opts: { timeout: string; cancelOnTimeout?: boolean }): Promise<void> {
  requireUuid(runId!, 'automation run');
  const timeoutMs = parseDuration(opts.timeout, '--timeout');
  const output = await ctx.output(runDetailFields);
  const detail = await resumable(followRun(ctx, ctx.http(), runId!, { timeoutMs, cancelOnTimeout: opts.cancelOnTimeout }), shellCommand('ws', 'automations', 'wait', runId!));
  await printRunDetail(output, detail);
}
