import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Engine } from './engine.js';
import { Faults } from './faults.js';
import { Router, type Organization } from './router.js';
import { agentSkillSessionRoutes } from './routes/agents-skills-sessions.js';
import { automationRoutes } from './routes/automations.js';
import { queryRoutes } from './routes/queries.js';
import { Runs } from './runs.js';
import { demoIds, demoTables, seedDemo } from './seed.js';
import { apiPrefix, EmulatorServer, type SentResponse } from './server.js';
import { Store } from './store.js';
import type { World } from './world.js';

export const defaultApiKey = 'wsk_emulator_demo';
export const demoOrganizationSlug = 'demo';

export interface EmulatorOptions {
  port: number;
  host: string;
  dataDir?: string;
  /** `KEY` (the demo organization) or `KEY:ORG` (an organization of that name). */
  apiKeys: string[];
  seed: 'demo' | 'none';
  latencyMs: number;
  faultRate: number;
  faultSeed: number;
  /** How long each run state lasts at least. */
  stepMs: number;
  /** The limits below default to emulatorLimits. Largest request body accepted (413 beyond). */
  maxBodyBytes?: number;
  /** A run whose SQL takes longer is interrupted and fails. */
  runTimeoutMs?: number;
  /** Memory of each organization's SQL engine (DuckDB's memory_limit). */
  memoryLimitBytes?: number;
  /** Threads of each organization's SQL engine. */
  threads?: number;
  /** Largest result a run may keep, measured as its rows in JSON. */
  maxResultBytes?: number;
  /**
   * The time zone of every SQL session (DuckDB's TimeZone): TIMESTAMPTZ values and their casts to DATE are the same
   * on every machine. Default UTC, whatever the machine's TZ.
   */
  timeZone?: string;
  /** Host names served besides loopback and localhost, on any port (--allow-host). */
  allowHosts?: string[];
  /** Time a client has to send its request headers, and its whole request. */
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  /** Told of every API response right before it is sent (tests check them against the API description). */
  onResponse?: (response: SentResponse) => void;
}

const MiB = 1024 * 1024;

/** The defaults of the limits: generous for development and tests, small enough for a laptop. */
export const emulatorLimits = {
  maxBodyBytes: MiB,
  runTimeoutMs: 60_000,
  memoryLimitBytes: 1024 * MiB,
  threads: 2,
  maxResultBytes: 100 * MiB,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
} as const;

export interface RunningEmulator {
  baseUrl: string;
  apiKeys: string[];
  organizations: Map<string, Organization>;
  close(): Promise<void>;
}

/** A stable UUID from a name, so an organization keeps its id across restarts with --data-dir. */
function nameUuid(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function organizationsFor(apiKeys: string[]): Map<string, Organization> {
  const organizations = new Map<string, Organization>();
  for (const spec of apiKeys) {
    const separator = spec.indexOf(':');
    const key = separator < 0 ? spec : spec.slice(0, separator);
    const slug = separator < 0 ? demoOrganizationSlug : spec.slice(separator + 1);
    const organization =
      slug === demoOrganizationSlug
        ? { id: demoIds.organization, slug, userId: demoIds.user }
        : { id: nameUuid(`organization:${slug}`), slug, userId: nameUuid(`user:${slug}`) };
    organizations.set(key, organization);
  }
  return organizations;
}

function definedLimits(options: EmulatorOptions): Partial<typeof emulatorLimits> {
  const { maxBodyBytes, runTimeoutMs, memoryLimitBytes, threads, maxResultBytes, headersTimeoutMs, requestTimeoutMs } = options;
  const given = { maxBodyBytes, runTimeoutMs, memoryLimitBytes, threads, maxResultBytes, headersTimeoutMs, requestTimeoutMs };
  return Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
}

/** Starts the whole Workspace API v3 on loopback; resolves once it accepts requests. */
export async function startEmulator(options: EmulatorOptions): Promise<RunningEmulator> {
  const limits = { ...emulatorLimits, ...definedLimits(options) };
  const engine = await Engine.open(
    options.dataDir,
    { memoryBytes: limits.memoryLimitBytes, threads: limits.threads, runTimeoutMs: limits.runTimeoutMs, maxResultBytes: limits.maxResultBytes },
    options.seed === 'demo' ? demoTables : undefined,
    options.timeZone ?? 'UTC',
  );
  const store = new Store(engine);
  await store.load();
  const now = () => new Date().toISOString();
  const runs = new Runs(store, engine, options.stepMs, now);
  const organizations = organizationsFor(options.apiKeys);
  if (store.isEmpty() && options.seed === 'demo') {
    await seedDemo(store, { id: demoIds.organization, slug: demoOrganizationSlug, userId: demoIds.user });
  } else {
    await runs.failUnfinished();
  }
  const world: World = { store, engine, runs, now };
  const router = new Router();
  queryRoutes(router, world);
  automationRoutes(router, world);
  agentSkillSessionRoutes(router, world);
  const server = new EmulatorServer({
    router,
    onResponse: options.onResponse,
    organizations,
    faults: new Faults(options.faultRate, options.faultSeed),
    latencyMs: options.latencyMs,
    maxBodyBytes: limits.maxBodyBytes,
    headersTimeoutMs: limits.headersTimeoutMs,
    requestTimeoutMs: limits.requestTimeoutMs,
    ...(options.allowHosts ? { allowHosts: options.allowHosts } : {}),
  });
  let address: AddressInfo;
  try {
    address = await server.listen(options.port, options.host);
  } catch (error) {
    await engine.close();
    throw error;
  }
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    baseUrl: `http://${host}:${address.port}${apiPrefix}`,
    apiKeys: [...organizations.keys()],
    organizations,
    // Stop taking requests, stop the runs (interrupting their SQL), then close the databases: each step is
    // bounded, so a running query never holds up a stop.
    async close() {
      await server.close();
      await runs.close();
      await engine.close();
    },
  };
}
