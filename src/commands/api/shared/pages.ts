import type { HttpClient } from '../../../api/http.js';
import type { RawResponse } from '../../../api/request-spec.js';
import { paginate } from '../../../api/paginate.js';
import { WsError } from '../../../errors.js';

/** A list envelope: one array of items next to numbers among total, limit and offset. */
function itemsKey(body: unknown): string | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const envelope = body as Record<string, unknown>;
  const arrays = Object.keys(envelope).filter((key) => Array.isArray(envelope[key]));
  const numbers = ['total', 'limit', 'offset'].some((key) => typeof envelope[key] === 'number');
  return arrays.length === 1 && numbers ? arrays[0] : undefined;
}

const parse = (response: RawResponse, label: string): unknown => {
  try {
    return response.text === '' ? undefined : JSON.parse(response.text);
  } catch {
    throw new WsError('api', `--paginate: the response of ${label} is not JSON`, { code: 'unexpected_response' });
  }
};

/**
 * `--paginate`: after the first page, follows limit and offset of the list envelope to the end and returns one
 * envelope holding every item, whose limit and offset describe the whole (as `--all` does). A body that is not
 * a list envelope is returned as it came. A server that ignores offset is an error, never a loop.
 */
export async function allPages(http: HttpClient, first: RawResponse, path: string, query: Record<string, string>): Promise<unknown> {
  const body = parse(first, `GET ${path}`);
  const key = itemsKey(body);
  if (!key) return body;
  const envelope = body as Record<string, unknown>;
  const items = [...(envelope[key] as unknown[])];
  const start = typeof envelope.offset === 'number' ? envelope.offset : Number(query.offset ?? 0);
  const total = typeof envelope.total === 'number' ? envelope.total : Infinity;
  const pageSize = typeof envelope.limit === 'number' && envelope.limit > 0 ? envelope.limit : items.length;
  if (items.length > 0 && start + items.length < total && pageSize > 0) {
    const fetchPage = async (limit: number, offset: number, signal: AbortSignal) => {
      const page = parse(
        await http.withSignal(signal).send({ method: 'GET', path, query: { ...query, limit: String(limit), offset: String(offset) } }),
        `GET ${path}`,
      ) as Record<string, unknown>;
      if (itemsKey(page) !== key)
        throw new WsError('api', `--paginate: GET ${path}?offset=${offset} did not answer with a list under "${key}"`, { code: 'unexpected_response' });
      return { items: page[key] as unknown[], total: typeof page.total === 'number' ? page.total : Infinity, envelope: page };
    };
    for await (const page of paginate(fetchPage, { limit: undefined, offset: start + items.length, all: true, pageMax: pageSize, defaultLimit: pageSize })) {
      items.push(...page.items);
    }
  }
  return { ...envelope, [key]: items, limit: items.length, offset: start };
}
