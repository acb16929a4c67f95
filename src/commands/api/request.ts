import type { Method } from '../../api/http.js';
import type { Context } from '../../context.js';
import { usageError } from '../../errors.js';
import { stripControl } from '../../text.js';
import { keyValues, readStructured } from '../inputs.js';

const methods: readonly Method[] = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'];

function headers(pairs: string[] | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const pair of pairs ?? []) {
    const at = pair.indexOf(':');
    const name = at > 0 ? pair.slice(0, at).trim().toLowerCase() : '';
    if (!/^[a-z0-9!#$%&'*+.^_`|~-]+$/.test(name)) throw usageError(`invalid --header "${pair}": expected name:value`);
    if (name === 'x-api-key') throw usageError('the API key is never given on the command line', 'set WS_API_KEY or run `ws auth login`');
    result[name] = pair.slice(at + 1).trim();
  }
  return result;
}

export async function run(ctx: Context, [methodArg, pathArg]: string[], opts: { field?: string[]; header?: string[]; input?: string }): Promise<void> {
  const method = methodArg!.toUpperCase() as Method;
  if (!methods.includes(method)) throw usageError(`invalid method "${methodArg}"`, `use one of ${methods.join(', ')}`);
  const url = new URL(pathArg!.startsWith('/') ? pathArg! : `/${pathArg}`, 'http://path.invalid');
  if (url.host !== 'path.invalid') throw usageError(`invalid path "${pathArg}": give a path below the base URL, not a URL`);
  const fields = keyValues(opts.field, '--field');
  const inQuery = opts.input !== undefined || method === 'GET' || method === 'DELETE';
  const query: Record<string, string> = Object.fromEntries(url.searchParams);
  if (inQuery) Object.assign(query, fields);
  let body: unknown;
  if (opts.input !== undefined) body = await readStructured(ctx.io, opts.input, '--input');
  else if (!inQuery && Object.keys(fields).length) body = fields;
  const output = await ctx.output(undefined, { document: true });
  const response = await ctx.http().send({ method, path: url.pathname, query, headers: headers(opts.header), body });
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
