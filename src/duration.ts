import { usageError } from './errors.js';

const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** The longest a Node timer can wait (2^31 - 1 ms, about 24.8 days); a longer one fires at once. */
export const maxDurationMs = 2 ** 31 - 1;

/** Parses `500ms`, `30s`, `10m`, `1h` (also combined, `1m30s`) and a bare `0`, into milliseconds. */
export function parseDuration(text: string, flag: string): number {
  const trimmed = text.trim();
  if (trimmed === '0') return 0;
  const pattern = /(\d+(?:\.\d+)?)(ms|s|m|h)/gy;
  let total = 0;
  let consumed = 0;
  for (const match of trimmed.matchAll(pattern)) {
    total += Number(match[1]) * units[match[2]!]!;
    consumed += match[0].length;
  }
  if (consumed === 0 || consumed !== trimmed.length) {
    throw usageError(`invalid duration for ${flag}: "${text}"`, 'use a number with a unit: 500ms, 30s, 10m, 1h (or 0)');
  }
  if (total > maxDurationMs) {
    throw usageError(`invalid duration for ${flag}: "${text}" is longer than 24 days, the most ws can wait`, `use a shorter duration, or 0 for no limit`);
  }
  return Math.ceil(total);
}

/**
 * The longest time a run is taken to have lasted: longer than a month is a clock or a server gone wrong, not
 * a run (ws waits 24.8 days at most). Such a duration, or a negative one, is shown as `-`; machine formats
 * keep the server's own values.
 */
export const longestPlausibleMs = 31 * 24 * 3_600_000;

/** A duration as it may be shown: undefined when it is impossible (negative, beyond a month, not a number). */
export function plausibleDuration(ms: number | null | undefined): number | undefined {
  return typeof ms === 'number' && Number.isFinite(ms) && ms >= 0 && ms <= longestPlausibleMs ? ms : undefined;
}

/** Milliseconds between two server timestamps, when both are there (possible or not: see plausibleDuration). */
export function span(from: string | null | undefined, to: string | null | undefined): number | undefined {
  if (!from || !to) return undefined;
  const ms = Date.parse(to) - Date.parse(from);
  return Number.isNaN(ms) ? undefined : ms;
}

/** A duration for a line of text: `-` when unknown or impossible. */
export function durationLabel(ms: number | undefined): string {
  const shown = plausibleDuration(ms);
  return shown === undefined ? '-' : formatDuration(shown);
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m${Math.round(seconds % 60)}s`;
  return `${Math.floor(minutes / 60)}h${minutes % 60}m`;
}
