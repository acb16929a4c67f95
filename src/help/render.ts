// The one help layout of ws, commander 14's own (Help.formatHelp in commander/lib/help.js): commander calls it
// through configureHelp in cli.ts, and dist/help.cjs calls it on the documents of dist/help.json, so that
// `ws --help` can be answered without loading commander. No imports: help.cjs carries this file alone.

/** A command's help as plain data: what commander's formatHelp lays out. */
export interface HelpDocument {
  /** The first line, e.g. `Usage: ws queries list [options]`. */
  usage: string;
  /** The command's description; '' for none. */
  description: string;
  /** Arguments, options, global options, commands: only those with items. */
  sections: HelpSection[];
}

export interface HelpSection {
  title: string;
  items: [term: string, description: string][];
}

/** commander's Help.minWidthToWrap: a narrower column is not wrapped at all. */
const minWidthToWrap = 40;
const itemIndent = 2;
/** Between a term and its description. */
const spacerWidth = 2;
/** Narrower than this a width is taken as unknown (a terminal that reports 0 columns): nothing is wrapped. */
const minKnownWidth = 16;

/** `width` is commander's helpWidth: the terminal's columns (0 included), or 80 when not a terminal. */
export function renderHelp(document: HelpDocument, width: number): string {
  // one column of terms for every section, as commander's padWidth
  let termWidth = 0;
  for (const section of document.sections) for (const [term] of section.items) termWidth = Math.max(termWidth, displayWidth(term));
  const output = [boxWrap(document.usage, width, minKnownWidth), ''];
  if (document.description.length > 0) output.push(boxWrap(document.description, width, minKnownWidth), '');
  for (const section of document.sections) {
    if (section.items.length === 0) continue;
    output.push(section.title, ...section.items.map(([term, description]) => formatItem(term, termWidth, description, width)), '');
  }
  return output.join('\n');
}

/** Escape sequences of colours (SGR) take no room on the screen. */
function displayWidth(text: string): number {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\x1b\[\d*(;\d*)*m/g, '').length;
}

/** A line broken and indented by hand (a newline then a blank) is kept as it is. */
function preformatted(text: string): boolean {
  return /\n[^\S\r\n]/.test(text);
}

function formatItem(term: string, termWidth: number, description: string, width: number): string {
  const indent = ' '.repeat(itemIndent);
  if (!description) return indent + term;
  const paddedTerm = term.padEnd(termWidth + term.length - displayWidth(term));
  const remainingWidth = width - termWidth - spacerWidth - itemIndent;
  // too narrow for a column of descriptions beside the terms (commander would not wrap it, and the terminal breaks
  // its words): the description goes under its term, wrapped to the width
  if (
    remainingWidth < minWidthToWrap &&
    width >= minKnownWidth &&
    !preformatted(description) &&
    itemIndent + termWidth + spacerWidth + displayWidth(description) > width
  ) {
    const under = ' '.repeat(itemIndent * 2);
    return `${indent}${term}\n${under}${boxWrap(description, width - itemIndent * 2, 1).replace(/\n/g, `\n${under}`)}`;
  }
  let formatted = description;
  if (remainingWidth >= minWidthToWrap && !preformatted(description)) {
    formatted = boxWrap(description, remainingWidth).replace(/\n/g, `\n${' '.repeat(termWidth + spacerWidth)}`);
  }
  return indent + paddedTerm + ' '.repeat(spacerWidth) + formatted.replace(/\n/g, `\n${indent}`);
}

/** Wraps at blanks, keeping the line breaks already there; narrower than `least`, not at all. */
function boxWrap(text: string, width: number, least = minWidthToWrap): string {
  if (width < least) return text;
  const wrapped: string[] = [];
  for (const line of text.split(/\r\n|\n/)) {
    const chunks = line.match(/[\s]*[^\s]+/g);
    if (chunks === null) {
      wrapped.push('');
      continue;
    }
    let sum = [chunks[0]!];
    let sumWidth = displayWidth(chunks[0]!);
    for (const chunk of chunks.slice(1)) {
      const chunkWidth = displayWidth(chunk);
      if (sumWidth + chunkWidth <= width) {
        sum.push(chunk);
        sumWidth += chunkWidth;
        continue;
      }
      wrapped.push(sum.join(''));
      const next = chunk.trimStart(); // no blank at the start of a line
      sum = [next];
      sumWidth = displayWidth(next);
    }
    wrapped.push(sum.join(''));
  }
  return wrapped.join('\n');
}

/**
 * Help as written to the terminal (the text before and after the layout included): a line wider than the terminal is
 * wrapped at blanks and keeps its indent, so that the terminal does not break words; an example (`$ ws …`) stays
 * whole to be copied. The layout's own lines already fit, but for a term longer than the width.
 */
export function wrapLines(text: string, width: number): string {
  if (width < minKnownWidth) return text;
  return text
    .split('\n')
    .map((line) => {
      if (displayWidth(line) <= width || /^\s*\$ /.test(line)) return line;
      const indent = /^\s*/.exec(line)![0];
      return indent + boxWrap(line.slice(indent.length), width - indent.length, 1).replace(/\n/g, `\n${indent}`);
    })
    .join('\n');
}
