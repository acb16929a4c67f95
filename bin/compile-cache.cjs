'use strict';
// Where ws keeps compiled code between runs, and, on Node versions without module.enableCompileCache (Node 20,
// 22.0), a V8 code cache of its own for dist/*.cjs: compiling the bundle is most of what a start costs there.
//
// The code lives in the user's own cache folder ($XDG_CACHE_HOME/ws or ~/.cache/ws), never in a shared one such as
// the temp folder Node picks by itself: cached code runs as it is, so a folder another user can write to, or can
// swap for one of theirs, would let that user run code as this one. The folder, and every folder above it, must
// belong to this user (or root) and be writable by nobody else (above ws/, a sticky folder like /tmp is fine), or
// ws compiles as before. Anything that goes wrong just means compiling this time.
//
// Of its own cache (Node 20): a folder holds the files of one Node version; a file is named after the file it
// stands for (its name and a hash of its path), its size and its modification time, since V8 checks only the
// source's length. V8 checks each file's checksum (--verify-snapshot-checksum, off by default in release
// builds: a damaged file would crash every start). The bundle holds no import() (scripts/build.mjs sees to it):
// a vm.Script could run one only with an experimental loader hook.
const fs = require('node:fs');
const path = require('node:path');

/** The cache folder `ws/<name>` of this user, made if missing (never a missing home), if it is safe; else undefined. */
function cacheFolder(name) {
  // a relative XDG_CACHE_HOME is to be ignored, say the XDG rules
  const xdg = process.env.XDG_CACHE_HOME;
  const home = process.env.HOME;
  const base = xdg && path.isAbsolute(xdg) ? xdg : home && path.isAbsolute(home) ? path.join(home, '.cache') : undefined;
  if (!base || typeof process.getuid !== 'function') return undefined;
  const folder = path.join(base, 'ws', name);
  try {
    // each folder is made only inside one found safe, so nothing is made where others could write
    for (const [made, ours] of [[base, 0], [path.dirname(folder), 1], [folder, 2]]) {
      try {
        fs.mkdirSync(made, { mode: 0o700 });
      } catch (error) {
        if (error.code !== 'EEXIST') throw error;
      }
      if (!onlyMine(fs.realpathSync(made), ours)) return undefined;
    }
    return folder;
  } catch {
    return undefined;
  }
}

/**
 * Whether nobody but this user (and root) can change what is in a folder, walking up from it to /. Others may
 * write to a sticky folder (/tmp) above the `ours` lowest levels (ws/ and the cache's own), since they cannot
 * rename or replace what is ours in it; not to those levels themselves.
 */
function onlyMine(folder, ours) {
  const uid = process.getuid();
  for (let at = folder, level = 0; ; at = path.dirname(at), level++) {
    const stat = fs.lstatSync(at);
    if (!stat.isDirectory() || (stat.uid !== uid && stat.uid !== 0)) return false;
    if ((stat.mode & 0o022) !== 0 && (level < ours || (stat.mode & 0o1000) === 0)) return false;
    if (at === path.dirname(at)) return true;
  }
}

/** FNV-1a of a path, in hex: one cache name per installed file, so that two installs of ws never evict each other. */
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
  try {
    const prefix = `${path.basename(cacheFile).replace(/-\d+-\d+\.cache$/, '')}-`;
    const temporary = `${cacheFile}.${process.pid}`;
    fs.writeFileSync(temporary, data, { mode: 0o600 });
    fs.renameSync(temporary, cacheFile);
    const files = fs.readdirSync(folder).map((name) => ({ name, stat: fs.statSync(path.join(folder, name), { throwIfNoEntry: false }) }));
    const newest = files.filter(({ stat }) => stat).sort((a, b) => b.stat.mtimeMs - a.stat.mtimeMs);
    for (const [index, { name }] of newest.entries()) {
      // (a name not ending in .cache is another run's file being written)
      if (name.endsWith('.cache') && name !== path.basename(cacheFile) && (name.startsWith(prefix) || index >= keptFiles)) fs.rmSync(path.join(folder, name), { force: true });
    }
    const versions = path.dirname(folder);
    for (const name of fs.readdirSync(versions)) {
      const other = path.join(versions, name);
      const stat = fs.lstatSync(other);
      if (name.startsWith('compile-') && other !== folder && Date.now() - stat.mtimeMs > keptDays * 86_400_000) fs.rmSync(other, { recursive: true, force: true });
    }
  } catch {
    // a full disk or a read-only home: no cache, nothing else changes
  }
}

/**
 * Keeps compiled code between runs: Node's own compile cache where Node has one, else ws's own for the files
 * under `root`. A file's own cache is written right after its top-level code has run: it then holds that code
 * and what it called.
 */
function enable(root) {
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return; // any value, as Node reads it
  const Module = require('node:module');
  if (Module.enableCompileCache) {
    // Node keeps a folder per Node version inside, and checks what it reads; NODE_COMPILE_CACHE, when set, wins
    const folder = process.env.NODE_COMPILE_CACHE ? undefined : cacheFolder('node');
    if (folder || process.env.NODE_COMPILE_CACHE) Module.enableCompileCache(folder);
    return;
  }
  const folder = cacheFolder(`compile-${process.version}-${process.arch}`);
  if (!folder) return;
  const vm = require('node:vm');
  process.getBuiltinModule('node:v8').setFlagsFromString('--verify-snapshot-checksum');
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

// cacheFolder, save and hashOf serve the standalone ws too (scripts/sea-main.cjs), which compiles its bundle itself
module.exports = { enable, cacheFolder, save, hashOf };
