import type { Context } from '../context.js';

export interface DryRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface DryRunExtra {
  /** Always print `{dryRun, requests: [...]}` in JSON, even for one request (a command that may send several). */
  list?: boolean;
  /** Fields added to the JSON document (e.g. an agent's changes). */
  fields?: Record<string, unknown>;
  /** Text after the requests in a table (after a blank line). */
  text?: string;
}

function requestText(request: DryRequest): string {
  let text = `${request.method} ${request.path}\n`;
  for (const [name, value] of Object.entries(request.headers ?? {})) text += `${name}: ${value}\n`;
  if (request.body !== undefined) text += `${JSON.stringify(request.body, null, 2)}\n`;
  return text;
}

/** `--dry-run`: the requests that would be sent, after validation; nothing is sent. */
export async function printDryRun(ctx: Context, requests: DryRequest | DryRequest[], extra: DryRunExtra = {}): Promise<void> {
  const all = Array.isArray(requests) ? requests : [requests];
  const output = await ctx.output(undefined, { document: true });
  if (output.format !== 'table') {
    const shown = extra.list || all.length !== 1 ? { requests: all } : all[0];
    return output.document({ dryRun: true, ...shown, ...extra.fields });
  }
  ctx.io.stdout.write(all.map(requestText).join('\n') + (extra.text === undefined ? '' : `\n${extra.text}`));
  ctx.note('dry run: nothing was sent');
}
