import type { Engine } from './engine.js';

export const kinds = ['query', 'query_run', 'automation', 'automation_run', 'step_run', 'agent', 'skill', 'chat_session'] as const;
export type Kind = (typeof kinds)[number];

/** Every stored record has an id and the organization that owns it. Fields starting with `_` are internal. */
export interface StoredRecord {
  id: string;
  organizationId: string;
  [field: string]: unknown;
}

/**
 * The emulator's resources: in memory for fast reads and filtering, written through to the engine
 * (a DuckDB table) so that a restart with --data-dir loses nothing.
 */
export class Store {
  private readonly maps = new Map<Kind, Map<string, StoredRecord>>(kinds.map((kind) => [kind, new Map()]));

  constructor(private readonly engine: Engine) {}

  async load(): Promise<void> {
    for (const kind of kinds) {
      for (const record of (await this.engine.loadAll(kind)) as StoredRecord[]) this.map(kind).set(record.id, record);
    }
  }

  isEmpty(): boolean {
    return [...this.maps.values()].every((map) => map.size === 0);
  }

  get<T extends StoredRecord>(kind: Kind, id: string, organizationId: string): T | undefined {
    const record = this.map(kind).get(id);
    return record && record.organizationId === organizationId ? (record as T) : undefined;
  }

  find<T extends StoredRecord>(kind: Kind, organizationId: string, match: (record: T) => boolean = () => true): T[] {
    return [...this.map(kind).values()].filter((record) => record.organizationId === organizationId && match(record as T)) as T[];
  }

  async put<T extends StoredRecord>(kind: Kind, record: T): Promise<T> {
    this.map(kind).set(record.id, record);
    await this.engine.save(kind, record.id, record);
    return record;
  }

  /** Every record of a kind across organizations (for resuming work after a restart). */
  all<T extends StoredRecord>(kind: Kind): T[] {
    return [...this.map(kind).values()] as T[];
  }

  private map(kind: Kind): Map<string, StoredRecord> {
    return this.maps.get(kind)!;
  }
}

/** The API's view of a record: internal fields (starting with `_`) left out. */
export function publicView<T extends Record<string, unknown>>(record: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !key.startsWith('_')));
}

/**
 * The view of a record none of whose fields the description allows to be null (QueryRun, StepRun): a field
 * without a value is left out rather than sent as null.
 */
export function presentFields<T extends Record<string, unknown>>(record: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(publicView(record)).filter(([, value]) => value !== null && value !== undefined));
}
