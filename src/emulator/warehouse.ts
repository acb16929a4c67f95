import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import type { BoundValue } from './sql-parameters.js';

/** A column of a result as the API shows it in columnSchema and columns. */
export interface ResultColumn {
  name: string;
  type: string;
}

export type Row = Record<string, unknown>;

/** What one organization's SQL may use; a run over any of them ends FAILED with RunLimitError's message. */
export interface WarehouseLimits {
  /** DuckDB's memory_limit, in bytes. */
  memoryBytes: number;
  threads: number;
  runTimeoutMs: number;
  maxResultBytes: number;
}

/** A run stopped by a limit, a cancel or the emulator stopping: its message is what the run shows. */
export class RunStoppedError extends Error {
  constructor(
    message: string,
    readonly reason: 'limit' | 'cancelled' | 'closed',
  ) {
    super(message);
  }
}

/** Runs one task at a time: a DuckDB connection runs one statement at a time. */
export class Queue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/** Whole-number types: DuckDB reads them as digits, which stay a JSON number while within 2^53. */
const integerType = /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT)$/;

/**
 * Types whose values the bindings' JSON does not write as DuckDB prints them: dates and timestamps (infinity as
 * `5881580-07-11`), TIMESTAMPTZ and TIMETZ (in the offset of the machine's TZ), INTERVAL (an object of months,
 * days and micros), FLOAT (widened to 0.10000000149011612). They are read as DuckDB's own text.
 */
const printedType = /^(DATE|TIME|TIMESTAMP|TIMESTAMP_S|TIMESTAMP_MS|TIMESTAMP_NS|TIMESTAMP WITH TIME ZONE|TIME WITH TIME ZONE|INTERVAL|FLOAT)$/;
/** A list, array, struct, map or union holding such values (or a DOUBLE, for -0.0), but no number past a double's. */
const nestedType = /\[|^(STRUCT|MAP|UNION)\b/;
const printedInside = /\b(DATE|TIMESTAMP\w*|TIME|INTERVAL|DOUBLE|FLOAT)\b/;
const wideNumberInside = /\b(BIGINT|HUGEINT|UBIGINT|UHUGEINT|DECIMAL|VARINT|BIGNUM)\b/;

/** How a column is read: DuckDB's text for the types above, DuckDB's own JSON for nested values holding them. */
function selected(column: ResultColumn): { sql: string; read: 'value' | 'text' | 'json' } {
  const name = `"${column.name.replaceAll('"', '""')}"`;
  if (printedType.test(column.type)) return { sql: `CAST(${name} AS VARCHAR) AS ${name}`, read: 'text' };
  if (nestedType.test(column.type) && printedInside.test(column.type) && !wideNumberInside.test(column.type))
    return { sql: `CAST(to_json(${name}) AS VARCHAR) AS ${name}`, read: 'json' };
  return { sql: name, read: 'value' };
}

/** The tokens of DuckDB's JSON that JSON cannot carry (NaN, ±Infinity, -0.0), outside strings: written as strings. */
const jsonToken = /"(?:[^"\\]|\\.)*"|-?Infinity|NaN|-0\.0(?![\d.eE])/g;

/** A FLOAT's or DOUBLE's value as JSON carries it: a number, or its name where JSON has none (NaN, ±Infinity, -0.0). */
function floatValue(value: unknown): unknown {
  if (typeof value === 'number') return Object.is(value, -0) ? '-0.0' : value;
  if (typeof value !== 'string') return value;
  const text = value;
  const lower = text.toLowerCase();
  if (lower === 'nan') return 'NaN';
  if (lower === 'inf' || lower === 'infinity') return 'Infinity';
  if (lower === '-inf' || lower === '-infinity') return '-Infinity';
  const number = Number(text);
  return Object.is(number, -0) ? '-0.0' : number;
}

const floatsOnly = /\bFLOAT\b/;

/**
 * The numbers of a nested value whose only fractional type is FLOAT, as DuckDB prints a FLOAT: its to_json widens
 * them to doubles (0.1 comes as 0.10000000149011612). A number that is a FLOAT's value becomes the shortest decimal
 * that is the same FLOAT; any other (an INTEGER past 2^24) stays. With a DOUBLE in the same value, which numbers are
 * FLOATs cannot be told: left as DuckDB's JSON gives them.
 */
function shortFloats(value: unknown): unknown {
  if (typeof value === 'number') {
    if (Math.fround(value) !== value || Number.isInteger(value)) return value;
    for (let digits = 1; digits <= 9; digits++) {
      const shorter = Number(value.toPrecision(digits));
      if (Math.fround(shorter) === value) return shorter;
    }
    return value;
  }
  if (Array.isArray(value)) return value.map(shortFloats);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shortFloats(inner)]));
  return value;
}

/**
 * JSON-safe rows, each value as DuckDB prints it. DECIMAL values stay the exact decimal strings DuckDB reads,
 * scale and all (`"16.50"`), so that a column has one JSON type and no digit is lost; whole numbers are numbers
 * within 2^53, exact strings past it; DOUBLE and FLOAT are numbers (NaN, ±Infinity and -0.0 by name, which JSON
 * lacks); dates, times and intervals DuckDB's text (`infinity`, `2026-03-08 22:30:00+00` in the emulator's time
 * zone, `1 year 2 months 3 days 04:05:06.789`).
 */
function toJsonRows(rows: Record<string, unknown>[], columns: ResultColumn[]): Row[] {
  for (const row of rows) {
    for (const column of columns) {
      const value = row[column.name];
      if (value === null || value === undefined) continue;
      if (integerType.test(column.type)) {
        if (typeof value === 'string' && Number.isSafeInteger(Number(value))) row[column.name] = Number(value);
      } else if (column.type === 'FLOAT' || column.type === 'DOUBLE') {
        row[column.name] = floatValue(value);
      } else if (selected(column).read === 'json' && typeof value === 'string') {
        const parsed = JSON.parse(value.replace(jsonToken, (token) => (token.startsWith('"') ? token : `"${token}"`)));
        row[column.name] = floatsOnly.test(column.type) && !/\bDOUBLE\b/.test(column.type) ? shortFloats(parsed) : parsed;
      }
    }
  }
  return rows;
}

function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} bytes` : `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

/** Result tables keep their insertion order: DuckDB preserves it for CREATE TABLE AS and a plain scan. */
function resultTable(runId: string): string {
  return `ws_results."run_${runId.replace(/[^0-9a-zA-Z]/g, '')}"`;
}

/**
 * One organization's SQL engine: its own DuckDB database (in memory, or a file of its own under
 * --data-dir) holding the demo tables and its runs' results, and nothing else. The emulator's state and
 * other organizations' databases live in other DuckDB instances, which this one can neither name nor
 * attach: external access is off, so no file, URL or database reaches it, and the configuration is locked.
 */
export class Warehouse {
  private readonly reads = new Queue();
  private readonly running = new Map<string, { connection: DuckDBConnection; stop?: RunStoppedError }>();

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly reader: DuckDBConnection,
    private readonly limits: WarehouseLimits,
  ) {}

  static async open(
    duckdb: typeof import('@duckdb/node-api'),
    file: string,
    limits: WarehouseLimits,
    setupSql: string | undefined,
    timeZone: string,
  ): Promise<Warehouse> {
    const instance = await duckdb.DuckDBInstance.create(file, {
      memory_limit: `${Math.floor(limits.memoryBytes / 1024)}KiB`,
      threads: String(limits.threads),
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'false',
    });
    const reader = await instance.connect();
    // Setup first (it may create tables), then lock: from here saved SQL can read tables and nothing else,
    // and nothing spills to a temporary folder, so memory_limit really bounds what a query holds. Every session
    // has the emulator's time zone, not the machine's (DuckDB takes TZ's by default): the same rows everywhere.
    await reader.run(`
      SET GLOBAL TimeZone = '${timeZone.replaceAll("'", "''")}';
      CREATE SCHEMA IF NOT EXISTS ws_results;
      ${setupSql ?? ''}
      SET temp_directory = '';
      SET enable_external_access = false;
      SET allow_community_extensions = false;
      SET lock_configuration = true;
    `);
    return new Warehouse(instance, reader, limits);
  }

  /**
   * Runs saved SQL with its parameters bound as statement parameters, on a connection of its own (so
   * that it can be interrupted alone), keeping the result in a table so that its rows can be paged later.
   * `stopped` tells whether the run was stopped before it got here (a cancel while it waited for a place);
   * from here on, stop() interrupts it.
   */
  async runQuery(
    runId: string,
    sql: string,
    parameters: Record<string, BoundValue>,
    stopped: () => RunStoppedError | undefined,
  ): Promise<{ rowCount: number; columns: ResultColumn[] }> {
    const table = resultTable(runId);
    const connection = await this.instance.connect();
    const entry: { connection: DuckDBConnection; stop?: RunStoppedError } = { connection, stop: stopped() };
    this.running.set(runId, entry);
    const timer = setTimeout(() => {
      const limit = this.limits.runTimeoutMs;
      this.stop(
        runId,
        new RunStoppedError(`the query ran longer than the run timeout (${limit >= 1000 ? `${limit / 1000}s` : `${limit}ms`}; --run-timeout)`, 'limit'),
      );
    }, this.limits.runTimeoutMs);
    try {
      if (entry.stop) throw entry.stop;
      const statement = await connection.prepare(`CREATE OR REPLACE TABLE ${table} AS ${sql.trim().replace(/;\s*$/, '')}`);
      for (const [name, value] of Object.entries(parameters)) {
        const index = statement.parameterIndex(name);
        if (value === null) statement.bindNull(index);
        else if (typeof value === 'number' && Number.isSafeInteger(value)) statement.bindBigInt(index, BigInt(value));
        else if (typeof value === 'number') statement.bindDouble(index, value);
        else if (typeof value === 'boolean') statement.bindBoolean(index, value);
        else statement.bindVarchar(index, value);
      }
      await statement.run();
      // The size a client would download: the rows as JSON. Counted by the engine, interruptible like the query.
      const measured = await connection.runAndReadAll(
        `SELECT count(*)::BIGINT AS n, coalesce(sum(strlen(to_json(r)::VARCHAR)), 0)::BIGINT AS bytes FROM ${table} r`,
      );
      const { n, bytes } = measured.getRowObjectsJson()[0] as { n: string; bytes: string };
      if (Number(bytes) > this.limits.maxResultBytes) {
        await connection.run(`DROP TABLE IF EXISTS ${table}`);
        throw new RunStoppedError(
          `the result is ${formatBytes(Number(bytes))} as JSON, over the stored result limit of ${formatBytes(this.limits.maxResultBytes)} (--max-result-size)`,
          'limit',
        );
      }
      const described = await connection.runAndReadAll(`DESCRIBE ${table}`);
      const columns = described.getRowObjectsJson().map((row) => ({ name: String(row.column_name), type: String(row.column_type) }));
      return { rowCount: Number(n), columns };
    } catch (error) {
      if (entry.stop) throw entry.stop;
      if (error instanceof RunStoppedError) throw error;
      const message = (error as Error).message.split('\n')[0] ?? 'the query failed';
      if (/^Out of Memory Error/i.test(message)) {
        throw new RunStoppedError(
          `the query needed more memory than the limit of ${formatBytes(this.limits.memoryBytes)} (--memory-limit): ${message}`,
          'limit',
        );
      }
      throw new Error(message);
    } finally {
      clearTimeout(timer);
      this.running.delete(runId);
      if (entry.stop) await connection.run(`DROP TABLE IF EXISTS ${table}`).catch(() => undefined);
      connection.closeSync();
    }
  }

  /** Interrupts a running query; the run then fails with `reason`. False when it was not running. */
  stop(runId: string, reason: RunStoppedError): boolean {
    const entry = this.running.get(runId);
    if (!entry) return false;
    entry.stop ??= reason;
    entry.connection.interrupt();
    return true;
  }

  stopAll(reason: RunStoppedError): void {
    for (const runId of [...this.running.keys()]) this.stop(runId, reason);
  }

  /** One page of a run's result rows, in the order the query produced them. */
  readRows(runId: string, columns: ResultColumn[], limit: number, offset: number): Promise<Row[]> {
    return this.reads.run(async () => {
      const list = columns.length ? columns.map((c) => selected(c).sql).join(', ') : '*';
      const result = await this.reader.runAndReadAll(`SELECT ${list} FROM ${resultTable(runId)} LIMIT ${Math.floor(limit)} OFFSET ${Math.floor(offset)}`);
      return toJsonRows(result.getRowObjectsJson() as Record<string, unknown>[], columns);
    });
  }

  /** Removes a result nobody can read any more; queued after the reads already asked for. */
  dropResult(runId: string): Promise<void> {
    return this.reads.run(async () => {
      await this.reader.run(`DROP TABLE IF EXISTS ${resultTable(runId)}`);
    });
  }

  /** Interrupts every running query, waits for them to let go, and closes the database. */
  async close(): Promise<void> {
    this.stopAll(new RunStoppedError('the emulator stopped before the run finished', 'closed'));
    for (let waited = 0; this.running.size > 0 && waited < 700; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    await this.reads.run(async () => undefined);
    this.reader.closeSync();
    this.instance.closeSync();
  }
}
