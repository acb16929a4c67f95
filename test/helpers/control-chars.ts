import { expect } from 'vitest';

/** Sets the text red, sets the window title, clears the screen with a one-byte CSI (U+009B), rings the bell. */
export const evil = 'Revenue\x1b[31m red\x1b]0;pwned\x07 \x9b2J\x7f end';
/** None of these may reach a terminal raw. */
export const raw = ['\x1b[31m', '\x1b]0;pwned', '\x07', '\x9b', '\x7f'];

export function expectNoRaw(text: string): void {
  for (const sequence of raw) expect(text, JSON.stringify(text)).not.toContain(sequence);
}
