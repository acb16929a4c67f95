import { usageError } from '../../../errors.js';
import type { IO } from '../../../io.js';
import { readStructured } from '../../../cmdutil/inputs.js';

export interface ParameterSpec {
  name: string;
  type: string;
  description: string;
  defaultValue: string;
}

/**
 * `--param name[:type][=default][:description]`. Before `=`: the name and type; after it: the default,
 * then the description after the first `:` (a default holding `:` needs --parameters-file). Without
 * `=`: `name[:type][:description]`. The type defaults to text; missing parts are empty strings.
 */
export function parseParamSpec(spec: string): ParameterSpec {
  const equals = spec.indexOf('=');
  const head = equals < 0 ? spec : spec.slice(0, equals);
  const [name = '', type = '', ...rest] = head.split(':');
  let defaultValue = '';
  let description = rest.join(':');
  if (equals >= 0) {
    const tail = spec.slice(equals + 1);
    const colon = tail.indexOf(':');
    defaultValue = colon < 0 ? tail : tail.slice(0, colon);
    description = colon < 0 ? '' : tail.slice(colon + 1);
  }
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
    throw usageError(
      `invalid --param "${spec}": the name must be letters, digits and _ (not starting with a digit)`,
      'format: name[:type][=default][:description], e.g. --param "start_date:date=2026-01-01:first day"',
    );
  }
  return { name, type: type || 'text', description, defaultValue };
}

/** The query's parameters from --param specs and/or --parameters-file (a JSON or YAML array). */
export async function parameters(io: IO, specs: string[] | undefined, file: string | undefined): Promise<ParameterSpec[] | undefined> {
  if (!specs?.length && !file) return undefined;
  const list: ParameterSpec[] = [];
  if (file) {
    const loaded = await readStructured(io, file, '--parameters-file');
    if (!Array.isArray(loaded)) throw usageError(`invalid --parameters-file ${file}: expected an array of {name, type, description, defaultValue}`);
    list.push(...(loaded as ParameterSpec[]));
  }
  list.push(...(specs ?? []).map(parseParamSpec));
  const names = list.map((p) => p?.name);
  const duplicate = names.find((name, index) => names.indexOf(name) !== index);
  if (duplicate !== undefined) throw usageError(`parameter "${duplicate}" is declared twice`);
  return list;
}

/**
 * The parameter types ws accepts. The API description does not list the allowed values of a parameter's type,
 * so these are the ones ws itself understands (it checks `--param` values of execute by them) and the emulator
 * binds; any other word is far likelier a typo than a type the server knows. Compared without case.
 */
export const parameterTypes = [
  'text',
  'string',
  'number',
  'numeric',
  'integer',
  'int',
  'bigint',
  'float',
  'double',
  'decimal',
  'boolean',
  'bool',
  'date',
  'time',
  'timestamp',
  'datetime',
] as const;

/** `{{name}}` in saved SQL, the placeholder the server fills from the query's parameters. */
const placeholder = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

export function placeholders(sql: string): string[] {
  return [...new Set([...sql.matchAll(placeholder)].map((match) => match[1]!))];
}

/** The placeholders of `sql` that no parameter declares, each once, in order of appearance. */
export function undeclaredPlaceholders(sql: string, declared: readonly { name?: string }[]): string[] {
  const names = new Set(declared.map((parameter) => parameter.name));
  return placeholders(sql).filter((name) => !names.has(name));
}

/** A declared type that ws does not know, with the types it does; undefined when all are known. */
export function unknownParameterType(declared: readonly { name?: string; type?: string | null }[]): string | undefined {
  const parameter = declared.find(({ type }) => (type ?? '') !== '' && !(parameterTypes as readonly string[]).includes(type!.toLowerCase()));
  return parameter && `parameter ${parameter.name ?? '(no name)'}: unknown type "${parameter.type}"`;
}

/** Refuses a parameter type ws does not know (exit 2, before any request). */
export function checkParameterTypes(declared: readonly { name?: string; type?: string | null }[]): void {
  const problem = unknownParameterType(declared);
  if (problem) throw usageError(problem, `the types ws accepts: ${parameterTypes.join(', ')}`);
}

/** Refuses a `{{name}}` in the SQL that no parameter declares: execute would fail and `--param name=…` be refused. */
export function checkPlaceholders(sql: string, declared: readonly { name?: string }[]): void {
  const names = new Set(declared.flatMap((parameter) => parameter.name ?? []));
  const undeclared = undeclaredPlaceholders(sql, declared);
  if (!undeclared.length) return;
  throw usageError(
    `the SQL uses ${undeclared.map((name) => `{{${name}}}`).join(', ')}, which no parameter declares`,
    `declare ${undeclared.length > 1 ? 'each' : 'it'} with --param ${undeclared[0]}[:type][=default]${names.size ? ` (declared: ${[...names].join(', ')})` : ''}`,
  );
}

/** Both checks: what would save a query that cannot run is refused with exit 2, before any write. */
export function checkParameters(sql: string, declared: readonly { name?: string; type?: string | null }[]): void {
  checkParameterTypes(declared);
  checkPlaceholders(sql, declared);
}
