import { usageError } from '../../errors.js';
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
