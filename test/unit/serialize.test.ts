/** JSON and YAML written without raw control characters, yet the same data to a parser; and the terminal escapes. */
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { escapeJsonControls, escapeYamlControls } from '../../src/output/serialize.js';
import { escapeControl } from '../../src/text.js';
import { cutWidth } from '../../src/output/width.js';

const rawControl = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** Strings mixing every C0 and C1 control, DEL, quotes, backslashes, newlines, non-ASCII: seeded, so a failure repeats. */
function samples(count: number): string[] {
  const pool = [
    ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
    ...Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i)),
    'a',
    ' ',
    '"',
    "'",
    '\\',
    ':',
    '#',
    '- ',
    '\n',
    'é',
    '日',
    '😀',
    '\u2028',
  ];
  let seed = 42;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
  return Array.from({ length: count }, () => Array.from({ length: 1 + (next() % 12) }, () => pool[next() % pool.length]).join(''));
}

describe('JSON and YAML without raw controls', () => {
  it('parse back to the same data for 400 strings of controls, quotes, newlines and non-ASCII', () => {
    for (const text of samples(400)) {
      const value = { [text]: [text, { nested: text }] };
      const json = escapeJsonControls(JSON.stringify(value, null, 2));
      expect(json, JSON.stringify(text)).not.toMatch(/[\u007f-\u009f]/);
      expect(JSON.parse(json), JSON.stringify(text)).toEqual(value);
      const yaml = escapeYamlControls(YAML.stringify(value));
      expect(yaml, JSON.stringify(text)).not.toMatch(rawControl);
      expect(YAML.parse(yaml), JSON.stringify(text)).toEqual(value);
    }
  });
});

describe('escapeControl', () => {
  it('writes controls as \\u escapes and keeps tabs, newlines and CRLF', () => {
    expect(escapeControl('a\x1b[31mb\x9bc\x7f\td\r\ne\rf\n')).toBe('a\\u001b[31mb\\u009bc\\u007f\td\r\ne\\u000df\n');
  });
});

describe('the spinner line', () => {
  it('is cut to the columns, wide characters counted as two', () => {
    expect(cutWidth('query run 1234', 20, 'safe')).toBe('query run 1234');
    expect(cutWidth('query run 1234567890abcdef', 10, 'safe')).toBe('query run…');
    expect(cutWidth('日本語のクエリ', 7, 'safe')).toBe('日本語…');
  });
});
