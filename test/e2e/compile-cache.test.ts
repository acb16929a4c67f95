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

  it('falls back to compiling when the cache file is garbage, and writes a good one', async () => {
    const cacheHome = scratch();
    const first = await configPath({ XDG_CACHE_HOME: cacheHome });
    const file = path.join(folderOf(cacheHome), cacheFiles(cacheHome).find((name) => name.startsWith('cli.cjs-'))!);
    const good = fs.readFileSync(file);
    fs.writeFileSync(file, Buffer.alloc(good.length, 0x41));
    expect(await configPath({ XDG_CACHE_HOME: cacheHome })).toEqual(first);
    expect(fs.readFileSync(file).equals(Buffer.alloc(good.length, 0x41))).toBe(false);
  });

  it('uses no folder that others can write to, and none when NODE_DISABLE_COMPILE_CACHE is set', async () => {
    const shared = scratch();
    fs.mkdirSync(folderOf(shared), { recursive: true });
    fs.chmodSync(folderOf(shared), 0o777);
    const first = await configPath({ XDG_CACHE_HOME: shared });
    expect(first).toMatchObject({ exitCode: 0, stderr: '' });
    expect(cacheFiles(shared)).toEqual([]);

    const disabled = scratch();
    expect(await configPath({ XDG_CACHE_HOME: disabled, NODE_DISABLE_COMPILE_CACHE: '1' })).toEqual(first);
    expect(fs.existsSync(path.join(disabled, 'ws'))).toBe(false);

    // a relative XDG_CACHE_HOME is ignored, as the XDG rules say; no HOME either: no cache, same output
    expect(await configPath({ XDG_CACHE_HOME: 'relative' })).toEqual(first);
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
  it('enables module.enableCompileCache (NODE_COMPILE_CACHE fills) and writes nothing of its own', async () => {
    const cacheHome = scratch();
    const nodeCache = scratch();
    const first = await configPath({ XDG_CACHE_HOME: cacheHome, NODE_COMPILE_CACHE: nodeCache });
    expect(first).toMatchObject({ exitCode: 0, stderr: '' });
    expect(fs.readdirSync(nodeCache, { recursive: true }).length).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(cacheHome, 'ws'))).toBe(false);
    expect(await configPath({ XDG_CACHE_HOME: cacheHome, NODE_COMPILE_CACHE: nodeCache })).toEqual(first);
  });
});
