import { defaultMaxAttempts } from './attempts.js';
import { WsError, usageError } from '../errors.js';
import { redactSecret } from '../text.js';
import { parseExactly } from './exact-json.js';
import { RequestErrors, connectionCodes, formatIssues, notSentCodes, retryStatuses, type RequestHints } from './http-errors.js';
import { header, type QueryValue, type RawResponse, type RequestSpec } from './request-spec.js';
import { formatWait, maxRetryAfterMs, parseRetryAfter } from './retry-after.js';
import { loadUndici, nodeTransport, undiciTransport, type Incoming, type Transport } from './transport.js';
import type { CaFile } from './network.js';

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

/** Headers that carry credentials: logs and `ws api -i` show that they came, never their value. */
export const secretHeaders = new Set(['x-api-key', 'authorization', 'proxy-authorization', 'cookie', 'set-cookie']);
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
 * The body, refused past maxResponseBytes (a document that size is not one ws can show); `arrived` hears of every
 * chunk.
 */
async function readCapped(response: Incoming, label: string, hint: () => { hint?: string }, arrived: () => void): Promise<Buffer> {
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
  return Buffer.concat(chunks);
}

export class HttpClient {
  private transport: Promise<Transport> | undefined;
  /** Set once the operating system's trust store has been added after a certificate was not trusted. */
  private systemTrust = false;
  private readonly errors: RequestErrors;
  private readonly options: Required<Omit<HttpOptions, 'debug' | 'signal' | 'network' | 'hints'>> & Pick<HttpOptions, 'debug' | 'signal' | 'network' | 'hints'>;

  constructor(options: HttpOptions) {
    this.options = { maxAttempts: defaultMaxAttempts, sleep: defaultSleep, random: Math.random, ...options };
    const { baseUrl, maxAttempts, hints, network } = this.options;
    this.errors = new RequestErrors({ baseUrl, maxAttempts, ...(hints ? { hints } : {}), env: network?.env ?? {}, redact: (text) => this.redact(text) });
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
    const notJson = () =>
      new WsError('api', `unexpected response from ${label}: the body is not JSON`, {
        code: 'unexpected_response',
        status: response.status,
        ...this.errors.requestIdOf(response),
      });
    let body: unknown;
    try {
      if (response.body.length === 0) body = null;
      else if (spec.read) body = spec.read(response.body, notJson);
      else body = spec.exactNumbers ? parseExactly(response.text) : JSON.parse(response.text);
    } catch {
      throw notJson();
    }
    const parsed = spec.schema.safeParse(body);
    if (!parsed.success) {
      throw new WsError('api', `unexpected response from ${label}: ${formatIssues(parsed.error)}`, {
        code: 'unexpected_response',
        status: response.status,
        ...this.errors.requestIdOf(response),
        ...this.errors.hinted('unexpected_response', spec),
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
        throw await this.errors.networkError(error, spec, idempotent, code);
      }
      if (response.status >= 200 && response.status < 300) return response;
      // A 429 says the server did not act on the request, so even a POST may be sent again.
      const retryable = retryStatuses.has(response.status) && (idempotent || response.status === 429);
      const retryAfter = parseRetryAfter(header(response.headers, 'retry-after'), Date.now());
      if (retryable && !last && (retryAfter === undefined || retryAfter <= maxRetryAfterMs)) {
        await this.backoff(attempt, retryAfter, `HTTP ${response.status}`);
        continue;
      }
      const error = this.errors.statusError(response, label, spec, idempotent);
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
      const body = await readCapped(response, `${spec.method} ${spec.path}`, () => this.errors.hinted('too_large', spec), quiet);
      clearTimeout(timer);
      const elapsed = Math.round(Number(process.hrtime.bigint() - started) / 1e6);
      this.log(`< ${response.status} in ${elapsed}ms`);
      for (const [name, value] of Object.entries(response.headers))
        this.log(`< ${name}: ${secretHeaders.has(name.toLowerCase()) ? '[redacted]' : String(value)}`);
      let text: string | undefined;
      return {
        status: response.status,
        headers: response.headers,
        body,
        get text() {
          text ??= body.toString('utf8');
          return text;
        },
      };
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
          ...this.errors.hinted('timeout', spec, idempotent),
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

  /** Server text may echo what it was sent; the key must never reach the terminal, as it is or URL-encoded. */
  private redact(text: string): string {
    const { apiKey } = this.options;
    return redactSecret(text, typeof apiKey === 'string' ? apiKey : ((this.shared ?? this).knownKey ?? ''));
  }
}
