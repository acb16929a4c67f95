import { secretHeaders } from '../../../api/http.js';
import { cell, redactSecret } from '../../../text.js';
import type { Method } from '../../../api/request-spec.js';
import { usageError } from '../../../errors.js';
import type { IO } from '../../../io.js';
import { readText } from '../../../cmdutil/inputs.js';

const methods: readonly Method[] = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'];

/**
 * The method and path from `ws api [METHOD] <path>` and `-X`. As with `gh api`, without a method a request
 * with fields or a body is a POST, else a GET.
 */
export function methodAndPath(args: string[], flag: string | undefined, hasBody: boolean): { method: Method; url: URL } {
  const [first, second] = args;
  const given = second === undefined ? flag : first;
  if (second !== undefined && flag !== undefined && flag.toUpperCase() !== first!.toUpperCase()) {
    throw usageError(`two methods given: ${first} and -X ${flag}`, 'give the method once: ws api -X PATCH /path, or ws api PATCH /path');
  }
  const method = (given ?? (hasBody ? 'POST' : 'GET')).toUpperCase() as Method;
  if (!methods.includes(method)) throw usageError(`invalid method "${given}"`, `use one of ${methods.join(', ')}`);
  const path = second ?? first!;
  const url = new URL(path.startsWith('/') ? path : `/${path}`, 'http://path.invalid');
  if (url.host !== 'path.invalid') throw usageError(`invalid path "${path}": give a path below the base URL, not a URL`);
  return { method, url };
}

function pair(text: string, flag: string): [string, string] {
  const at = text.indexOf('=');
  if (at <= 0) throw usageError(`invalid ${flag} "${text}": expected key=value`);
  return [text.slice(0, at), text.slice(at + 1)];
}

/**
 * `-f key=value` is always a string; `-F key=value` is typed as `gh api` types it: true, false and null are
 * JSON literals, a number is a number, `@file` is the file's text (`@-`: stdin), anything else a string.
 */
export async function fields(io: IO, raw: string[] = [], typed: string[] = []): Promise<Record<string, unknown>> {
  const result: Record<string, unknown> = {};
  for (const text of raw) {
    const [key, value] = pair(text, '-f');
    result[key] = value;
  }
  for (const text of typed) {
    const [key, value] = pair(text, '-F');
    if (value === 'true' || value === 'false' || value === 'null') result[key] = JSON.parse(value);
    else if (/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(value)) result[key] = Number(value);
    else if (value.startsWith('@')) result[key] = await readText(io, value.slice(1), `-F ${key}=@`);
    else result[key] = value;
  }
  return result;
}

export function headers(pairs: string[] | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const text of pairs ?? []) {
    const at = text.indexOf(':');
    const name = at > 0 ? text.slice(0, at).trim().toLowerCase() : '';
    if (!/^[a-z0-9!#$%&'*+.^_`|~-]+$/.test(name)) throw usageError(`invalid --header "${text}": expected name:value`);
    if (name === 'x-api-key') throw usageError('the API key is never given on the command line', 'set WS_API_KEY or run `ws auth login`');
    result[name] = text.slice(at + 1).trim();
  }
  return result;
}

/** `-i`: the status line and the response headers, as `gh api -i` prints them before the body. */
export function statusAndHeaders(status: number, statusText: string, received: Record<string, string | string[] | undefined>, secrets: string[]): string {
  const redact = (value: string) => secrets.reduce(redactSecret, value);
  const lines = [`HTTP/1.1 ${status} ${statusText}`.trimEnd()];
  for (const [name, value] of Object.entries(received).sort(([a], [b]) => a.localeCompare(b))) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      lines.push(cell(`${name}: ${secretHeaders.has(name.toLowerCase()) ? '[redacted]' : redact(one)}`));
    }
  }
  return `${lines.join('\n')}\n\n`;
}
