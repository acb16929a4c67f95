import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { ws } from '../helpers/ws.js';

// bin/ws.js keeps compiled code between runs: Node >= 22.1 with its own module.enableCompileCache, older Nodes
// with bin/compile-cache.cjs in the user's cache folder. Each Node the suite runs on checks its own half.
const builtIn = typeof ((await import('node:module')) as { enableCompileCache?: unknown }).enableCompileCache === 'function';
const root = fileURLToPath(new URL('../..', import.meta.url));

const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), 'ws-compile-cache-'));
const folderOf = (cacheHome: string) => path.join(cacheHome, 'ws', `compile-${process.version}-${process.arch}`);
const cacheFiles = (cacheHome: string) => (fs.existsSync(folderOf(cacheHome)) ? fs.readdirSync(folderOf(cacheHome)).sort() : []);

/** `ws config path` loads dist/cli.cjs and needs no server; its output must not change with the cache. */
function configPath(env: Record<string, string>) {
  return ws(['config', 'path'], { WS_CONFIG_DIR: '/nonexistent/ws-config', ...env });
}

// Only the half that applies is declared: the other is not a skipped test, it does not exist on this Node.
if (!builtIn) describe(`compile cache of ws's own (Node ${process.version}: no module.enableCompileCache)`, () => {
  it('writes the compiled bundle to $XDG_CACHE_HOME/ws, private to the user, and uses it on the next run', async () => {
    const cacheHome = scratch();
    const first = await configPath({ XDG_CACHE_HOME: cacheHome });
    expect(first).toMatchObject({ exitCode: 0, stderr: '' });
    const files = cacheFiles(cacheHome);
    const cli = files.find((name) => name.startsWith('cli.cjs-'));
    expect(cli).toMatch(/^cli\.cjs-[0-9a-f]{8}-\d+-\d+\.cache$/);
    expect(fs.statSync(folderOf(cacheHome)).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(folderOf(cacheHome), cli!)).mode & 0o777).toBe(0o600);
    const written = fs.statSync(path.join(folderOf(cacheHome), cli!)).mtimeMs;

    // accepted: the same output, and the file is not written again
    const second = await configPath({ XDG_CACHE_HOME: cacheHome });
    expect(second).toEqual(first);
    expect(fs.statSync(path.join(folderOf(cacheHome), cli!)).mtimeMs).toBe(written);
  });

  it('falls back to compiling when the cache file is garbage or damaged inside, and writes a good one', async () => {
    const cacheHome = scratch();
    const first = await configPath({ XDG_CACHE_HOME: cacheHome });
    const file = path.join(folderOf(cacheHome), cacheFiles(cacheHome).find((name) => name.startsWith('cli.cjs-'))!);
    const good = fs.readFileSync(file);
    fs.writeFileSync(file, Buffer.alloc(good.length, 0x41));
    expect(await configPath({ XDG_CACHE_HOME: cacheHome })).toEqual(first);
    expect(fs.readFileSync(file).equals(Buffer.alloc(good.length, 0x41))).toBe(false);
    // a header V8 accepts and a payload it would run: without V8's checksum check this crashed every start
    for (const offset of [5000, Math.floor(good.length / 2)]) {
      const damaged = Buffer.from(good);
      damaged.write('XXXXXXXX', offset, 'latin1');
      fs.writeFileSync(file, damaged);
      expect(await configPath({ XDG_CACHE_HOME: cacheHome })).toEqual(first);
      expect(fs.readFileSync(file).equals(damaged)).toBe(false);
    }
  });

  it('uses no folder that others can write to or swap, makes no missing home, and none with NODE_DISABLE_COMPILE_CACHE', async () => {
    const shared = scratch();
    fs.mkdirSync(folderOf(shared), { recursive: true });
    fs.chmodSync(folderOf(shared), 0o777);
    const first = await configPath({ XDG_CACHE_HOME: shared });
    expect(first).toMatchObject({ exitCode: 0, stderr: '' });
    expect(cacheFiles(shared)).toEqual([]);
    // ws/ above it, writable by others: they could rename ours and put theirs in its place
    const parent = scratch();
    fs.mkdirSync(path.join(parent, 'ws'), { mode: 0o777 });
    fs.chmodSync(path.join(parent, 'ws'), 0o777);
    expect(await configPath({ XDG_CACHE_HOME: parent })).toEqual(first);
    expect(fs.readdirSync(path.join(parent, 'ws'))).toEqual([]);
    // a folder further up that others can write to, without the sticky bit of /tmp
    const open = scratch();
    fs.chmodSync(open, 0o777);
    expect(await configPath({ XDG_CACHE_HOME: path.join(open, 'cache') })).toEqual(first);
    expect(fs.existsSync(path.join(open, 'cache', 'ws'))).toBe(false);
    // a home that does not exist (HOME=/nonexistent in containers) is not made
    const nowhere = path.join(scratch(), 'nonexistent');
    expect(await configPath({ HOME: nowhere })).toEqual(first);
    expect(fs.existsSync(nowhere)).toBe(false);

    const disabled = scratch();
    expect(await configPath({ XDG_CACHE_HOME: disabled, NODE_DISABLE_COMPILE_CACHE: '1' })).toEqual(first);
    expect(fs.existsSync(path.join(disabled, 'ws'))).toBe(false);

    // a relative XDG_CACHE_HOME is ignored, as the XDG rules say; no HOME either: no cache, same output
    expect(await configPath({ XDG_CACHE_HOME: 'relative' })).toEqual(first);
  });

  it('keeps the newest 16 files, and drops the folders of Node versions unused for a month', async () => {
    const cacheHome = scratch();
    const folder = folderOf(cacheHome);
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    const old = new Date(Date.now() - 40 * 86_400_000);
    for (let n = 0; n < 20; n++) {
      const file = path.join(folder, `other.cjs-0000000${n % 10}-${n}-1.cache`);
      fs.writeFileSync(file, 'x');
      fs.utimesSync(file, old, new Date(old.getTime() + n * 1000));
    }
    const versions = path.dirname(folder);
    for (const [name, time] of [['compile-v18.0.0-x64', old], ['compile-v21.0.0-x64', new Date()]] as const) {
      fs.mkdirSync(path.join(versions, name), { mode: 0o700 });
      fs.utimesSync(path.join(versions, name), time, time);
    }
    expect(await configPath({ XDG_CACHE_HOME: cacheHome })).toMatchObject({ exitCode: 0, stderr: '' });
    const kept = cacheFiles(cacheHome);
    expect(kept).toHaveLength(16);
    expect(kept.filter((name) => name.startsWith('cli.cjs-'))).toHaveLength(1);
    // the oldest of the others went first
    expect(kept).not.toContain('other.cjs-00000000-0-1.cache');
    expect(kept).toContain('other.cjs-00000009-19-1.cache');
    expect(fs.readdirSync(versions).sort()).toEqual([path.basename(folder), 'compile-v21.0.0-x64'].sort());
  });

  it('replaces the cache of a file that changed (a new build or version), keyed by size and time', async () => {
    const copy = scratch();
    for (const part of ['bin', 'dist', 'package.json']) fs.cpSync(path.join(root, part), path.join(copy, part), { recursive: true });
    const cacheHome = scratch();
    const run = async () => {
      const result = await execa(process.execPath, [path.join(copy, 'bin/ws.js'), 'config', 'path'], {
        env: { PATH: process.env.PATH, WS_CONFIG_DIR: '/nonexistent/ws-config', XDG_CACHE_HOME: cacheHome },
        extendEnv: false,
        timeout: 45_000,
      });
      return { stdout: result.stdout, exitCode: result.exitCode };
    };
    const first = await run();
    expect(first).toEqual({ stdout: '/nonexistent/ws-config/config.json', exitCode: 0 });
    const before = cacheFiles(cacheHome).filter((name) => name.startsWith('cli.cjs-'));
    expect(before).toHaveLength(1);
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(copy, 'dist/cli.cjs'), later, later);
    expect(await run()).toEqual(first);
    const after = cacheFiles(cacheHome).filter((name) => name.startsWith('cli.cjs-'));
    expect(after).toHaveLength(1);
    expect(after).not.toEqual(before);
    // the repository's own ws is another install: it keeps a cache of its own beside the copy's
    expect(await configPath({ XDG_CACHE_HOME: cacheHome })).toMatchObject({ exitCode: 0, stderr: '' });
    expect(cacheFiles(cacheHome).filter((name) => name.startsWith('cli.cjs-'))).toHaveLength(2);
    expect(cacheFiles(cacheHome)).toEqual(expect.arrayContaining(after));
  });
});

if (builtIn) describe(`compile cache of Node itself (Node ${process.version})`, () => {
  it("enables module.enableCompileCache in the user's cache folder, not the shared temp folder", async () => {
    const cacheHome = scratch();
    const first = await configPath({ XDG_CACHE_HOME: cacheHome });
    expect(first).toMatchObject({ exitCode: 0, stderr: '' });
    expect(fs.readdirSync(path.join(cacheHome, 'ws'))).toEqual(['node']);
    expect(fs.readdirSync(path.join(cacheHome, 'ws', 'node'), { recursive: true }).length).toBeGreaterThan(0);
    expect(await configPath({ XDG_CACHE_HOME: cacheHome })).toEqual(first);
    // a folder others can write to: no cache at all rather than one they could fill
    const shared = scratch();
    fs.mkdirSync(path.join(shared, 'ws'), { mode: 0o777 });
    fs.chmodSync(path.join(shared, 'ws'), 0o777);
    expect(await configPath({ XDG_CACHE_HOME: shared })).toEqual(first);
    expect(fs.readdirSync(path.join(shared, 'ws'))).toEqual([]);
  });

  it('NODE_COMPILE_CACHE, when set, wins; NODE_DISABLE_COMPILE_CACHE turns it off', async () => {
    const cacheHome = scratch();
    const nodeCache = scratch();
    const first = await configPath({ XDG_CACHE_HOME: cacheHome, NODE_COMPILE_CACHE: nodeCache });
    expect(first).toMatchObject({ exitCode: 0, stderr: '' });
    expect(fs.readdirSync(nodeCache, { recursive: true }).length).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(cacheHome, 'ws'))).toBe(false);
    const off = scratch();
    expect(await configPath({ XDG_CACHE_HOME: off, NODE_DISABLE_COMPILE_CACHE: '1' })).toEqual(first);
    expect(fs.existsSync(path.join(off, 'ws'))).toBe(false);
  });
});
