/**
 * How one request travels. Without a proxy or a CA file: Node's own node:http and node:https, which come with
 * Node and cost nothing to load (`npm run bench`: Node's global fetch added about 20 ms to every command that
 * calls the API, undici's index about 30). With one: undici's public index (dist/vendor/undici.cjs), loaded then.
 */
import type { ClientRequest, Agent as HttpAgent, IncomingMessage } from 'node:http';
import { urlToHttpOptions } from 'node:url';
import type * as UndiciModule from 'undici';
import type { Dispatcher } from 'undici';

export type Undici = typeof UndiciModule;

export interface Outgoing {
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  signal: AbortSignal;
}

/** A response whose body is still to be read (or destroyed). */
export interface Incoming {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: AsyncIterable<Buffer> & { destroy(): void };
}

export interface Transport {
  send(url: URL, request: Outgoing): Promise<Incoming>;
  /** The proxy requests go through, for messages: its origin (never with credentials) and its variable. */
  proxy?: string;
  /** Closes idle keep-alive connections at once, rather than politely. */
  close(): Promise<void>;
}

let undici: Promise<Undici> | undefined;

export function loadUndici(): Promise<Undici> {
  undici ??= import('undici');
  return undici;
}

/** As long as undici waits for a connection (with its TLS handshake) before giving up: nothing was sent yet. */
export const connectTimeoutMs = 10_000;

/** The codes of a CONNECT through a proxy that failed (network.ts): nothing was sent to the server yet. */
export const tunnelClosedCode = 'WS_PROXY_TUNNEL_CLOSED';
export const tunnelTimeoutCode = 'WS_PROXY_TUNNEL_TIMEOUT';

/** The error undici gives then: src/api/http.ts retries it and network.ts explains it by this code. */
function connectTimeout(): Error {
  return Object.assign(new Error(`connecting timed out after ${connectTimeoutMs / 1000} s`), { code: 'UND_ERR_CONNECT_TIMEOUT' });
}

/** node:http and node:https with keep-alive (an export's pages reuse connections); idle sockets do not keep ws running. */
export function nodeTransport(keepAliveTimeout: number): Transport {
  const agents = new Map<string, HttpAgent>();
  return {
    async send(url, request) {
      const http = url.protocol === 'https:' ? await import('node:https') : await import('node:http');
      let agent = agents.get(url.protocol);
      if (!agent) {
        agent = new http.Agent({ keepAlive: true, timeout: keepAliveTimeout });
        agents.set(url.protocol, agent);
      }
      // a body always with its length: chunked encoding is what some servers and proxies refuse
      const length = request.body !== undefined ? Buffer.byteLength(request.body) : request.method === 'GET' || request.method === 'DELETE' ? undefined : 0;
      const expecting = length !== undefined && length > expectContinueBytes;
      const headers =
        length === undefined ? request.headers : { ...request.headers, 'content-length': String(length), ...(expecting ? { expect: '100-continue' } : {}) };
      // never the URL's user:password as a Basic header (undici sent by origin and path only, and so does ws)
      const { auth: _auth, ...target } = urlToHttpOptions(url);
      return new Promise((resolve, reject) => {
        let answered = false;
        const outgoing = http.request({ ...target, method: request.method, headers, agent, signal: request.signal }, (response) => {
          answered = true;
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: response });
        });
        // `on`, not `once`: a socket may fail again after the response began (the body then fails too)
        outgoing.on('error', reject);
        outgoing.on('socket', (socket) => {
          if (!socket.connecting) return; // a kept-alive connection
          const timer = setTimeout(() => outgoing.destroy(connectTimeout()), connectTimeoutMs);
          socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => clearTimeout(timer));
          socket.once('close', () => clearTimeout(timer));
        });
        writeBody(outgoing, request.body, expecting, () => answered);
      });
    },
    async close() {
      for (const agent of agents.values()) agent.destroy();
    },
  };
}

/** Bodies longer than this wait for the server's word before they go (`Expect: 100-continue`, as curl past 1 MiB). */
const expectContinueBytes = 1024 * 1024;
/** How long ws waits for that word before it sends the body all the same (a server that ignores Expect). */
const continueWaitMs = 1000;

/**
 * Writes the body and ends the request. A server that refuses a body for its size (413) answers before reading it
 * and closes the connection: written at once, the body would fail on that close (EPIPE) before the answer could be
 * read, and a write would look as if it may have happened. So a long body waits for 100 Continue, and is never sent
 * when the answer comes first.
 */
function writeBody(outgoing: ClientRequest, body: string | undefined, expecting: boolean, answered: () => boolean): void {
  if (!expecting) {
    outgoing.end(body);
    return;
  }
  let sent = false;
  const send = (): void => {
    clearTimeout(timer);
    if (sent || answered() || outgoing.destroyed) return;
    sent = true;
    outgoing.end(body);
  };
  const timer = setTimeout(send, continueWaitMs);
  outgoing.once('continue', send);
  outgoing.once('close', () => clearTimeout(timer));
  outgoing.once('response', (response: IncomingMessage) => {
    clearTimeout(timer);
    // answered before the body went: the request ends with its answer, not with a body nobody reads
    if (!sent) response.once('end', () => outgoing.destroy());
  });
}

/** A promise rejected with the signal's reason when it aborts; never settled otherwise. */
function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/** undici's request API through a dispatcher of its own (a proxy agent, or an agent with more trusted roots). */
export function undiciTransport(dispatcher: Dispatcher, proxy?: string): Transport {
  return {
    ...(proxy ? { proxy } : {}),
    async send(url, request) {
      const pending = dispatcher.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: request.method as Dispatcher.HttpMethod,
        headers: request.headers,
        body: request.body,
        signal: request.signal,
      });
      // undici leaves a request waiting for its connection (a proxy's CONNECT) deaf to its signal: the caller hears
      // the abort at once, and the request fails later, when that connection does or the dispatcher is destroyed
      pending.catch(() => {});
      const response = await Promise.race([pending, aborted(request.signal)]);
      return { status: response.statusCode, headers: response.headers, body: response.body as Incoming['body'] };
    },
    async close() {
      await dispatcher.destroy();
    },
  };
}
