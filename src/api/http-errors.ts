/**
 * What a failed request says: the wording of HTTP statuses and network failures, the request id, the hint the
 * layer above words (RequestHints), with the key redacted from all of it. The transport (http.ts) decides when to
 * retry; this file says what went wrong once it stops.
 */
import { WsError, errorIdsOf, type ErrorCode } from '../errors.js';
import { stripControl } from '../text.js';
import { header, type Method, type RawResponse, type RequestSpec } from './request-spec.js';
import { tunnelClosedCode, tunnelTimeoutCode } from './transport.js';

/** Statuses that say "try again": the server was busy, restarting or out of reach behind a gateway. */
export const retryStatuses = new Set([429, 502, 503, 504]);
/** Errors raised before a byte of the request left this machine: safe to retry any request. */
export const notSentCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', tunnelClosedCode, tunnelTimeoutCode]);
/** The server was reached, then the connection closed before its answer. */
export const closedCodes = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
export const connectionCodes = new Set([
  ...notSentCodes,
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

const requestIdHeaders = ['x-request-id', 'request-id', 'x-correlation-id', 'x-amzn-requestid'];

/** One readable line from an error body of unknown shape: JSON with message/error/detail, text or HTML. */
export function describeErrorBody(text: string): { message?: string; code?: string } {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  try {
    const body = JSON.parse(trimmed) as unknown;
    const found = findMessage(body);
    if (found.message !== undefined) return found;
  } catch {
    // not JSON; fall through to text
  }
  let line = trimmed;
  if (/^<(!doctype|html|\?xml)|<\/(html|body|h1|title)>/i.test(trimmed)) {
    const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(trimmed)?.[1] ?? /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(trimmed)?.[1];
    line = title ?? trimmed.replace(/<[^>]*>/g, ' ');
  }
  line = stripControl(line.replace(/\s+/g, ' ')).trim();
  return { message: line.length > 300 ? `${line.slice(0, 297)}...` : line };
}

function findMessage(body: unknown): { message?: string; code?: string } {
  if (typeof body === 'string') return { message: stripControl(body) };
  if (typeof body !== 'object' || body === null) return {};
  const record = body as Record<string, unknown>;
  const code = typeof record.code === 'string' ? record.code : undefined;
  for (const key of ['message', 'error', 'detail', 'title', 'error_description']) {
    const value = record[key];
    if (typeof value === 'string' && value !== '') return { message: stripControl(value), ...(code ? { code } : {}) };
    if (typeof value === 'object' && value !== null) {
      const inner = findMessage(value);
      if (inner.message !== undefined) return { code, ...inner } as { message?: string; code?: string };
    }
    if (Array.isArray(value) && value.length > 0) {
      const first = findMessage(value[0]);
      if (first.message !== undefined) return first;
    }
  }
  return {};
}

/** The first three ways a response differs from its schema, in one line. */
export function formatIssues(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues
    .slice(0, 3)
    .map(
      (issue) =>
        `${issue.path.length ? issue.path.map(String).join('.') : '(body)'}: ${issue.message.replace(/^Invalid input: expected (\w+), received undefined$/, 'missing, though the API always sends it (expected $1)')}`,
    )
    .join('; ');
}

/** The stable code of an HTTP error status that has no kind of its own. */
function statusCode(status: number): ErrorCode {
  if (status === 400 || status === 422) return 'bad_request';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate_limited';
  return status >= 500 ? 'server_error' : 'http_error';
}

/** The ids in a path, each under the collection before it: `/queries/q1/execute` → { queries: 'q1' }. */
export function pathIdsOf(path: string): Record<string, string> {
  const parts = path.split('?')[0]!.split('/').slice(1);
  const ids: Record<string, string> = {};
  for (let at = 0; at + 1 < parts.length; at += 2) {
    try {
      ids[parts[at]!] = stripControl(decodeURIComponent(parts[at + 1]!));
    } catch {
      ids[parts[at]!] = stripControl(parts[at + 1]!); // a path given to `ws api` as typed
    }
  }
  return ids;
}

/**
 * What went wrong with a request, as data: the transport says what happened, and the layer above, which knows
 * the commands and the options of the command line (src/request-hints.ts, src/mcp/request-hints.ts),
 * words the hint.
 */
export interface RequestFailure {
  event:
    | 'unexpected_response'
    | 'too_large'
    | 'timeout'
    | 'unauthorized'
    | 'forbidden'
    | 'not_found'
    | 'rate_limited'
    | 'server_error'
    | 'dropped_after_send'
    | 'closed';
  method: Method;
  path: string;
  /** The ids in the path (see pathIdsOf). */
  pathIds: Record<string, string>;
  /**
   * Whether the request may have changed something: `none` (a read), `not_acted` (a write the server said it did
   * not act on: a 429), `repeatable` (it may have; sending it again is safe), `unknown` (it may have: check first).
   */
  write: 'none' | 'not_acted' | 'repeatable' | 'unknown';
  /** How many times ws sent it, when it retried. */
  attempts?: number;
}

/** Hints for failed requests, from the layer above: the only place where they name ws commands or tools. */
export interface RequestHints {
  /** The hint of a failure; undefined for none. */
  hint(failure: RequestFailure): string | undefined;
  /** A ws command for the person to run, e.g. `ws auth status` (with --profile when one was given). */
  command(...words: string[]): string;
  /** Where every item of a collection is listed, e.g. "see which there are: `ws queries list`". */
  list(collection: string): string;
}

type Sent = Omit<RequestSpec<unknown>, 'schema'>;

/** What the wording of a client's errors depends on. */
export interface ErrorContext {
  baseUrl: string;
  /** Total tries of one request, the first included. */
  maxAttempts: number;
  hints?: RequestHints;
  /** Proxy variables, for the wording of network failures. */
  env: Record<string, string | undefined>;
  /** The key taken out of a text: a server may echo it. */
  redact(text: string): string;
}

/** The errors of one client's requests, worded. */
export class RequestErrors {
  constructor(private readonly options: ErrorContext) {}

  requestIdOf(response: RawResponse): { requestId?: string } {
    for (const name of requestIdHeaders) {
      const value = header(response.headers, name);
      if (value) return { requestId: this.options.redact(stripControl(value)) };
    }
    return {};
  }

  statusError(response: RawResponse, label: string, spec: Sent, idempotent: boolean): WsError {
    const described = describeErrorBody(response.text);
    const message = described.message ? this.options.redact(described.message) : `HTTP ${response.status}`;
    const ids = errorIdsOf(pathIdsOf(spec.path));
    const details = {
      status: response.status,
      ...(described.code ? { apiCode: this.options.redact(described.code) } : {}),
      ...this.requestIdOf(response),
      ...(ids ? { ids } : {}),
    };
    if (response.status === 401 || response.status === 403) {
      const code = response.status === 401 ? 'unauthorized' : 'forbidden';
      return new WsError('auth', `${label}: ${response.status === 401 ? 'not authenticated' : 'not allowed'} (HTTP ${response.status}): ${message}`, {
        ...details,
        code,
        ...this.hinted(code, spec, idempotent),
      });
    }
    if (response.status === 404) {
      // every path is below /public/v3: a base URL without it makes every request a 404
      const prefixMissing = !/\/public\/v3\/?$/.test(new URL(this.options.baseUrl).pathname);
      const hint = prefixMissing
        ? { hint: `the base URL ${this.options.baseUrl} does not end in /public/v3; it usually should` }
        : this.hinted('not_found', spec, idempotent);
      return new WsError('not_found', `${label}: not found (HTTP 404): ${message}`, { ...details, ...hint });
    }
    const code = statusCode(response.status);
    // retried: a 429 says the server did not act on the request, a write included
    const retried = retryStatuses.has(response.status) && (idempotent || response.status === 429);
    const hint = code === 'rate_limited' || code === 'server_error' ? this.hinted(code, spec, idempotent, retried, response.status === 429) : {};
    return new WsError('api', `${label} failed (HTTP ${response.status}): ${message}`, { ...details, code, ...hint });
  }

  async networkError(error: unknown, spec: Sent, idempotent: boolean, code: string | undefined): Promise<WsError> {
    const label = `${spec.method} ${spec.path}`;
    if (!idempotent && code !== undefined && connectionCodes.has(code) && !notSentCodes.has(code)) {
      // the request left this machine: the server may have acted on it before the connection dropped
      return new WsError('api', `${label}: the connection dropped after the request was sent (${code}); the server may have processed it`, {
        code: 'connection_dropped_after_send',
        ...this.hinted('dropped_after_send', spec, idempotent),
      });
    }
    if (code !== undefined && closedCodes.has(code)) {
      // the server was reached and closed the connection: a passing fault (a restart, a proxy's idle timeout)
      return new WsError(
        'api',
        `${label}: ${new URL(this.options.baseUrl).host} closed the connection before answering (${code})${idempotent ? this.tried() : ''}`,
        {
          code: 'connection_failed',
          ...this.hinted('closed', spec, idempotent),
        },
      );
    }
    const { describeNetworkError } = await import('./network-errors.js');
    const command = this.options.hints?.command;
    const described = describeNetworkError(error, {
      label,
      target: new URL(this.options.baseUrl),
      env: this.options.env,
      ...(command ? { command } : {}),
    });
    return new WsError('api', this.options.redact(described.message), { code: described.code, ...(described.hint ? { hint: described.hint } : {}) });
  }

  /** The hint the layer above words for what happened, as the details of an error; none without hints. */
  hinted(event: RequestFailure['event'], spec: Sent, idempotent = true, retried = false, notActed = false): { hint?: string } {
    const write = spec.method === 'GET' ? 'none' : notActed ? 'not_acted' : idempotent ? 'repeatable' : 'unknown';
    const attempts = retried && this.options.maxAttempts > 1 ? { attempts: this.options.maxAttempts } : {};
    const hint = this.options.hints?.hint({ event, method: spec.method, path: spec.path, pathIds: pathIdsOf(spec.path), write, ...attempts });
    return hint ? { hint } : {};
  }

  /** " (ws tried 4 times)", as WS_MAX_ATTEMPTS allows; nothing when it allows one. */
  private tried(): string {
    return this.options.maxAttempts > 1 ? ` (ws tried ${this.options.maxAttempts} times)` : '';
  }
}
