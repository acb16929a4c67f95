import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Faults, ScriptedFault } from './faults.js';
import { HttpError, type Router, type Organization, type Request } from './router.js';

export const apiPrefix = '/public/v3';
const controlPrefix = '/__emulator';

export interface LoggedRequest {
  method: string;
  path: string;
  query: string;
  status: number;
  at: string;
}

/** One API response as sent, for a test that checks it against the API description. */
export interface SentResponse {
  method: string;
  path: string;
  query: string;
  status: number;
  body: unknown;
}

export interface ServerOptions {
  router: Router;
  /** Told of every API response (not the control endpoints') right before it is sent. */
  onResponse?: (response: SentResponse) => void;
  organizations: Map<string, Organization>;
  faults: Faults;
  latencyMs: number;
  maxLog?: number;
  maxBodyBytes: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /** Names (lower case) served besides loopback and localhost, on any port: a local TLS terminator's, say. */
  allowHosts?: string[];
}

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

function errorBody(error: HttpError, requestId?: string): unknown {
  return { error: { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) }, ...(requestId ? { requestId } : {}) };
}

/** `name`, `name:port`, `[v6]`, `[v6]:port` (lower case) into the name (brackets kept) and the port, if valid. */
function splitHost(host: string): { name: string; port?: string } | undefined {
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(host);
  return match ? { name: match[1]!, ...(match[2] ? { port: match[2] } : {}) } : undefined;
}

/** 127.0.0.0/8 written as a browser writes it (four decimal bytes), [::1], localhost. */
function isLoopbackName(name: string): boolean {
  const bytes = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(name);
  return name === 'localhost' || name === '[::1]' || (bytes?.slice(1).every((byte) => Number(byte) <= 255 && !/^0\d/.test(byte)) ?? false);
}

const noBody = (req: http.IncomingMessage) => req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined;

/** The body as text, counted while it arrives: past `limit` bytes it is refused (413) and no more is kept. */
function readBody(req: http.IncomingMessage, limit: number): Promise<string> {
  const tooLarge = () => new HttpError(413, 'payload_too_large', `the request body is larger than the emulator's limit of ${limit} bytes (--max-body-size)`);
  if (Number(req.headers['content-length']) > limit) return Promise.reject(tooLarge());
  if (noBody(req)) return Promise.resolve('');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        chunks.length = 0;
        reject(tooLarge());
      } else chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * The HTTP side of the emulator: Host and Origin checks, API-key checks, injected latency and faults, the
 * request log and the control endpoints under /__emulator (faults, requests), then the router.
 */
export class EmulatorServer {
  readonly log: LoggedRequest[] = [];
  private readonly server: http.Server;
  private readonly allowHosts: Set<string>;

  constructor(private readonly options: ServerOptions) {
    this.allowHosts = new Set(options.allowHosts);
    this.server = http.createServer(
      {
        // a client that sends its request slowly is cut off, and the check runs often enough to notice
        headersTimeout: options.headersTimeoutMs,
        requestTimeout: options.requestTimeoutMs,
        connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(options.headersTimeoutMs / 4))),
      },
      (req, res) => {
        this.handle(req, res).catch((error: unknown) => {
          const httpError = error instanceof HttpError ? error : new HttpError(500, 'internal', (error as Error).message);
          if (res.headersSent) res.destroy();
          else this.reply(req, res, httpError.status, errorBody(httpError));
        });
      },
    );
    this.server.keepAliveTimeout = 5_000;
    // `Expect: 100-continue`: a body over the limit is refused (413) before the client sends it, so that it reads the
    // answer instead of losing it to a closed connection; any other request goes on as usual
    this.server.on('checkContinue', (req: http.IncomingMessage, res: http.ServerResponse) => {
      if (!(Number(req.headers['content-length']) > options.maxBodyBytes)) res.writeContinue();
      this.server.emit('request', req, res);
    });
  }

  listen(port: number, host: string): Promise<AddressInfo> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        resolve(this.server.address() as AddressInfo);
      });
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  /**
   * Answers before the body was read (or all of it): the connection is closed after the answer, and
   * what the client still sends is read and dropped for a moment, so that it sees the answer and not a reset.
   */
  private reply(req: http.IncomingMessage, res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    if (req.complete || noBody(req)) {
      send(res, status, body, headers);
      return;
    }
    send(res, status, body, { ...headers, connection: 'close' });
    let dropped = 0;
    const stop = setTimeout(() => req.socket.destroy(), 1000);
    req.on('data', (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > this.options.maxBodyBytes) req.socket.destroy();
    });
    req.socket.once('close', () => clearTimeout(stop));
    req.resume();
  }

  /**
   * A web page must not reach the emulator: not by its Origin, nor by a DNS name rebound to loopback. Rebinding
   * needs a DNS name, so Host may name any loopback address or localhost, on any port (a port forward, a proxy on
   * another port), or a name the user allowed (--allow-host); any other name is refused.
   */
  private refuseForeign(req: http.IncomingMessage): HttpError | undefined {
    const host = (req.headers.host ?? '').toLowerCase();
    const name = splitHost(host)?.name;
    if (name === undefined || !(isLoopbackName(name) || this.allowHosts.has(name))) {
      return new HttpError(
        403,
        'forbidden',
        `the Host "${host}" is not this emulator's address: it serves loopback addresses, localhost and the names given with --allow-host`,
      );
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !this.ownOrigin(origin, host)) return new HttpError(403, 'forbidden', `requests from the web origin "${origin}" are refused`);
    return undefined;
  }

  /**
   * An Origin is the emulator's own when it names the address the request was sent to (Host; http or https, since
   * a TLS terminator may stand in front), or a name allowed with --allow-host (a terminator may rewrite Host). A page
   * served on another loopback port is another program's page: refused.
   */
  private ownOrigin(origin: string, host: string): boolean {
    const url = URL.canParse(origin) ? new URL(origin) : undefined;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search || url.username) return false;
    if (this.allowHosts.has(url.hostname)) return true;
    const requested = splitHost(host)!;
    const port = (text: string | undefined) => text || (url.protocol === 'https:' ? '443' : '80');
    return url.hostname === requested.name && port(url.port) === port(requested.port);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://emulator');
    const method = req.method ?? 'GET';
    const foreign = this.refuseForeign(req);
    if (foreign) return this.reply(req, res, foreign.status, errorBody(foreign));
    if (url.pathname.startsWith(controlPrefix)) return this.control(req, res, method, url.pathname.slice(controlPrefix.length));
    const requestId = randomUUID();
    const path = url.pathname.startsWith(apiPrefix) ? url.pathname.slice(apiPrefix.length) || '/' : undefined;
    const record = (status: number, body?: unknown) => {
      if (status > 0) this.options.onResponse?.({ method, path: path ?? url.pathname, query: url.search, status, body });
      this.log.push({ method, path: path ?? url.pathname, query: url.search, status, at: new Date().toISOString() });
      if (this.log.length > (this.options.maxLog ?? 10_000)) this.log.shift();
    };
    if (this.options.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.options.latencyMs));
    const fault = path === undefined ? undefined : this.options.faults.next(method, path);
    if (fault?.kind === 'reset') {
      record(0);
      req.socket.destroy();
      return;
    }
    if (fault) {
      const headers: Record<string, string> = { 'x-request-id': requestId };
      if (fault.retryAfter !== undefined) headers['retry-after'] = String(fault.retryAfter);
      const body = errorBody(new HttpError(fault.status, fault.status === 429 ? 'rate_limited' : 'unavailable', 'injected fault'), requestId);
      record(fault.status, body);
      return this.reply(req, res, fault.status, body, headers);
    }
    try {
      if (path === undefined) throw new HttpError(404, 'not_found', `the API is served under ${apiPrefix}`);
      // the key and the route are checked on the headers, before a byte of the body is read
      const organization = this.organization(req);
      const { handler, params } = this.options.router.match(method, path);
      const rawBody = await readBody(req, this.options.maxBodyBytes);
      const request: Request = { method, path, params, query: url.searchParams, headers: req.headers, rawBody, organization, requestId };
      const response = await handler(request);
      record(response.status ?? 200, response.body);
      send(res, response.status ?? 200, response.body, { 'x-request-id': requestId });
    } catch (error) {
      const httpError = error instanceof HttpError ? error : new HttpError(500, 'internal', (error as Error).message);
      const body = errorBody(httpError, requestId);
      record(httpError.status, body);
      this.reply(req, res, httpError.status, body, { 'x-request-id': requestId });
    }
  }

  private organization(req: http.IncomingMessage): Organization {
    const key = req.headers['x-api-key'];
    const organization = typeof key === 'string' ? this.options.organizations.get(key) : undefined;
    if (!organization) throw new HttpError(401, 'unauthorized', key ? 'invalid API key' : 'the x-api-key header is required');
    return organization;
  }

  /** Exact tests script faults here and read which requests arrived: with an API key, JSON bodies only. */
  private async control(req: http.IncomingMessage, res: http.ServerResponse, method: string, path: string): Promise<void> {
    const route = `${method} ${path}`;
    try {
      this.organization(req);
      if (method === 'POST' && !/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) {
        throw new HttpError(415, 'unsupported_media_type', 'control requests send JSON: Content-Type: application/json');
      }
      const rawBody = await readBody(req, this.options.maxBodyBytes);
      send(res, ...this.controlRoute(route, rawBody));
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      this.reply(req, res, error.status, errorBody(error));
    }
  }

  private controlRoute(route: string, rawBody: string): [number, unknown] {
    if (route === 'GET /health') return [200, { ok: true }];
    if (route === 'GET /requests') return [200, { requests: this.log }];
    if (route === 'DELETE /requests') {
      this.log.length = 0;
      return [200, { requests: [] }];
    }
    if (route === 'GET /faults') return [200, { faults: this.options.faults.list() }];
    if (route === 'DELETE /faults') {
      this.options.faults.clear();
      return [200, { faults: [] }];
    }
    if (route === 'POST /faults') {
      try {
        const fault = JSON.parse(rawBody) as ScriptedFault;
        if (typeof fault !== 'object' || fault === null || typeof fault.path !== 'string') throw new Error('path (a path pattern) is required');
        fault.times = Number.isInteger(fault.times) && fault.times > 0 ? fault.times : 1;
        this.options.faults.script(fault);
      } catch (error) {
        return [400, { error: { code: 'validation_error', message: `invalid fault: ${(error as Error).message}` } }];
      }
      return [201, { faults: this.options.faults.list() }];
    }
    return [404, { error: { code: 'not_found', message: `no control endpoint ${route}` } }];
  }
}
