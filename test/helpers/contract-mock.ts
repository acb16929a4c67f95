/**
 * A mock of the Workspace API built from its OpenAPI reading alone: each request gets a body generated from
 * the operation's 2XX response schema, with a seeded generator, so a test can run ws against what the API
 * may send rather than what the emulator happens to send. Optional fields are all present, all absent, or
 * each by chance; strings hold spaces, quotes and shell characters; timestamps may be decades apart;
 * nullable fields may be null; objects carry properties the description does not name.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { seededRandom } from '../../src/emulator/faults.js';
import { contract, operationFor, responseSchemaPointer, violations, type Schema } from './contract.js';

export type Optional = 'all' | 'none' | 'random';

/** The emulator's seeded generator (mulberry32), so that every failure can be replayed from its seed. */
export const seeded = seededRandom;

const words = ['Excepteur laboris proident', "it's here", 'say "hi"', '$(echo pwned) `x` ;|&', '--wait', 'café ✓ 数据', 'plain', 'a\ttab', '*', '~user'];
const times = [
  '2026-01-15T09:00:00.000Z',
  '2026-01-15T09:00:01.250Z',
  '1970-01-01T00:00:00Z',
  '2038-01-19T03:14:07+05:30',
  '9999-12-31T23:59:59.999Z',
  '2025-12-31T23:59:59-08:00',
];
const integers = [0, 1, 3, 42, 1000, 2 ** 31, -5];

export class Generator {
  /**
   * `ids`: one UUID per field name, kept across the responses of one mock, so that a run polled again is the
   * same run and the pages of one result come from one run, as they would on a server.
   */
  constructor(
    private readonly random: () => number,
    private readonly optional: Optional,
    private readonly ids?: Map<string, string>,
  ) {}

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  private resolve(schema: Schema): Schema {
    let resolved = schema;
    for (let hops = 0; resolved.$ref && hops < 10; hops++) {
      resolved = (resolved.$ref as string)
        .slice(2)
        .split('/')
        .reduce((node: Schema, token) => node[token.replace(/~1/g, '/').replace(/~0/g, '~')], contract().spec);
    }
    return resolved;
  }

  /** allOf merged into one schema (properties, required; a `false` property is never generated). */
  private merged(schema: Schema): Schema {
    const resolved = this.resolve(schema);
    if (!resolved.allOf) return resolved;
    const parts = (resolved.allOf as Schema[]).map((part) => this.merged(part));
    const merged: Schema = { ...parts.find((p) => p.type) };
    merged.properties = Object.assign({}, ...parts.map((p) => p.properties ?? {}));
    merged.required = parts.flatMap((p) => p.required ?? []);
    return merged;
  }

  value(schema: Schema | boolean, depth = 0, name?: string): unknown {
    if (schema === true) return this.anyJson(depth);
    const s = this.merged(schema as Schema);
    if (s.anyOf) return this.value(this.pick(s.anyOf as Schema[]), depth, name);
    if (s.const !== undefined) return s.const;
    if (s.enum) return this.pick(s.enum as unknown[]);
    const types = s.type === undefined ? undefined : ([] as string[]).concat(s.type);
    if (!types) return this.anyJson(depth);
    // null where it is allowed, now and then: the type listed first otherwise
    const type = types.includes('null') && this.random() < 0.3 ? 'null' : (types.find((t) => t !== 'null') ?? 'null');
    switch (type) {
      case 'null':
        return null;
      case 'boolean':
        return this.random() < 0.5;
      case 'integer':
      case 'number': {
        const n = this.pick(integers);
        return Math.min(s.maximum ?? Infinity, Math.max(s.minimum ?? -Infinity, n));
      }
      case 'string':
        return this.string(s, name);
      case 'array': {
        const count = Math.min(s.maxItems ?? 3, depth > 3 ? 0 : Math.floor(this.random() * 4));
        return Array.from({ length: count }, () => this.value(s.items ?? true, depth + 1));
      }
      default:
        return this.object(s, depth);
    }
  }

  private string(s: Schema, name?: string): string {
    if (s.format === 'uuid' && name && this.ids) {
      if (!this.ids.has(name)) this.ids.set(name, this.string(s));
      return this.ids.get(name)!;
    }
    if (s.format === 'uuid') return [8, 4, 4, 4, 12].map((n) => Array.from({ length: n }, () => this.pick('0123456789abcdef'.split(''))).join('')).join('-');
    if (s.format === 'date-time') return this.pick(times);
    if (s.pattern) {
      const length = 1 + Math.floor(this.random() * 12);
      return Array.from({ length }, () => this.pick('abcdefghijklmnopqrstuvwxyz0123456789_'.split(''))).join('');
    }
    const text = this.pick(words);
    return text.slice(0, s.maxLength ?? text.length).padEnd(s.minLength ?? 0, 'x');
  }

  private object(s: Schema, depth: number): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    const required = new Set<string>(s.required ?? []);
    for (const [name, property] of Object.entries((s.properties ?? {}) as Record<string, Schema | boolean>)) {
      if (property === false) continue;
      const present = required.has(name) || this.optional === 'all' || (this.optional === 'random' && this.random() < 0.5);
      if (present) result[name] = this.value(property, depth + 1, name);
    }
    // a property the description does not name: extra properties are always allowed
    if (this.random() < 0.3 || !s.properties) result[`x_${this.pick(['extra', 'note', 'more'])}`] = depth > 3 ? 1 : this.anyJson(depth + 1);
    return result;
  }

  private anyJson(depth: number): unknown {
    const kinds = depth > 3 ? ['string', 'number', 'null', 'boolean'] : ['string', 'number', 'null', 'boolean', 'object', 'array'];
    const kind = this.pick(kinds);
    if (kind === 'object') return this.object({}, depth + 1);
    if (kind === 'array') return [this.anyJson(depth + 1)];
    return kind === 'null' ? null : kind === 'boolean' ? true : kind === 'number' ? this.pick(integers) : this.pick(words);
  }
}

/**
 * A list envelope describes the page asked for ("Lists return total, limit and offset next to the items"):
 * the offset asked for, the limit asked for (when within the generated bound), and a total that makes it the
 * last page. Without this a client cannot page at all, whatever it accepts.
 */
function pageOf(body: unknown, query: URLSearchParams): void {
  if (typeof body !== 'object' || body === null || !('offset' in body)) return;
  const page = body as Record<string, unknown>;
  const items = Object.values(page).find(Array.isArray) ?? [];
  const offset = Number(query.get('offset') ?? 0);
  page.offset = offset;
  const limit = Number(query.get('limit'));
  if (Number.isInteger(limit) && limit >= 1 && limit <= 100) page.limit = limit; // 100: within every list's maximum
  page.limit = Math.max(Number(page.limit), items.length, 1);
  page.total = offset + items.length;
}

export interface MockServer {
  baseUrl: string;
  /** Every response sent, with what the validator found in it (nothing, if the generator is right). */
  sent: { method: string; path: string; body: unknown; problems: string[] }[];
  close(): Promise<void>;
}

/**
 * Starts the mock on 127.0.0.1, port 0. Response n of the server is generated from seed + n. `damage`
 * may change a generated body (to test what the API forbids).
 */
export async function startContractMock(
  seed: number,
  optional: Optional,
  damage?: (method: string, path: string, body: unknown) => unknown,
): Promise<MockServer> {
  let count = 0;
  const ids = new Map<string, string>();
  const sent: MockServer['sent'] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://mock');
      const path = url.pathname.replace(/^\/public\/v3/, '');
      const op = operationFor(req.method ?? 'GET', path);
      const pointer = op && responseSchemaPointer(op, 200);
      if (!op || !pointer) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"no such operation"}}');
        return;
      }
      const schema = pointer
        .slice(1)
        .split('/')
        .reduce((node: Schema, token) => node[token.replace(/~1/g, '/').replace(/~0/g, '~')], contract().spec);
      let body = new Generator(seeded(seed * 7919 + count++), optional, ids).value(schema);
      pageOf(body, url.searchParams);
      const problems = violations({ method: op.method, path, query: url.search, status: 200, body });
      if (damage) body = damage(op.method, op.template, body);
      sent.push({ method: op.method, path, body, problems });
      const text = JSON.stringify(body);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/public/v3`,
    sent,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
