import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Faults, ScriptedFault } from './faults.js';
import { HttpError, Router, type Organization, type Request } from './http.js';

export const apiPrefix = '/public/v3';
const controlPrefix = '/__emulator';

export interface LoggedRequest {
  method: string;
  path: string;
  query: string;
  status: number;
  at: string;
}

export interface ServerOptions {
  router: Router;
  organizations: Map<string, Organization>;
  faults: Faults;
  latencyMs: number;
  maxLog?: number;
}

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

function errorBody(error: HttpError, requestId: string): unknown {
  return { error: { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) }, requestId };
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * The HTTP side of the emulator: API-key checks, injected latency and faults, the request log and the
 * control endpoints under /__emulator (faults, requests), then the router.
 */
export class EmulatorServer {
  readonly log: LoggedRequest[] = [];
  private readonly server: http.Server;

  constructor(private readonly options: ServerOptions) {
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) send(res, 500, { error: { code: 'internal', message: (error as Error).message } });
        else res.destroy();
      });
    });
    this.server.keepAliveTimeout = 5_000;
  }

  listen(port: number, host: string): Promise<AddressInfo> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => resolve(this.server.address() as AddressInfo));
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://emulator');
    const method = req.method ?? 'GET';
    const rawBody = await readBody(req);
    if (url.pathname.startsWith(controlPrefix)) return this.control(method, url.pathname.slice(controlPrefix.length), rawBody, res);
    const requestId = randomUUID();
    const path = url.pathname.startsWith(apiPrefix) ? url.pathname.slice(apiPrefix.length) || '/' : undefined;
    const record = (status: number) => {
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
      record(fault.status);
      const headers: Record<string, string> = { 'x-request-id': requestId };
      if (fault.retryAfter !== undefined) headers['retry-after'] = String(fault.retryAfter);
      return send(res, fault.status, errorBody(new HttpError(fault.status, fault.status === 429 ? 'rate_limited' : 'unavailable', 'injected fault'), requestId), headers);
    }
    try {
      if (path === undefined) throw new HttpError(404, 'not_found', `the API is served under ${apiPrefix}`);
      const key = req.headers['x-api-key'];
      const organization = typeof key === 'string' ? this.options.organizations.get(key) : undefined;
      if (!organization) throw new HttpError(401, 'unauthorized', key ? 'invalid API key' : 'the x-api-key header is required');
      const { handler, params } = this.options.router.match(method, path);
      const request: Request = { method, path, params, query: url.searchParams, headers: req.headers, rawBody, organization, requestId };
      const response = await handler(request);
      record(response.status ?? 200);
      send(res, response.status ?? 200, response.body, { 'x-request-id': requestId });
    } catch (error) {
      const httpError = error instanceof HttpError ? error : new HttpError(500, 'internal', (error as Error).message);
      record(httpError.status);
      send(res, httpError.status, errorBody(httpError, requestId), { 'x-request-id': requestId });
    }
  }

  /** Exact tests script faults here and read which requests arrived; no key needed, loopback only. */
  private control(method: string, path: string, rawBody: string, res: http.ServerResponse): void {
    const route = `${method} ${path}`;
    if (route === 'GET /health') return send(res, 200, { ok: true });
    if (route === 'GET /requests') return send(res, 200, { requests: this.log });
    if (route === 'DELETE /requests') {
      this.log.length = 0;
      return send(res, 200, { requests: [] });
    }
    if (route === 'GET /faults') return send(res, 200, { faults: this.options.faults.list() });
    if (route === 'DELETE /faults') {
      this.options.faults.clear();
      return send(res, 200, { faults: [] });
    }
    if (route === 'POST /faults') {
      let fault: ScriptedFault;
      try {
        fault = JSON.parse(rawBody) as ScriptedFault;
        if (typeof fault.path !== 'string') throw new Error('path (a regular expression) is required');
        new RegExp(fault.path);
        fault.times = Number.isInteger(fault.times) && fault.times > 0 ? fault.times : 1;
      } catch (error) {
        return send(res, 400, { error: { code: 'validation_error', message: `invalid fault: ${(error as Error).message}` } });
      }
      this.options.faults.script(fault);
      return send(res, 201, { faults: this.options.faults.list() });
    }
    send(res, 404, { error: { code: 'not_found', message: `no control endpoint ${route}` } });
  }
}
