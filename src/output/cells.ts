import { formatDuration, plausibleDuration } from '../duration.js';
import { cell } from '../text.js';
import type { CellKind } from './view.js';

export type Paint = (kind: 'good' | 'bad' | 'busy' | 'dim' | 'bold', text: string) => string;

const good = new Set(['completed', 'active', 'success', 'succeeded']);
const bad = new Set(['failed', 'cancelled', 'canceled', 'error', 'archived']);
const busy = new Set(['pending', 'submitted', 'running', 'streaming', 'draft']);

export function relativeTime(iso: string, now: number): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return iso;
  const seconds = Math.round((now - then) / 1000);
  const future = seconds < 0;
  const abs = Math.abs(seconds);
  const [amount, unit] =
    abs < 60
      ? [abs, 'second']
      : abs < 3600
        ? [Math.floor(abs / 60), 'minute']
        : abs < 86_400
          ? [Math.floor(abs / 3600), 'hour']
          : abs < 30 * 86_400
            ? [Math.floor(abs / 86_400), 'day']
            : [0, ''];
  // the calendar date where the user is, as ls -l and gh show it, not UTC's
  if (unit === '') return localDate(new Date(then));
  if (abs < 5) return 'just now';
  const text = `${amount} ${unit}${amount === 1 ? '' : 's'}`;
  return future ? `in ${text}` : `${text} ago`;
}

function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function humanCount(value: number): string {
  return value.toLocaleString('en-US');
}

export const numberText = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const dateText = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/;
const timeText = /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * Whether a table cell must be shown whole, never cut with `…`: a cut number or date reads as another one.
 * Numbers (also as strings, as BIGINT and DECIMAL come), dates and times, counts, durations, and NULL.
 */
export function wholeCell(value: unknown, kind: CellKind): boolean {
  if (kind === 'count' || kind === 'duration' || kind === 'time') return true;
  if (value === null || value === undefined) return kind === 'value';
  if (typeof value === 'number' || typeof value === 'bigint') return true;
  return typeof value === 'string' && (numberText.test(value) || dateText.test(value) || timeText.test(value));
}

/** A value as plain text: for non-terminal tables, csv and tsv. Nested values become JSON. */
export function plain(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

/** A duration off a terminal: exact milliseconds with the unit, or `-` when impossible (see plausibleDuration). */
export function durationText(ms: number): string {
  return plausibleDuration(ms) === undefined ? '-' : `${ms}ms`;
}

/** How SQL NULL reads in tables and markdown, as DuckDB and `psql \pset null` show it; `-` is a field not sent. */
export const nullText = 'NULL';

/**
 * A value for a terminal table: humanised, stripped of control characters, maybe coloured. A result's value
 * (`value`) is NULL or itself, the empty string empty; a resource's field not sent (or empty) is `-`.
 */
export function pretty(value: unknown, kind: CellKind, now: number, paint: Paint): string {
  if (kind === 'value') return value === null || value === undefined ? paint('dim', nullText) : cell(plain(value));
  if (value === null || value === undefined || value === '') return paint('dim', '-');
  if (kind === 'time' && typeof value === 'string') return relativeTime(value, now);
  if (kind === 'count' && typeof value === 'number') return humanCount(value);
  if (kind === 'duration' && typeof value === 'number') {
    const ms = plausibleDuration(value);
    return ms === undefined ? paint('dim', '-') : formatDuration(ms);
  }
  const text = cell(plain(value));
  if (kind === 'state') {
    const key = text.toLowerCase();
    if (good.has(key)) return paint('good', text);
    if (bad.has(key)) return paint('bad', text);
    if (busy.has(key)) return paint('busy', text);
  }
  return text;
}
