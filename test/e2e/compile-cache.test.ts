import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ws } from '../helpers/ws.js';

// bin/ws.js keeps compiled code between runs with Node's own module.enableCompileCache (Node 22.1 and later), in the
// user's cache folder; Node 20 has no such API and compiles every time. Each Node the suite runs on checks its half.
const builtIn = typeof ((await import('node:module')) as { enableCompileCache?: unknown }).enableCompileCache === 'function';
const root = fileURLToPath(new URL('../..', import.meta.url));

/** What docs/security.md says of the cache, which these tests hold to what ws does. */
const security = fs.readFileSync(path.join(root, 'docs', 'security.md'), 'utf8').replace(/\s+/g, ' ');

const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), 'ws-compile-cache-'));

/** `ws config path` loads dist/cli.cjs and needs no server; its output must not change with the cache. */
function configPath(env: Record<string, string>) {
  return ws(['config', 'path'], { WS_CONFIG_DIR: '/nonexistent/ws-config', ...env });
}

// Only the half that applies is declared: the other is not a skipped test, it does not exist on this Node.
if (!builtIn)
  describe(`no compile cache (Node ${process.version}: no module.enableCompileCache)`, () => {
    it('writes nothing to the cache folder, and runs the same every time', async () => {
      const cacheHome = scratch();
      const first = await configPath({ XDG_CACHE_HOME: cacheHome });
      expect(first).toMatchObject({ exitCode: 0, stdout: '/nonexistent/ws-config/config.json\n', stderr: '' });
      expect(await configPath({ XDG_CACHE_HOME: cacheHome })).toEqual(first);
      expect(fs.readdirSync(cacheHome)).toEqual([]);
      expect(security).toContain('On Node 20 nothing is cached.');
    });
  });

if (builtIn)
  describe(`compile cache of Node itself (Node ${process.version})`, () => {
    it("enables module.enableCompileCache in the user's cache folder, not the shared temp folder", async () => {
      const cacheHome = scratch();
      const first = await configPath({ XDG_CACHE_HOME: cacheHome });
      expect(first).toMatchObject({ exitCode: 0, stderr: '' });
      expect(fs.readdirSync(path.join(cacheHome, 'ws'))).toEqual(['node']);
      // as docs/security.md says: `$XDG_CACHE_HOME/ws`, Node's compile cache in `ws/node/`
      expect(security).toContain('`$XDG_CACHE_HOME/ws`, else `~/.cache/ws`: `ws/node/`');
      expect(fs.readdirSync(path.join(cacheHome, 'ws', 'node'), { recursive: true }).length).toBeGreaterThan(0);
      expect(await configPath({ XDG_CACHE_HOME: cacheHome })).toEqual(first);
      // a folder others can write to: no cache at all rather than one they could fill
      const shared = scratch();
      fs.mkdirSync(path.join(shared, 'ws'), { mode: 0o777 });
      fs.chmodSync(path.join(shared, 'ws'), 0o777);
      expect(await configPath({ XDG_CACHE_HOME: shared })).toEqual(first);
      expect(fs.readdirSync(path.join(shared, 'ws'))).toEqual([]);
    });

    it('a second run reads the compiled bundle from that folder (as NODE_DEBUG_NATIVE=COMPILE_CACHE tells)', async () => {
      const cacheHome = scratch();
      const first = await configPath({ XDG_CACHE_HOME: cacheHome });
      const second = await configPath({ XDG_CACHE_HOME: cacheHome, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' });
      expect(second.stdout).toBe(first.stdout);
      const cli = path.join(root, 'dist', 'cli.cjs');
      const lines = second.stderr.split('\n').filter((line) => line.includes(cli));
      expect(lines.find((line) => line.includes('reading cache from'))).toContain(path.join(cacheHome, 'ws', 'node'));
      expect(lines.some((line) => /cache for (CommonJS )?\S+ was accepted/.test(line))).toBe(true);
      // not the case a cold run shows: nothing was written again
      expect(lines.some((line) => /skip persisting|because cache was the same/.test(line))).toBe(true);
    });

    it('uses no folder that others can write to or swap, and makes no missing home', async () => {
      const first = await configPath({ XDG_CACHE_HOME: scratch() });
      // the cache's own folder, writable by others
      const shared = scratch();
      fs.mkdirSync(path.join(shared, 'ws', 'node'), { recursive: true });
      fs.chmodSync(path.join(shared, 'ws', 'node'), 0o777);
      expect(await configPath({ XDG_CACHE_HOME: shared })).toEqual(first);
      expect(fs.readdirSync(path.join(shared, 'ws', 'node'))).toEqual([]);
      // a folder further up that others can write to, without the sticky bit of /tmp
      const open = scratch();
      fs.chmodSync(open, 0o777);
      expect(await configPath({ XDG_CACHE_HOME: path.join(open, 'cache') })).toEqual(first);
      expect(fs.existsSync(path.join(open, 'cache', 'ws'))).toBe(false);
      // a home that does not exist (HOME=/nonexistent in containers) is not made
      const nowhere = path.join(scratch(), 'nonexistent');
      expect(await configPath({ HOME: nowhere })).toEqual(first);
      expect(fs.existsSync(nowhere)).toBe(false);
      // a relative XDG_CACHE_HOME is ignored, as the XDG rules say
      expect(await configPath({ XDG_CACHE_HOME: 'relative' })).toEqual(first);
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
