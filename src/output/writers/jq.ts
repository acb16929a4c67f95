/** --jq over a list: the whole list as one document, as -o json prints it, for jq (../jq.ts) to run on. */
import type { Page } from '../../api/paginate.js';
import { usageError } from '../../errors.js';
import { humanCount } from '../cells.js';
import { pickFields } from '../field-selection.js';
import { documentOf } from './document.js';
import type { ListSource } from './list.js';

const mib = 1024 * 1024;
/** The most JSON text --jq takes in one document (see jqDocument). */
const jqLimit = 16 * mib;

/**
 * The document --jq runs on, so that jq gives one answer over every item. jq-wasm holds it in its own memory
 * (256 MiB; a document of about 30 MiB of JSON aborted it): past jqLimit the command stops before printing
 * anything, saying the size and what to use instead.
 */
export async function jqDocument<T>(source: ListSource<T>, jsonFields: string[] | undefined): Promise<unknown> {
  const pages: Page<unknown>[] = [];
  let size = 0;
  let count = 0;
  for await (const page of source.pages) {
    const items = page.items.map((item) => pickFields(item, jsonFields));
    for (const item of items) size += JSON.stringify(item).length + 6;
    count += items.length;
    pages.push({ ...page, items });
    if (size > jqLimit) {
      const whole = Math.max(page.total - source.offset, count);
      throw usageError(
        `--jq holds one document of at most ${jqLimit / mib} MiB, and this result of ${humanCount(whole)} ${source.key} is about ${Math.ceil(((size / count) * whole) / mib)} MiB of JSON`,
        `pipe -o ndjson into jq (-o ndjson | jq -n 'reduce inputs as $row (0; . + 1)'), or read part of it with --limit and --offset`,
      );
    }
  }
  return collectEnvelope(source, pages);
}

/** One page as the server sent it; several pages as one envelope whose fields describe the whole. */
function collectEnvelope<T>(source: ListSource<T>, pages: Page<unknown>[]): Record<string, unknown> {
  if (pages.length === 1 && pages[0]!.envelope && !source.all && !source.leading) return { ...pages[0]!.envelope, [source.key]: pages[0]!.items };
  return documentOf(
    source,
    pages[0]?.envelope,
    pages.flatMap((page) => page.items),
    pages.at(-1)?.total ?? 0,
  );
}
