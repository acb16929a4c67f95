// `npm run build`: bundles src/ into dist/ with esbuild, so that starting ws reads two files instead of hundreds.
//
// dist/cli.cjs holds all of src/ with commander and zod (of which only what src/ uses is kept). A module that
// src/ loads with `import()` (a command's verb, the context, the emulator) is in it too, but its top-level code
// runs only when that import() runs. The heavy libraries are separate files in dist/vendor/, each read only by
// the code that needs it: undici (its public index), yaml, the MCP SDK, cli-table3, ora, string-width, the
// prompts (@clack/prompts). DuckDB (native) and jq-wasm (reads its .wasm file) stay in node_modules. Everything is CommonJS: Node 20 loads it faster than ES
// modules (no ES module loader at all on the way to `ws --help`). Type checking is `npm run typecheck`.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { thirdPartyNotices } from './notices.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = path.join(root, 'dist');

/** Each library bundled alone, and the import specifiers of src/ it answers, with the export each stands for ('' for all). */
const vendors = {
  undici: { source: "module.exports = require('undici');", answers: { undici: '' } },
  yaml: { source: "module.exports = require('yaml');", answers: { yaml: '' } },
  // the MCP SDK, with its own copy of zod (what the SDK uses of it) and ajv: only `ws mcp` reads it. zod's JSON
  // Schema code (40 KB) comes from that copy too, so that dist/cli.cjs, which every command reads, does not grow by it (zod keeps its
  // registry of descriptions on globalThis, so it reads the schemas of src/ whole)
  mcp: {
    // ES module imports, so that esbuild bundles the ES builds and keeps only what is used (require() of the
    // CommonJS builds took all of zod, both its versions and every locale: 1.7 MB instead of about 0.5)
    source: [
      "export { Server } from '@modelcontextprotocol/sdk/server/index.js';",
      "export { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';",
      "export { CallToolRequestSchema, ErrorCode, ListResourcesRequestSchema, ListResourceTemplatesRequestSchema, ListToolsRequestSchema, McpError, ReadResourceRequestSchema } from '@modelcontextprotocol/sdk/types.js';",
      "export { toJSONSchema } from 'zod/v4/core';",
    ].join('\n'),
    answers: {
      '@modelcontextprotocol/sdk/server/index.js': '',
      '@modelcontextprotocol/sdk/server/stdio.js': '',
      '@modelcontextprotocol/sdk/types.js': '',
      'zod/v4/core': '',
    },
  },
  // drawn only by terminal tables and the spinner (src/output/table.ts, progress.ts)
  'cli-table3': { source: "module.exports = require('cli-table3');", answers: { 'cli-table3': '' } },
  // an ES module with a default export only: src/ imports it as `{ default }`, which a Node-style import() of
  // CommonJS gives as module.exports itself, so the bundle's module.exports is that default
  ora: { source: "export { default } from 'ora';", answers: { ora: 'default' } },
  // the prompts at a terminal (src/prompt.ts): read only when a prompt is shown
  prompts: {
    source: "export { autocomplete, confirm, isCancel, select, text } from '@clack/prompts';",
    answers: { '@clack/prompts': '' },
  },
  // the typed exports (-o parquet, -o arrow): read only by src/output/parquet.ts and arrow.ts, loaded for those formats
  parquet: {
    source: [
      "export { ByteWriter } from 'hyparquet-writer';",
      "export { writePageHeader } from 'hyparquet-writer/src/datapage.js';",
      "export { writeRleBitPackedHybrid } from 'hyparquet-writer/src/encoding.js';",
      "export { writeMetadata } from 'hyparquet-writer/src/metadata.js';",
      "export { snappyCompressor } from 'hysnappy';",
    ].join('\n'),
    answers: {
      'hyparquet-writer': '',
      'hyparquet-writer/src/datapage.js': '',
      'hyparquet-writer/src/encoding.js': '',
      'hyparquet-writer/src/metadata.js': '',
      hysnappy: '',
    },
  },
  arrow: {
    source:
      "export { Binary, Bool, DateDay, Decimal, Field, Float32, Float64, Int8, Int16, Int32, Int64, makeData, RecordBatch, RecordBatchStreamWriter, Schema, Struct, TimeMicrosecond, TimestampMicrosecond, Uint8, Uint16, Uint32, Uint64, Utf8, vectorFromArray } from 'apache-arrow';",
    answers: { 'apache-arrow': '' },
  },
  // loaded through sharedWidths below
  'string-width': {
    source: `const { narrowText } = require('./src/output/narrow.ts');
let stringWidth;
module.exports = (text) => (narrowText.test(text) ? text.length : (stringWidth ??= require('string-width').default)(text));`,
    answers: {},
  },
};

/**
 * string-width, one copy for all, in dist/vendor/string-width.cjs: src/output/width.ts reads it on its first
 * measurement, and the bundles of cli-table3 and ora measure with it too. string-width itself loads only for text
 * that is not plain (src/output/narrow.ts): it takes about 60 ms (an Intl.Segmenter, regular expressions of every
 * emoji), too much for every table. cli-table3 0.6.5 would measure with its own string-width 4, which counts a
 * zero-width space (U+200B) and a lone variation selector as one column where terminals and string-width 8 count
 * none: a cell holding one was padded one column short. This changes what those libraries run (a dependency
 * swapped under their code, which stays untouched): docs/development.md says so, and why it stays.
 */
const sharedWidths = {
  name: 'shared-widths',
  setup(build) {
    build.onResolve({ filter: /^string-width$/ }, ({ importer }) => {
      if (/[\\/]node_modules[\\/](cli-table3|ora)[\\/]/.test(importer)) return { path: './string-width.cjs', namespace: 'ws-string-width' };
      if (path.relative(root, importer).startsWith(`src${path.sep}`)) return { path: './vendor/string-width.cjs', namespace: 'ws-string-width' };
      return undefined;
    });
    // the prompts measure with fast-string-width (one argument, as string-width takes it): the same widths as the tables
    build.onResolve({ filter: /^fast-string-width$/ }, ({ importer }) =>
      /[\\/]node_modules[\\/](@clack[\\/](core|prompts)|fast-wrap-ansi)[\\/]/.test(importer)
        ? { path: './string-width.cjs', namespace: 'ws-string-width' }
        : undefined,
    );
    // loaded on the first call; each text measured once, since cli-table3 measures a cell several times over
    build.onLoad({ filter: /.*/, namespace: 'ws-string-width' }, ({ path: file }) => ({
      contents: `let stringWidth;
const known = new Map();
module.exports = (text) => {
  let width = known.get(text);
  if (width === undefined) {
    if (known.size >= 10000) known.clear();
    stringWidth ??= require(${JSON.stringify(file)});
    known.set(text, (width = stringWidth(text)));
  }
  return width;
};`,
      loader: 'js',
    }));
    build.onResolve({ filter: /string-width\.cjs$/, namespace: 'ws-string-width' }, ({ path: file }) => ({ path: file, external: true }));
    // cli-table3 colours through @colors/colors only for its `style` colours, which ws leaves empty
    build.onResolve({ filter: /^@colors\/colors\/safe$/ }, () => ({ path: '@colors/colors/safe', external: true }));
  },
};

/** src/version.ts reads package.json at run time; the bundle has the version written in, and reads no file. */
const inlineVersion = {
  name: 'inline-version',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]version\.ts$/ }, () => {
      const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
      return { contents: `export function version(): string { return ${JSON.stringify(version)}; }`, loader: 'ts' };
    });
  },
};

/**
 * The libraries that src/ loads with `import()` but does not bundle (Node's built-ins, jq-wasm, DuckDB, the keyring) are
 * all CommonJS (or have a CommonJS build): the bundle require()s them, in a promise as import() would. So
 * dist/*.cjs hold no import() at all, and the standalone ws (scripts/sea-main.cjs) can run them with vm.Script,
 * where an import() would need an experimental loader hook.
 */
const requireExternals = {
  name: 'require-externals',
  setup(build) {
    build.onResolve({ filter: /^(node:|jq-wasm$|@duckdb\/node-api$|@napi-rs\/keyring$)/ }, ({ path: specifier, kind }) =>
      kind === 'dynamic-import' ? { path: specifier, namespace: 'external-require' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'external-require' }, ({ path: specifier }) => ({
      contents: `module.exports = require(${JSON.stringify(specifier)});`,
      loader: 'js',
    }));
  },
};

const common = {
  absWorkingDir: root,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20.18',
  legalComments: 'none',
  logLevel: 'warning',
  write: false,
  // what each build bundled, for dist/THIRD-PARTY-NOTICES.md (scripts/notices.mjs)
  metafile: true,
};

/**
 * Answers src/'s imports of a vendored library with a one-line module that require()s its file in dist/vendor/
 * (or a part of it): a require, not an import(), so that Node's ES module loader is never involved.
 */
const vendorPlugin = {
  name: 'vendor',
  setup(build) {
    for (const [name, { answers }] of Object.entries(vendors)) {
      for (const [specifier, part] of Object.entries(answers)) {
        const filter = new RegExp(`^${specifier.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
        build.onResolve({ filter }, () => ({ path: specifier, namespace: 'vendor-part', pluginData: { name, part } }));
      }
    }
    build.onLoad({ filter: /.*/, namespace: 'vendor-part' }, ({ pluginData: { name, part } }) => ({
      contents: `module.exports = require('./vendor/${name}.cjs')${part ? `.${part}` : ''};`,
      loader: 'js',
      resolveDir: outdir,
    }));
    build.onResolve({ filter: /^\.\/vendor\//, namespace: 'vendor-part' }, ({ path: file }) => ({ path: file, external: true }));
  },
};

const builds = [
  esbuild.build({
    ...common,
    entryPoints: { cli: 'src/cli.ts' },
    outdir,
    outExtension: { '.js': '.cjs' },
    external: ['@duckdb/node-api', 'jq-wasm', '@napi-rs/keyring'],
    plugins: [vendorPlugin, sharedWidths, inlineVersion, requireExternals],
  }),
  ...Object.entries(vendors).map(([name, { source }]) =>
    esbuild.build({
      ...common,
      stdin: { contents: source, resolveDir: root, loader: 'js' },
      outfile: path.join(outdir, 'vendor', `${name}.cjs`),
      plugins: [sharedWidths],
    }),
  ),
];
// Help without the bundle (src/help/fast.ts): dist/help.cjs, and dist/help.json made from the built tree itself.
builds.push(esbuild.build({ ...common, entryPoints: { help: 'src/help/fast.ts' }, outdir, outExtension: { '.js': '.cjs' } }));
// Tab without the bundle (src/completion/fast.ts): dist/complete.cjs, and dist/complete.json, the command tree.
builds.push(
  esbuild.build({
    ...common,
    entryPoints: { complete: 'src/completion/fast.ts' },
    outdir,
    outExtension: { '.js': '.cjs' },
    plugins: [vendorPlugin, requireExternals],
  }),
);
// The system keyring's own process (`ws __keyring`, src/config/keyring-child.ts): dist/keyring.cjs, apart from the bundle.
builds.push(
  esbuild.build({
    ...common,
    entryPoints: { keyring: 'src/config/keyring-child.ts' },
    outdir,
    outExtension: { '.js': '.cjs' },
    external: ['@napi-rs/keyring'],
    plugins: [requireExternals],
  }),
);
// The export's worker (src/query-runs/export-worker.ts, started by exportInWorker): dist/export-worker.cjs, which
// requires the same files of dist/vendor/ (parquet, arrow, yaml) as the bundle.
builds.push(
  esbuild.build({
    ...common,
    stdin: { contents: "require('./src/query-runs/export-worker.ts').serve();", resolveDir: root, loader: 'js', sourcefile: 'export-worker.cjs' },
    outfile: path.join(outdir, 'export-worker.cjs'),
    external: ['@duckdb/node-api', 'jq-wasm', '@napi-rs/keyring'],
    plugins: [vendorPlugin, sharedWidths, inlineVersion, requireExternals],
  }),
);
/** The exports of the cli.cjs just built (before it is written out). */
function builtCli(cli) {
  const module = { exports: {} };
  const load = new Function('module', 'exports', 'require', '__filename', '__dirname', cli.text);
  load(module, module.exports, createRequire(cli.path), cli.path, path.dirname(cli.path));
  return module.exports;
}

const results = await Promise.all(builds);
const outputs = results.flatMap((result) => result.outputFiles);
// dist/help.json and dist/complete.json: what src/cli.ts's helpManifest() and completionTree() say
const cli = builtCli(outputs.find((file) => file.path === path.join(outdir, 'cli.cjs')));
outputs.push({ path: path.join(outdir, 'help.json'), contents: Buffer.from(cli.helpManifest()) });
outputs.push({ path: path.join(outdir, 'complete.json'), contents: Buffer.from(await cli.completionTree()) });
const notices = thirdPartyNotices(
  results.map((result) => result.metafile),
  root,
);
outputs.push({ path: path.join(outdir, 'THIRD-PARTY-NOTICES.md'), contents: Buffer.from(notices), text: notices });

// the standalone ws runs these files without a loader for import(): one left in would fail at run time (esbuild's
// metafile lists each import() it kept; the text alone cannot tell one from `import('…')` in a comment)
for (const { metafile } of results) {
  for (const [file, { imports }] of Object.entries(metafile.outputs)) {
    const kept = imports.find(({ kind }) => kind === 'dynamic-import');
    if (kept) throw new Error(`${file} holds an import() of ${kept.path}: see requireExternals in scripts/build.mjs`);
  }
}

// A build may run while ws runs from dist/ (a test that builds, next to others that spawn ws): each file is
// replaced whole (write, then rename), the vendor files before the cli that requires them, stale files last.
const written = new Set();
for (const file of outputs.sort((a, b) => Number(a.path.endsWith('cli.cjs')) - Number(b.path.endsWith('cli.cjs')))) {
  fs.mkdirSync(path.dirname(file.path), { recursive: true });
  const temporary = `${file.path}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, file.contents);
  fs.renameSync(temporary, file.path);
  written.add(file.path);
}
for (const entry of fs.readdirSync(outdir, { recursive: true, withFileTypes: true })) {
  const file = path.join(entry.parentPath, entry.name);
  if (entry.isFile() && !written.has(file)) fs.rmSync(file);
}
