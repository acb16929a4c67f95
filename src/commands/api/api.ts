import type { Context } from '../../context.js';
import { usageError } from '../../errors.js';
import { stripControl } from '../../text.js';
import { readStructured } from '../../cmdutil/inputs.js';
import { fields, headers, methodAndPath, statusAndHeaders } from './shared/request-parts.js';
import type { Api } from './declaration.js';

export async function run(ctx: Context, args: Api['api']['args'], opts: Api['api']['opts']): Promise<void> {
  const given = await fields(ctx.io, opts.rawField, opts.field);
  const hasFields = Object.keys(given).length > 0;
  // --paginate reads pages, so its fields are query parameters of a GET
  const { method, url } = methodAndPath(
    args.filter((arg) => arg !== undefined),
    opts.method,
    !opts.paginate && (hasFields || opts.input !== undefined),
  );
  if (opts.paginate && method !== 'GET') throw usageError(`--paginate follows the pages of a GET, not of a ${method}`);
  // with a body from --input, or for GET and DELETE, fields are query parameters (as in gh api)
  const inQuery = opts.input !== undefined || method === 'GET' || method === 'DELETE';
  const query: Record<string, string> = Object.fromEntries(url.searchParams);
  if (inQuery) for (const [key, value] of Object.entries(given)) query[key] = typeof value === 'string' ? value : JSON.stringify(value);
  let body: unknown;
  if (opts.input !== undefined) body = await readStructured(ctx.io, opts.input, '--input');
  else if (!inQuery && hasFields) body = given;
  const sent = headers(opts.header);
  const output = await ctx.output(undefined, { document: true });
  const http = ctx.http();
  const response = await http.send({ method, path: url.pathname, query, headers: sent, body });
  if (opts.include) {
    const { STATUS_CODES } = await import('node:http');
    ctx.io.stdout.write(statusAndHeaders(response.status, STATUS_CODES[response.status] ?? '', response.headers, [ctx.keyInUse() ?? '']));
  }
  if (opts.paginate) {
    const { allPages } = await import('./shared/pages.js');
    const merged = await allPages(http, response, url.pathname, query);
    if (merged !== undefined) await output.document(merged);
    return;
  }
  let parsed: unknown;
  try {
    parsed = response.text === '' ? undefined : JSON.parse(response.text);
  } catch {
    // not JSON: printed as it came, but text from the server never drives a terminal
    const text = ctx.io.stdoutIsTTY ? stripControl(response.text) : response.text;
    ctx.io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
    return;
  }
  if (parsed !== undefined) await output.document(parsed);
}
