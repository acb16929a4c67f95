import type { IncomingHttpHeaders } from 'node:http';
import type { ZodType } from 'zod';
import { isUuid } from '../ids.js';

/** The organization an API key acts within, and the user it acts as. */
export interface Organization {
  id: string;
  slug: string;
  userId: string;
}

export interface Request {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: string;
  organization: Organization;
  requestId: string;
}

export interface Response {
  status?: number;
  body: unknown;
}

export type Handler = (request: Request) => Promise<Response> | Response;

/** An error answered as `{"error":{"code","message","field"?}}` with its HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const notFound = (what: string, id: string) => new HttpError(404, 'not_found', `${what} ${id} not found`);

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: Handler;
}

/** A small router: `/queries/:id/execute` style patterns, one handler each. */
export class Router {
  private readonly routes: Route[] = [];

  on(method: string, path: string, handler: Handler): this {
    const names: string[] = [];
    const pattern = new RegExp(
      `^${path.replace(/:([a-zA-Z]+)/g, (_m, name: string) => {
        names.push(name);
        return '([^/]+)';
      })}$`,
    );
    this.routes.push({ method, pattern, names, handler });
    return this;
  }

  /** The handler for a request, or an error: 404 for an unknown path, 405 for a known path with another method. */
  match(method: string, path: string): { handler: Handler; params: Record<string, string> } {
    let pathKnown = false;
    for (const route of this.routes) {
      const found = route.pattern.exec(path);
      if (!found) continue;
      pathKnown = true;
      if (route.method !== method) continue;
      const params: Record<string, string> = {};
      for (const [index, name] of route.names.entries()) {
        try {
          params[name] = decodeURIComponent(found[index + 1]!);
        } catch {
          throw new HttpError(400, 'validation_error', `${name}: malformed percent-encoding in the path`, name);
        }
      }
      return { handler: route.handler, params };
    }
    if (pathKnown) throw new HttpError(405, 'method_not_allowed', `${method} is not allowed on ${path}`);
    throw new HttpError(404, 'not_found', `no endpoint ${method} ${path}`);
  }
}

function describeIssues(error: { issues: { path: PropertyKey[]; message: string }[] }, prefix: string): HttpError {
  const issue = error.issues[0]!;
  const field = issue.path.map(String).join('.');
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more)` : '';
  return new HttpError(400, 'validation_error', `${prefix}${field ? `${field}: ` : ''}${issue.message}${more}`, field || undefined);
}

/** The JSON body checked against the request schema the client uses too. */
export function parseBody<T>(schema: ZodType<T>, request: Request): T {
  let body: unknown = {};
  if (request.rawBody.trim() !== '') {
    try {
      body = JSON.parse(request.rawBody);
    } catch {
      throw new HttpError(400, 'invalid_json', 'the request body is not valid JSON');
    }
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw describeIssues(parsed.error, '');
  return parsed.data;
}

/**
 * Query-string parameters (always strings) converted to the types of the client's schema and checked
 * with it: whole numbers for the named number fields, true/false for the boolean ones.
 */
export function parseQuery<T>(schema: ZodType<T>, request: Request, types: { numbers?: string[]; booleans?: string[] } = {}): T {
  const values: Record<string, unknown> = {};
  for (const [key, value] of request.query) {
    if (types.numbers?.includes(key)) {
      if (!/^-?\d+$/.test(value)) throw new HttpError(400, 'validation_error', `${key}: must be a whole number, got "${value}"`, key);
      values[key] = Number(value);
    } else if (types.booleans?.includes(key)) {
      if (value !== 'true' && value !== 'false') throw new HttpError(400, 'validation_error', `${key}: must be true or false, got "${value}"`, key);
      values[key] = value === 'true';
    } else {
      values[key] = value;
    }
  }
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw describeIssues(parsed.error, '');
  return parsed.data;
}

/** A path parameter that must be a UUID: 400 otherwise, as the API validates its paths. */
export function uuidParam(request: Request, name: string): string {
  const value = request.params[name]!;
  if (!isUuid(value)) throw new HttpError(400, 'validation_error', `${name}: must be a UUID, got "${value}"`, name);
  return value.toLowerCase();
}

export { isUuid };

/** Applies `limit` and `offset` to a list and builds the envelope. */
export function page<T>(items: T[], limit: number, offset: number): { items: T[]; total: number; limit: number; offset: number } {
  return { items: items.slice(offset, offset + limit), total: items.length, limit, offset };
}
