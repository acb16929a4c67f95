/** Durations of flags (--timeout, --http-timeout): what a timer can hold, and fractions of a millisecond. */
import { describe, expect, it } from 'vitest';
import { maxDurationMs, parseDuration } from '../../src/duration.js';
import { usageError as usage } from '../helpers/usage-error.js';

describe('durations', () => {
  it('refuse what a timer cannot hold (about 24.8 days), with the flag named', () => {
    expect(parseDuration('596h', '--timeout')).toBe(596 * 3_600_000);
    expect(parseDuration(`${maxDurationMs}ms`, '--timeout')).toBe(maxDurationMs);
    const error = usage(() => parseDuration('597h', '--http-timeout'));
    expect(error.message).toBe('invalid duration for --http-timeout: "597h" is longer than 24 days, the most ws can wait');
    usage(() => parseDuration(`${maxDurationMs + 1}ms`, '--timeout'));
    usage(() => parseDuration(`${'1'.repeat(400)}h`, '--timeout'));
  });

  it('a fraction of a millisecond is 1 ms, never 0 (which means no limit)', () => {
    expect(parseDuration('0.4ms', '--timeout')).toBe(1);
  });
});
