import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import net from 'node:net';

export interface ProxyRecord {
  method: string;
  /** The CONNECT target (`host:port`) or the absolute URL of a forwarded request. */
  target: string;
  headers: http.IncomingHttpHeaders;
}

/**
 * A small forward proxy on 127.0.0.1 for the tests: it answers CONNECT by opening a tunnel, records what it
 * saw (and every byte the client sent through a tunnel), can demand credentials or refuse. It "resolves"
 * `ws-test.example`, 0.0.0.0 and the loopback names to 127.0.0.1 and refuses every other host with 502, so no test
 * traffic leaves this machine.
 */
export class TestProxy {
  readonly seen: ProxyRecord[] = [];
  /** What clients sent inside tunnels: TLS records for https, so an API key must never show up here. */
  tunnelled = '';
  /** `user:password` the proxy demands in Proxy-Authorization (Basic), or undefined for none. */
  credentials: string | undefined;
  /** A status to answer every CONNECT with instead of opening the tunnel. */
  refuseWith: number | undefined;
  url = '';
  private server: http.Server | undefined;
  private readonly sockets = new Set<net.Socket>();

  /** With `tls`, an https:// proxy (the client speaks TLS to the proxy, then through the tunnel). */
  async start(tls?: { key: string; cert: string }): Promise<this> {
    const listener = (req: http.IncomingMessage, res: http.ServerResponse) => {
      this.seen.push({ method: req.method ?? '', target: req.url ?? '', headers: req.headers });
      res.writeHead(502).end('this test proxy only tunnels');
    };
    this.server = tls ? https.createServer(tls, listener) : http.createServer(listener);
    this.server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => this.tunnel(req, client, head));
    this.server.on(tls ? 'secureConnection' : 'connection', (socket: net.Socket) => this.track(socket));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `${tls ? 'https://localhost' : 'http://127.0.0.1'}:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  reset(): void {
    this.seen.length = 0;
    this.tunnelled = '';
    this.credentials = undefined;
    this.refuseWith = undefined;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private track(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
  }

  private tunnel(req: http.IncomingMessage, client: net.Socket, head: Buffer): void {
    this.seen.push({ method: 'CONNECT', target: req.url ?? '', headers: req.headers });
    client.on('error', () => {});
    const answer = (status: number, extra = ''): void => {
      client.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${extra}Content-Length: 0\r\n\r\n`);
    };
    if (this.credentials !== undefined) {
      const expected = `Basic ${Buffer.from(this.credentials).toString('base64')}`;
      if (req.headers['proxy-authorization'] !== expected) {
        answer(407, 'Proxy-Authenticate: Basic realm="test"\r\n');
        return;
      }
    }
    if (this.refuseWith !== undefined) {
      answer(this.refuseWith);
      return;
    }
    const match = /^(ws-test\.example|localhost|127\.0\.0\.1|0\.0\.0\.0):(\d+)$/.exec(req.url ?? '');
    if (!match) {
      answer(502);
      return;
    }
    const upstream = net.connect(Number(match[2]), '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      this.tunnelled += head.toString('latin1');
      if (head.length > 0) upstream.write(head);
      client.on('data', (chunk: Buffer) => (this.tunnelled += chunk.toString('latin1')));
      client.pipe(upstream);
      upstream.pipe(client);
    });
    this.track(upstream);
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
  }
}
