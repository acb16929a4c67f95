import type { Context } from '../context.js';

/** `--dry-run`: the request that would be sent, after validation; nothing is sent. */
export async function printDryRun(ctx: Context, request: { method: string; path: string; headers?: Record<string, string>; body?: unknown }): Promise<void> {
  const output = await ctx.output(undefined, { document: true });
  if (output.format !== 'table') return output.document({ dryRun: true, ...request });
  let text = `${request.method} ${request.path}\n`;
  for (const [name, value] of Object.entries(request.headers ?? {})) text += `${name}: ${value}\n`;
  if (request.body !== undefined) text += `${JSON.stringify(request.body, null, 2)}\n`;
  ctx.io.stdout.write(text);
  ctx.note('dry run: nothing was sent');
}
