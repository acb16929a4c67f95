/**
 * How many terminal columns text takes, and text cut to a number of columns: one rule for tables, spinner, live
 * view and charts. Widths are string-width's (grapheme by grapheme, as terminals draw emoji sequences, CJK and
 * combining marks); cli-table3's bundle measures with the same function (scripts/build.mjs).
 */
import stringWidth from 'string-width';
import { narrowText } from './narrow.js';

export { narrowText };

/** Used when the terminal does not say its size (0 columns): output stays bounded all the same. */
export const fallbackColumns = 80;

// biome-ignore lint/suspicious/noMisleadingCharacterClass: each mark and selector is matched alone, on purpose
const marks = /[\p{Mn}\p{Me}\u200b-\u200f\ufe00-\ufe0f]/gu;
const pictographic = /\p{Extended_Pictographic}/u;
// eslint-disable-next-line no-control-regex
const colour = /\u001b\[[0-9;]*m/g;

/**
 * How marks (combining, zero-width, variation selectors) outside emoji are counted: `exact` as string-width
 * counts them (0 after a base character), as a terminal draws them; `safe` as 1 each more, which never
 * underestimates, for lines redrawn in place, where a line that wraps (a terminal drawing a selector or a lone
 * mark wide) could not be redrawn.
 */
export type Marks = 'exact' | 'safe';

let segmenter: Intl.Segmenter | undefined;
function graphemes(text: string): Iterable<string> {
  segmenter ??= new Intl.Segmenter();
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

/** Columns one character (a grapheme: an emoji sequence, a letter with its marks) takes. */
export function charWidth(char: string, mode: Marks = 'exact'): number {
  const width = measure(char);
  if (mode === 'exact' || pictographic.test(char)) return width;
  return width + (char.match(marks)?.length ?? 0);
}

function measure(text: string): number {
  return narrowText.test(text) ? text.length : stringWidth(text);
}

/** Columns text takes; colour codes take none. */
export function textWidth(text: string, mode: Marks = 'exact'): number {
  const plain = text.replace(colour, '');
  if (mode === 'exact' || narrowText.test(plain)) return measure(plain);
  let used = 0;
  for (const char of graphemes(plain)) used += charWidth(char, mode);
  return used;
}

/** Text cut to at most `columns` columns, with an ellipsis when cut; a cut text loses its colour. */
export function cutWidth(text: string, columns: number, mode: Marks = 'exact'): string {
  if (textWidth(text, mode) <= columns) return text;
  let out = '';
  let used = 0;
  for (const char of graphemes(text.replace(colour, ''))) {
    const cost = charWidth(char, mode);
    if (used + cost > columns - 1) break;
    out += char;
    used += cost;
  }
  return columns > 0 ? `${out}…` : '';
}

/**
 * A line cut to `width` columns, its colour codes kept (they take no room), marks counted `safe`: for the live
 * view, whose lines are redrawn in place. `mark` (an ellipsis) ends a line that was cut, within the width.
 */
export function clipWidth(line: string, width: number, mark = ''): string {
  if (textWidth(line, 'safe') <= width) return line;
  const room = width - textWidth(mark);
  let used = 0;
  let out = '';
  let coloured = false;
  // colour codes and the graphemes between them, in order
  for (const part of line.split(/(\u001b\[[0-9;]*m)/)) {
    if (part.startsWith('\u001b[')) {
      out += part;
      coloured = part !== '\u001b[39m' && part !== '\u001b[0m';
      continue;
    }
    for (const char of graphemes(part)) {
      const cost = charWidth(char, 'safe');
      // a line cut inside a colour must not colour the next one
      if (used + cost > room) return `${out}${coloured ? '\u001b[39m' : ''}${room >= 0 ? mark : ''}`;
      used += cost;
      out += char;
    }
  }
  return out;
}
