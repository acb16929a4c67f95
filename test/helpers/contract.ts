/**
 * The Workspace API description's OpenAPI reading (../shared/spec/workspace-api-v3.openapi.yaml beside the
 * repository, as CI lays it out), checked with Ajv: JSON Schema 2020-12 (the dialect of OpenAPI 3.1) with
 * its formats (uuid, date-time) asserted. Tests use it to check every response the emulator sends, and the
 * mock server (contract-mock.ts) to generate what the API may send.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsPlugin from 'ajv-formats';
import { parse } from 'yaml';

const repo = path.resolve(import.meta.dirname, '../..');
export const specFile = path.resolve(repo, '../shared/spec/workspace-api-v3.openapi.yaml');

export type Schema = Record<string, any>;
export interface Operation {
  method: string;
  /** The path template, e.g. /queries/{id}/execute. */
  template: string;
  operation: Schema;
}
export interface Exchange {
  method: string;
  /** Below /public/v3, without the query string. */
  path: string;
  query: string;
  status: number;
  body: unknown;
}

/**
 * Where the OpenAPI reading is stricter or looser than the prose (workspace-api-v3.md), the prose wins; each
 * deviation is applied here, with its reason.
 */
export const deviations = [
  {
    what: 'error responses: any status of 400 or more, with any JSON body',
    why: 'the prose says "HTTP error status codes, the error body shape and error codes: not shown"; the OpenAPI reading lists only 4XX, while a server (and the emulator\'s injected faults) may answer 5XX',
  },
] as const;

let loaded: { spec: Schema; ajv: Ajv2020; operations: Operation[] } | undefined;

/** The spec, read once; a missing file fails loudly: the contract tests never pass without it. */
export function contract(): { spec: Schema; ajv: Ajv2020; operations: Operation[] } {
  if (loaded) return loaded;
  if (!fs.existsSync(specFile)) {
    throw new Error(`the API description's OpenAPI reading is missing: ${specFile} (CI puts shared/ beside the clone; the contract tests need it)`);
  }
  const spec = parse(fs.readFileSync(specFile, 'utf8')) as Schema;
  // strict off: OpenAPI documents carry keywords JSON Schema does not know (e.g. parameter `examples` maps)
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, validateFormats: true });
  (formatsPlugin as unknown as (ajv: Ajv2020) => void)(ajv);
  ajv.addSchema(spec, 'spec');
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(spec.paths as Schema)) {
    for (const [method, operation] of Object.entries(item as Schema))
      operations.push({ method: method.toUpperCase(), template, operation: operation as Schema });
  }
  // a literal segment wins over a parameter (/chat-sessions/update before /chat-sessions/{id})
  operations.sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0));
  loaded = { spec, ajv, operations };
  return loaded;
}

const pointer = (...tokens: string[]) => tokens.map((t) => `/${t.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/** The operation a request went to, by method and path template. */
export function operationFor(method: string, urlPath: string): Operation | undefined {
  return contract().operations.find((o) => o.method === method && new RegExp(`^${o.template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(urlPath));
}

/** The JSON pointer (in the spec) of the response schema for a status: its own code, else its range (2XX). */
export function responseSchemaPointer(op: Operation, status: number): string | undefined {
  const responses = op.operation.responses as Schema;
  const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => responses[k] !== undefined);
  if (key === undefined) return undefined;
  let response = responses[key] as Schema;
  const base = response.$ref ? (response.$ref as string).slice(1) : pointer('paths', op.template, op.method.toLowerCase(), 'responses', key);
  if (response.$ref)
    response = (response.$ref as string)
      .slice(2)
      .split('/')
      .reduce((node: Schema, token) => node[token], contract().spec);
  return response.content?.['application/json']?.schema === undefined ? undefined : `${base}${pointer('content', 'application/json', 'schema')}`;
}

/** What is wrong with one response by the description, as readable lines; none when it conforms. */
export function violations(exchange: Exchange): string[] {
  if (exchange.status >= 400) return []; // deviations[0]
  const op = operationFor(exchange.method, exchange.path);
  if (!op) return [`${exchange.method} ${exchange.path} -> ${exchange.status}: no such operation in the description`];
  // by path template and with array indices as *, so that one fault repeated over runs and items is one line
  const where = `${op.method} ${op.template} -> ${exchange.status}`;
  const schemaPointer = responseSchemaPointer(op, exchange.status);
  if (!schemaPointer) return [`${where}: the description lists no response ${exchange.status} for ${op.method} ${op.template}`];
  const validate = contract().ajv.getSchema(`spec#${schemaPointer}`);
  if (!validate) throw new Error(`no schema at ${schemaPointer}`);
  if (validate(exchange.body)) return [];
  return (validate.errors ?? []).map(
    (e) =>
      `${where}: ${e.instancePath.replace(/\/\d+(?=\/|$)/g, '/*') || '(body)'} ${e.message}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`,
  );
}
