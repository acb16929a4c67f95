/** Redaction by value: the key taken out of any text ws prints. */
import { describe, expect, it } from 'vitest';
import { redactSecret } from '../../src/text.js';

describe('redaction by value', () => {
  it('replaces the key wherever it appears, as it is and URL-encoded', () => {
    const key = 'wsk_a/b+c=d';
    expect(redactSecret(`x-echo: ${key}; id=req-${key}-1; url=/q?k=${encodeURIComponent(key)}`, key)).toBe(
      'x-echo: [redacted]; id=req-[redacted]-1; url=/q?k=[redacted]',
    );
    expect(redactSecret('nothing here', '')).toBe('nothing here');
  });
});
