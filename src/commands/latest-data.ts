import type { HttpClient } from '../api/http.js';
import type { Context } from '../context.js';
import { checkFields } from '../output/fields.js';
import type { Output } from '../output/output.js';
import { column, type View } from '../output/view.js';
import { latestDataPages, moreRows, type DataProgress, type DataRequest } from '../workspace/query-runs.js';

type Row = Record<string, unknown>;

/**
 * Prints the rows of a query's latest successful run, page by page, in any format. Rows are data: every
 * one is printed unless `--limit` asks for fewer; only a table on a terminal stops after one page, and
 * then says so on stderr.
 */
export async function printLatestData(ctx: Context, http: HttpClient, output: Output, queryId: string, request: DataRequest): Promise<void> {
  const firstPageOnly = request.limit === undefined && !request.all && output.format === 'table' && ctx.io.stdoutIsTTY;
  const read: DataProgress = { rows: 0 };
  // the columns are known only with the first page: `--json a,b` is checked against them there
  const wanted = ctx.settings.jsonFields;
  const pages = latestDataPages(http, queryId, { ...request, all: request.all || (request.limit === undefined && !firstPageOnly) }, read, (names) => {
    if (wanted && names.length) checkFields(wanted, names);
  });
  // The view reads the columns lazily, once the first page is in.
  const view: View<Row> = {
    fields: [],
    get columns() {
      return (read.columns ?? []).map((name) => column<Row>(name, name, { flex: true }));
    },
  };
  await output.list(
    {
      key: 'rows',
      offset: request.offset,
      all: request.all,
      pages,
      ...(firstPageOnly ? {} : { moreHint: `every row: ${request.allCommand}` }),
      summarize: (first, count, total) => {
        const { rows: _rows, ...rest } = first ?? {};
        return { ...rest, returnedRowCount: count, totalRowCount: first?.totalRowCount ?? total };
      },
    },
    view,
  );
  if (firstPageOnly && moreRows(read, request.offset)) {
    // never cut rows without a word, even with --quiet
    output.notice(`showing the first ${read.rows} of ${typeof read.total === 'number' ? read.total : 'more'} rows; every row: ${request.allCommand} (or -o csv, or a pipe)`);
  }
}
