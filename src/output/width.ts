/** How many terminal columns text takes, and text cut to a number of columns: one rule for tables, spinner and live view. */

/** Used when the terminal does not say its size (0 columns): output stays bounded all the same. */
export const fallbackColumns = 80;

/** Characters a terminal shows two cells wide: CJK, Hangul, full-width forms, most emoji. */
const wideChar = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1faff}\u{20000}-\u{3fffd}]/u;
const zeroWidth = /[\p{Mn}\p{Me}\u200b-\u200f\ufe00-\ufe0f]/u;
// eslint-disable-next-line no-control-regex
const colour = /\u001b\[[0-9;]*m/g;

/**
 * How marks (combining, zero-width, variation selectors) are counted: `exact` as 0, as a terminal draws them
 * after a base character; `safe` as 1, which never underestimates, for lines redrawn in place, where a line
 * that wraps (a terminal drawing a selector or a lone mark wide) could not be redrawn.
 */
export type Marks = 'exact' | 'safe';

/** Columns one character takes: 2 for wide characters, 0 or 1 for marks, 1 for the rest. */
export function charWidth(char: string, marks: Marks = 'exact'): number {
  if (wideChar.test(char)) return 2;
  return marks === 'exact' && zeroWidth.test(char) ? 0 : 1;
}

/** Columns text takes; colour codes take none. */
export function textWidth(text: string, marks: Marks = 'exact'): number {
  let used = 0;
  for (const char of text.replace(colour, '')) used += charWidth(char, marks);
  return used;
}

/** Text cut to at most `columns` columns, with an ellipsis when cut; a cut text loses its colour. */
export function cutWidth(text: string, columns: number, marks: Marks = 'exact'): string {
  if (textWidth(text, marks) <= columns) return text;
  let out = '';
  let used = 0;
  for (const char of text.replace(colour, '')) {
    const cost = charWidth(char, marks);
    if (used + cost > columns - 1) break;
    out += char;
    used += cost;
  }
  return `${out}…`;
}

/**
 * A line cut to `width` columns without an ellipsis, its colour codes kept (they take no room), marks counted
 * `safe`: for the live view, whose lines are redrawn in place.
 */
export function clipWidth(line: string, width: number): string {
  let used = 0;
  let out = '';
  let escape = '';
  let coloured = false;
  for (const char of line) {
    // colour codes take no room
    if (char === '\u001b' || escape) {
      escape += char;
      if (char === 'm') {
        out += escape;
        coloured = escape !== '\u001b[39m';
        escape = '';
      }
      continue;
    }
    const cost = charWidth(char, 'safe');
    // a line cut inside a colour must not colour the next one
    if (used + cost > width) return coloured ? `${out}\u001b[39m` : out;
    used += cost;
    out += char;
  }
  return out;
}
