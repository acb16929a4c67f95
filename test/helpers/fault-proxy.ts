import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';

/**
 * What the fault proxy does with a connection:
 * - `close`: reads the request (a CONNECT or a forwarded one) and closes without a word;
 * - `stall`: reads it and never answers;
 * - `bare`: Node's own http.Server with no handler for CONNECT (it drops the connection) and a 404 for the rest;
 * - `forward`: a reverse proxy in front of `upstream`: every request goes on to it, except those whose path matches
 *   `stallPath` (never answered); every response body is sent at `bytesPerSecond`, or stops after `stallAfterBytes`,
 *   when they are set.
 */
export type Fault = 'close' | 'stall' | 'bare' | 'forward';

export interface FaultProxyOptions {
  fault: Fault;
  /** `forward`: the origin requests go on to, e.g. the stub server's `http://127.0.0.1:port`. */
  upstream?: string;
  /** `forward`: requests whose path (below the origin, query included) matches are read and never answered. */
  stallPath?: RegExp;
  /** `forward`: the pace of every response body, in bytes a second (in slices of a tenth of a second). */
  bytesPerSecond?: number;
  /** `forward`: every response body stops after this many bytes, the connection left open. */
  stallAfterBytes?: number;
}

/**
 * A proxy that misbehaves, on 127.0.0.1 port 0, for HTTPS_PROXY/HTTP_PROXY (`close`, `stall`, `bare`) or as a
 * reverse proxy, a base URL in front of a test server (`forward`). It counts the connections and the requests it
 * saw, so that a test can say "a handful, not thousands".
 */
export class FaultProxy {
  /** TCP connections accepted. */
  connections = 0;
  /** The request lines read (`CONNECT host:port HTTP/1.1`, `GET /public/v3/… HTTP/1.1`). */
  readonly requests: string[] = [];
  url = '';
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly options: FaultProxyOptions) {}

  async start(): Promise<this> {
    const { fault } = this.options;
    if (fault === 'bare') {
      const server = http.createServer((req, res) => {
        this.requests.push(`${req.method} ${req.url}`);
        res.writeHead(404).end();
      });
      this.server = server; // no 'connect' listener: Node then closes a CONNECT's connection
    } else if (fault === 'forward') {
      this.server = http.createServer((req, res) => this.forward(req, res));
    } else {
      this.server = net.createServer((socket) => this.raw(socket));
    }
    this.server.on('connection', (socket: net.Socket) => {
      this.connections++;
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** `close` and `stall`: the request's head is read, then the connection is closed or left open forever. */
  private raw(socket: net.Socket): void {
    let head = '';
    const onData = (chunk: Buffer): void => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      this.requests.push(head.split('\r\n')[0]!);
      socket.off('data', onData);
      if (this.options.fault === 'close') socket.destroy();
      else socket.resume(); // stall: read what comes, answer nothing
    };
    socket.on('data', onData);
  }

  private forward(req: http.IncomingMessage, res: http.ServerResponse): void {
    this.requests.push(`${req.method} ${req.url}`);
    if (this.options.stallPath?.test(req.url ?? '')) {
      req.resume();
      return;
    }
    const upstream = new URL(this.options.upstream!);
    const outgoing = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        const { stallAfterBytes } = this.options;
        if (stallAfterBytes !== undefined) {
          let sent = 0;
          answer.on('data', (chunk: Buffer) => {
            const room = stallAfterBytes - sent;
            if (room > 0) res.write(chunk.subarray(0, room));
            sent += chunk.length;
          });
          return;
        }
        if (this.options.bytesPerSecond === undefined) {
          answer.pipe(res);
          return;
        }
        this.throttle(answer, res, this.options.bytesPerSecond);
      },
    );
    outgoing.on('error', () => res.destroy());
    res.on('close', () => outgoing.destroy());
    req.pipe(outgoing);
  }

  /** Sends the body a tenth of a second's share at a time. */
  private throttle(from: http.IncomingMessage, to: http.ServerResponse, bytesPerSecond: number): void {
    const slice = Math.max(1, Math.round(bytesPerSecond / 10));
    let pending = Buffer.alloc(0);
    let ended = false;
    from.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      if (pending.length > slice * 20) from.pause();
    });
    from.on('end', () => (ended = true));
    const tick = (): void => {
      if (to.destroyed) return;
      if (pending.length > 0) {
        to.write(pending.subarray(0, slice));
        pending = pending.subarray(slice);
        if (pending.length <= slice * 20) from.resume();
      }
      if (ended && pending.length === 0) {
        to.end();
        return;
      }
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        tick();
      }, 100);
      this.timers.add(timer);
    };
    tick();
  }
}
