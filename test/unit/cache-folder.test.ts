/**
 * The user's cache folder (bin/compile-cache.cjs cacheFolder: Node's compile cache, the names Tab completes): once
 * made, a later start checks it in one walk up from its real path (issue 41), and must refuse what the first,
 * folder-by-folder check refuses: a folder others can write to at any level but a sticky one above ws/, and links
 * that lead there.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheFolder } from '../../bin/compile-cache.cjs';

const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), 'ws-cache-folder-'));

describe('the cache folder, made once and checked at every start', () => {
  it('is made, then found again; refused once ws/ or the folder itself can be written by others', () => {
    const base = path.join(scratch(), 'cache');
    const folder = path.join(base, 'ws', 'completion');
    expect(cacheFolder('completion', { XDG_CACHE_HOME: base })).toBe(folder);
    expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
    expect(cacheFolder('completion', { XDG_CACHE_HOME: base })).toBe(folder);
    fs.chmodSync(path.join(base, 'ws'), 0o777);
    expect(cacheFolder('completion', { XDG_CACHE_HOME: base })).toBeUndefined();
    fs.chmodSync(path.join(base, 'ws'), 0o700);
    fs.chmodSync(folder, 0o1777); // sticky is not enough for the folder itself
    expect(cacheFolder('completion', { XDG_CACHE_HOME: base })).toBeUndefined();
    fs.chmodSync(folder, 0o700);
    expect(cacheFolder('completion', { XDG_CACHE_HOME: base })).toBe(folder);
  });

  it('a folder above ws/ that others can write to is refused, unless sticky (as /tmp is)', () => {
    const above = scratch();
    const base = path.join(above, 'cache');
    expect(cacheFolder('node', { XDG_CACHE_HOME: base })).toBe(path.join(base, 'ws', 'node'));
    fs.chmodSync(above, 0o777);
    expect(cacheFolder('node', { XDG_CACHE_HOME: base })).toBeUndefined();
    fs.chmodSync(above, 0o1777);
    expect(cacheFolder('node', { XDG_CACHE_HOME: base })).toBe(path.join(base, 'ws', 'node'));
  });

  it('links: ws/ or the folder leading to a safe folder is followed, to one others can write to is refused', () => {
    const base = path.join(scratch(), 'cache');
    fs.mkdirSync(base);
    const safe = scratch();
    fs.chmodSync(safe, 0o700);
    fs.symlinkSync(safe, path.join(base, 'ws'));
    expect(cacheFolder('node', { XDG_CACHE_HOME: base })).toBe(path.join(base, 'ws', 'node'));
    expect(fs.existsSync(path.join(safe, 'node'))).toBe(true);
    // the folder itself a link into a folder that others can write to
    const open = scratch();
    fs.chmodSync(open, 0o777);
    fs.mkdirSync(path.join(open, 'names'), { mode: 0o700 });
    fs.symlinkSync(path.join(open, 'names'), path.join(safe, 'completion'));
    expect(cacheFolder('completion', { XDG_CACHE_HOME: base })).toBeUndefined();
    // and ws/ a link to a folder that others can write to
    fs.rmSync(path.join(base, 'ws'));
    fs.symlinkSync(open, path.join(base, 'ws'));
    fs.mkdirSync(path.join(open, 'node'), { mode: 0o700 });
    expect(cacheFolder('node', { XDG_CACHE_HOME: base })).toBeUndefined();
  });
});
