import type { Engine } from './engine.js';
import type { Runs } from './runs.js';
import type { Store } from './store.js';

/** What the route handlers share. */
export interface World {
  store: Store;
  engine: Engine;
  runs: Runs;
  now: () => string;
}

/** Sorts by a field, newest or largest first for `desc`. */
export function sortBy<T>(items: T[], key: (item: T) => string, direction: 'asc' | 'desc'): T[] {
  const sorted = [...items].sort((a, b) => key(a).localeCompare(key(b)));
  return direction === 'desc' ? sorted.reverse() : sorted;
}

/** Case-insensitive substring match over some text fields. */
export function matches(search: string | undefined, ...fields: unknown[]): boolean {
  if (!search) return true;
  const needle = search.toLowerCase();
  return fields.some((field) => typeof field === 'string' && field.toLowerCase().includes(needle));
}
