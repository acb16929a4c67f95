/**
 * `-o markdown`: GitHub-flavoured Markdown tables, for a job summary ($GITHUB_STEP_SUMMARY), a pull-request
 * comment or a wiki. Values are exact and whole (as in a pipe: ISO times, a result's NULL as NULL), and escaped
 * so that each renders as its own text: `|` and the characters of inline syntax with a backslash, line ends as
 * `<br>`.
 */
import { stripControl } from '../text.js';
import type { Column } from './view.js';

/** The header and the separator row; `right` columns (numbers) are right-aligned (`---:`). */
export function markdownHeader<T>(columns: Column<T>[], right: boolean[]): string {
  if (columns.length === 0) return '';
  return `${markdownRow(columns.map((c) => c.header))}${markdownRow(
    columns.map((_c, i) => (right[i] ? '---:' : '---')),
    false,
  )}`;
}

/** One row of cells, each escaped unless `escapeCells` is false (the separator row). */
export function markdownRow(cells: string[], escapeCells = true): string {
  if (cells.length === 0) return '';
  return `| ${cells.map((text) => (escapeCells ? markdownText(text) : text)).join(' | ')} |\n`;
}

/**
 * Text that renders as itself in a table cell: backslash, `|`, backticks, `*`, `~`, brackets and `<` escaped,
 * `_` where it could start or end emphasis (not inside a word: `daily_revenue` stays readable), `&` where it
 * would start an entity (`&amp;`); CR, LF and CRLF become `<br>`; other control characters are removed.
 */
export function markdownText(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map(markdownLine)
    .join('<br>');
}

function markdownLine(line: string): string {
  return stripControl(line)
    .replace(/[\\|`*~[\]<]/g, (char) => `\\${char}`)
    .replace(/_/g, (char, at: number, whole: string) => (wordChar.test(whole[at - 1] ?? '') && wordChar.test(whole[at + 1] ?? '') ? char : `\\${char}`))
    .replace(/&(?=#?[\p{L}\p{N}]+;)/gu, '\\&');
}

const wordChar = /[\p{L}\p{N}]/u;
