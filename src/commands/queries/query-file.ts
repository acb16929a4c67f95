import path from 'node:path';
import { CreateQueryBody, type Query } from '../../api/schemas/queries.js';
import { parameterTypes, undeclaredPlaceholders, unknownParameterType } from './parameters.js';

/**
 * A saved query as a file, `<slug>.sql`: a front-matter block of SQL comments holding the writable fields
 * as YAML, then the SQL itself, so that the file still runs in any SQL tool.
 *
 *   -- ---
 *   -- name: Revenue by country
 *   -- parameters:
 *   --   - name: start_date
 *   --     type: date
 *   --     defaultValue: "2026-01-01"
 *   -- ---
 *   SELECT …
 */
const marker = '-- ---';

/** The fields a file holds: those of POST /queries a person writes (userAgent and agentRunId are the tool's). */
export const queryFileFields = ['name', 'description', 'parameters', 'metadata', 'dataSourceId'] as const;
const parameterFields = ['name', 'type', 'defaultValue', 'description'];
/** Fields of a query that a file may not hold, and why. */
const readOnly: Record<string, string> = {
  slug: 'the slug is the file name',
  id: 'files are matched by slug (the file name)',
  sql: 'the SQL is the body below the block',
};

/** A slug that is safe as a file name: no path separators, not hidden, not `..`. */
export const fileSlug = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,254}$/;

export interface QueryParameterFields {
  name: string;
  type: string;
  description: string;
  defaultValue: string;
}

/** What a file says a query should be: null or an empty list where the file leaves a field out. */
export interface DesiredQuery {
  name: string;
  description: string | null;
  sql: string;
  parameters: QueryParameterFields[];
  metadata: unknown;
  dataSourceId: string | null;
}

export interface QueryFile {
  file: string;
  slug: string;
  query: DesiredQuery;
}

/** A rule a file breaks: `file:line: message`, so an editor can jump there. */
export class QueryFileProblem extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    message: string,
  ) {
    super(`${file}:${line}: ${message}`);
  }
}

/** Trailing blank space at the end of the SQL is not significant: editors add and remove final newlines. */
export function normalSql(sql: string): string {
  return sql.trimEnd();
}

/** The server's parameters in the file's terms: a missing text is empty, a missing list is empty. */
export function normalParameters(parameters: Query['parameters'] | undefined): QueryParameterFields[] {
  return (parameters ?? []).map((p) => ({ name: p.name ?? '', type: p.type ?? '', description: p.description ?? '', defaultValue: p.defaultValue ?? '' }));
}

/** The file `ws queries pull` writes for a query. */
export async function formatQueryFile(query: Query): Promise<string> {
  const { stringify } = await import('yaml');
  const fields: Record<string, unknown> = { name: query.name };
  if (query.description !== null && query.description !== undefined) fields.description = query.description;
  const parameters = normalParameters(query.parameters).map((p) => ({
    name: p.name,
    type: p.type,
    ...(p.defaultValue !== '' ? { defaultValue: p.defaultValue } : {}),
    ...(p.description !== '' ? { description: p.description } : {}),
  }));
  if (parameters.length) fields.parameters = parameters;
  if (query.metadata !== null && query.metadata !== undefined) fields.metadata = query.metadata;
  if (query.dataSourceId) fields.dataSourceId = query.dataSourceId;
  const yaml = stringify(fields, { lineWidth: 0 }).trimEnd();
  const block = yaml.split('\n').map((line) => (line === '' ? '--' : `-- ${line}`));
  return `${marker}\n${block.join('\n')}\n${marker}\n${normalSql(query.sql)}\n`;
}

/** Reads a query file; every rule it breaks is a QueryFileProblem naming the line. */
export async function parseQueryFile(text: string, file: string): Promise<QueryFile> {
  const name = path.basename(file);
  const slug = name.replace(/\.sql$/i, '');
  if (!fileSlug.test(slug)) throw new QueryFileProblem(file, 1, `"${slug}" cannot be a query slug: the file name must be <slug>.sql, the slug letters, digits, _ . and - (not first), up to 255`);
  // a checkout with Windows line ends (CRLF) reads as the same query, not as a change on every line
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  if (lines[0] !== marker) throw new QueryFileProblem(file, 1, `a query file starts with a front-matter block: a line "${marker}", the fields as YAML in "-- " comments, then "${marker}"`);
  const end = lines.findIndex((line, index) => index > 0 && line === marker);
  if (end < 0) throw new QueryFileProblem(file, 1, `the front-matter block is not closed: no second "${marker}" line`);
  const yamlLines: string[] = [];
  for (let index = 1; index < end; index++) {
    const line = lines[index]!;
    if (line !== '--' && !line.startsWith('-- ')) throw new QueryFileProblem(file, index + 1, 'every line of the front-matter block starts with "-- "');
    yamlLines.push(line.slice(3));
  }
  const sql = lines.slice(end + 1).join('\n');
  const { parseDocument, LineCounter } = await import('yaml');
  const counter = new LineCounter();
  const document = parseDocument(yamlLines.join('\n'), { lineCounter: counter, uniqueKeys: true });
  // line numbers in the file: the block's YAML starts on line 2
  const lineAt = (offset: number | undefined) => (offset === undefined ? 1 : counter.linePos(offset).line + 1);
  const lineOf = (at: (string | number)[]): number => {
    for (let depth = at.length; depth > 0; depth--) {
      const node = document.getIn(at.slice(0, depth), true) as { range?: [number, number, number] } | undefined;
      if (node?.range) return lineAt(node.range[0]);
    }
    return 2;
  };
  const error = document.errors[0];
  if (error) throw new QueryFileProblem(file, (error.linePos?.[0]?.line ?? 0) + 1, `invalid YAML: ${error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`);
  const fields = document.toJS() as unknown;
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) throw new QueryFileProblem(file, 2, 'the front-matter block must hold fields (name: …)');
  const record = fields as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (readOnly[key]) throw new QueryFileProblem(file, lineOf([key]), `"${key}" does not belong in the block: ${readOnly[key]}`);
    if (!(queryFileFields as readonly string[]).includes(key)) throw new QueryFileProblem(file, lineOf([key]), `unknown field "${key}"; a query file holds ${queryFileFields.join(', ')}`);
  }
  if (record.name === undefined) throw new QueryFileProblem(file, 2, 'the block needs a name (name: …)');
  const parameters = record.parameters ?? [];
  if (!Array.isArray(parameters)) throw new QueryFileProblem(file, lineOf(['parameters']), 'parameters must be a list of {name, type, defaultValue, description}');
  const declared = parametersOf(parameters, file, lineOf);
  const query: DesiredQuery = {
    name: record.name as string,
    description: (record.description as string | null | undefined) ?? null,
    sql: normalSql(sql),
    parameters: declared,
    metadata: record.metadata ?? null,
    dataSourceId: (record.dataSourceId as string | null | undefined) ?? null,
  };
  // the API's own limits, as on `queries create`
  const checked = CreateQueryBody.safeParse(query);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw new QueryFileProblem(file, lineOf(issue.path as (string | number)[]), `${issue.path.join('.')}: ${issue.message}`);
  }
  if (query.sql.trim() === '') throw new QueryFileProblem(file, end + 2, 'no SQL below the front-matter block');
  const badType = unknownParameterType(declared);
  if (badType) throw new QueryFileProblem(file, lineOf(['parameters']), `${badType}; the types ws accepts: ${parameterTypes.join(', ')}`);
  const undeclared = undeclaredPlaceholders(query.sql, declared);
  if (undeclared.length) {
    const first = lines.findIndex((line, index) => index > end && line.includes(`{{`) && undeclared.some((name) => new RegExp(`\\{\\{\\s*${name}\\s*\\}\\}`).test(line)));
    throw new QueryFileProblem(file, first + 1, `the SQL uses ${undeclared.map((n) => `{{${n}}}`).join(', ')} but no parameter declares ${undeclared.length > 1 ? 'them' : 'it'}; add ${undeclared.length > 1 ? 'them' : 'it'} under parameters:`);
  }
  return { file, slug, query };
}

/** The parameters of a file: each a mapping of text fields, named once; type text unless said. */
function parametersOf(parameters: unknown[], file: string, lineOf: (at: (string | number)[]) => number): QueryParameterFields[] {
  const seen = new Set<string>();
  return parameters.map((parameter: unknown, index) => {
    const at = ['parameters', index];
    if (typeof parameter !== 'object' || parameter === null || Array.isArray(parameter)) throw new QueryFileProblem(file, lineOf(at), `parameters[${index}] must be a mapping with name, type, defaultValue, description`);
    const entry = parameter as Record<string, unknown>;
    for (const key of Object.keys(entry)) {
      if (!parameterFields.includes(key)) throw new QueryFileProblem(file, lineOf([...at, key]), `unknown parameter field "${key}"; a parameter has ${parameterFields.join(', ')}`);
      if (typeof entry[key] !== 'string') throw new QueryFileProblem(file, lineOf([...at, key]), `parameters[${index}].${key} must be text${typeof entry[key] === 'number' || typeof entry[key] === 'boolean' ? ` (quote it: "${String(entry[key])}")` : ''}`);
    }
    const name = entry.name as string | undefined;
    if (name === undefined || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new QueryFileProblem(file, lineOf([...at, 'name']), `parameters[${index}] needs a name of letters, digits and _ (not starting with a digit)`);
    if (seen.has(name)) throw new QueryFileProblem(file, lineOf([...at, 'name']), `parameter "${name}" is declared twice`);
    seen.add(name);
    return { name, type: (entry.type as string | undefined) ?? 'text', description: (entry.description as string | undefined) ?? '', defaultValue: (entry.defaultValue as string | undefined) ?? '' };
  });
}
