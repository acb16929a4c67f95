import fs from 'node:fs';
import path from 'node:path';
import { usageError } from '../errors.js';
import type { IO } from '../io.js';
import { readAll } from '../prompt.js';

/** Text from a file, or from stdin for `-`. */
export async function readText(io: IO, file: string, flag: string): Promise<string> {
  if (file === '-') return readAll(io);
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw usageError(`cannot read ${flag} ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
}

/** JSON or YAML, by the file's extension (JSON is valid YAML, so YAML is the fallback). */
export async function parseStructured(text: string, source: string): Promise<unknown> {
  if (/\.json$/i.test(source) || /^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch (error) {
      if (/\.json$/i.test(source)) throw usageError(`${source} is not valid JSON: ${(error as Error).message}`);
    }
  }
  const { parse } = await import('yaml');
  try {
    return parse(text);
  } catch (error) {
    throw usageError(`${source} is not valid JSON or YAML: ${(error as Error).message.split('\n')[0]}`);
  }
}

export async function readStructured(io: IO, file: string, flag: string): Promise<unknown> {
  return parseStructured(await readText(io, file, flag), file === '-' ? `${flag} (stdin)` : path.basename(file));
}

/** `--metadata '{"a":1}'` or `--metadata @file.json`. */
export async function jsonArgument(io: IO, value: string, flag: string): Promise<unknown> {
  if (value.startsWith('@')) return readStructured(io, value.slice(1), flag);
  try {
    return JSON.parse(value);
  } catch (error) {
    throw usageError(`invalid ${flag}: not JSON (${(error as Error).message}); pass JSON or @file`);
  }
}

export function requireObject(value: unknown, flag: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw usageError(`invalid ${flag}: must be a JSON object`);
  return value as Record<string, unknown>;
}

/** `name=value` pairs of a repeatable flag, into an object; the value may contain `=`. */
export function keyValues(pairs: string[] | undefined, flag: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const pair of pairs ?? []) {
    const at = pair.indexOf('=');
    if (at <= 0) throw usageError(`invalid ${flag} "${pair}": expected name=value`);
    values[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return values;
}

export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}
