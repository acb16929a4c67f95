import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { WsError } from '../errors.js';

/** The peer dependency of package.json, pinned: a test checks that the two agree. */
const engineVersion = '@duckdb/node-api@1.5.6-r.1';
const enginePackage = '@duckdb/node-api';

/** A column of a result as the API shows it in columnSchema and columns. */
export interface ResultColumn {
  name: string;
  type: string;
}

export type Row = Record<string, unknown>;

/** Runs one task at a time on a connection: a DuckDB connection runs one statement at a time. */
class Queue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

const numericType = /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT|FLOAT|DOUBLE|DECIMAL.*)$/;

/** JSON-safe rows: numbers as numbers while they stay exact, dates and times as ISO strings. */
function toJsonRows(rows: Record<string, unknown>[], columns: ResultColumn[]): Row[] {
  const numeric = columns.filter((c) => numericType.test(c.type)).map((c) => c.name);
  if (numeric.length === 0) return rows;
  for (const row of rows) {
    for (const name of numeric) {
      const value = row[name];
      if (typeof value === 'string') {
        const number = Number(value);
        if (Number.isFinite(number) && (Number.isSafeInteger(number) || !/^-?\d+$/.test(value))) row[name] = number;
      }
    }
  }
  return rows;
}

/**
 * The embedded analytical SQL engine (DuckDB) behind the emulator: it holds the demo tables, the
 * emulator's own state (schema `ws_state`) and each query run's result (schema `ws_results`), in a
 * file under --data-dir or in memory. State and user SQL use separate connections, so a long query
 * never holds up the API.
 */
export class Engine {
  private readonly stateQueue = new Queue();
  private readonly sqlQueue = new Queue();

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly state: DuckDBConnection,
    private readonly sql: DuckDBConnection,
  ) {}

  static async open(dataDir: string | undefined): Promise<Engine> {
    let duckdb: typeof import('@duckdb/node-api');
    try {
      duckdb = await import('@duckdb/node-api');
    } catch (error) {
      // An optional peer dependency: the CLI installs without its 70 MB, and `ws emulator` asks for it.
      if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' && (error as Error).message.includes(`'${enginePackage}'`)) {
        throw new WsError('api', `ws emulator needs its SQL engine, ${enginePackage}, which is not installed`, { hint: `install it next to ws: npm install -g ${engineVersion}` });
      }
      throw new Error(`the emulator's SQL engine (${engineVersion}) cannot be loaded on this platform: ${(error as Error).message}`);
    }
    let file = ':memory:';
    if (dataDir) {
      fs.mkdirSync(dataDir, { recursive: true });
      file = path.join(dataDir, 'workspace.duckdb');
    }
    const instance = await duckdb.DuckDBInstance.create(file);
    const engine = new Engine(instance, await instance.connect(), await instance.connect());
    await engine.state.run(`
      CREATE SCHEMA IF NOT EXISTS ws_state;
      CREATE SCHEMA IF NOT EXISTS ws_results;
      CREATE TABLE IF NOT EXISTS ws_state.resources (kind VARCHAR, id VARCHAR, data VARCHAR, PRIMARY KEY (kind, id));
      -- saved SQL runs here too: it may read tables, never files, URLs or other databases on this machine
      SET enable_external_access = false;
      SET lock_configuration = true;
    `);
    return engine;
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

  /** Runs setup SQL (the demo tables) on the state connection. */
  exec(sql: string): Promise<void> {
    return this.stateQueue.run(async () => {
      await this.state.run(sql);
    });
  }

  /**
   * Runs a saved query's SQL with its parameters bound as statement parameters, keeping the result in
   * its own table so that its rows can be paged later and survive a restart.
   */
  runQuery(runId: string, sql: string, parameters: Record<string, string | number | boolean | null>): Promise<{ rowCount: number; columns: ResultColumn[] }> {
    const table = resultTable(runId);
    return this.sqlQueue.run(async () => {
      const statement = await this.sql.prepare(`CREATE OR REPLACE TABLE ${table} AS ${sql.trim().replace(/;\s*$/, '')}`);
      for (const [name, value] of Object.entries(parameters)) {
        if (value === null) statement.bindNull(statement.parameterIndex(name));
        else if (typeof value === 'number' && Number.isSafeInteger(value)) statement.bindBigInt(statement.parameterIndex(name), BigInt(value));
        else if (typeof value === 'number') statement.bindDouble(statement.parameterIndex(name), value);
        else if (typeof value === 'boolean') statement.bindBoolean(statement.parameterIndex(name), value);
        else statement.bindVarchar(statement.parameterIndex(name), value);
      }
      await statement.run();
      const count = await this.sql.runAndReadAll(`SELECT count(*)::INTEGER AS n FROM ${table}`);
      const described = await this.sql.runAndReadAll(`DESCRIBE ${table}`);
      const columns = described.getRowObjectsJson().map((row) => ({ name: String(row.column_name), type: String(row.column_type) }));
      return { rowCount: Number(count.getRowObjectsJson()[0]?.n ?? 0), columns };
    });
  }

  /** One page of a run's result rows, in the order the query produced them. */
  readRows(runId: string, columns: ResultColumn[], limit: number, offset: number): Promise<Row[]> {
    return this.sqlQueue.run(async () => {
      const result = await this.sql.runAndReadAll(`SELECT * FROM ${resultTable(runId)} LIMIT ${Math.floor(limit)} OFFSET ${Math.floor(offset)}`);
      return toJsonRows(result.getRowObjectsJson() as Record<string, unknown>[], columns);
    });
  }

  async close(): Promise<void> {
    await this.stateQueue.run(async () => undefined);
    await this.sqlQueue.run(async () => undefined);
    this.state.closeSync();
    this.sql.closeSync();
    this.instance.closeSync();
  }
}

/** Result tables keep their insertion order: DuckDB preserves it for CREATE TABLE AS and a plain scan. */
function resultTable(runId: string): string {
  return `ws_results."run_${runId.replace(/[^0-9a-zA-Z]/g, '')}"`;
}
