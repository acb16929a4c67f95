'use strict';
// Where ws keeps compiled code between runs: Node's own compile cache (module.enableCompileCache, Node 22.1 and
// later) in the user's cache folder ($XDG_CACHE_HOME/ws or ~/.cache/ws), never in a shared one such as the temp
// folder Node picks by itself: cached code runs as it is, so a folder another user can write to, or can swap for
// one of theirs, would let that user run code as this one. The folder, and every folder above it, must belong to
// this user (or root) and be writable by nobody else (above ws/, a sticky folder like /tmp is fine), or ws
// compiles as before. Node 20 (end of life) has no such API: it compiles every time.
const fs = require('node:fs');
const path = require('node:path');

/**
 * The cache folder `ws/<name>` of this user, made if missing (never a missing home), if it is safe; else undefined.
 * `env` is the environment it is found from (ws's own, but for tests).
 */
function cacheFolder(name, env = process.env) {
  // a relative XDG_CACHE_HOME is to be ignored, say the XDG rules
  const xdg = env.XDG_CACHE_HOME;
  const home = env.HOME;
  const base = xdg && path.isAbsolute(xdg) ? xdg : home && path.isAbsolute(home) ? path.join(home, '.cache') : undefined;
  if (!base || typeof process.getuid !== 'function') return undefined;
  const folder = path.join(base, 'ws', name);
  try {
    // Once made, on every later start: when ws/ and its folder are plain folders (no links), the walk up from the
    // folder's real path checks all three as the loop below does, in a dozen calls instead of some fifty (about
    // 0.2 ms instead of 1 on Node 24, on every start and every Tab)
    const plainFolder = (at) => fs.lstatSync(at, { throwIfNoEntry: false })?.isDirectory() === true;
    if (plainFolder(folder) && plainFolder(path.dirname(folder))) return onlyMine(fs.realpathSync.native(folder), 2) ? folder : undefined;
    // each folder is made only inside one found safe, so nothing is made where others could write
    for (const [made, ours] of [
      [base, 0],
      [path.dirname(folder), 1],
      [folder, 2],
    ]) {
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

/** Node's compile cache for everything ws loads; NODE_COMPILE_CACHE, when set, wins (Node reads it itself). */
function enable() {
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return; // any value, as Node reads it
  const { enableCompileCache } = require('node:module');
  if (!enableCompileCache) return;
  // Node keeps a folder per Node version inside, and checks what it reads
  const folder = process.env.NODE_COMPILE_CACHE ? undefined : cacheFolder('node');
  if (folder || process.env.NODE_COMPILE_CACHE) enableCompileCache(folder);
}

// cacheFolder serves the standalone ws too (scripts/sea-main.cjs), which keeps a code cache of its bundle there, and
// completion, which keeps the names it was given there (src/completion/names-cache.ts)
module.exports = { enable, cacheFolder };
