import type { ZodType } from 'zod';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type QueryValue = string | number | boolean | undefined;

export interface RequestSpec<T> {
  method: Method;
  /** Path below the base URL, starting with `/`; path parameters already encoded. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Parses the response body; a mismatch becomes "unexpected response from …". */
  schema: ZodType<T>;
  /**
   * Whether the request may be sent again after it may have reached the server. GET and PATCH are;
   * a POST that creates a run is not, since a duplicate run is worse than an error.
   */
  idempotent?: boolean;
  /**
   * Values of the body are data (a result's rows): a number whose JSON text a double cannot hold (an integer past
   * 2^53, a DECIMAL of 17 digits) is kept as that text, a string, instead of being rounded (parseExactly, exact-json.ts).
   */
  exactNumbers?: boolean;
  /**
   * Reads the body's bytes into what the schema checks, instead of parsing it whole (a page of rows kept as bytes:
   * src/api/row-bytes.ts); `notJson` is the error of a body that is not JSON, for what is found so later.
   */
  read?: (body: Buffer, notJson: () => Error) => unknown;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** The body as text, decoded when first asked (never for a body read from its bytes). */
  readonly text: string;
}

/** A header's value, the first when it came more than once. */
export function header(headers: RawResponse['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
