import path from 'node:path';
import { CreateQueryBody, type Query } from '../../../api/schemas/queries.js';
import { lfLineEnds, nulAt } from '../../../workspace/sql.js';
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

/**
 * A slug that is safe as a file name: letters (of any script) and digits, `_ . -`, no path separator, not hidden,
 * not `..`; `<slug>.sql` at most 255 bytes, as most file systems allow.
 */
export function isFileSlug(slug: string): boolean {
  return /^[\p{L}\p{N}_][\p{L}\p{M}\p{N}_.-]*$/u.test(slug) && Buffer.byteLength(`${slug}.sql`) <= 255;
}

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

/** The rules a file breaks, each `file:line: message` so that an editor can jump there; all of them at once. */
export class QueryFileProblem extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }

  static at(file: string, line: number, message: string): QueryFileProblem {
    return new QueryFileProblem([`${file}:${line}: ${message}`]);
  }
}

/**
 * SQL as files hold it and plans compare it: LF line ends (a query kept with CRLF is the same query), and
 * trailing blank space is not significant (editors add and remove final newlines).
 */
export function normalSql(sql: string): string {
  return lfLineEnds(sql).trimEnd();
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

/** The YAML of the front-matter block, lines 2 to `end`: each line without its "-- ". */
function blockYaml(lines: string[], end: number, report: (line: number, message: string) => void): string {
  const yamlLines: string[] = [];
  for (let index = 1; index < end; index++) {
    const line = lines[index]!;
    const comment = line === '--' || line.startsWith('-- ');
    if (!comment) report(index + 1, 'every line of the front-matter block starts with "-- "');
    // a line that is not a comment stays out of the YAML, keeping the line numbers of the others
    yamlLines.push(comment ? line.slice(3) : '');
  }
  return yamlLines.join('\n');
}

/**
 * Reads a query file; the rules it breaks are one QueryFileProblem listing each with its line. A broken frame (no
 * block, invalid YAML) stops the reading there; past it, every field is checked, so that one run shows every
 * problem of the file.
 */
export async function parseQueryFile(text: string, file: string): Promise<QueryFile> {
  const problems: string[] = [];
  /** Fields that have a problem already: the API's limits are not checked on them again. */
  const broken = new Set<string>();
  const report = (line: number, message: string, field?: string) => {
    problems.push(`${file}:${line}: ${message}`);
    if (field) broken.add(field);
  };
  const stop = () => new QueryFileProblem(problems);
  const name = path.basename(file);
  const slug = name.replace(/\.sql$/i, '');
  if (!isFileSlug(slug))
    report(
      1,
      `"${slug}" cannot be a query slug: the file name must be <slug>.sql, the slug letters, digits, _ . and - (not first), the file name up to 255 bytes`,
    );
  // a checkout with Windows line ends (CRLF) reads as the same query, not as a change on every line
  const lines = lfLineEnds(text).split('\n');
  if (lines[0] !== marker)
    report(1, `a query file starts with a front-matter block: a line "${marker}", the fields as YAML in "-- " comments, then "${marker}"`);
  const end = lines.findIndex((line, index) => index > 0 && line === marker);
  if (lines[0] === marker && end < 0) report(1, `the front-matter block is not closed: no second "${marker}" line`);
  if (lines[0] !== marker || end < 0) throw stop();
  const yaml = blockYaml(lines, end, report);
  const sql = lines.slice(end + 1).join('\n');
  const { parseDocument, LineCounter } = await import('yaml');
  const counter = new LineCounter();
  const document = parseDocument(yaml, { lineCounter: counter, uniqueKeys: true });
  // line numbers in the file: the block's YAML starts on line 2
  const lineAt = (offset: number | undefined) => (offset === undefined ? 1 : counter.linePos(offset).line + 1);
  const lineOf = (at: (string | number)[]): number => {
    for (let depth = at.length; depth > 0; depth--) {
      const node = document.getIn(at.slice(0, depth), true) as { range?: [number, number, number] } | undefined;
      if (node?.range) return lineAt(node.range[0]);
    }
    return 2;
  };
  for (const error of document.errors)
    report((error.linePos?.[0]?.line ?? 0) + 1, `invalid YAML: ${error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`);
  if (document.errors.length) throw stop();
  const fields = document.toJS() as unknown;
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
    report(2, 'the front-matter block must hold fields (name: …)');
    throw stop();
  }
  const record = fields as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (readOnly[key]) report(lineOf([key]), `"${key}" does not belong in the block: ${readOnly[key]}`, key);
    else if (!(queryFileFields as readonly string[]).includes(key))
      report(lineOf([key]), `unknown field "${key}"; a query file holds ${queryFileFields.join(', ')}`, key);
  }
  if (record.name === undefined) report(2, 'the block needs a name (name: …)', 'name');
  const parameters = record.parameters ?? [];
  if (!Array.isArray(parameters)) report(lineOf(['parameters']), 'parameters must be a list of {name, type, defaultValue, description}', 'parameters');
  const declared = Array.isArray(parameters) ? parametersOf(parameters, lineOf, (line, message) => report(line, message, 'parameters')) : [];
  const query: DesiredQuery = {
    name: record.name as string,
    description: (record.description as string | null | undefined) ?? null,
    sql: normalSql(sql),
    parameters: declared,
    metadata: record.metadata ?? null,
    dataSourceId: (record.dataSourceId as string | null | undefined) ?? null,
  };
  const nul = nulAt(query.sql);
  if (nul) report(end + 1 + nul.line, `the SQL holds a NUL character (column ${nul.column}): SQL cannot hold one`, 'sql');
  // the API's own limits, as on `queries create`, on the fields not already reported
  const checked = CreateQueryBody.safeParse(query);
  for (const issue of checked.success ? [] : checked.error.issues) {
    if (!broken.has(String(issue.path[0]))) report(lineOf(issue.path as (string | number)[]), `${issue.path.join('.')}: ${issue.message}`);
  }
  if (query.sql.trim() === '') report(end + 2, 'no SQL below the front-matter block');

  const badType = unknownParameterType(declared);
  if (badType) report(lineOf(['parameters']), `${badType}; the types ws accepts: ${parameterTypes.join(', ')}`);
  // with a parameter left out for its problem, the SQL would seem to use one that nothing declares
  const undeclared = broken.has('parameters') ? [] : undeclaredPlaceholders(query.sql, declared);
  if (undeclared.length) {
    const first = lines.findIndex(
      (line, index) => index > end && line.includes(`{{`) && undeclared.some((name) => new RegExp(`\\{\\{\\s*${name}\\s*\\}\\}`).test(line)),
    );
    report(
      first + 1,
      `the SQL uses ${undeclared.map((n) => `{{${n}}}`).join(', ')} but no parameter declares ${undeclared.length > 1 ? 'them' : 'it'}; add ${undeclared.length > 1 ? 'them' : 'it'} under parameters:`,
    );
  }
  if (problems.length) throw stop();
  return { file, slug, query };
}

/** The parameters of a file: each a mapping of text fields, named once; type text unless said. One with a problem is reported and left out. */
function parametersOf(
  parameters: unknown[],
  lineOf: (at: (string | number)[]) => number,
  report: (line: number, message: string) => void,
): QueryParameterFields[] {
  const seen = new Set<string>();
  return parameters.flatMap((parameter: unknown, index): QueryParameterFields[] => {
    const at = ['parameters', index];
    if (typeof parameter !== 'object' || parameter === null || Array.isArray(parameter)) {
      report(lineOf(at), `parameters[${index}] must be a mapping with name, type, defaultValue, description`);
      return [];
    }
    const entry = parameter as Record<string, unknown>;
    let fine = true;
    for (const key of Object.keys(entry)) {
      if (!parameterFields.includes(key)) report(lineOf([...at, key]), `unknown parameter field "${key}"; a parameter has ${parameterFields.join(', ')}`);
      else if (typeof entry[key] !== 'string')
        report(
          lineOf([...at, key]),
          `parameters[${index}].${key} must be text${typeof entry[key] === 'number' || typeof entry[key] === 'boolean' ? ` (quote it: "${String(entry[key])}")` : ''}`,
        );
      else continue;
      fine = false;
    }
    const name = entry.name as string | undefined;
    if (typeof name !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
      // a name that is not text was reported as such above
      if (name === undefined || typeof name === 'string')
        report(lineOf([...at, 'name']), `parameters[${index}] needs a name of letters, digits and _ (not starting with a digit)`);
      return [];
    }
    if (seen.has(name)) {
      report(lineOf([...at, 'name']), `parameter "${name}" is declared twice`);
      return [];
    }
    seen.add(name);
    return fine
      ? [
          {
            name,
            type: (entry.type as string | undefined) ?? 'text',
            description: (entry.description as string | undefined) ?? '',
            defaultValue: (entry.defaultValue as string | undefined) ?? '',
          },
        ]
      : [];
  });
}
