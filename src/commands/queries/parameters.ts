import { WsError, usageError } from '../../errors.js';
import type { IO } from '../../io.js';
import { readStructured } from '../inputs.js';

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
    throw usageError(`invalid --param "${spec}": the name must be letters, digits and _ (not starting with a digit)`, 'format: name[:type][=default][:description], e.g. --param "start_date:date=2026-01-01:first day"');
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
export const parameterTypes = ['text', 'string', 'number', 'numeric', 'integer', 'int', 'bigint', 'float', 'double', 'decimal', 'boolean', 'bool', 'date', 'time', 'timestamp', 'datetime'] as const;

const integerTypes = ['integer', 'int', 'bigint'];
const numberTypes = ['number', 'numeric', 'float', 'double', 'decimal', ...integerTypes];
/** A number as SQL writes one: no hex, no spaces, no Infinity. */
const decimalNumber = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const timeOfDay = '([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d(\\.\\d+)?)?';
const time = new RegExp(`^${timeOfDay}$`);
const timestamp = new RegExp(`^(\\d{4}-\\d{2}-\\d{2})([ T]${timeOfDay}([Zz]|[+-]([01]\\d|2[0-3])(:?[0-5]\\d)?)?)?$`);

/** YYYY-MM-DD naming a day of the (proleptic Gregorian) calendar: no 2026-02-30, no 2026-13-01. */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

/**
 * Why a `--param` value cannot be of its declared type, or undefined when it can. The API does not list the
 * types; these are the ones ws knows, and any other type is left to the server.
 */
export function parameterValueProblem(type: string | null | undefined, value: string): string | undefined {
  const kind = (type ?? '').toLowerCase();
  if (numberTypes.includes(kind)) {
    if (!decimalNumber.test(value) || !Number.isFinite(Number(value))) return 'is not a number (digits, with an optional sign, decimal point and exponent: 12, -3.5, 1e6)';
    if (integerTypes.includes(kind) && !Number.isInteger(Number(value))) return 'is not a whole number';
  }
  if ((kind === 'boolean' || kind === 'bool') && value !== 'true' && value !== 'false') return 'is neither true nor false';
  if (kind === 'date' && !isCalendarDate(value)) return 'is not a calendar date (YYYY-MM-DD)';
  if (kind === 'time' && !time.test(value)) return 'is not a time of day (hh:mm or hh:mm:ss, 00:00 to 23:59:59)';
  if (kind === 'timestamp' || kind === 'datetime') {
    const match = timestamp.exec(value);
    if (!match || !isCalendarDate(match[1]!)) return 'is not a timestamp (YYYY-MM-DD, or YYYY-MM-DDThh:mm[:ss[.fff]] with an optional Z or ±hh:mm)';
  }
  return undefined;
}

/** Refuses (exit 2, before the run is started) a value that cannot be of its parameter's declared type. */
export function checkParameterValues(query: { id: string; parameters?: readonly { name: string; type?: string | null }[] | null }, values: Record<string, string>): void {
  for (const { name, type } of query.parameters ?? []) {
    if (!Object.hasOwn(values, name)) continue;
    const problem = parameterValueProblem(type, values[name]!);
    if (!problem) continue;
    throw new WsError('usage', `invalid --param ${name}=${values[name]}: ${name} is a ${type}, and "${values[name]}" ${problem}`, { hint: `give ${name} a value of type ${type}`, ids: { queryId: query.id } });
  }
}

/** `{{name}}` in saved SQL, the placeholder the server fills from the query's parameters. */
const placeholder = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

export function placeholders(sql: string): string[] {
  return [...new Set([...sql.matchAll(placeholder)].map((match) => match[1]!))];
}

/** The placeholders of `sql` that no parameter declares, each once, in order of appearance. */
export function undeclaredPlaceholders(sql: string, declared: readonly { name: string }[]): string[] {
  const names = new Set(declared.map((parameter) => parameter.name));
  return placeholders(sql).filter((name) => !names.has(name));
}

/** A declared type that ws does not know, with the types it does; undefined when all are known. */
export function unknownParameterType(declared: readonly { name: string; type?: string | null }[]): string | undefined {
  const parameter = declared.find(({ type }) => (type ?? '') !== '' && !(parameterTypes as readonly string[]).includes(type!.toLowerCase()));
  return parameter && `parameter ${parameter.name}: unknown type "${parameter.type}"`;
}

/** Refuses a parameter type ws does not know (exit 2, before any request). */
export function checkParameterTypes(declared: readonly { name: string; type?: string | null }[]): void {
  const problem = unknownParameterType(declared);
  if (problem) throw usageError(problem, `the types ws accepts: ${parameterTypes.join(', ')}`);
}

/** Refuses a `{{name}}` in the SQL that no parameter declares: execute would fail and `--param name=…` be refused. */
export function checkPlaceholders(sql: string, declared: readonly { name: string }[]): void {
  const names = new Set(declared.map((parameter) => parameter.name));
  const undeclared = undeclaredPlaceholders(sql, declared);
  if (!undeclared.length) return;
  throw usageError(
    `the SQL uses ${undeclared.map((name) => `{{${name}}}`).join(', ')}, which no parameter declares`,
    `declare ${undeclared.length > 1 ? 'each' : 'it'} with --param ${undeclared[0]}[:type][=default]${names.size ? ` (declared: ${[...names].join(', ')})` : ''}`,
  );
}

/** Both checks: what would save a query that cannot run is refused with exit 2, before any write. */
export function checkParameters(sql: string, declared: readonly { name: string; type?: string | null }[]): void {
  checkParameterTypes(declared);
  checkPlaceholders(sql, declared);
}
