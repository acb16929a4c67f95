'use strict';
// The main script of the standalone ws (Node's single executable application; scripts/build-binary.mjs makes it).
// The files the npm package runs (bin/ws.js, dist/, jq's WebAssembly, the keyring's native binding) are assets of
// the executable, and this script runs bin/ws.js from them with a small module loader of its own: the main script
// of an executable can require Node's built-ins only. A small main that compiles the bundle itself, through a code
// cache kept in the user's cache folder, starts faster than the whole bundle as the main script with Node's
// useCodeCache (docs/development.md, "The build").
const sea = require('node:sea');
const path = require('node:path');

/** What scripts/build-binary.mjs wrote: the version, the emulator's engine, and a number naming this build. */
const build = JSON.parse(sea.getAsset('sea.json', 'utf8'));
const args = process.argv.slice(2);

/** Global options of ws that take a value (src/cli.ts): the word after one is no command. */
const valued = new Set(['--profile', '--base-url', '-o', '--output', '--jq', '--http-timeout']);

/** Whether argv runs `ws emulator …` (not its help): the first word that is no option nor an option's value. */
function runsEmulator(argv) {
  if (argv.includes('--help') || argv.includes('-h')) return false;
  for (let at = 0; at < argv.length; at++) {
    const word = argv[at];
    if (word === '--') return false;
    if (valued.has(word) || (word === '--json' && argv[at + 1] !== undefined && !argv[at + 1].startsWith('-'))) at++;
    else if (!word.startsWith('-')) return word === 'emulator';
  }
  return false;
}

const noEmulator = `the emulator is not part of the standalone ws: it needs DuckDB's native module, which comes with the npm package`;
// The package is ws's own (@workspace-cli/ws), installed from this release's package file: never a registry name that
// somebody else may hold (the unscoped ws-cli is an unrelated tool whose command is also ws).
const installHint = `install ws's npm package of this release with the engine: npm install -g ./${build.tarball} ${build.engine}`;

const root = path.join(process.execPath, '/');
const modules = new Map();
let cache;

/** FNV-1a of a path, in hex: one cache name per executable, so that two copies of ws never evict each other. */
function hashOf(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

const keptFiles = 16;
const keptDays = 30;

/**
 * Writes a cache file whole (temporary name, then rename), in place of the caches of older builds of the same
 * file; keeps the newest files of the folder, and drops the folders of Node versions unused for a month.
 */
function save(folder, cacheFile, data) {
  const fs = require('node:fs');
  try {
    const prefix = `${path.basename(cacheFile).replace(/-\d+-\d+\.cache$/, '')}-`;
    const temporary = `${cacheFile}.${process.pid}`;
    fs.writeFileSync(temporary, data, { mode: 0o600 });
    fs.renameSync(temporary, cacheFile);
    const files = fs.readdirSync(folder).map((name) => ({ name, stat: fs.statSync(path.join(folder, name), { throwIfNoEntry: false }) }));
    const newest = files.filter(({ stat }) => stat).sort((a, b) => b.stat.mtimeMs - a.stat.mtimeMs);
    for (const [index, { name }] of newest.entries()) {
      // (a name not ending in .cache is another run's file being written)
      if (name.endsWith('.cache') && name !== path.basename(cacheFile) && (name.startsWith(prefix) || index >= keptFiles))
        fs.rmSync(path.join(folder, name), { force: true });
    }
    const versions = path.dirname(folder);
    for (const name of fs.readdirSync(versions)) {
      const other = path.join(versions, name);
      const stat = fs.lstatSync(other);
      if (name.startsWith('sea-') && other !== folder && Date.now() - stat.mtimeMs > keptDays * 86_400_000) fs.rmSync(other, { recursive: true, force: true });
    }
  } catch {
    // a full disk or a read-only home: no cache, nothing else changes
  }
}

/**
 * The compile cache of the bundle: V8's code cache of each asset (vm.Script's cachedData), in the user's cache
 * folder (bin/compile-cache.cjs finds a safe one), named after this executable's path and build.
 */
function openCache() {
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  const { cacheFolder } = load('bin/compile-cache.cjs');
  const folder = cacheFolder(`sea-${process.version}-${process.arch}`);
  if (!folder) return undefined;
  const fs = require('node:fs');
  const pending = [];
  return {
    read(name, size) {
      const file = path.join(folder, `${path.basename(name)}-${hashOf(process.execPath + name)}-${size}-${build.id}.cache`);
      try {
        return { file, data: fs.readFileSync(file) };
      } catch {
        return { file, data: undefined };
      }
    },
    // written as ws exits, so that the cache holds the functions the command ran too, not only the top level
    later(file, script) {
      if (pending.length === 0)
        process.once('exit', () => {
          for (const [at, done] of pending) save(folder, at, done.createCachedData());
        });
      pending.push([file, script]);
    },
  };
}

/** Runs an asset as a CommonJS module, once, as Node's loader would. */
function load(name) {
  const known = modules.get(name);
  if (known) return known.exports;
  const filename = root + name;
  const module = { exports: {}, filename, id: filename, loaded: false };
  modules.set(name, module);
  if (name.endsWith('.json')) {
    module.exports = JSON.parse(sea.getAsset(name, 'utf8'));
    return module.exports;
  }
  // a hashbang is valid only at the very start of a script, not inside the wrapper (same length: same lines)
  const source = sea.getAsset(name, 'utf8').replace(/^#!/, '//');
  const cached = cache?.read(name, source.length);
  // the function Node's CommonJS loader wraps a module in (written out: module.wrap is not documented)
  const wrapped = `(function (exports, require, module, __filename, __dirname) { ${source}\n});`;
  // node:vm here, not at the top: `ws --version` needs none of it
  const script = new (require('node:vm').Script)(wrapped, { filename, cachedData: cached?.data });
  script.runInThisContext({ displayErrors: true }).call(module.exports, module.exports, requireFrom(name), module, filename, path.dirname(filename));
  module.loaded = true;
  if (cached && (cached.data === undefined || script.cachedDataRejected)) cache.later(cached.file, script);
  return module.exports;
}

/** jq-wasm from its asset, with its WebAssembly from another: the package would read it from node_modules. */
function jq() {
  const jqWasm = load('jq-wasm/index.cjs');
  let handle;
  return {
    ...jqWasm,
    async raw(input, query, flags) {
      handle ??= jqWasm.loadJq({ wasmBinary: new Uint8Array(sea.getAsset('jq-wasm/jq.wasm')) });
      return (await handle).raw(input, query, flags);
    },
  };
}

let keyringBinding;

/**
 * @napi-rs/keyring: its native binding, the asset of this platform. Node loads an addon from a file only, so the
 * asset is written into a private temporary folder (0700: nobody else can swap the file before it is loaded), loaded
 * with process.dlopen, and removed at once (Linux keeps a loaded library mapped once its file is gone). Only a
 * use of the keyring asks for it (src/config/keyring.ts, keyring-child.ts); when this throws, ws falls back to the
 * config file with its warning.
 */
function keyring() {
  if (keyringBinding) return keyringBinding;
  const platform = `${process.platform}-${process.arch}`;
  let binding;
  try {
    binding = sea.getAsset(`keyring/${platform}.node`);
  } catch {
    throw new Error(`the standalone ws carries no keyring binding for ${platform}`);
  }
  const fs = require('node:fs');
  const os = require('node:os');
  let folder;
  try {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-keyring-'));
    const file = path.join(folder, 'keyring.node');
    // dlopen needs the file readable only (no execute bit), on a file system that lets it be mapped executable
    fs.writeFileSync(file, new Uint8Array(binding), { mode: 0o600, flag: 'wx' });
    const module = { exports: {} };
    process.dlopen(module, file);
    keyringBinding = module.exports;
    return keyringBinding;
  } catch (error) {
    const noexec = /failed to map segment/.test(error.message) ? ' (is it mounted noexec? then set TMPDIR to another folder)' : '';
    throw new Error(`the standalone ws cannot load its keyring binding from ${os.tmpdir()}${noexec}: ${error.message}`);
  } finally {
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** The require of an asset: relative paths are other assets; the rest are Node's built-ins, jq-wasm and the keyring. */
function requireFrom(from) {
  return (specifier) => {
    if (from === 'bin/ws.js' && specifier === './compile-cache.cjs') return { enable: () => (cache = openCache()) };
    if (from === 'bin/ws.js' && specifier === '../dist/help.cjs') {
      const help = load('dist/help.cjs');
      return { serveHelp: (argv) => help.serveHelp(argv, () => Buffer.from(sea.getAsset('dist/help.json'))) };
    }
    if (from === 'bin/ws.js' && specifier === '../dist/complete.cjs') {
      const fast = load('dist/complete.cjs');
      return { serveComplete: (argv) => fast.serveComplete(argv, () => sea.getAsset('dist/complete.json', 'utf8')) };
    }
    if (specifier.startsWith('.')) return load(path.posix.join(path.posix.dirname(from), specifier));
    if (specifier === 'jq-wasm') return jq();
    if (specifier === '@napi-rs/keyring') return keyring();
    if (specifier === '@duckdb/node-api') throw new Error(`${noEmulator} (${installHint})`);
    return require(specifier);
  };
}

/**
 * Writes the version line with fs.writeSync, a string: process.stdout, made for one line, would load Node's stream
 * modules, and a first Buffer costs about 1 ms too, of a start that is otherwise Node's own (measured: the version
 * 0.9x the npm package's on Node 24, against 0.99x with process.stdout). A reader gone (EPIPE) ends quietly, as
 * bin/ws.js ends it; on any other failure (a non-blocking pipe that is full: EAGAIN) process.stdout writes the rest.
 */
function writeVersion(text) {
  let written = 0;
  try {
    written = require('node:fs').writeSync(1, text);
  } catch (error) {
    if (error.code === 'EPIPE') return;
  }
  // a line this short is written whole, but for a failure
  if (written < Buffer.byteLength(text)) process.stdout.write(Buffer.from(text).subarray(written));
}

if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  writeVersion(`${build.version} (standalone, node ${process.versions.node})\n`);
} else if (runsEmulator(args)) {
  process.stderr.write(`error: ${noEmulator}\nhint: ${installHint}\n`);
  process.exitCode = 2;
} else {
  load('bin/ws.js');
}
