import { describe, expect, it } from 'vitest';
import { paginate, type Page } from '../../src/api/paginate.js';

type Item = { id: string };
const items = (from: number, count: number): Item[] => Array.from({ length: count }, (_, i) => ({ id: `id-${from + i}` }));

async function collect(pages: AsyncIterable<Page<Item>>): Promise<string[]> {
  const ids: string[] = [];
  for await (const page of pages) ids.push(...page.items.map((item) => item.id));
  return ids;
}

describe('paginate', () => {
  it('asks for the next page while the current one is read, and for none past the last', async () => {
    const asked: number[] = [];
    const pages = paginate(
      async (limit, offset) => {
        asked.push(offset);
        return { items: items(offset, Math.min(limit, 250 - offset)), total: 250 };
      },
      { limit: undefined, offset: 0, all: true, pageMax: 100, defaultLimit: 50 },
    );
    const seen: number[][] = [];
    for await (const page of pages) {
      seen.push([...asked]);
      expect(page.items.length).toBeGreaterThan(0);
    }
    // with a total, when page 1 arrives pages 2 and 3 are already asked for (the server always has one to work
    // on); none is asked for past the last
    expect(seen).toEqual([
      [0, 100, 200],
      [0, 100, 200],
      [0, 100, 200],
    ]);
    expect(asked).toEqual([0, 100, 200]);
  });

  it('without a total, asks only for the next page ahead, whose offset is known', async () => {
    const asked: number[] = [];
    const pages = paginate(
      async (limit, offset) => {
        asked.push(offset);
        return { items: items(offset, Math.max(0, Math.min(limit, 250 - offset))), total: Infinity };
      },
      { limit: undefined, offset: 0, all: true, pageMax: 100, defaultLimit: 50 },
    );
    const seen: number[][] = [];
    for await (const page of pages) seen.push([...asked, page.items.length]);
    expect(seen).toEqual([
      [0, 100, 100],
      [0, 100, 200, 100],
      [0, 100, 200, 250, 50],
    ]);
  });

  it('a server whose pages are shorter than asked: the guesses are dropped, every item arrives once and in order', async () => {
    const asked: number[] = [];
    const pages = paginate(
      async (limit, offset) => {
        asked.push(offset);
        // full pages at first, then at most 60 items a page
        return { items: items(offset, Math.min(limit, offset >= 100 ? 60 : 100, 250 - offset)), total: 250 };
      },
      { limit: undefined, offset: 0, all: true, pageMax: 100, defaultLimit: 50 },
    );
    const ids: string[] = [];
    for await (const page of pages) ids.push(...page.items.map((item) => item.id));
    expect(ids).toEqual(items(0, 250).map((item) => item.id));
    // the guess made before the first short page (200) is the only request wasted; after it, each page asks
    // for the next at its real offset
    expect(asked).toEqual([0, 100, 200, 160, 220]);
  });

  it('a reader that stops early leaves no unhandled failure from the page asked for in advance', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const pages = paginate(
        async (limit, offset) => {
          if (offset > 0) throw new Error('page 2 failed');
          return { items: items(offset, limit), total: 1000 };
        },
        { limit: undefined, offset: 0, all: true, pageMax: 100, defaultLimit: 50 },
      );
      for await (const page of pages) {
        expect(page.items).toHaveLength(100);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('a failure of the page asked for in advance reaches the reader when it gets there', async () => {
    const pages = paginate(
      async (limit, offset) => {
        if (offset > 0) throw new Error('page 2 failed');
        return { items: items(offset, limit), total: 1000 };
      },
      { limit: undefined, offset: 0, all: true, pageMax: 100, defaultLimit: 50 },
    );
    await expect(collect(pages)).rejects.toThrow('page 2 failed');
  });

  it('asks for pages of at most the maximum until the items wanted are there', async () => {
    const asked: [number, number][] = [];
    const pages = paginate(
      async (limit, offset) => {
        asked.push([limit, offset]);
        return { items: items(offset, limit), total: 1000, envelope: { offset } };
      },
      { limit: 250, offset: 10, all: false, pageMax: 100, defaultLimit: 50 },
    );
    const ids = await collect(pages);
    expect(asked).toEqual([
      [100, 10],
      [100, 110],
      [50, 210],
    ]);
    expect(ids).toHaveLength(250);
    expect(ids.at(-1)).toBe('id-259');
  });

  it('firstPage: the first page at that size, later ones at pageMax or the size measured on it; a limit below it asks for the limit', async () => {
    const plan = async (request: { limit: number | undefined; all: boolean; pageSize?: (first: Page<Item>) => number }) => {
      const asked: [number, number][] = [];
      const ids = await collect(
        paginate(
          async (limit, offset) => {
            asked.push([limit, offset]);
            return { items: items(offset, Math.min(limit, 1000 - offset)), total: 1000 };
          },
          { ...request, offset: 0, pageMax: 100, defaultLimit: 50, firstPage: 10 },
        ),
      );
      return { asked: asked.sort((a, b) => a[1] - b[1]), ids };
    };
    const all = await plan({ limit: undefined, all: true });
    expect(all.asked.slice(0, 3)).toEqual([
      [10, 0],
      [100, 10],
      [100, 110],
    ]);
    expect(all.asked.slice(1).every(([limit]) => limit === 100)).toBe(true);
    expect(all.ids).toEqual(items(0, 1000).map((item) => item.id));
    // the size judged from the first page (of 10 items) holds for the pages after it
    const measured = await plan({ limit: undefined, all: true, pageSize: (first) => first.items.length * 3 });
    expect(measured.asked.slice(0, 3)).toEqual([
      [10, 0],
      [30, 10],
      [30, 40],
    ]);
    expect(measured.ids).toEqual(items(0, 1000).map((item) => item.id));
    expect(await plan({ limit: 25, all: false })).toEqual({
      asked: [
        [10, 0],
        [15, 10],
      ],
      ids: items(0, 25).map((item) => item.id),
    });
    expect((await plan({ limit: 7, all: false })).asked).toEqual([[7, 0]]);
  });

  it('--all stops at the total, and at an empty page when there is no total', async () => {
    expect(
      await collect(
        paginate(async (limit, offset) => ({ items: items(offset, Math.min(limit, 230 - offset)), total: 230 }), {
          limit: undefined,
          offset: 0,
          all: true,
          pageMax: 100,
          defaultLimit: 50,
        }),
      ),
    ).toHaveLength(230);
    // no total (Infinity): a short page is not the end, an empty one is
    const sizes = [100, 40, 100, 0];
    let call = 0;
    const ids = await collect(
      paginate(async (_limit, offset) => ({ items: items(offset, sizes[call++] ?? 0), total: Infinity }), {
        limit: undefined,
        offset: 0,
        all: true,
        pageMax: 100,
        defaultLimit: 50,
      }),
    );
    expect(ids).toHaveLength(240);
    expect(call).toBe(4);
  });

  it('a server that ignores offset is an error, not an endless loop', async () => {
    let calls = 0;
    const sameEveryTime = paginate(
      async () => {
        calls++;
        return { items: items(0, 100), total: Infinity };
      },
      { limit: undefined, offset: 0, all: true, pageMax: 100, defaultLimit: 50 },
    );
    await expect(collect(sameEveryTime)).rejects.toThrow(/the server ignored offset=100 \(it sent the same page again\)/);
    expect(calls).toBe(2);
    const wrongEcho = paginate(async () => ({ items: items(0, 100), total: 500, envelope: { offset: 0 } }), {
      limit: undefined,
      offset: 0,
      all: true,
      pageMax: 100,
      defaultLimit: 50,
    });
    await expect(collect(wrongEcho)).rejects.toThrow(/ignored offset=100 \(it sent offset 0\)/);
  });
});

describe('rows that make no progress', () => {
  it('stop with an error when the server ignores offset and gives no total', async () => {
    let calls = 0;
    const rows = Array.from({ length: 100 }, (_, n) => ({ n }));
    const pages = paginate(
      async () => {
        calls++;
        return { items: rows, total: Infinity };
      },
      { limit: undefined, offset: 0, all: true, pageMax: 100, defaultLimit: 100, rows: true },
    );
    const read = async () => {
      for await (const _page of pages as AsyncIterable<Page<unknown>>) {
        if (calls > 10) throw new Error('endless');
      }
    };
    await expect(read()).rejects.toThrow(
      'the server sent the same rows for offset=100 as for the page before it and gives no total, so the rows cannot be read page by page',
    );
    expect(calls).toBe(2);
  });

  it('equal pages with a total are data, read to the end', async () => {
    const rows = Array.from({ length: 10 }, () => ({ n: 1 }));
    let count = 0;
    for await (const page of paginate(async () => ({ items: rows, total: 30 }), {
      limit: undefined,
      offset: 0,
      all: true,
      pageMax: 10,
      defaultLimit: 10,
      rows: true,
    }))
      count += page.items.length;
    expect(count).toBe(30);
  });
});
