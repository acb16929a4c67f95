import type { Agent, Dispatcher, ProxyAgent } from 'undici';

/** The parts of undici that one request needs. */
export interface Undici {
  Agent: typeof Agent;
  request(dispatcher: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
}

let loading: Promise<Undici> | undefined;

/**
 * Loads undici's Agent and its request API, not its index: the index also builds fetch, WebSocket,
 * caches, mocks and interceptors, which costs more than the request itself on a CLI's first call.
 * These files are CommonJS: their export is `default`, both from Node and from the bundle.
 */
export function loadUndici(): Promise<Undici> {
  // (on Node 20, bin/ws.js has set V8's tiering budget for undici's WebAssembly parser before anything was compiled)
  loading ??= Promise.all([import('undici/lib/dispatcher/agent.js'), import('undici/lib/api/api-request.js')])
    .then(([agent, api]) => ({
      Agent: agent.default,
      request: (dispatcher, options) => api.default.call(dispatcher, options),
    }));
  return loading;
}

/** undici's ProxyAgent, loaded only when a proxy variable is set (it shares the files loadUndici reads). */
export async function loadProxyAgent(): Promise<typeof ProxyAgent> {
  await loadUndici();
  const [proxyAgent, dispatcher, connect] = await Promise.all([
    import('undici/lib/dispatcher/proxy-agent.js'),
    import('undici/lib/dispatcher/dispatcher.js'),
    import('undici/lib/api/api-connect.js'),
  ]);
  // undici's index gives every dispatcher its API methods; the proxy's CONNECT tunnel needs connect()
  const prototype = dispatcher.default.prototype as { connect?: unknown };
  prototype.connect ??= connect.default;
  return proxyAgent.default;
}
