// `npm run build`: bundles src/ into dist/ with esbuild, so that starting ws reads a few files instead of
// hundreds. Every `import()` in src/ becomes its own chunk, loaded only when that path runs (a command's verb,
// undici, zod schemas, yaml, ora, conf, cli-table3, the emulator). Type checking is `npm run typecheck`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}dist`;

/**
 * A CommonJS package loaded with `import()` from another chunk offers only its `default` export there, so
 * `(await import('yaml')).parse` would be undefined. yaml ships the same code as ES modules (its "browser"
 * build, plain JavaScript): bundle that one instead. (undici and cli-table3 are used through `default`.)
 */
function esmBuildOf(name, file) {
  return {
    name: `esm-${name}`,
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${name}$`) }, () => ({ path: `${root}node_modules/${file}` }));
    },
  };
}

// Chunks sit next to cli.js (not in a subfolder): version.ts finds package.json one level up from its file.
const result = await esbuild.build({
  absWorkingDir: root,
  entryPoints: { cli: 'src/cli.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.18',
  chunkNames: '[name]-[hash]',
  // DuckDB is a native module; jq-wasm reads its .wasm file next to its own code. Both load from node_modules.
  external: ['@duckdb/node-api', 'jq-wasm'],
  // Bundled CommonJS packages (undici, commander, cli-table3) call require() for Node's own modules.
  banner: { js: "import { createRequire as __wsCreateRequire } from 'node:module'; const require = __wsCreateRequire(import.meta.url);" },
  plugins: [esmBuildOf('yaml', 'yaml/browser/index.js')],
  legalComments: 'none',
  logLevel: 'warning',
  write: false,
});

// A build may run while ws runs from dist/ (a test that builds, next to others that spawn ws): each file is
// replaced whole (write, then rename), chunks before the entry that imports them, and stale files go last.
fs.mkdirSync(outdir, { recursive: true });
const written = new Set();
for (const file of result.outputFiles.sort((a, b) => Number(a.path.endsWith('/cli.js')) - Number(b.path.endsWith('/cli.js')))) {
  const temporary = `${file.path}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, file.contents);
  fs.renameSync(temporary, file.path);
  written.add(path.basename(file.path));
}
for (const entry of fs.readdirSync(outdir, { withFileTypes: true })) {
  if (!written.has(entry.name)) fs.rmSync(path.join(outdir, entry.name), { recursive: true, force: true });
}
