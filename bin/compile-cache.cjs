'use strict';
// A V8 code cache for dist/*.cjs on Node versions without module.enableCompileCache (Node 20, 22.0): compiling
// the bundle is most of what a start of ws costs there, and V8 can skip it when handed the code it made last time.
//
// The cache lives in the user's own cache folder ($XDG_CACHE_HOME/ws or ~/.cache/ws), never in a shared one: cached
// code runs as it is, so a folder another user can write to would let that user run code as this one. The folder
// must belong to this user and be writable by nobody else, or ws compiles as before. A folder holds the files of
// one Node version; a cache file is named after the file it stands for (its name and a hash of its path), its size
// and its modification time, since V8 itself checks only the source's length. Anything that goes wrong just means
// compiling this time. The bundle holds no import() (scripts/build.mjs sees to it): a vm.Script could run one only
// with an experimental loader hook.
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const Module = require('node:module');

/** Where the compiled code of this Node is kept, if that folder is this user's alone; undefined otherwise. */
function cacheFolder() {
  // a relative XDG_CACHE_HOME is to be ignored, say the XDG rules
  const xdg = process.env.XDG_CACHE_HOME;
  const base = xdg && path.isAbsolute(xdg) ? xdg : process.env.HOME && path.join(process.env.HOME, '.cache');
  if (!base || !path.isAbsolute(base) || typeof process.getuid !== 'function') return undefined;
  const folder = path.join(base, 'ws', `compile-${process.version}-${process.arch}`);
  try {
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    const stat = fs.lstatSync(folder);
    if (!stat.isDirectory() || stat.uid !== process.getuid() || (stat.mode & 0o022) !== 0) return undefined;
    return folder;
  } catch {
    return undefined;
  }
}

/** FNV-1a of a path, in hex: one cache name per installed file, so that two installs of ws never evict each other. */
function hashOf(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** Writes a file whole (temporary name, then rename), in place of the caches of older builds of the same file. */
function save(folder, cacheFile, data) {
  try {
    const prefix = `${path.basename(cacheFile).replace(/-\d+-\d+\.cache$/, '')}-`;
    for (const old of fs.readdirSync(folder)) if (old.startsWith(prefix) && old !== path.basename(cacheFile)) fs.rmSync(path.join(folder, old), { force: true });
    const temporary = `${cacheFile}.${process.pid}`;
    fs.writeFileSync(temporary, data, { mode: 0o600 });
    fs.renameSync(temporary, cacheFile);
  } catch {
    // a full disk or a read-only home: no cache, nothing else changes
  }
}

/**
 * Compiles the CommonJS files under `root` through a V8 code cache from here on. A file's cache is written
 * right after its top-level code has run: it then holds that code and what it called, and was made under the
 * V8 flags of load time (a cache made after a command changed a flag, as src/api/undici.ts does, would be
 * refused at every later start).
 */
function enable(root) {
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return;
  const folder = cacheFolder();
  if (!folder) return;
  const compile = Module.prototype._compile;
  Module.prototype._compile = function compileWithCache(content, filename) {
    if (!filename.startsWith(root)) return compile.call(this, content, filename);
    let cacheFile;
    let cachedData;
    try {
      const { size, mtimeMs } = fs.statSync(filename);
      cacheFile = path.join(folder, `${path.basename(filename)}-${hashOf(filename)}-${size}-${Math.trunc(mtimeMs)}.cache`);
      cachedData = fs.readFileSync(cacheFile);
    } catch {
      // none yet
    }
    const script = new vm.Script(Module.wrap(content), { filename, cachedData });
    const result = script.runInThisContext({ displayErrors: true }).call(this.exports, this.exports, Module.createRequire(filename), this, filename, path.dirname(filename));
    if (cacheFile && (cachedData === undefined || script.cachedDataRejected)) save(folder, cacheFile, script.createCachedData());
    return result;
  };
}

module.exports = { enable };
