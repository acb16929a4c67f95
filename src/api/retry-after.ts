/** The longest Retry-After ws waits out itself; past it, the error says when to try again. */
export const maxRetryAfterMs = 60_000;

/** Retry-After as milliseconds: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** A wait the server asks for, in words: minutes, or hours past two. */
export function formatWait(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  return minutes < 120 ? `${minutes} min` : `${Math.round(minutes / 60)} h`;
}
