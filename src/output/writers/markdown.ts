/** markdown: a GitHub table, numbers right-aligned as the first rows show them. */
import { markdownHeader, markdownRow } from '../markdown.js';
import { exactText, rightAligned } from '../table.js';
import type { RowFormat } from './rows.js';

export function markdownFormat<T>(): RowFormat<T> {
  return {
    header: (columns, first) => markdownHeader(columns, rightAligned(columns, first)),
    row: (columns, item) => markdownRow(columns.map((c) => exactText(c, c.value(item)))),
    // a blank line ends a markdown table, so that two appended to one file (a job summary) stay two
    end: '\n',
  };
}
