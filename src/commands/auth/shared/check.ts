import type { HttpClient } from '../../../api/http.js';
import { listQueries } from '../../../api/queries.js';
import { WsError } from '../../../errors.js';

/** The cheapest authenticated request: one query, without its runs. */
export async function checkKey(http: HttpClient): Promise<void> {
  await listQueries(http, { limit: 1, includeRuns: false });
}

/** The key as it may be shown: its last four characters, or nothing of a short key (4 of 8 would be half of it). */
export function maskKey(key: string): string {
  return key.length >= 16 ? `****${key.slice(-4)}` : '****';
}

/** The same error with another hint: the API's own hint names `ws auth status` and `ws auth login`, the very commands that check a key. */
export function withHint(error: WsError, hint: string | undefined): WsError {
  const { status, code, requestId } = error;
  return new WsError(error.kind, error.message, {
    ...(hint === undefined ? {} : { hint }),
    ...(status === undefined ? {} : { status }),
    ...(code === undefined ? {} : { code }),
    ...(requestId === undefined ? {} : { requestId }),
  });
}
