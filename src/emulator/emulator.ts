import { createHash } from 'node:crypto';
import { Engine } from './engine.js';
import { Faults } from './faults.js';
import { Router, type Organization } from './http.js';
import { agentSkillSessionRoutes } from './routes/agents-skills-sessions.js';
import { automationRoutes } from './routes/automations.js';
import { queryRoutes } from './routes/queries.js';
import { Runs } from './runs.js';
import { demoIds, seedDemo } from './seed.js';
import { apiPrefix, EmulatorServer } from './server.js';
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
}

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

/** Starts the whole Workspace API v3 on loopback; resolves once it accepts requests. */
export async function startEmulator(options: EmulatorOptions): Promise<RunningEmulator> {
  const engine = await Engine.open(options.dataDir);
  const store = new Store(engine);
  await store.load();
  const now = () => new Date().toISOString();
  const runs = new Runs(store, engine, options.stepMs, now);
  const organizations = organizationsFor(options.apiKeys);
  if (store.isEmpty() && options.seed === 'demo') {
    await seedDemo(engine, store, { id: demoIds.organization, slug: demoOrganizationSlug, userId: demoIds.user });
  } else {
    await runs.failUnfinished();
  }
  const world: World = { store, engine, runs, now };
  const router = new Router();
  queryRoutes(router, world);
  automationRoutes(router, world);
  agentSkillSessionRoutes(router, world);
  const server = new EmulatorServer({ router, organizations, faults: new Faults(options.faultRate, options.faultSeed), latencyMs: options.latencyMs });
  let address;
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
    async close() {
      runs.close();
      await server.close();
      await engine.close();
    },
  };
}
