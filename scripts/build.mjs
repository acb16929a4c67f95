// `npm run build`: bundles src/ into dist/ with esbuild, so that starting ws reads two files instead of hundreds.
//
// dist/cli.cjs holds all of src/ with commander and zod (of which only what src/ uses is kept). A module that
// src/ loads with `import()` (a command's verb, the context, the emulator) is in it too, but its top-level code
// runs only when that import() runs. The heavy libraries are separate files in dist/vendor/, each read only by
// the code that needs it: undici's Agent and request API, yaml, conf. DuckDB (native) and
// jq-wasm (reads its .wasm file) stay in node_modules. Everything is CommonJS: Node 20 loads it faster than ES
// modules (no ES module loader at all on the way to `ws --help`). Type checking is `npm run typecheck`.
import fs from 'node:fs';
import http2 from 'node:http2';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = path.join(root, 'dist');

/**
 * The files of undici that src/api/undici.ts imports, by the name the vendor bundle gives each. They share
 * undici's internals, so they are one bundle; another part (a proxy agent, say) is one more line here.
 */
const undiciParts = { Agent: 'undici/lib/dispatcher/agent.js', request: 'undici/lib/api/api-request.js' };
/** The parts src/api/undici.ts loads for a proxy (ProxyAgent's CONNECT needs the dispatchers' connect()). */
const undiciProxyParts = {
  ProxyAgent: 'undici/lib/dispatcher/proxy-agent.js',
  Dispatcher: 'undici/lib/dispatcher/dispatcher.js',
  connect: 'undici/lib/api/api-connect.js',
};

/** Each library bundled alone, and the import specifiers of src/ it answers, with the export each stands for ('' for all). */
const vendors = {
  undici: {
    source: [
      ...Object.entries(undiciParts).map(([name, file]) => `exports.${name} = require('${file}');`),
      // only with a proxy variable set: getters, so that a run without one never executes their files
      ...Object.entries(undiciProxyParts).map(([name, file]) => `Object.defineProperty(exports, '${name}', { get: () => require('${file}') });`),
    ].join('\n'),
    answers: Object.fromEntries(Object.entries({ ...undiciParts, ...undiciProxyParts }).map(([name, file]) => [file, name])),
  },
  yaml: { source: "module.exports = require('yaml');", answers: { yaml: '' } },
  // ES modules with a default export only: src/ imports them as `{ default }`, which a Node-style import() of
  // CommonJS gives as module.exports itself, so the bundle's module.exports is that default
  conf: { source: "export { default } from 'conf';", answers: { conf: 'default' } },
};

/**
 * undici's HTTP/2 client requires node:http2 (and with it node:tls) when it loads, for a few constants, though
 * ws never speaks HTTP/2 (undici does only when asked). Loading them costs more than the rest of a request's
 * set-up, so the bundle gets the constants as values and node:http2 itself only if a session is opened.
 */
const lazyHttp2 = {
  name: 'lazy-http2',
  setup(build) {
    build.onLoad({ filter: /undici[\\/]lib[\\/]dispatcher[\\/]client-h2\.js$/ }, ({ path: file }) => {
      const source = fs.readFileSync(file, 'utf8');
      const eager = "http2 = require('node:http2')";
      if (!source.includes(eager)) throw new Error(`${file} no longer contains ${eager}: update lazyHttp2 in scripts/build.mjs`);
      const lazy = `http2 = { constants: ${JSON.stringify(http2.constants)}, connect: (...args) => require('node:http2').connect(...args) }`;
      return { contents: source.replace(eager, lazy), loader: 'js' };
    });
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

const common = {
  absWorkingDir: root,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20.18',
  legalComments: 'none',
  logLevel: 'warning',
  write: false,
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
    external: ['@duckdb/node-api', 'jq-wasm'],
    plugins: [vendorPlugin, inlineVersion],
  }),
  ...Object.entries(vendors).map(([name, { source }]) =>
    esbuild.build({ ...common, stdin: { contents: source, resolveDir: root, loader: 'js' }, outfile: path.join(outdir, 'vendor', `${name}.cjs`), plugins: [lazyHttp2] }),
  ),
];
// Help without the bundle (src/help/fast.ts): dist/help.cjs, and dist/help.json made from the built tree itself.
builds.push(esbuild.build({ ...common, entryPoints: { help: 'src/help/fast.ts' }, outdir, outExtension: { '.js': '.cjs' } }));
/** dist/help.json: what src/cli.ts's helpManifest() says, run from the cli.cjs just built (before it is written out). */
const { createRequire } = await import('node:module');
function helpManifestFile(cli) {
  const module = { exports: {} };
  const load = new Function('module', 'exports', 'require', '__filename', '__dirname', cli.text);
  load(module, module.exports, createRequire(cli.path), cli.path, path.dirname(cli.path));
  return { path: path.join(outdir, 'help.json'), contents: Buffer.from(module.exports.helpManifest()) };
}

const outputs = (await Promise.all(builds)).flatMap((result) => result.outputFiles);
outputs.push(helpManifestFile(outputs.find((file) => file.path === path.join(outdir, 'cli.cjs'))));

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
