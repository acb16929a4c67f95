import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import type { BoundValue } from './sql-parameters.js';
import { Queue, RunStoppedError, Warehouse, type ResultColumn, type Row, type WarehouseLimits } from './warehouse.js';
import { WsError } from '../errors.js';

/** The peer dependency of package.json, pinned: a test checks that the two agree. */
const engineVersion = '@duckdb/node-api@1.5.6-r.1';
const enginePackage = '@duckdb/node-api';

export type { ResultColumn, Row };

/**
 * The DuckDB bindings run every statement on libuv's thread pool (4 threads): saved SQL may hold at most
 * three of them, so the emulator's own reads and writes always find one, and one organization at most two,
 * so that another organization's run always finds a place.
 */
const maxRunningQueries = 3;
const maxRunningQueriesPerOrganization = 2;

/** Waits for a free place among the running queries, within the limits above. */
class Slots {
  private readonly perOrganization = new Map<string, number>();
  private total = 0;
  private readonly waiting: { organizationId: string; grant: () => void }[] = [];

  async acquire(organizationId: string): Promise<() => void> {
    // a waiter's place is taken by the release that wakes it, so nobody can slip in between
    if (this.free(organizationId)) this.take(organizationId, 1);
    else await new Promise<void>((grant) => this.waiting.push({ organizationId, grant }));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.take(organizationId, -1);
      const next = this.waiting.findIndex((w) => this.free(w.organizationId));
      if (next < 0) return;
      const [waiter] = this.waiting.splice(next, 1);
      this.take(waiter!.organizationId, 1);
      waiter!.grant();
    };
  }

  private free(organizationId: string): boolean {
    return this.total < maxRunningQueries && (this.perOrganization.get(organizationId) ?? 0) < maxRunningQueriesPerOrganization;
  }

  private take(organizationId: string, n: number): void {
    this.total += n;
    this.perOrganization.set(organizationId, (this.perOrganization.get(organizationId) ?? 0) + n);
  }
}

/** Files under --data-dir are the owner's alone: new ones are created 0600 while the emulator runs. */
let privateUmaskUsers = 0;
let umaskBefore = 0;
function usePrivateUmask(): () => void {
  if (privateUmaskUsers++ === 0) umaskBefore = process.umask(0o077);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    if (--privateUmaskUsers === 0) process.umask(umaskBefore);
  };
}

/**
 * The emulator's engines. Its own state (schema `ws_state`) is in one DuckDB database that saved SQL
 * never reaches; each organization's SQL runs in a warehouse of its own (see Warehouse). Under
 * --data-dir: `workspace.duckdb` and `org-<organization id>.duckdb`; in memory without it.
 */
export class Engine {
  private readonly stateQueue = new Queue();
  private readonly warehouses = new Map<string, Promise<Warehouse>>();
  private readonly slots = new Slots();

  private constructor(
    private readonly duckdb: typeof import('@duckdb/node-api'),
    private readonly instance: DuckDBInstance,
    private readonly state: DuckDBConnection,
    private readonly dataDir: string | undefined,
    private readonly limits: WarehouseLimits,
    private readonly warehouseSetup: string | undefined,
    private readonly timeZone: string,
    private readonly restoreUmask: () => void,
  ) {}

  /** `warehouseSetup` runs once in each organization's new database (the demo tables); `timeZone` is every SQL session's. */
  static async open(dataDir: string | undefined, limits: WarehouseLimits, warehouseSetup: string | undefined, timeZone: string): Promise<Engine> {
    let duckdb: typeof import('@duckdb/node-api');
    try {
      duckdb = await import('@duckdb/node-api');
    } catch (error) {
      // An optional peer dependency: the CLI installs without its 70 MB, and `ws emulator` asks for it.
      if (
        ['ERR_MODULE_NOT_FOUND', 'MODULE_NOT_FOUND'].includes((error as NodeJS.ErrnoException).code ?? '') &&
        (error as Error).message.includes(`'${enginePackage}'`)
      ) {
        throw new WsError('api', `ws emulator needs its SQL engine, ${enginePackage}, which is not installed`, {
          hint: `install it next to ws: npm install -g ${engineVersion}`,
        });
      }
      throw new Error(`the emulator's SQL engine (${engineVersion}) cannot be loaded on this platform: ${(error as Error).message}`);
    }
    let file = ':memory:';
    let restoreUmask = (): void => {};
    if (dataDir) {
      restoreUmask = usePrivateUmask();
      fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      file = path.join(dataDir, 'workspace.duckdb');
      // files of an earlier emulator, made before it kept them private
      for (const name of fs.readdirSync(dataDir)) if (/\.duckdb(\.wal)?$/.test(name)) fs.chmodSync(path.join(dataDir, name), 0o600);
    }
    try {
      const instance = await duckdb.DuckDBInstance.create(file, { memory_limit: `${Math.floor(limits.memoryBytes / 1024)}KiB`, threads: '1' });
      const state = await instance.connect();
      await state.run(`
        CREATE SCHEMA IF NOT EXISTS ws_state;
        CREATE TABLE IF NOT EXISTS ws_state.resources (kind VARCHAR, id VARCHAR, data VARCHAR, PRIMARY KEY (kind, id));
        SET temp_directory = '';
        SET enable_external_access = false;
        SET lock_configuration = true;
      `);
      return new Engine(duckdb, instance, state, dataDir, limits, warehouseSetup, timeZone, restoreUmask);
    } catch (error) {
      restoreUmask();
      throw error;
    }
  }

  /** Every stored resource of a kind, as saved. */
  loadAll(kind: string): Promise<unknown[]> {
    return this.stateQueue.run(async () => {
      const result = await this.state.runAndReadAll('SELECT data FROM ws_state.resources WHERE kind = $kind ORDER BY id', { kind });
      return result.getRowObjectsJson().map((row) => JSON.parse(String(row.data)) as unknown);
    });
  }

  save(kind: string, id: string, data: unknown): Promise<void> {
    return this.stateQueue.run(async () => {
      await this.state.run('INSERT OR REPLACE INTO ws_state.resources VALUES ($kind, $id, $data)', { kind, id, data: JSON.stringify(data) });
    });
  }

  private warehouse(organizationId: string): Promise<Warehouse> {
    let warehouse = this.warehouses.get(organizationId);
    if (!warehouse) {
      const file = this.dataDir ? path.join(this.dataDir, `org-${organizationId.replace(/[^0-9a-zA-Z-]/g, '')}.duckdb`) : ':memory:';
      const fresh = file === ':memory:' || !fs.existsSync(file);
      warehouse = Warehouse.open(this.duckdb, file, this.limits, fresh ? this.warehouseSetup : undefined, this.timeZone);
      warehouse.catch(() => this.warehouses.delete(organizationId));
      this.warehouses.set(organizationId, warehouse);
    }
    return warehouse;
  }

  /** Runs an organization's saved SQL once a place is free (see maxRunningQueries). */
  async runQuery(
    organizationId: string,
    runId: string,
    sql: string,
    parameters: Record<string, BoundValue>,
    stopped: () => RunStoppedError | undefined,
  ): Promise<{ rowCount: number; columns: ResultColumn[] }> {
    const warehouse = await this.warehouse(organizationId);
    const release = await this.slots.acquire(organizationId);
    try {
      return await warehouse.runQuery(runId, sql, parameters, stopped);
    } finally {
      release();
    }
  }

  /** Interrupts a run's query if it is running; false otherwise. */
  async stopQuery(organizationId: string, runId: string, reason: RunStoppedError): Promise<boolean> {
    const warehouse = this.warehouses.get(organizationId);
    return warehouse ? (await warehouse).stop(runId, reason) : false;
  }

  /** Interrupts every running query, each run ending with `reason`. */
  async stopAll(reason: RunStoppedError): Promise<void> {
    for (const warehouse of await Promise.allSettled(this.warehouses.values())) if (warehouse.status === 'fulfilled') warehouse.value.stopAll(reason);
  }

  async readRows(organizationId: string, runId: string, columns: ResultColumn[], limit: number, offset: number): Promise<Row[]> {
    return (await this.warehouse(organizationId)).readRows(runId, columns, limit, offset);
  }

  async dropResult(organizationId: string, runId: string): Promise<void> {
    await (await this.warehouse(organizationId)).dropResult(runId);
  }

  /** Interrupts running queries first, so that closing never waits for one to finish. */
  async close(): Promise<void> {
    const warehouses = await Promise.allSettled(this.warehouses.values());
    await Promise.all(warehouses.map((w) => (w.status === 'fulfilled' ? w.value.close() : undefined)));
    await this.stateQueue.run(async () => undefined);
    this.state.closeSync();
    this.instance.closeSync();
    this.restoreUmask();
  }
}

export { RunStoppedError };
