/**
 * The local Workspace API v3 emulator, started in-process, for end-to-end tests that spawn bin/ws
 * against it. The emulator records every API request and takes scripted faults on its control
 * endpoint (/__emulator): tests read both through plain HTTP, never through src/api.
 */
import { execa, type Options, type ResultPromise } from 'execa';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/emulator.js';
import { demoIds } from '../../src/emulator/seed.js';
import { tempConfigDir, wsCommand } from './ws.js';
import { request } from '../emulator/helpers.js';
import { contractCheck } from './contract-check.js';

export { demoIds };

export const emulatorKey = 'wsk_emulator_demo';

/** One API request as the emulator logged it: the path is below /public/v3, the query string keeps its `?`. */
export interface SeenRequest {
  method: string;
  path: string;
  query: string;
  status: number;
  at: string;
}

/**
 * A fault for the next `times` requests whose path (below /public/v3) matches the pattern: literal text,
 * `*` for any characters within one segment, `^` and `$` anchors, e.g. "^/queries$".
 */
export interface FaultSpec {
  path: string;
  method?: string;
  status?: number;
  retryAfter?: number;
  reset?: boolean;
  times?: number;
}

export interface TestEmulator {
  emulator: RunningEmulator;
  /** e.g. http://127.0.0.1:41234/public/v3 */
  baseUrl: string;
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** The environment for `ws()`: WS_BASE_URL and WS_API_KEY. */
  env: { WS_BASE_URL: string; WS_API_KEY: string };
  /** Every API request the emulator has seen since the last clearRequests(), oldest first. */
  requests(): Promise<SeenRequest[]>;
  clearRequests(): Promise<void>;
  /** Scripts a fault through POST /__emulator/faults. */
  fault(spec: FaultSpec): Promise<void>;
  /** A request to the API itself with the key, for ground truth that does not go through ws. */
  api(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }>;
  close(): Promise<void>;
}

/**
 * Starts an emulator on 127.0.0.1, port 0, demo data, fast runs (stepMs 5); any option may be overridden.
 * Every response it sends is checked against the API description; close() fails with what did not conform.
 */
export async function startTestEmulator(overrides: Partial<EmulatorOptions> = {}): Promise<TestEmulator> {
  const check = contractCheck();
  const emulator = await startEmulator({
    onResponse: check.onResponse,
    port: 0,
    host: '127.0.0.1',
    apiKeys: [emulatorKey],
    seed: 'demo',
    latencyMs: 0,
    faultRate: 0,
    faultSeed: 1,
    stepMs: 5,
    ...overrides,
  });
  const origin = new URL(emulator.baseUrl).origin;
  const key = emulator.apiKeys[0]!;
  let closed = false;
  return {
    emulator,
    baseUrl: emulator.baseUrl,
    origin,
    env: { WS_BASE_URL: emulator.baseUrl, WS_API_KEY: key },
    async requests() {
      const { status, json } = await request(origin, 'GET', '/__emulator/requests', {}, key);
      if (status !== 200) throw new Error(`GET /__emulator/requests: ${status}`);
      return json.requests as SeenRequest[];
    },
    async clearRequests() {
      const { status } = await request(origin, 'DELETE', '/__emulator/requests', {}, key);
      if (status !== 200) throw new Error(`DELETE /__emulator/requests: ${status}`);
    },
    async fault(spec) {
      const { status, json } = await request(origin, 'POST', '/__emulator/faults', { body: { times: 1, ...spec } }, key);
      if (status !== 201) throw new Error(`POST /__emulator/faults: ${status} ${JSON.stringify(json)}`);
    },
    async api(method, path, body) {
      const { status, json } = await request(emulator.baseUrl, method, path, body === undefined ? {} : { body }, key);
      return { status, json: json as any };
    },
    async close() {
      if (closed) return;
      closed = true;
      await emulator.close();
      check.assert();
    },
  };
}

/** `METHOD path` of each request, e.g. "GET /queries", for compact assertions. */
export function routes(requests: SeenRequest[]): string[] {
  return requests.map((r) => `${r.method} ${r.path}`);
}

/**
 * Starts bin/ws without waiting for it, with the same environment rules as `ws()`: built from scratch,
 * PATH plus a private config folder plus what the test gives. For tests that signal it mid-run.
 */
export function spawnWs(args: string[], env: Record<string, string | undefined> = {}, options: Options = {}): ResultPromise {
  const [command, commandArgs] = wsCommand(args);
  return execa(command, commandArgs, {
    env: { PATH: process.env.PATH, WS_CONFIG_DIR: env.WS_CONFIG_DIR ?? tempConfigDir(), ...env },
    extendEnv: false,
    reject: false,
    timeout: 20_000,
    stdin: 'ignore',
    stripFinalNewline: false,
    ...options,
  }) as ResultPromise;
}

/** Resolves with the first match of `pattern` in what the stream has written so far; bounded by timeoutMs. */
export function waitForOutput(stream: NodeJS.ReadableStream | null, pattern: RegExp, timeoutMs = 10_000): Promise<RegExpMatchArray> {
  if (!stream) return Promise.reject(new Error('waitForOutput: no stream (was it piped?)'));
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer | string) => {
      seen += String(chunk);
      const match = seen.match(pattern);
      if (match) {
        done();
        resolve(match);
      }
    };
    const onEnd = () => {
      done();
      reject(new Error(`waitForOutput: the stream ended without ${pattern}; it said: ${JSON.stringify(seen)}`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`waitForOutput: no ${pattern} within ${timeoutMs} ms; it said: ${JSON.stringify(seen)}`));
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      stream.off('data', onData);
      stream.off('end', onEnd);
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
  });
}

/**
 * Bounded polling: calls `fn` until it returns something other than undefined, null or false, at most
 * until timeoutMs has passed. Throws with the last value otherwise.
 */
export async function pollUntil<T>(fn: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 10_000, intervalMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    last = await fn();
    if (last !== undefined && last !== null && last !== false) return last as T;
    if (Date.now() >= deadline) throw new Error(`pollUntil (${what}): gave up after ${timeoutMs} ms; last value: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
