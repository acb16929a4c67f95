import { isUtf8 } from 'node:buffer';
import { stripControl } from '../text.js';

/**
 * The one rule for the text of a file ws reads (SQL, query files, prompts, skills, JSON and YAML), and of stdin:
 * UTF-8 only, never a byte replaced without a word (a Latin-1 'café' would be saved as 'caf�'); a leading byte
 * order mark is an editor's mark, not text, and is dropped.
 */

/** Why bytes are not UTF-8: where the first bad byte is (offset from 0, line from 1) and what the bytes look like. */
export interface NotUtf8 {
  offset: number;
  line: number;
  /** `byte offset 11 (line 1) is 0xE9; it looks like Latin-1 or Windows-1252 (where these bytes read "é")` */
  detail: string;
}

/** The offset of the first byte that does not belong to a well-formed UTF-8 sequence (Unicode's table 3-7). */
function firstBadByte(bytes: Uint8Array): number {
  for (let at = 0; at < bytes.length; ) {
    const lead = bytes[at]!;
    if (lead < 0x80) {
      at++;
      continue;
    }
    const length = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (length === 0) return at;
    // the second byte's range is narrower after some leads: no overlong forms, no surrogates, nothing past U+10FFFF
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    for (let next = 1; next < length; next++) {
      const byte = bytes[at + next];
      if (byte === undefined || byte < (next === 1 ? low : 0x80) || byte > (next === 1 ? high : 0xbf)) return at;
    }
    at += length;
  }
  return -1;
}

/**
 * Windows-1252's characters for the bytes 0x80 to 0x9F (from 0xA0 on it is Latin-1, the first 256 code points);
 * the five it leaves undefined are control characters, not shown. Node's TextDecoder('windows-1252') decodes these
 * bytes as Latin-1 does, as control characters, so the table is here.
 */
const windows1252 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/** What the bytes most likely are, said after the bad byte. */
function likelyEncoding(bytes: Uint8Array, offset: number): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'it starts with the byte order mark of UTF-16 (little-endian)';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'it starts with the byte order mark of UTF-16 (big-endian)';
  const sample = bytes.subarray(0, 4096);
  if (sample.filter((byte) => byte === 0).length * 4 > sample.length) return 'it looks like UTF-16 or binary data (many bytes are 0)';
  let end = offset;
  while (end < bytes.length && end < offset + 8 && bytes[end]! >= 0x80) end++;
  const shown = [...bytes.subarray(offset, end)].map((byte) => (byte < 0xa0 ? windows1252[byte - 0x80]! : String.fromCharCode(byte))).join('');
  return `it looks like Latin-1 or Windows-1252 (where these bytes read "${stripControl(shown)}")`;
}

/** Why the bytes are not UTF-8 text, or undefined when they are. */
export function notUtf8(bytes: Uint8Array): NotUtf8 | undefined {
  if (isUtf8(bytes)) return undefined;
  const offset = firstBadByte(bytes);
  if (offset < 0) return undefined; // the two checks agree; never a crash if they did not
  let line = 1;
  for (let at = 0; at < offset; at++) if (bytes[at] === 0x0a) line++;
  const byte = `0x${bytes[offset]!.toString(16).toUpperCase().padStart(2, '0')}`;
  return { offset, line, detail: `byte offset ${offset} (line ${line}) is ${byte}; ${likelyEncoding(bytes, offset)}` };
}

/** UTF-8 bytes (checked with notUtf8) as text, without a leading byte order mark. */
export function utf8Text(bytes: Uint8Array): string {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}
