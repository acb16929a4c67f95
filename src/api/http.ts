import { defaultMaxAttempts } from './attempts.js';
import type { ZodType } from 'zod';
import { WsError, errorIdsOf, usageError, type ErrorCode } from '../errors.js';
import { redactSecret, stripControl } from '../text.js';
import { loadUndici, nodeTransport, tunnelClosedCode, tunnelTimeoutCode, undiciTransport, type Incoming, type Transport } from './transport.js';
import type { CaFile } from './network.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type QueryValue = string | number | boolean | undefined;

export interface RequestSpec<T> {
  method: Method;
  /** Path below the base URL, starting with `/`; path parameters already encoded. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Parses the response body; a mismatch becomes "unexpected response from …". */
  schema: ZodType<T>;
  /**
   * Whether the request may be sent again after it may have reached the server. GET and PATCH are;
   * a POST that creates a run is not, since a duplicate run is worse than an error.
   */
  idempotent?: boolean;
  /**
   * Values of the body are data (a result's rows): a number whose JSON text a double cannot hold (an integer past
   * 2^53, a DECIMAL of 17 digits) is kept as that text, a string, instead of being rounded (see exactNumbers).
   */
  exactNumbers?: boolean;
}

export interface HttpOptions {
  baseUrl: string;
  /** The key, or how to get it when the first request is about to be sent (read from the system keyring then). */
  apiKey: string | (() => Promise<string>);
  userAgent: string;
  timeoutMs: number;
  /** Total tries of one request, the first included. */
  maxAttempts?: number;
  /** Where `--debug` lines go; undefined when debugging is off. */
  debug?: (line: string) => void;
  signal?: AbortSignal;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  /** Proxy variables and the CA file; network.js is loaded only when one of them is set. */
  network?: { env: Record<string, string | undefined>; caFile?: CaFile };
  /** The hints of failed requests, worded by the layer above; without them, errors carry facts and no hint. */
  hints?: RequestHints;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

const retryStatuses = new Set([429, 502, 503, 504]);
/** Errors raised before a byte of the request left this machine: safe to retry any request. */
const notSentCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', tunnelClosedCode, tunnelTimeoutCode]);
/** The server was reached, then the connection closed before its answer. */
const closedCodes = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
const connectionCodes = new Set([
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
/** Headers that carry credentials, whatever their value. */
/** Headers that carry credentials: logs and `ws api -i` show that they came, never their value. */
export const secretHeaders = new Set(['x-api-key', 'authorization', 'proxy-authorization', 'cookie', 'set-cookie']);
const requestIdHeaders = ['x-request-id', 'request-id', 'x-correlation-id', 'x-amzn-requestid'];
const maxRetryAfterMs = 60_000;
/** The most of one response body kept in memory; rows of data come in pages far below it. */
export const maxResponseBytes = 64 * 1024 * 1024;

export const defaultSleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Joins the base URL (which keeps its own path, e.g. /public/v3) with an endpoint path and query. */
export function joinUrl(baseUrl: string, path: string, query: Record<string, QueryValue> = {}): string {
  // URL parsing would fold `.` and `..` away and an empty id leaves `//` or a trailing `/`: the request
  // would reach another endpoint than the one meant
  const segment = path
    .split('?')[0]!
    .split('/')
    .slice(1)
    .find((part) => part === '' || /^(\.|%2e){1,2}$/i.test(part));
  if (segment !== undefined) {
    throw usageError(`invalid id "${segment}" in the request path ${path}`, 'an id cannot be empty, "." or ".."');
  }
  const url = new URL(baseUrl.replace(/\/+$/, '') + path);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

const tooLargeErrors = new WeakSet<WsError>();

/** Whether the error is a response refused for its size: a smaller page of the same list may do. */
export function isResponseTooLarge(error: unknown): boolean {
  return error instanceof WsError && tooLargeErrors.has(error);
}

/**
 * The body as text, refused past maxResponseBytes (a document that size is not one ws can show); `arrived` hears
 * of every chunk.
 */
async function readCapped(response: Incoming, label: string, hint: () => { hint?: string }, arrived: () => void): Promise<string> {
  const tooLarge = () => {
    const error = new WsError('api', `the response to ${label} is larger than ${maxResponseBytes / 1024 / 1024} MiB, more than ws reads into memory`, {
      code: 'unexpected_response',
      ...hint(),
    });
    tooLargeErrors.add(error);
    return error;
  };
  if (Number(header(response.headers, 'content-length')) > maxResponseBytes) {
    response.body.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  // leaving the loop by a throw destroys the body
  for await (const chunk of response.body) {
    arrived();
    size += chunk.length;
    if (size > maxResponseBytes) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function header(headers: RawResponse['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

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

function formatIssues(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues
    .slice(0, 3)
    .map(
      (issue) =>
        `${issue.path.length ? issue.path.map(String).join('.') : '(body)'}: ${issue.message.replace(/^Invalid input: expected (\w+), received undefined$/, 'missing, though the API always sends it (expected $1)')}`,
    )
    .join('; ');
}

function formatWait(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  return minutes < 120 ? `${minutes} min` : `${Math.round(minutes / 60)} h`;
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
 * the commands and the options of the command line (src/workspace/request-hints.ts, src/mcp/request-hints.ts),
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

export class HttpClient {
  private transport: Promise<Transport> | undefined;
  /** Set once the operating system's trust store has been added after a certificate was not trusted. */
  private systemTrust = false;
  private readonly options: Required<Omit<HttpOptions, 'debug' | 'signal' | 'network' | 'hints'>> & Pick<HttpOptions, 'debug' | 'signal' | 'network' | 'hints'>;

  constructor(options: HttpOptions) {
    this.options = { maxAttempts: defaultMaxAttempts, sleep: defaultSleep, random: Math.random, ...options };
  }

  /** The hints this client's errors carry; the lookups of names use them too. */
  get hints(): RequestHints | undefined {
    return this.options.hints;
  }

  /** The same client (and connections) whose requests end, as interrupted, when `signal` aborts. */
  withSignal(signal: AbortSignal): HttpClient {
    const client = new HttpClient({ ...this.options, signal: this.options.signal ? AbortSignal.any([this.options.signal, signal]) : signal });
    client.shared = this.shared ?? this;
    return client;
  }

  /** Set on a client made by withSignal: connections are opened and closed by the original. */
  private shared: HttpClient | undefined;

  /** The key once known: got once for this client and the ones withSignal made from it. */
  private key: Promise<string> | undefined;
  private knownKey: string | undefined;

  private apiKey(): Promise<string> {
    const owner = this.shared ?? this;
    const { apiKey } = this.options;
    owner.key ??= (typeof apiKey === 'string' ? Promise.resolve(apiKey) : apiKey()).then((key) => (owner.knownKey = key));
    return owner.key;
  }

  /** Sends a request and parses its JSON body with the spec's schema. */
  async request<T>(spec: RequestSpec<T>): Promise<T> {
    const response = await this.send(spec);
    const label = `${spec.method} ${spec.path}`;
    let body: unknown;
    try {
      body = response.text === '' ? null : spec.exactNumbers ? parseExactly(response.text) : JSON.parse(response.text);
    } catch {
      throw new WsError('api', `unexpected response from ${label}: the body is not JSON`, {
        code: 'unexpected_response',
        status: response.status,
        ...this.requestIdOf(response),
      });
    }
    const parsed = spec.schema.safeParse(body);
    if (!parsed.success) {
      throw new WsError('api', `unexpected response from ${label}: ${formatIssues(parsed.error)}`, {
        code: 'unexpected_response',
        status: response.status,
        ...this.requestIdOf(response),
        ...this.hinted('unexpected_response', spec),
      });
    }
    return parsed.data;
  }

  /** Sends a request with retries; resolves with any 2xx response, throws a WsError for the rest. */
  async send(spec: Omit<RequestSpec<unknown>, 'schema'>): Promise<RawResponse> {
    const url = joinUrl(this.options.baseUrl, spec.path, spec.query);
    const idempotent = spec.idempotent ?? (spec.method === 'GET' || spec.method === 'PATCH' || spec.method === 'PUT');
    const label = `${spec.method} ${spec.path}`;
    const apiKey = await this.apiKey();
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= this.options.maxAttempts;
      let response: RawResponse;
      try {
        response = await this.attempt(spec, url, apiKey);
      } catch (error) {
        if (error instanceof WsError) throw error;
        const code = (error as NodeJS.ErrnoException).code ?? (error as { cause?: { code?: string } }).cause?.code;
        if (await this.trustSystemStore(code)) {
          attempt--; // nothing was sent: the handshake failed before the request left
          continue;
        }
        const retryable = code !== undefined && (notSentCodes.has(code) || (idempotent && connectionCodes.has(code)));
        if (retryable && !last) {
          await this.backoff(attempt, undefined, `${code}`);
          continue;
        }
        throw await this.networkError(error, spec, idempotent, code);
      }
      if (response.status >= 200 && response.status < 300) return response;
      // A 429 says the server did not act on the request, so even a POST may be sent again.
      const retryable = retryStatuses.has(response.status) && (idempotent || response.status === 429);
      const retryAfter = parseRetryAfter(header(response.headers, 'retry-after'), Date.now());
      if (retryable && !last && (retryAfter === undefined || retryAfter <= maxRetryAfterMs)) {
        await this.backoff(attempt, retryAfter, `HTTP ${response.status}`);
        continue;
      }
      const error = this.statusError(response, label, spec, idempotent);
      if (retryAfter !== undefined && retryAfter > maxRetryAfterMs && retryStatuses.has(response.status)) {
        // too long to wait here: say when the server will take the request again
        const when = new Date(Date.now() + retryAfter).toISOString().replace(/\.\d+Z$/, 'Z');
        throw new WsError(error.kind, error.message, { ...error, hint: `the server asks to wait ${formatWait(retryAfter)}: try again after ${when}` });
      }
      throw error;
    }
  }

  async close(): Promise<void> {
    const transport = this.transport;
    this.transport = undefined;
    // every request has finished: drop idle keep-alive sockets at once rather than closing them politely
    await (await transport?.catch(() => undefined))?.close();
  }

  /** Node's own HTTP where it suffices; undici where a proxy, a CA file or the system's trust store needs it (transport.ts). */
  private async createTransport(system = false): Promise<Transport> {
    const network = this.options.network;
    // the variables network.js reads, checked here so that a run without them never loads it
    const needed = system || network?.caFile !== undefined || ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'].some((name) => network?.env[name]);
    if (!needed) return nodeTransport(2_000);
    const [undici, { createDispatcher, routeFor }] = await Promise.all([loadUndici(), import('./network.js')]);
    const target = new URL(this.options.baseUrl);
    const proxy = routeFor(target, network?.env ?? {}).proxy;
    const dispatcher = createDispatcher(undici, {
      target,
      env: network?.env ?? {},
      caFile: network?.caFile,
      system,
      keepAliveTimeout: 2_000,
      ...(this.options.debug ? { debug: this.options.debug } : {}),
    });
    return undiciTransport(dispatcher, proxy && `the proxy ${proxy.display} (from ${proxy.variable})`);
  }

  /**
   * Where Node can read the operating system's trust store (22.15+), a certificate no bundled root
   * vouches for is tried once more against it: reading the store costs tens of milliseconds, so only then.
   */
  private async trustSystemStore(code: string | undefined): Promise<boolean> {
    const owner = this.shared ?? this;
    if (owner.systemTrust) return false;
    const [{ canReadSystemStore }, { isUntrustedCertificate }] = await Promise.all([import('./network.js'), import('./network-errors.js')]);
    if (!isUntrustedCertificate(code) || !canReadSystemStore()) return false;
    owner.systemTrust = true;
    this.log(`* ${code}: trying again with the operating system's trust store`);
    const old = owner.transport;
    owner.transport = this.createTransport(true);
    await (await old?.catch(() => undefined))?.close();
    return true;
  }

  private async attempt(spec: Omit<RequestSpec<unknown>, 'schema'>, url: string, apiKey: string): Promise<RawResponse> {
    const owner = this.shared ?? this;
    owner.transport ??= this.createTransport();
    const transport = await owner.transport;
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.options.userAgent,
      'x-api-key': apiKey,
      ...spec.headers,
    };
    let payload: string | undefined;
    if (spec.body !== undefined) {
      payload = JSON.stringify(spec.body);
      headers['content-type'] = 'application/json';
    }
    // --http-timeout is a limit on silence: until the answer begins, then between two chunks of its body, so that a
    // slow link that keeps sending is not cut off (0: no limit)
    const silence = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let answering = false;
    const quiet = () => {
      if (this.options.timeoutMs <= 0) return;
      if (timer)
        timer.refresh(); // cheaper than a new timer for each chunk of a long body
      else timer = setTimeout(() => silence.abort(), this.options.timeoutMs).unref();
    };
    quiet();
    const signal = this.options.signal ? AbortSignal.any([silence.signal, this.options.signal]) : silence.signal;
    // not performance.now(): the first use of that global loads perf_hooks
    const started = process.hrtime.bigint();
    this.log(`> ${spec.method} ${url}`);
    for (const [name, value] of Object.entries(headers)) this.log(`> ${name}: ${secretHeaders.has(name.toLowerCase()) ? '[redacted]' : value}`);
    try {
      const response = await transport.send(new URL(url), { method: spec.method, headers, body: payload, signal });
      answering = true;
      quiet();
      const text = await readCapped(response, `${spec.method} ${spec.path}`, () => this.hinted('too_large', spec), quiet);
      clearTimeout(timer);
      const elapsed = Math.round(Number(process.hrtime.bigint() - started) / 1e6);
      this.log(`< ${response.status} in ${elapsed}ms`);
      for (const [name, value] of Object.entries(response.headers))
        this.log(`< ${name}: ${secretHeaders.has(name.toLowerCase()) ? '[redacted]' : String(value)}`);
      return { status: response.status, headers: response.headers, text };
    } catch (error) {
      clearTimeout(timer);
      if (signal.aborted) {
        if (this.options.signal?.aborted) throw new WsError('interrupted', 'interrupted');
        const idempotent = spec.idempotent ?? (spec.method === 'GET' || spec.method === 'PATCH' || spec.method === 'PUT');
        const through = transport.proxy ? ` through ${transport.proxy}` : '';
        const what = answering
          ? `the answer to ${spec.method} ${spec.path} stopped: no data for ${this.options.timeoutMs}ms`
          : `${spec.method} ${spec.path} timed out after ${this.options.timeoutMs}ms`;
        throw new WsError('api', `${what}${through}`, {
          code: 'http_timeout',
          ...this.hinted('timeout', spec, idempotent),
        });
      }
      this.log(`< ${(error as Error).message}`);
      throw error;
    }
  }

  private async backoff(attempt: number, retryAfterMs: number | undefined, reason: string): Promise<void> {
    // Exponential backoff with full jitter: 0-250ms, 0-500ms, 0-1s, … capped at 4s; Retry-After wins.
    const delay = retryAfterMs ?? Math.round(this.options.random() * Math.min(4_000, 250 * 2 ** (attempt - 1)));
    this.log(`* ${reason}: retrying in ${delay}ms (attempt ${attempt + 1} of ${this.options.maxAttempts})`);
    try {
      await this.options.sleep(delay, this.options.signal);
    } catch (error) {
      if (this.options.signal?.aborted) throw new WsError('interrupted', 'interrupted');
      throw error;
    }
  }

  /** Every debug line, redacted by value: a server may echo the key in a header or build a request id from it. */
  private log(line: string): void {
    this.options.debug?.(this.redact(line));
  }

  private requestIdOf(response: RawResponse): { requestId?: string } {
    for (const name of requestIdHeaders) {
      const value = header(response.headers, name);
      if (value) return { requestId: this.redact(stripControl(value)) };
    }
    return {};
  }

  private statusError(response: RawResponse, label: string, spec: Omit<RequestSpec<unknown>, 'schema'>, idempotent: boolean): WsError {
    const described = describeErrorBody(response.text);
    const message = described.message ? this.redact(described.message) : `HTTP ${response.status}`;
    const ids = errorIdsOf(pathIdsOf(spec.path));
    const details = {
      status: response.status,
      ...(described.code ? { apiCode: this.redact(described.code) } : {}),
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

  private async networkError(error: unknown, spec: Omit<RequestSpec<unknown>, 'schema'>, idempotent: boolean, code: string | undefined): Promise<WsError> {
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
      env: this.options.network?.env ?? {},
      ...(command ? { command } : {}),
    });
    return new WsError('api', this.redact(described.message), { code: described.code, ...(described.hint ? { hint: described.hint } : {}) });
  }

  /** The hint the layer above words for what happened, as the details of an error; none without hints. */
  private hinted(
    event: RequestFailure['event'],
    spec: Omit<RequestSpec<unknown>, 'schema'>,
    idempotent = true,
    retried = false,
    notActed = false,
  ): { hint?: string } {
    const write = spec.method === 'GET' ? 'none' : notActed ? 'not_acted' : idempotent ? 'repeatable' : 'unknown';
    const attempts = retried && this.options.maxAttempts > 1 ? { attempts: this.options.maxAttempts } : {};
    const hint = this.options.hints?.hint({ event, method: spec.method, path: spec.path, pathIds: pathIdsOf(spec.path), write, ...attempts });
    return hint ? { hint } : {};
  }

  /** " (ws tried 4 times)", as WS_MAX_ATTEMPTS allows; nothing when it allows one. */
  private tried(): string {
    return this.options.maxAttempts > 1 ? ` (ws tried ${this.options.maxAttempts} times)` : '';
  }

  /** Server text may echo what it was sent; the key must never reach the terminal, as it is or URL-encoded. */
  private redact(text: string): string {
    const { apiKey } = this.options;
    return redactSecret(text, typeof apiKey === 'string' ? apiKey : ((this.shared ?? this).knownKey ?? ''));
  }
}

/** A run of digits longer than a double holds for sure (15 significant digits): only then is a body scanned. */
const longNumber = /\d{16}|\d[\d.]{16}/;

/**
 * JSON.parse, but a number a double would round comes as its own text, a string: the body's text is scanned for
 * number tokens outside strings, and those of more than 15 significant digits that do not read back the same are
 * quoted before parsing. The same on every Node (JSON.parse's source text for revivers is Node 22 and later).
 */
export function parseExactly(text: string): unknown {
  if (!longNumber.test(text)) return JSON.parse(text);
  let out = '';
  let copied = 0;
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (inString) {
      if (code === 0x5c)
        at++; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
      continue;
    }
    if (code === 0x22) inString = true;
    else if (code === 0x2d || (code >= 0x30 && code <= 0x39)) {
      let end = at + 1;
      while (end < text.length && isNumberPart(text.charCodeAt(end))) end++;
      const token = text.slice(at, end);
      if (roundsOff(token)) {
        out += `${text.slice(copied, at)}"${token}"`;
        copied = end;
      }
      at = end - 1;
    }
  }
  return JSON.parse(copied === 0 ? text : out + text.slice(copied));
}

/** Digits, `.`, `e`, `E`, `+`, `-`: what a JSON number is made of. */
function isNumberPart(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || code === 0x2e || code === 0x65 || code === 0x45 || code === 0x2b || code === 0x2d;
}

/** Whether a double changes this JSON number: it does not read back the same, and it has more than 15 significant digits. */
function roundsOff(token: string): boolean {
  if (String(Number(token)) === token) return false;
  const mantissa = token.replace(/^-/, '').replace(/[eE].*$/, '');
  return mantissa.replace('.', '').replace(/^0+/, '').replace(/0+$/, '').length > 15;
}
