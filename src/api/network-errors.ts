/**
 * What a request that failed below HTTP says: one line, a hint and a stable `code` for each way a connection, a
 * proxy or TLS can fail; never the proxy's credentials. Loaded only when a request failed so.
 */
import { WsError, type ErrorCode } from '../errors.js';
import { shellCommand } from '../shell.js';
import { portOf, routeFor, type Proxy as ProxyRoute } from './network.js';
import { connectTimeoutMs, tunnelClosedCode, tunnelTimeoutCode } from './transport.js';

type Env = Record<string, string | undefined>;

/** Certificate verification codes that mean "no trusted root": the system store may still know it. */
const untrustedCodes = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_UNTRUSTED',
]);

export function isUntrustedCertificate(code: string | undefined): boolean {
  return code !== undefined && untrustedCodes.has(code);
}

const caHint = (command: (...words: string[]) => string) =>
  `if your network uses a private certificate authority, trust it with \`${command('config', 'set', 'ca-file', '/path/to/ca.pem')}\` (or WS_CA_FILE, or NODE_EXTRA_CA_CERTS); ws never turns verification off`;

export interface FailureContext {
  label: string;
  target: URL;
  env: Env;
  /** A ws command for the person to run, with the options of the command line (HttpClient's hints); bare by default. */
  command?: (...words: string[]) => string;
}

/** OpenSSL's reasons for an answer that is not TLS, by the codes undici reports them with. */
const notTlsReasons: [RegExp, string][] = [
  [/wrong version number/i, 'ERR_SSL_WRONG_VERSION_NUMBER'],
  [/packet length too long/i, 'ERR_SSL_PACKET_LENGTH_TOO_LONG'],
  [/http request/i, 'ERR_SSL_HTTP_REQUEST'],
];

/** node:https reports an answer that is not TLS as EPROTO, with OpenSSL's reason in the message only. */
function notTlsCode(err: NodeJS.ErrnoException): string | undefined {
  if (err.code !== 'EPROTO') return undefined;
  return notTlsReasons.find(([reason]) => reason.test(err.message ?? ''))?.[1];
}

/** What the wording of one failure needs: the error, its code, the proxy it went through, and how to fail. */
interface Failure {
  err: NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException; reason?: string; cert?: { subjectaltname?: string } };
  code: string | undefined;
  /** ` (CODE)`, or nothing without a code */
  why: string;
  target: URL;
  proxy: ProxyRoute | undefined;
  command: (...words: string[]) => string;
  fail: (kind: ErrorCode, message: string, hint: string) => WsError;
}

/** One line and a hint for a request that failed below HTTP, with a stable `code`; never the proxy's credentials. */
export function describeNetworkError(error: unknown, context: FailureContext): WsError {
  const err = error as Failure['err'];
  const code = notTlsCode(err) ?? (err.cause?.code && (err.code === 'UND_ERR_PRX_TLS' || err.code === undefined) ? err.cause.code : err.code);
  let proxy: ProxyRoute | undefined;
  try {
    proxy = routeFor(context.target, context.env).proxy;
  } catch {
    proxy = undefined;
  }
  const failure: Failure = {
    err,
    code,
    why: code ? ` (${code})` : '',
    target: context.target,
    proxy,
    command: context.command ?? ((...words: string[]) => shellCommand('ws', ...words)),
    fail: (kind, message, hint) => new WsError('api', `${context.label}: ${message}`, { code: kind, hint }),
  };
  return proxyFailure(failure) ?? tlsFailure(failure) ?? reachFailure(failure);
}

/** A proxy that refused the tunnel, asked for credentials, closed it or did not answer its CONNECT. */
function proxyFailure({ err, code, target, proxy, fail }: Failure): WsError | undefined {
  if (!proxy) return undefined;
  const hostname = target.hostname;
  const tunnel = /Proxy response \((\d{3})\)/.exec(err.message ?? '');
  if (tunnel) {
    const status = Number(tunnel[1]);
    if (status === 407) {
      return fail(
        'proxy_auth_required',
        proxy.token
          ? `the proxy ${proxy.display} did not accept the credentials in ${proxy.variable} (HTTP 407)`
          : `the proxy ${proxy.display} asks for credentials (HTTP 407)`,
        `credentials go in the proxy URL: ${proxy.variable}=http://user:password@host:port (percent-encode special characters, e.g. @ as %40)`,
      );
    }
    return fail(
      'proxy_refused',
      `the proxy ${proxy.display} (from ${proxy.variable}) refused to connect to ${hostname}:${portOf(target)} (HTTP ${status})`,
      `ask whoever runs the proxy to allow ${hostname}, or, if it can be reached directly, add it to NO_PROXY`,
    );
  }
  if (code !== tunnelClosedCode && code !== tunnelTimeoutCode) return undefined;
  const place = `${hostname}:${portOf(target)}`;
  return code === tunnelClosedCode
    ? fail(
        'proxy_refused',
        `the proxy ${proxy.display} (from ${proxy.variable}) closed the connection instead of answering CONNECT to ${place}`,
        `the proxy may not allow ${hostname} or not speak CONNECT: ask whoever runs it, or, if ${hostname} can be reached directly, add it to NO_PROXY`,
      )
    : fail(
        'connect_timeout',
        `the proxy ${proxy.display} (from ${proxy.variable}) did not answer CONNECT to ${place} in ${connectTimeoutMs / 1000} s`,
        `check ${proxy.variable}, or add ${hostname} to NO_PROXY if it can be reached directly`,
      );
}

/** A TLS handshake that failed: a certificate expired, for another name, not trusted, or an answer that is not TLS. */
function tlsFailure({ err, code, why, target, proxy, command, fail }: Failure): WsError | undefined {
  const hostname = target.hostname;
  // through an https:// proxy, a certificate error may come from either handshake
  const certOf = proxy?.display.startsWith('https:') ? `${hostname} or of the proxy ${proxy.display}` : hostname;
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') {
    const state = code === 'CERT_HAS_EXPIRED' ? 'has expired' : 'is not valid yet';
    return fail(
      'certificate_expired',
      `the TLS certificate of ${certOf} ${state}${why}`,
      "the server's certificate must be renewed; if it looks current, check this machine's clock",
    );
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    const names = err.cert?.subjectaltname ?? /altnames: (.*)$/.exec(err.reason ?? '')?.[1];
    return fail(
      'certificate_host_mismatch',
      err.code === 'UND_ERR_PRX_TLS' && proxy
        ? `the TLS certificate of the proxy ${proxy.display} does not match its host name${why}`
        : `the TLS certificate of ${hostname} does not match that host name${why}`,
      `${names ? `it was issued for ${names}; ` : ''}use a base URL with a host name the certificate names`,
    );
  }
  if (isUntrustedCertificate(code)) {
    return fail('certificate_untrusted', `the TLS certificate of ${certOf} is not trusted${why}`, caHint(command));
  }
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || code === 'ERR_SSL_PACKET_LENGTH_TOO_LONG' || code === 'ERR_SSL_HTTP_REQUEST') {
    // the answer to the TLS hello was not TLS: a plain-HTTP server (the emulator, a local proxy) on that port
    const place = err.code === 'UND_ERR_PRX_TLS' && proxy ? `the proxy ${proxy.display}` : target.host;
    return fail(
      'connection_failed',
      `${place} does not speak TLS: the https:// request got an answer that is not TLS, as from a plain http:// server${why}`,
      `if that server speaks plain HTTP (as \`ws emulator\` does), use http:// in the URL; otherwise use the port where it takes https`,
    );
  }
  if (code !== undefined && /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|INVALID_CA|X509_)/.test(code)) {
    return fail('certificate_invalid', `the TLS connection to ${certOf} failed verification${why}`, caHint(command));
  }
  return undefined;
}

/** A host that could not be reached: the proxy, a name that does not resolve, a refused or timed-out connection. */
function reachFailure({ err, code, why, target, proxy, command, fail }: Failure): WsError {
  const { host, hostname } = target;
  const status = `\`${command('auth', 'status')}\``;
  const unreachable = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
  if (proxy && code !== undefined && unreachable.has(code)) {
    return fail(
      'proxy_unreachable',
      `cannot reach the proxy ${proxy.display} (from ${proxy.variable})${why}`,
      `check ${proxy.variable}, or add ${hostname} to NO_PROXY if it can be reached directly`,
    );
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return fail(
      'host_not_found',
      `cannot resolve the host name ${hostname}${why}`,
      `check the base URL (${status}); where only a proxy resolves names, set HTTPS_PROXY`,
    );
  }
  if (code === 'ECONNREFUSED') {
    return fail('connection_refused', `cannot reach ${host}: the connection was refused${why}`, `nothing is listening there: check the base URL (${status})`);
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') {
    return fail(
      'connect_timeout',
      `cannot reach ${host}: connecting timed out${why}`,
      'check your network connection; where direct traffic is dropped, set HTTPS_PROXY',
    );
  }
  return fail(
    'connection_failed',
    `cannot reach ${host}: ${err.message || code || 'connection failed'}${code && !(err.message ?? '').includes(code) ? why : ''}`,
    `check the base URL (${status}) and your network connection`,
  );
}
