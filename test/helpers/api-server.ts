import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as it is. */
  body?: unknown;
  /** Drop the connection without answering. */
  destroy?: boolean;
}

type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

interface Route {
  method: string;
  path: string | RegExp;
  replies: Handler[];
  /** The last reply repeats once the list is used up. */
  used: number;
  /** A stub the test may leave unrequested: see ApiServer.optional. */
  optional: boolean;
}

/**
 * A real HTTP server on 127.0.0.1, port 0, with stubbed routes. It records every request; a request
 * no route answers gets 500 and is listed by `unmatched`, and a route no request reached is listed by `unused`
 * (unless it was stubbed with `optional`), so nothing passes by accident: fileServer fails a test on either.
 */
export class ApiServer {
  readonly requests: RecordedRequest[] = [];
  readonly unmatched: RecordedRequest[] = [];
  private readonly routes: Route[] = [];
  private server: http.Server | undefined;
  baseUrl = '';
  /** TLS handshakes that failed: the client refused the certificate before sending anything. */
  readonly tlsErrors: string[] = [];

  /** With `tls`, an HTTPS server; `host` is the name put in baseUrl (it still listens on 127.0.0.1 only). */
  constructor(private readonly options: { tls?: { key: string; cert: string }; host?: string } = {}) {}

  /** A route the test expects to be requested: see `unused`. */
  on(method: string, path: string | RegExp, ...replies: (Reply | Handler)[]): this {
    return this.add(method, path, replies, false);
  }

  /**
   * A route the test may leave unrequested, for a request that legitimately may or may not be made (say why
   * beside it): `unused` does not list it. Use sparingly: a stub nothing needs is a dead line, or a test that
   * does not test what it says.
   */
  optional(method: string, path: string | RegExp, ...replies: (Reply | Handler)[]): this {
    return this.add(method, path, replies, true);
  }

  private add(method: string, path: string | RegExp, replies: (Reply | Handler)[], optional: boolean): this {
    this.routes.push({ method, path, replies: replies.map((reply) => (typeof reply === 'function' ? reply : () => reply)), used: 0, optional });
    return this;
  }

  /** `METHOD path` of each route stubbed with `on` that no request reached. */
  get unused(): string[] {
    return this.routes.filter((route) => !route.used && !route.optional).map((route) => `${route.method} ${route.path}`);
  }

  async start(): Promise<this> {
    const listener = (req: http.IncomingMessage, res: http.ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => void this.handle(req, res, Buffer.concat(chunks).toString('utf8')));
    };
    const { tls, host = '127.0.0.1' } = this.options;
    this.server = tls ? https.createServer(tls, listener) : http.createServer(listener);
    this.server.on('tlsClientError', (error: Error) => this.tlsErrors.push(error.message));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.baseUrl = `${tls ? 'https' : 'http'}://${host}:${port}/public/v3`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  reset(): void {
    this.requests.length = 0;
    this.unmatched.length = 0;
    this.routes.length = 0;
    this.tlsErrors.length = 0;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse, body: string): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname.replace(/^\/public\/v3/, '');
    const recorded: RecordedRequest = { method: req.method ?? '', path, query: Object.fromEntries(url.searchParams), headers: req.headers, body };
    this.requests.push(recorded);
    const route = this.routes.find((r) => r.method === recorded.method && (typeof r.path === 'string' ? r.path === path : r.path.test(path)));
    if (!route) {
      this.unmatched.push(recorded);
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: `no stub for ${recorded.method} ${path}` }));
      return;
    }
    const handler = route.replies[Math.min(route.used, route.replies.length - 1)]!;
    route.used++;
    const reply = await handler(recorded);
    if (reply.destroy) {
      req.socket.destroy();
      return;
    }
    const isText = typeof reply.body === 'string';
    res.writeHead(reply.status ?? 200, { 'content-type': isText ? 'text/plain' : 'application/json', ...reply.headers });
    res.end(reply.body === undefined ? '' : isText ? (reply.body as string) : JSON.stringify(reply.body));
  }
}
