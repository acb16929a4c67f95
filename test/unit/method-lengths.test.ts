/**
 * No method of a class in src/ over 80 lines. Biome's `noExcessiveLinesPerFunction` (biome.json) holds functions,
 * arrow functions and function expressions to 80 lines but does not look at class methods, so this test measures
 * them: a method's lines of code, from its first line to its closing brace, blank lines and comments not counted.
 * The measure is a function of the file's text, so the same test shows that it finds a long method.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { codeOnly } from '../helpers/code-only.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const maxLines = 80;

/** The first line of a class member that is a method, a getter or setter, or a property holding an arrow function. */
const memberStart =
  /^\s*(?:(?:public|private|protected|static|async|readonly|override|get|set)\s+)*(?:\*\s*)?#?[\w$]+\s*(?:<[^>]*>)?\s*(?:\(|=\s*(?:async\s*)?\()/;
const classStart = /\bclass\b[^{]*\{\s*$/;

interface Method {
  line: number;
  name: string;
  lines: number;
}

/** Every method of every class in a file's text, with its lines of code. */
function methodsOf(text: string): Method[] {
  const lines = codeOnly(text).split('\n');
  const methods: Method[] = [];
  const classDepths: number[] = []; // the brace depth inside each open class body
  let depth = 0;
  let open: { method: Method; at: number } | undefined;
  lines.forEach((line, index) => {
    const before = depth;
    if (!open && classDepths.at(-1) === before && memberStart.test(line)) {
      open = { method: { line: index + 1, name: /#?[\w$]+(?=\s*(?:<[^>]*>)?\s*[(=])/.exec(line)![0], lines: 0 }, at: before };
    }
    for (const char of line) {
      if (char === '{') depth++;
      else if (char === '}') depth--;
    }
    if (open && line.trim() !== '') open.method.lines++;
    if (open && depth === open.at && /[});]\s*$/.test(line)) {
      methods.push(open.method);
      open = undefined;
    }
    if (classDepths.at(-1) !== undefined && depth < classDepths.at(-1)!) classDepths.pop();
    if (classStart.test(line)) classDepths.push(before + 1);
  });
  return methods;
}

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') ? [file] : [];
  });
}

describe('method lengths', () => {
  it('measures each method of a class, comments and blank lines aside', () => {
    const body = (count: number) => Array.from({ length: count }, (_, at) => `    this.n += ${at}; // one`).join('\n');
    const text = [
      'export class Writer<T> {',
      '  private n = 0;',
      '  constructor(private readonly out: { write(text: string): void }) {}',
      '  async short(rows: T[]): Promise<{ count: number }> {',
      body(3),
      '    // a comment',
      '',
      '    return { count: rows.length };',
      '  }',
      '  static long = async (): Promise<void> => {',
      body(81),
      '  };',
      '  get size(): number {',
      "    if (this.n > 0) { return this.n; } else { return '}'.length; }",
      '  }',
      '}',
      'function free() {',
      body(90),
      '}',
    ].join('\n');
    expect(methodsOf(text)).toEqual([
      { line: 3, name: 'constructor', lines: 1 },
      { line: 4, name: 'short', lines: 6 },
      { line: 12, name: 'long', lines: 83 },
      { line: 95, name: 'size', lines: 3 },
    ]);
  });

  it(`finds no method of src/ over ${maxLines} lines`, () => {
    const files = sourceFiles('src');
    const long = files.flatMap((file) =>
      methodsOf(fs.readFileSync(path.join(root, file), 'utf8'))
        .filter((method) => method.lines > maxLines)
        .map((method) => `${file}:${method.line} ${method.name} has ${method.lines} lines of code`),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(long).toEqual([]);
  });
});
