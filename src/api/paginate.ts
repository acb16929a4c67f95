import { WsError } from '../errors.js';

/** What paginate needs of a page's items: how many there are, and the first of them (a page cut to those wanted). */
export interface Items {
  readonly length: number;
  slice(start: number, end?: number): this;
}

/** The type of an array's items (rows kept as bytes have none until parsed). */
type ItemOf<I> = I extends readonly (infer T)[] ? T : unknown;

/** One page as the API returns it: items (an array, or rows kept as bytes) next to total, limit and offset. */
export interface Page<T, I extends Items = T[]> {
  items: I;
  total: number;
  /** The response body the page came in, for printing a single page exactly as the API sent it. */
  envelope?: Record<string, unknown>;
}

export interface PageRequest<T = unknown, I extends Items = T[]> {
  /** Items wanted in all; undefined with `all` for every item. */
  limit: number | undefined;
  offset: number;
  all: boolean;
  /** The endpoint's page-size maximum. */
  pageMax: number;
  /** The page size to ask for when no limit is given and `all` is off. */
  defaultLimit: number;
  /** Items are rows of data, not resources with ids: equal first rows do not mean a repeated page. */
  rows?: boolean;
  /** Pages asked for ahead of the one being read, once a total says where the list ends (default 2). */
  ahead?: number;
  /** The most items a page should hold, judged from the first page (its size in bytes); pageMax at most. */
  pageSize?: (first: Page<T, I>) => number;
  /**
   * The size of the first page, when more items are wanted: small, so that pageSize judges the items' width before
   * a page of many is asked for (10,000 rows of 2 KB are 20 MB in one answer).
   */
  firstPage?: number;
}

/**
 * Yields pages until the items wanted are there, the server has no more, or it sends an empty page.
 * `--limit` is the number of items wanted: past the endpoint's maximum, several pages are fetched.
 * A server that ignores `offset` (it echoes another one, or sends the same page again) is an error,
 * never an endless loop or duplicated items.
 */
export async function* paginate<I extends Items>(
  fetchPage: (limit: number, offset: number, signal: AbortSignal) => Promise<Page<ItemOf<I>, I>>,
  request: PageRequest<ItemOf<I>, I>,
): AsyncGenerator<Page<ItemOf<I>, I>> {
  // pages still travelling when the reader stops (an error, enough rows) are aborted, not left to arrive later
  const stop = new AbortController();
  try {
    yield* pages((limit, offset) => fetchPage(limit, offset, stop.signal), request);
  } finally {
    stop.abort();
  }
}

async function* pages<T, I extends Items>(
  fetchPage: (limit: number, offset: number) => Promise<Page<T, I>>,
  request: PageRequest<T, I>,
): AsyncGenerator<Page<T, I>> {
  const wanted = request.all ? Infinity : (request.limit ?? request.defaultLimit);
  let offset = request.offset;
  let received = 0;
  let previousFirst: string | undefined;
  let previousRows: string | undefined;
  // Pages travel while the one before them is printed. The next page is asked for as soon as this one arrives;
  // with a total, the ones after it too (each on a connection of its own), assuming full pages, so that the server
  // always has some to work on; they are read in order, whatever order they arrive in. A short page tells the
  // server's maximum (a page size the API does not state): the guesses made before it are dropped, and from then
  // on pages of that size are asked for.
  const ahead: { offset: number; size: number; page: Promise<Page<T, I>> }[] = [];
  const depth = request.ahead ?? 2;
  let pageMax = request.pageMax;
  let measured = false;
  const askAhead = (size: number, at: number) => {
    const page = fetchPage(size, at);
    // a reader that stops early never awaits it: its failure must not become an unhandled rejection
    page.catch(() => undefined);
    ahead.push({ offset: at, size, page });
  };
  while (received < wanted) {
    const size = Math.min(measured ? pageMax : Math.min(pageMax, request.firstPage ?? pageMax), wanted - received);
    const asked = ahead[0]?.offset === offset && ahead[0].size === size ? ahead.shift() : undefined;
    if (!asked) ahead.length = 0; // guesses made before a short page: their answers are not waited for
    const page = await (asked?.page ?? fetchPage(size, offset));
    const echoed = page.envelope?.offset;
    // resources have ids, so a page that starts with the same one is the same page; rows of data may repeat
    const firstId = Array.isArray(page.items) ? (page.items[0] as { id?: unknown } | undefined)?.id : undefined;
    const first = typeof firstId === 'string' && !request.rows ? firstId : undefined;
    // (an empty page ends the list anyway, whatever offset it names)
    if (page.items.length > 0 && ((typeof echoed === 'number' && echoed !== offset) || (first !== undefined && first === previousFirst))) {
      throw new WsError(
        'api',
        `the server ignored offset=${offset} (it sent ${typeof echoed === 'number' && echoed !== offset ? `offset ${echoed}` : 'the same page again'}), so the list cannot be read page by page`,
        {
          code: 'unexpected_response',
          hint: 'ask for one page with --limit, or report this server behaviour',
        },
      );
    }
    previousFirst = first;
    // Rows carry no ids, and without a total nothing else ends the list: a page equal to the one before
    // means the server ignored offset (equal rows on both sides of a page break, with no total, is a
    // result ws cannot tell from that, and stopping with an error beats looping for ever).
    if (request.rows && !Number.isFinite(page.total) && page.items.length > 0) {
      // node:crypto takes about 4 ms to load: only this rare case needs it
      const rows = process.getBuiltinModule('node:crypto').createHash('sha256').update(JSON.stringify(page.items)).digest('hex');
      if (rows === previousRows) {
        throw new WsError(
          'api',
          `the server sent the same rows for offset=${offset} as for the page before it and gives no total, so the rows cannot be read page by page`,
          {
            code: 'unexpected_response',
            hint: 'ask for a set number of rows with --limit n, or report this server behaviour',
          },
        );
      }
      previousRows = rows;
    }
    // an empty page after others only says the list ended (a list without a total ends so)
    if (page.items.length === 0 && received > 0) return;
    const items = page.items.slice(0, wanted - received);
    received += items.length;
    offset += page.items.length;
    const more = page.items.length > 0 && offset < page.total && received < wanted;
    if (page.items.length < size && more) {
      pageMax = page.items.length;
      ahead.length = 0;
    }
    if (!measured && request.pageSize && page.items.length > 0) pageMax = Math.min(pageMax, request.pageSize(page));
    measured = true;
    if (more) {
      const last = ahead.at(-1);
      let at = last ? last.offset + last.size : offset;
      let asking = received + ahead.reduce((sum, { size }) => sum + size, 0);
      while (ahead.length < (Number.isFinite(page.total) ? depth : 1) && at < page.total && asking < wanted) {
        const nextSize = Math.min(pageMax, wanted - asking);
        askAhead(nextSize, at);
        at += nextSize;
        asking += nextSize;
      }
    }
    yield { ...page, items };
    if (!more) return;
  }
}

/** A list that came whole, as pages for Output.list. */
export async function* onePage<T>(items: T[]): AsyncGenerator<Page<T>> {
  yield { items, total: items.length };
}
