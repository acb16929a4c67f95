/**
 * Proxies and certificate authorities, loaded only when a proxy variable or a CA file is set (or a
 * certificate was not trusted): a plain run never pays for this module.
 */
import fs from 'node:fs';
import net from 'node:net';
import tls from 'node:tls';
import type { Dispatcher } from 'undici';
import { WsError } from '../errors.js';
import { isLoopback } from './loopback.js';
import { connectTimeoutMs, tunnelClosedCode, tunnelTimeoutCode, type Undici } from './transport.js';

type Env = Record<string, string | undefined>;

/** Where a CA file came from, for messages: `WS_CA_FILE` or `ca-file in profile "ci"`. */
export interface CaFile {
  path: string;
  from: string;
}

export interface Proxy {
  /** The proxy's origin, never with credentials: safe to print. */
  display: string;
  variable: string;
  /** The URL handed to undici, without credentials (they travel as `token`). */
  uri: string;
  token: string | undefined;
}

/** Why a host goes direct although a proxy variable is set, for `ws auth status` and `--debug`. */
export interface Route {
  proxy: Proxy | undefined;
  bypass?: string;
}

/** curl's rule: the lowercase name wins, and an empty value counts as unset. */
function variable(env: Env, upper: string): { name: string; value: string } | undefined {
  const lower = upper.toLowerCase();
  if (env[lower]) return { name: lower, value: env[lower] };
  if (env[upper]) return { name: upper, value: env[upper] };
  return undefined;
}

/** A proxy URL as curl reads it: no scheme means http; the credentials are percent-decoded. */
export function parseProxy(name: string, value: string): Proxy {
  const bad = (why: string) =>
    new WsError('usage', `invalid proxy URL in ${name}: ${why}`, {
      code: 'proxy_url_invalid',
      hint: `expected for example ${name}=http://proxy.example.com:3128 (credentials as http://user:password@host:port, percent-encoded)`,
    });
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`);
  } catch {
    throw bad('not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw bad(`the scheme must be http or https, not ${url.protocol.slice(0, -1)}`);
  if (url.hostname === '') throw bad('no host');
  let token: string | undefined;
  if (url.username !== '' || url.password !== '') {
    try {
      token = `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`;
    } catch {
      throw bad('the credentials are not valid percent-encoding');
    }
  }
  return { display: url.origin, variable: name, uri: url.origin, token };
}

/** Whether NO_PROXY (curl's syntax: names, .domain and *.domain suffixes, host:port, IPs, CIDR, `*`) covers a host. */
export function noProxyMatches(noProxy: string, hostname: string, port: number): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  for (const raw of noProxy.split(/[\s,]+/)) {
    let entry = raw.trim().toLowerCase();
    if (entry === '') continue;
    if (entry === '*') return true;
    let entryPort: number | undefined;
    const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
    const withPort = /^([^:]+):(\d+)$/.exec(entry);
    if (bracketed) [entry, entryPort] = [bracketed[1]!, bracketed[2] === undefined ? undefined : Number(bracketed[2])];
    else if (withPort) [entry, entryPort] = [withPort[1]!, Number(withPort[2])];
    if (entryPort !== undefined && entryPort !== port) continue;
    const cidr = /^(.+)\/(\d{1,3})$/.exec(entry);
    if (cidr && net.isIP(cidr[1]!) && net.isIP(host)) {
      const list = new net.BlockList();
      const family = net.isIP(cidr[1]!) === 6 ? 'ipv6' : 'ipv4';
      try {
        list.addSubnet(cidr[1]!, Number(cidr[2]), family);
      } catch {
        continue; // a prefix longer than the address: matches nothing, as in curl
      }
      if (list.check(host, net.isIP(host) === 6 ? 'ipv6' : 'ipv4')) return true;
      continue;
    }
    const suffix = entry.replace(/^\*?\./, '').replace(/\.$/, '');
    if (suffix !== '' && (host === suffix || (!net.isIP(host) && host.endsWith(`.${suffix}`)))) return true;
  }
  return false;
}

export const portOf = (url: URL): number => Number(url.port) || (url.protocol === 'https:' ? 443 : 80);

/** Which proxy, if any, a request to `target` goes through. Throws a usage error for a malformed proxy URL. */
export function routeFor(target: URL, env: Env): Route {
  const found = target.protocol === 'https:' ? (variable(env, 'HTTPS_PROXY') ?? variable(env, 'HTTP_PROXY')) : variable(env, 'HTTP_PROXY');
  if (!found) return { proxy: undefined };
  // a host that goes direct never reads the proxy URL, so even a broken one cannot stop `ws emulator`
  if (isLoopback(target.hostname)) return { proxy: undefined, bypass: 'loopback addresses are never proxied' };
  const noProxy = variable(env, 'NO_PROXY');
  if (noProxy && noProxyMatches(noProxy.value, target.hostname, portOf(target)))
    return { proxy: undefined, bypass: `${noProxy.name} covers ${target.hostname}` };
  return { proxy: parseProxy(found.name, found.value) };
}

/** The names that make ws load this module; anything else keeps undici's plain Agent. */
export const networkVariables = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'] as const;

export function readCaFile(caFile: CaFile): string {
  const usage = (message: string, hint?: string) => new WsError('usage', message, { code: 'ca_file_invalid', ...(hint ? { hint } : {}) });
  let text: string;
  try {
    text = fs.readFileSync(caFile.path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw usage(
      `cannot read the CA file ${caFile.path} (from ${caFile.from}): ${reason}`,
      "give the path of a PEM file holding your certificate authority's certificate",
    );
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----')) {
    throw usage(`the CA file ${caFile.path} (from ${caFile.from}) holds no PEM certificate`, 'expected one or more -----BEGIN CERTIFICATE----- blocks');
  }
  try {
    tls.createSecureContext({ ca: text });
  } catch (error) {
    throw usage(`the CA file ${caFile.path} (from ${caFile.from}) is not valid: ${(error as Error).message}`);
  }
  return text;
}

/** Whether this Node.js can read the operating system's trust store (22.15 and later). */
export function canReadSystemStore(): boolean {
  return typeof (tls as { getCACertificates?: unknown }).getCACertificates === 'function';
}

/**
 * The roots to trust when ws must pass its own list (which replaces Node's): Node's defaults, with
 * NODE_EXTRA_CA_CERTS, then the system store and the CA file when asked for.
 */
function trustedRoots(caText: string | undefined, system: boolean, env: Env): string[] {
  const getCA = (tls as { getCACertificates?: (type: string) => string[] }).getCACertificates;
  const roots: string[] = [];
  if (getCA) {
    roots.push(...getCA('default'));
    if (system) roots.push(...getCA('system'));
  } else {
    roots.push(...tls.rootCertificates);
    // Node 20 reads NODE_EXTRA_CA_CERTS into its default store only, which a `ca` list replaces
    const extra = env.NODE_EXTRA_CA_CERTS;
    if (extra) {
      try {
        roots.push(fs.readFileSync(extra, 'utf8'));
      } catch {
        // Node has already warned about this file at start-up
      }
    }
  }
  if (caText !== undefined) roots.push(caText);
  return roots;
}

export interface DispatcherOptions {
  target: URL;
  env: Env;
  caFile: CaFile | undefined;
  /** Trust the operating system's store as well: after a certificate was not trusted. */
  system?: boolean;
  keepAliveTimeout: number;
  debug?: (line: string) => void;
}

/** undici's own Agent or ProxyAgent with the trust ws needs. Validates proxy URL and CA file first. */
export function createDispatcher(undici: Undici, options: DispatcherOptions): Dispatcher {
  const route = routeFor(options.target, options.env);
  const caText = options.caFile ? readCaFile(options.caFile) : undefined;
  const tlsOptions = caText !== undefined || options.system ? { ca: trustedRoots(caText, Boolean(options.system), options.env) } : {};
  if (route.proxy) {
    options.debug?.(`* through the proxy ${route.proxy.display} (from ${route.proxy.variable})`);
    return new undici.ProxyAgent({
      uri: route.proxy.uri,
      ...(route.proxy.token ? { token: route.proxy.token } : {}),
      keepAliveTimeout: options.keepAliveTimeout,
      requestTls: tlsOptions,
      proxyTls: tlsOptions,
      clientFactory: tunnelClients(undici),
    });
  }
  if (route.bypass) options.debug?.(`* no proxy: ${route.bypass}`);
  return new undici.Agent({ keepAliveTimeout: options.keepAliveTimeout, connect: tlsOptions });
}

/**
 * ProxyAgent's client to the proxy, with the CONNECT bounded: it fails after connectTimeoutMs, and a proxy that
 * closes the connection instead of answering fails it too. undici 7 takes that close (UND_ERR_SOCKET) for a
 * passing fault of a live connection and connects again at once, thousands of times a second (nodejs/undici#3897,
 * fixed in undici 8, which needs Node 22.19): any other code fails the waiting request, and ws retries it as a
 * request that was never sent, as often as WS_MAX_ATTEMPTS allows.
 */
function tunnelClients(undici: Undici): (origin: URL, options: object) => Dispatcher {
  class TunnelClient extends undici.Dispatcher {
    private readonly pool: Dispatcher;
    constructor(origin: URL, options: object) {
      super();
      this.pool = new undici.Pool(origin, options);
    }
    override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
      return this.pool.dispatch(options, handler);
    }
    override close(): Promise<void>;
    override close(callback: () => void): void;
    override close(callback?: () => void): Promise<void> | void {
      const closing = this.pool.close();
      if (!callback) return closing;
      void closing.then(callback);
    }
    override destroy(): Promise<void>;
    override destroy(err: Error | null): Promise<void>;
    override destroy(callback: () => void): void;
    override destroy(err: Error | null, callback: () => void): void;
    override destroy(err?: Error | null | (() => void), callback?: () => void): Promise<void> | void {
      const done = typeof err === 'function' ? err : callback;
      const destroying = this.pool.destroy(typeof err === 'function' ? null : (err ?? null));
      if (!done) return destroying;
      void destroying.then(done);
    }
    override async connect(options: Dispatcher.ConnectOptions): Promise<Dispatcher.ConnectData> {
      const deadline = AbortSignal.timeout(connectTimeoutMs);
      const signal = options.signal ? AbortSignal.any([options.signal as AbortSignal, deadline]) : deadline;
      try {
        return await this.pool.connect({ ...options, signal });
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (deadline.aborted) throw Object.assign(new Error(`no answer to CONNECT in ${connectTimeoutMs / 1000} s`), { code: tunnelTimeoutCode });
        if (code === 'UND_ERR_SOCKET')
          throw Object.assign(new Error('the proxy closed the connection instead of answering CONNECT'), { code: tunnelClosedCode });
        throw error;
      }
    }
  }
  return (origin, options) => new TunnelClient(origin, options);
}

/** The proxy a request to `baseUrl` would use, for `ws auth status`: never with credentials. */
export function proxyStatus(baseUrl: string | undefined, env: Env): { value: string | null; source: string | null; note?: string } {
  const set = networkVariables.some((name) => env[name]);
  if (!baseUrl || !set) return { value: null, source: null };
  try {
    const route = routeFor(new URL(baseUrl), env);
    if (route.proxy) return { value: route.proxy.display, source: `env ${route.proxy.variable}` };
    return { value: null, source: null, ...(route.bypass ? { note: route.bypass } : {}) };
  } catch (error) {
    return { value: null, source: null, note: (error as Error).message };
  }
}
