/**
 * Every import of src/ points down the layers that docs/development.md draws ("Layers"): static imports, `export …
 * from`, `import type` and `import()` alike. A failure names the file, the line and the import. The checker is a
 * function of the files' text, so the same test also shows that it catches each kind of wrong import.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { codeOnly } from '../helpers/code-only.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Top to bottom; a file may import its own layer and the layers below it. A folder ends in `/`. The emulator is no
 * layer: it stands apart, on the schemas (`emulatorMayImport`).
 */
const layers: readonly { name: string; members: readonly string[] }[] = [
  { name: 'the program', members: ['src/cli.ts'] },
  { name: 'commands', members: ['src/commands/'] },
  // completion and help read the command tree (what cmdutil records of it), as the program does
  { name: 'MCP server, shell completion and help', members: ['src/mcp/', 'src/completion/', 'src/help/'] },
  // beside cmdutil: a query run started or found, waited for, its end told and its rows printed (one home)
  { name: 'what all commands share', members: ['src/cmdutil/', 'src/query-runs/'] },
  // the command line's context, and the words its hints name commands in (MCP has its own: src/mcp/request-hints.ts)
  { name: 'the context', members: ['src/context.ts', 'src/request-hints.ts', 'src/keyring-key.ts'] },
  { name: 'workspace', members: ['src/workspace/'] },
  { name: 'waiting and asking', members: ['src/wait.ts', 'src/interruption.ts', 'src/prompt.ts'] },
  { name: 'output', members: ['src/output/'] },
  { name: 'config', members: ['src/config/'] },
  { name: 'api', members: ['src/api/'] },
  {
    name: 'shared words',
    members: ['src/errors.ts', 'src/ids.ts', 'src/text.ts', 'src/shell.ts', 'src/printed-commands.ts', 'src/duration.ts', 'src/io.ts', 'src/version.ts'],
  },
];

/** The emulator imports its own files, the API's schemas and two files of shared words, nothing else of src/. */
const emulatorMayImport: readonly string[] = ['src/emulator/', 'src/api/schemas/', 'src/errors.ts', 'src/ids.ts'];

/**
 * The domain knows no terminal: what it waits for and reads, it reports through callbacks and words through hints
 * it is given (the spinner, the tables, the colours are attached by the command layer, or by nothing for MCP).
 */
const knowsNoTerminal: readonly string[] = ['src/workspace/', 'src/wait.ts'];

/** The parts of src/ that one command alone starts: nothing else imports them. */
const startedByOneCommand: Readonly<Record<string, string>> = { 'src/emulator/': 'src/commands/emulator/', 'src/mcp/': 'src/commands/mcp/' };

const isIn = (file: string, member: string) => (member.endsWith('/') ? file.startsWith(member) : file === member);

interface Import {
  file: string;
  line: number;
  specifier: string;
  /** the imported file, relative to the root, when it is a file of the project */
  target?: string;
}

// on the text with strings blanked: a specifier is its quotes, read back from the text at the same place
const staticImport = /^[ \t]*(?:import|export)\s+(?:type\s+)?(?:[\w$]+\s*,?\s*)?(?:\*\s+as\s+[\w$]+|\*|\{[^}]*\})?\s*from\s*(['"])\s*\1/dgm;
const bareImport = /^[ \t]*import\s*(['"])\s*\1/dgm;
const callImport = /\b(?:import|require)\s*\(\s*(['"])\s*\1\s*\)/dg;

/** Every import of a file, or an error for an import whose target is not written out. */
function importsOf(file: string, text: string, exists: (file: string) => boolean): { imports: Import[]; unreadable: string[] } {
  const code = codeOnly(text);
  const lineAt = (offset: number) => text.slice(0, offset).split('\n').length;
  const lineFrom = (offset: number) => text.slice(offset).split('\n')[0]!.trim();
  const imports: Import[] = [];
  const read = new Set<number>(); // where each `import` or `require` word that was understood stands
  for (const pattern of [staticImport, bareImport, callImport]) {
    for (const match of code.matchAll(pattern)) {
      const quoteAt = match.indices![1]![0];
      const close = code.indexOf(match[1]!, quoteAt + 1);
      const specifier = text.slice(quoteAt + 1, close);
      const word = /\b(import|export|require)\b/.exec(match[0])!;
      read.add(match.index + word.index);
      const found: Import = { file, line: lineAt(match.index + word.index), specifier };
      if (specifier.startsWith('.')) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
        found.target = [target.replace(/\.js$/, '.ts'), target.replace(/\.js$/, '.d.ts'), target].find(exists) ?? target;
      }
      imports.push(found);
    }
  }
  const unreadable = [...code.matchAll(/\b(import|require)\b/g)]
    .filter((match) => !read.has(match.index) && !/^import\s*\.\s*meta\b/.test(code.slice(match.index)))
    .map(
      (match) => `${file}:${lineAt(match.index)}: an import whose target is not a string written out (${lineFrom(match.index)}): the layers cannot be checked`,
    );
  return { imports, unreadable };
}

/** What is wrong with the imports of these files (paths relative to the root, `src/…`), each named with its place. */
function layerProblems(files: ReadonlyMap<string, string>): string[] {
  const problems: string[] = [];
  const layerOf = (file: string) => layers.findIndex((layer) => layer.members.some((member) => isIn(file, member)));
  const edges = new Map<string, Import[]>();
  for (const [file, text] of files) {
    const { imports, unreadable } = importsOf(file, text, (candidate) => files.has(candidate));
    problems.push(...unreadable);
    edges.set(
      file,
      imports.filter((found) => found.target?.startsWith('src/')),
    );
  }
  for (const file of files.keys()) {
    if (!file.startsWith('src/emulator/') && layerOf(file) === -1)
      problems.push(`${file} is in no layer: add it to \`layers\` in test/unit/layers.test.ts and to the drawing in docs/development.md`);
  }
  for (const [file, imports] of edges) {
    for (const { line, specifier, target } of imports) {
      const where = `${file}:${line}: import '${specifier}'`;
      if (!files.has(target!)) {
        problems.push(`${where}: ${target} does not exist`);
        continue;
      }
      if (file.startsWith('src/emulator/')) {
        if (!emulatorMayImport.some((member) => isIn(target!, member)))
          problems.push(`${where}: the emulator imports only ${emulatorMayImport.join(', ')}, not ${target}`);
        continue;
      }
      for (const [part, only] of Object.entries(startedByOneCommand)) {
        if (isIn(target!, part) && !isIn(file, part) && !isIn(file, only)) problems.push(`${where}: ${part} is imported only by ${only}`);
      }
      if (target!.startsWith('src/emulator/')) continue;
      const from = layerOf(file);
      const to = layerOf(target!);
      if (from !== -1 && to !== -1 && to < from) problems.push(`${where} points up: ${target} is in "${layers[to]!.name}", above "${layers[from]!.name}"`);
      const group = /^src\/commands\/([^/]+)\//.exec(file)?.[1];
      const targetGroup = /^src\/commands\/([^/]+)\//.exec(target!)?.[1];
      if (group && targetGroup && group !== targetGroup)
        problems.push(`${where}: a file of src/commands/${group}/ imports another group's file, ${target}; what groups share belongs in src/cmdutil/`);
      if (knowsNoTerminal.some((member) => isIn(file, member)) && target!.startsWith('src/output/'))
        problems.push(`${where}: ${knowsNoTerminal.join(' and ')} know no terminal: they report through a callback, not through ${target}`);
      if (file.startsWith('src/api/schemas/') && !target!.startsWith('src/api/schemas/'))
        problems.push(`${where}: a schema imports only other schemas (the emulator builds on them), not ${target}`);
    }
  }
  // the transport: src/api/http.ts and what it imports of src/api/ know no endpoint and no schema
  const transport = new Set<string>();
  const visit = (file: string) => {
    if (transport.has(file) || !file.startsWith('src/api/')) return;
    transport.add(file);
    for (const { target } of edges.get(file) ?? []) visit(target!);
  };
  if (files.has('src/api/http.ts')) visit('src/api/http.ts');
  for (const file of transport) {
    for (const { line, specifier, target } of edges.get(file) ?? []) {
      if (
        target!.startsWith('src/api/schemas/') ||
        (target!.startsWith('src/api/') && edges.get(target!)?.some((found) => found.target === 'src/api/http.ts'))
      ) {
        problems.push(
          `${file}:${line}: import '${specifier}': the transport (src/api/http.ts and what it imports) imports no endpoint module or schema, not ${target}`,
        );
      }
    }
  }
  problems.push(...cycles(edges));
  return problems;
}

/** Each import cycle (the strongly connected components, by Tarjan's algorithm), as the shortest way round it. */
function cycles(edges: ReadonlyMap<string, Import[]>): string[] {
  const next = (file: string) => (edges.get(file) ?? []).filter((edge) => edges.has(edge.target!));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[] = [];
  const connect = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const { target } of next(file)) {
      if (!index.has(target!)) {
        connect(target!);
        low.set(file, Math.min(low.get(file)!, low.get(target!)!));
      } else if (stack.includes(target!)) low.set(file, Math.min(low.get(file)!, index.get(target!)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component = new Set(stack.splice(stack.indexOf(file)));
    const start = [...component].sort()[0]!;
    if (component.size === 1 && !next(start).some((edge) => edge.target === start)) return;
    // breadth first from start, within the component, back to start
    const reachedBy = new Map<string, Import>();
    const queue = [start];
    while (!reachedBy.has(start)) {
      for (const edge of next(queue.shift()!)) {
        if (component.has(edge.target!) && !reachedBy.has(edge.target!)) {
          reachedBy.set(edge.target!, edge);
          queue.push(edge.target!);
        }
      }
    }
    const way: Import[] = [];
    for (let at = reachedBy.get(start)!; ; at = reachedBy.get(at.file)!) {
      way.unshift(at);
      if (at.file === start) break;
    }
    found.push(`import cycle: ${way.map((edge) => `${edge.file}:${edge.line}`).join(' -> ')} -> ${start}`);
  };
  for (const file of [...edges.keys()].sort()) if (!index.has(file)) connect(file);
  return found;
}

function sourceFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const file of fs.readdirSync(path.join(root, 'src'), { recursive: true }) as string[]) {
    if (/\.[cm]?ts$/.test(file)) files.set(`src/${file.split(path.sep).join('/')}`, fs.readFileSync(path.join(root, 'src', file), 'utf8'));
  }
  return files;
}

describe('the layers of src/', () => {
  it('every import of src/ points down, stays in its command group, and goes round no cycle', () => {
    const files = sourceFiles();
    expect(files.size).toBeGreaterThan(100);
    expect(layerProblems(files)).toEqual([]);
  });

  it('reads every kind of import, and nothing in comments, strings or regular expressions', () => {
    const text = [
      "import a from './a.js';",
      "import type { B } from './b.js';",
      "import c, { d } from './c.js';",
      "import * as e from './e.js';",
      "import './f.js';",
      "export { g } from './g.js';",
      "export * from './h.js';",
      'import {',
      '  i,',
      "} from './i.js';",
      "const j = await import('./j.js');",
      "type K = typeof import('./k.js');",
      "// import l from './l.js'; await import('./l.js')",
      "/* import('./m.js') */ const n = '/* import(\"./n.js\") */';",
      "const o = /import\\('.\\/o.js'\\)/;",
      "const p = `${await import('./p.js')} import('./q.js') ${`${x}`}`;",
      "const r = 4 / 2; import('./r.js');",
      'const s = import.meta.url;',
    ].join('\n');
    const { imports, unreadable } = importsOf('src/x.ts', text, () => false);
    expect(imports.map((found) => `${found.line} ${found.specifier}`).sort()).toEqual(
      [
        '1 ./a.js',
        '2 ./b.js',
        '3 ./c.js',
        '4 ./e.js',
        '5 ./f.js',
        '6 ./g.js',
        '7 ./h.js',
        '8 ./i.js',
        '11 ./j.js',
        '12 ./k.js',
        '16 ./p.js',
        '17 ./r.js',
      ].sort(),
    );
    expect(unreadable).toEqual([]);
    expect(importsOf('src/x.ts', 'const name = "y";\nawait import(`./${name}.js`);', () => false).unreadable).toEqual([
      'src/x.ts:2: an import whose target is not a string written out (import(`./${name}.js`);): the layers cannot be checked',
    ]);
  });

  it('names each wrong import: up a layer, into another command group, out of the emulator, into the transport, round a cycle', () => {
    const files = new Map([
      ['src/cli.ts', "import { run } from './commands/queries/index.js';"],
      ['src/commands/queries/index.ts', "export const run = () => import('./list.js');"],
      ['src/commands/queries/list.ts', "import { view } from '../automations/shared/view.js';\nimport { serve } from '../../mcp/server.js';"],
      ['src/commands/automations/shared/view.ts', 'export const view = 1;'],
      ['src/mcp/server.ts', 'export const serve = 1;'],
      ['src/workspace/resolve.ts', "import { Context } from '../context.js';"],
      ['src/context.ts', "import type { X } from './workspace/resolve.js';"],
      ['src/api/http.ts', "import { limits } from './schemas/queries.js';"],
      ['src/api/schemas/queries.ts', "import { id } from '../../ids.js';"],
      ['src/ids.ts', "const engine = await import('./emulator/engine.js');"],
      ['src/emulator/engine.ts', "import { table } from '../output/table.js';"],
      ['src/output/table.ts', ''],
      ['src/wait.ts', "import { startProgress } from './output/progress.js';"],
      ['src/output/progress.ts', ''],
      ['src/stray.ts', ''],
    ]);
    expect(layerProblems(files).sort()).toEqual(
      [
        'src/stray.ts is in no layer: add it to `layers` in test/unit/layers.test.ts and to the drawing in docs/development.md',
        "src/commands/queries/list.ts:1: import '../automations/shared/view.js': a file of src/commands/queries/ imports another group's file, src/commands/automations/shared/view.ts; what groups share belongs in src/cmdutil/",
        "src/commands/queries/list.ts:2: import '../../mcp/server.js': src/mcp/ is imported only by src/commands/mcp/",
        'src/workspace/resolve.ts:1: import \'../context.js\' points up: src/context.ts is in "the context", above "workspace"',
        "src/api/schemas/queries.ts:1: import '../../ids.js': a schema imports only other schemas (the emulator builds on them), not src/ids.ts",
        "src/ids.ts:1: import './emulator/engine.js': src/emulator/ is imported only by src/commands/emulator/",
        "src/emulator/engine.ts:1: import '../output/table.js': the emulator imports only src/emulator/, src/api/schemas/, src/errors.ts, src/ids.ts, not src/output/table.ts",
        "src/api/http.ts:1: import './schemas/queries.js': the transport (src/api/http.ts and what it imports) imports no endpoint module or schema, not src/api/schemas/queries.ts",
        'import cycle: src/context.ts:1 -> src/workspace/resolve.ts:1 -> src/context.ts',
        "src/wait.ts:1: import './output/progress.js': src/workspace/ and src/wait.ts know no terminal: they report through a callback, not through src/output/progress.ts",
      ].sort(),
    );
  });

  it('each command group declares its commands in src/commands/<group>/declaration.ts, beside its index.ts and verbs, not in shared/', () => {
    const commands = path.join(root, 'src', 'commands');
    const groups = fs.readdirSync(commands).filter((group) => fs.existsSync(path.join(commands, group, 'index.ts')));
    expect(groups.length).toBeGreaterThan(10);
    const misplaced = groups.flatMap((group) => {
      const where = (file: string) => `src/commands/${group}/${file}`;
      return [
        ...(fs.existsSync(path.join(commands, group, 'declaration.ts')) ? [] : [`${where('declaration.ts')} is missing`]),
        ...(fs.existsSync(path.join(commands, group, 'shared', 'declaration.ts')) ? [`${where('shared/declaration.ts')} is not a shared helper`] : []),
      ];
    });
    expect(misplaced).toEqual([]);
  });

  it('docs/development.md draws the same layers', () => {
    const guide = fs.readFileSync(path.join(root, 'docs', 'development.md'), 'utf8');
    for (const { members } of layers) for (const member of members) expect(guide, member).toContain(member);
    for (const member of emulatorMayImport) expect(guide, member).toContain(member);
  });
});
