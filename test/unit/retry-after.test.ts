import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../src/api/retry-after.js';

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-20T12:00:00.000Z');

  it('reads seconds', () => {
    expect(parseRetryAfter('5', now)).toBe(5_000);
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter(' 2 ', now)).toBe(2_000);
  });

  it('reads an HTTP date as the time left until then', () => {
    expect(parseRetryAfter('Fri, 20 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter(new Date(now + 90_000).toUTCString(), now)).toBe(90_000);
  });

  it('treats a date in the past as "now"', () => {
    expect(parseRetryAfter('Fri, 20 Nov 2026 11:00:00 GMT', now)).toBe(0);
  });

  it('ignores a missing, empty or unreadable value', () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});
