/**
 * The standalone ws (dist-bin/, `npm run build:binary`) as installed from its archive: run only with WS_TEST_BIN
 * naming the unpacked ws (vitest.standalone.config.ts, .ci/run), with no node on the PATH. What only the binary
 * does: its version, its refusal of `ws emulator`, jq's WebAssembly from its own assets, its compile cache, from a
 * folder with nothing else in it; and the archives themselves: size, contents, SHA256SUMS, the arm64 one's ELF.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { skipWithout } from '../helpers/tools.js';
import { standaloneBin, ws } from '../helpers/ws.js';

if (!standaloneBin) throw new Error('set WS_TEST_BIN to the standalone ws to test (see vitest.standalone.config.ts)');
const root = fileURLToPath(new URL('../..', import.meta.url));
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string; peerDependencies: Record<string, string> };
const archive = (target: string) => path.join(root, 'dist-bin', `ws-${manifest.version}-${target}.tar.gz`);
/** The keyring binding the x64 ws carries: the one npm installed here, from @napi-rs/keyring's optional dependency. */
const x64Binding = path.join(root, 'node_modules/@napi-rs/keyring-linux-x64-gnu/keyring.linux-x64-gnu.node');
/** postject flips Node's fuse from :0 to :1 when it injects the blob. */
const injectedFuse = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2:1';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(async () => {
  await emu.close();
});

describe('the standalone ws', () => {
  it('runs where the PATH has no node, npm nor node_modules (every binary-run test file relies on it)', () => {
    const found = (process.env.PATH ?? '').split(':').flatMap((dir) => ['node', 'npm', 'npx'].filter((tool) => fs.existsSync(path.join(dir, tool))));
    expect(found, `PATH=${process.env.PATH}`).toEqual([]);
    expect(fs.existsSync(path.join(path.dirname(standaloneBin!), 'node_modules'))).toBe(false);
  });

  it('says its version, that it is standalone and its Node', async () => {
    const result = await ws(['--version']);
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
    expect(result.stdout).toMatch(new RegExp(`^${manifest.version.replaceAll('.', '\\.')} \\(standalone, node 24\\.\\d+\\.\\d+\\)\n$`));
  });

  it('says its version into a pipe whose reader is gone quietly, exit 0 (issue 41: the line is written without process.stdout)', async () => {
    // the reader (`true`) has ended before ws starts: its write fails with EPIPE
    const result = await execa('sh', ['-c', '{ sleep 0.3; "$0" --version; echo "exit $?" >&2; } | true', standaloneBin!], { reject: false });
    expect(result.stderr).toBe('exit 0');
  });

  it('refuses `ws emulator`, naming the npm package and the command that installs it, exit 2', async () => {
    const engine = `@duckdb/node-api@${manifest.peerDependencies['@duckdb/node-api']}`;
    for (const args of [['emulator'], ['emulator', 'start', '--port', '0'], ['--profile', 'x', 'emulator', 'exec', '--', 'true']]) {
      const result = await ws(args);
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        `error: the emulator is not part of the standalone ws: it needs DuckDB's native module, which comes with the npm package\nhint: install ws's npm package of this release with the engine: npm install -g ./workspace-cli-ws-${manifest.version}.tgz ${engine}\n`,
      );
    }
    const help = await ws(['emulator', '--help']);
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toContain('Usage: ws emulator');
  });

  it('runs --jq with the WebAssembly of its own assets, from an empty folder, and refuses a bad expression before any request', async () => {
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-standalone-cwd-'));
    const result = await ws(['queries', 'list', '--jq', '.queries | map(.slug) | sort | .[0]'], emu.env, { cwd });
    expect(result).toEqual({ exitCode: 0, stdout: 'churn_report\n', stderr: '' });
    await emu.clearRequests();
    const bad = await ws(['queries', 'list', '--jq', '.['], emu.env, { cwd });
    expect(bad.exitCode).toBe(2);
    expect(JSON.parse(bad.stderr).error.message).toMatch(/^invalid --jq expression: syntax error/);
    expect(await emu.requests()).toEqual([]);
  });

  it('answers help from its help.json without compiling the bundle, as bin/ws.js prints it', async () => {
    const cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-standalone-cache-'));
    const help = await ws(['queries', '--help'], { XDG_CACHE_HOME: cacheHome });
    const npm = await execa(process.execPath, [path.join(root, 'bin', 'ws.js'), 'queries', '--help'], {
      env: { PATH: process.env.PATH, XDG_CACHE_HOME: cacheHome },
      extendEnv: false,
      stripFinalNewline: false,
    });
    expect(help).toEqual({ exitCode: 0, stdout: npm.stdout, stderr: '' });
    expect(help.stdout).toContain('Usage: ws queries');
    // the whole of ws would have left its compiled bundle in the cache folder as it exited
    expect(fs.readdirSync(cacheHome, { recursive: true }).filter((name) => String(name).includes('cli.cjs'))).toEqual([]);
  });

  it('keeps the compiled bundle in the user cache folder, and none with NODE_DISABLE_COMPILE_CACHE', async () => {
    const cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-standalone-cache-'));
    const first = await ws(['queries', 'get', 'daily_revenue', '--json', 'slug'], { ...emu.env, XDG_CACHE_HOME: cacheHome });
    const again = await ws(['queries', 'get', 'daily_revenue', '--json', 'slug'], { ...emu.env, XDG_CACHE_HOME: cacheHome });
    expect(first).toEqual({ exitCode: 0, stdout: '{\n  "slug": "daily_revenue"\n}\n', stderr: '' });
    expect(again).toEqual(first);
    const node = /node (\S+)\)/.exec((await ws(['--version'])).stdout)?.[1];
    const folder = `sea-v${node}-${process.arch}`;
    expect(fs.readdirSync(path.join(cacheHome, 'ws'))).toEqual([folder]);
    // and docs/security.md names that folder
    const named = /`(ws\/sea-<node version>-<arch>\/)`/.exec(fs.readFileSync(path.join(root, 'docs', 'security.md'), 'utf8'))?.[1];
    expect(named?.replace('<node version>', `v${node}`).replace('<arch>', process.arch)).toBe(`ws/${folder}/`);
    expect(
      fs
        .readdirSync(path.join(cacheHome, 'ws', folder))
        .map((name) => name.replace(/-.*/, ''))
        .sort(),
    ).toEqual(['cli.cjs']); // a GET without a proxy loads no undici
    const off = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-standalone-cache-'));
    expect(await ws(['queries', 'get', 'daily_revenue', '--json', 'slug'], { ...emu.env, XDG_CACHE_HOME: off, NODE_DISABLE_COMPILE_CACHE: '1' })).toEqual(
      first,
    );
    expect(fs.readdirSync(off)).toEqual([]);
  });
});

describe('the archives', () => {
  it(`linux-x64 is under 60 MB and holds ws, LICENSE, the notices, the completions and the man pages`, () => {
    const file = archive('linux-x64');
    expect(fs.statSync(file).size).toBeLessThan(60_000_000);
    const listing = execFileSync('tar', ['-tzf', file], { encoding: 'utf8' }).split('\n').filter(Boolean).sort();
    const manPages = fs.readdirSync(path.join(root, 'man')).map((name) => `man/man1/${name}`);
    expect(manPages).toContain('man/man1/ws-queries-execute.1');
    expect(listing).toEqual(
      [
        'LICENSE',
        'THIRD-PARTY-NOTICES.md',
        'completions/',
        'completions/_ws',
        'completions/ws.bash',
        'completions/ws.fish',
        'man/',
        'man/man1/',
        ...manPages,
        'ws',
      ].sort(),
    );
    // docs/install.md lists what unpacking it gives, as `tar -xzf ws-….tar.gz   # ws, LICENSE, …`
    const listed = /^tar -xzf ws-\S+\.tar\.gz +# (.+)$/m.exec(fs.readFileSync(path.join(root, 'docs', 'install.md'), 'utf8'))?.[1];
    expect(listed?.split(', ').sort()).toEqual(listing.filter((entry) => /^[^/]+\/?$/.test(entry)).sort());
    const notices = execFileSync('tar', ['-xzOf', file, 'THIRD-PARTY-NOTICES.md'], { encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
    // the npm package's notices (every package bundled in dist/), and what the binary adds
    expect(notices.startsWith(fs.readFileSync(path.join(root, 'dist', 'THIRD-PARTY-NOTICES.md'), 'utf8').trimEnd())).toBe(true);
    expect(notices).toMatch(/^## jq-wasm \S+$/m);
    // the keyring library, and its binding with the licenses of the Rust crates built into it (its own file, whole)
    expect(notices).toMatch(/^## @napi-rs\/keyring 2\.1\.2$/m);
    expect(notices).toMatch(/^## @napi-rs\/keyring-linux-x64-gnu 2\.1\.2$/m);
    expect(notices).toContain(fs.readFileSync(path.join(root, 'node_modules/@napi-rs/keyring-linux-x64-gnu/LICENSE.third-party.md'), 'utf8').trim());
    expect(notices).toMatch(/^## Node\.js 24\.\d+\.\d+$/m);
    expect(notices).toContain('Node.js is licensed for use as follows:');
  });

  describe.skipIf(skipWithout('man'))('man', () => {
    it('finds ws-queries-execute in the man/ unpacked beside ws, given MANPATH=<folder>/man', async () => {
      const man = path.join(path.dirname(standaloneBin!), 'man');
      const found = await execa('man', ['-w', 'ws-queries-execute'], { env: { MANPATH: man }, reject: false });
      expect([found.exitCode, found.stderr, found.stdout.trim()]).toEqual([0, '', path.join(man, 'man1', 'ws-queries-execute.1')]);
    });
  });

  it('SHA256SUMS is what `sha256sum -c` checks, and names every archive', async () => {
    const dir = path.join(root, 'dist-bin');
    const check = await execa('sha256sum', ['-c', 'SHA256SUMS'], { cwd: dir, reject: false });
    expect(check.exitCode, check.stderr).toBe(0);
    const archives = fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.tar.gz'))
      .sort();
    expect(check.stdout.split('\n').sort()).toEqual(archives.map((name) => `${name}: OK`));
  });

  // .ci/run builds linux-x64 only; `npm run build:binary` builds both
  it.skipIf(!fs.existsSync(archive('linux-arm64')))('linux-arm64 holds an aarch64 ELF ws with the blob injected (it cannot run here)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-standalone-arm64-'));
    execFileSync('tar', ['-xzf', archive('linux-arm64'), '-C', dir, 'ws']);
    const binary = fs.readFileSync(path.join(dir, 'ws'));
    expect(binary.subarray(0, 4).toString('latin1')).toBe('\x7fELF');
    expect(binary[4]).toBe(2); // 64-bit
    expect(binary.readUInt16LE(18)).toBe(183); // e_machine: EM_AARCH64
    expect(binary.includes(injectedFuse)).toBe(true);
    expect(binary.includes(fs.readFileSync(path.join(root, 'scripts', 'sea-main.cjs')))).toBe(true);
    // its own keyring binding, and not the x64 one
    expect(binary.includes('keyring/linux-arm64.node')).toBe(true);
    expect(binary.includes(fs.readFileSync(x64Binding))).toBe(false);
    const notices = execFileSync('tar', ['-xzOf', archive('linux-arm64'), 'THIRD-PARTY-NOTICES.md'], { encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
    expect(notices).toMatch(/^## @napi-rs\/keyring-linux-arm64-gnu 2\.1\.2$/m);
    expect(notices).toContain('`keyring.linux-arm64-gnu.node` (`aarch64-unknown-linux-gnu`)');
    expect(fs.statSync(archive('linux-arm64')).size).toBeLessThan(60_000_000);
  });

  it('the x64 ws under test is the one injected with this main script', () => {
    const binary = fs.readFileSync(standaloneBin!);
    expect(binary.readUInt16LE(18)).toBe(62); // EM_X86_64
    expect(binary.includes(injectedFuse)).toBe(true);
    expect(binary.includes(fs.readFileSync(path.join(root, 'scripts', 'sea-main.cjs')))).toBe(true);
    expect(binary.includes(fs.readFileSync(x64Binding))).toBe(true);
  });
});

describe('exit codes (docs/scripts-and-ci.md, "Exit codes")', () => {
  it('0, 1, 2, 3, 4, 5 and 6 as the npm package gives them', async () => {
    const slow = await startTestEmulator({ stepMs: 2000 });
    try {
      expect((await ws(['queries', 'get', 'daily_revenue', '--json', 'slug'], emu.env)).exitCode).toBe(0);
      expect((await ws(['queries', 'list'], { ...emu.env, WS_BASE_URL: 'http://127.0.0.1:1/public/v3' })).exitCode).toBe(1);
      expect((await ws(['queries', 'list', '--limit', 'many'], emu.env)).exitCode).toBe(2);
      expect((await ws(['queries', 'list'], { ...emu.env, WS_API_KEY: 'wsk_not_a_key' })).exitCode).toBe(3);
      expect((await ws(['queries', 'get', 'no_such_query'], emu.env)).exitCode).toBe(4);
      expect((await ws(['queries', 'execute', 'churn_report', '--wait'], emu.env)).exitCode).toBe(5);
      expect((await ws(['queries', 'execute', 'daily_revenue', '--wait', '--timeout', '1s'], slow.env)).exitCode).toBe(6);
    } finally {
      await slow.close();
    }
  });
});
