import fs from 'node:fs';
import path from 'node:path';
import { usageError } from '../errors.js';
import type { IO } from '../io.js';
import { readAllBytes } from '../prompt.js';
import { notUtf8, utf8Text } from './file-text.js';

/** Text from a file, or from stdin for `-`: UTF-8 only (exit 2 naming the bad byte), a leading byte order mark dropped. */
export async function readText(io: IO, file: string, flag: string): Promise<string> {
  let bytes: Buffer;
  if (file === '-') bytes = await readAllBytes(io, { what: `the text of ${flag} (stdin)`, instead: 'pipe it in (`… < file`), or name the file instead of -' });
  else {
    try {
      bytes = fs.readFileSync(file);
    } catch (error) {
      throw usageError(`cannot read ${flag} ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
    }
  }
  const problem = notUtf8(bytes);
  if (problem) throw usageError(`${flag} ${file === '-' ? '- (stdin)' : file} is not UTF-8 text: ${problem.detail}`, 'save it as UTF-8; nothing was sent');
  return utf8Text(bytes);
}

/** How deep input may nest: far beyond any real metadata, well before a recursive step overflows the stack. */
export const maxInputDepth = 100;

/** Refuses input nested deeper than maxInputDepth; walks without recursion, so any depth is safe here. */
export function checkDepth<T>(value: T, source: string): T {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > maxInputDepth) throw usageError(`${source} nests deeper than ${maxInputDepth} levels`, 'flatten it; no field of the API needs that depth');
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return value;
}

/** A parser's own stack overflow on deep input, said plainly. */
export function parseProblem(error: unknown): string {
  return error instanceof RangeError || /call stack/i.test((error as Error).message)
    ? `it nests too deeply (more than ${maxInputDepth} levels is refused)`
    : (error as Error).message.split('\n')[0]!;
}

/** JSON or YAML, by the file's extension (JSON is valid YAML, so YAML is the fallback). */
export async function parseStructured(text: string, source: string): Promise<unknown> {
  if (/\.json$/i.test(source) || /^\s*[[{]/.test(text)) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      if (/\.json$/i.test(source) || !(error instanceof SyntaxError)) throw usageError(`${source} is not valid JSON: ${parseProblem(error)}`);
    }
    if (value !== undefined) return checkDepth(value, source);
  }
  const { parse } = await import('yaml');
  let value: unknown;
  try {
    value = parse(text);
  } catch (error) {
    throw usageError(`${source} is not valid JSON or YAML: ${parseProblem(error)}`);
  }
  return checkDepth(value, source);
}

export async function readStructured(io: IO, file: string, flag: string): Promise<unknown> {
  return parseStructured(await readText(io, file, flag), file === '-' ? `${flag} (stdin)` : path.basename(file));
}

/** `--metadata '{"a":1}'` or `--metadata @file.json`. */
export async function jsonArgument(io: IO, value: string, flag: string): Promise<unknown> {
  if (value.startsWith('@')) return readStructured(io, value.slice(1), flag);
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    throw usageError(`invalid ${flag}: not JSON (${parseProblem(error)}); pass JSON or @file`);
  }
  return checkDepth(parsed, flag);
}

export function requireObject(value: unknown, flag: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw usageError(`invalid ${flag}: must be a JSON object`);
  return value as Record<string, unknown>;
}

/** `name=value` pairs of a repeatable flag, into an object; the value may contain `=`. A name given twice is refused. */
export function keyValues(pairs: string[] | undefined, flag: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const pair of pairs ?? []) {
    const at = pair.indexOf('=');
    if (at <= 0) throw usageError(`invalid ${flag} "${pair}": expected name=value`);
    const name = pair.slice(0, at);
    // assigning it would set the object's prototype and drop the value without a word
    if (name === '__proto__') throw usageError(`invalid ${flag} "${pair}": "__proto__" cannot be a name`);
    // keeping either value would drop the other without a word
    if (Object.hasOwn(values, name))
      throw usageError(`invalid ${flag} "${pair}": ${name} is given twice (${name}=${values[name]} before it)`, `give ${flag} ${name}=… once`);
    values[name] = pair.slice(at + 1);
  }
  return values;
}

export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}
