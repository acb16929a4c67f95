/**
 * The CLI installs without the emulator's SQL engine: @duckdb/node-api is an optional peer dependency, and
 * `ws emulator` without it says which one command installs it. `npm install -g` of the packed package installs
 * ws and its man pages, where man finds them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { installedSize } from '../../scripts/install-size.mjs';
import { skipWithout } from '../helpers/tools.js';
import { tempConfigDir, wsBin } from '../helpers/ws.js';

const packageJson = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const withoutEngine = fileURLToPath(new URL('../fixtures/without-engine.cjs', import.meta.url));

describe('the emulator engine is an optional peer dependency', () => {
  it('is not installed with the CLI, but is with the repository for its tests', () => {
    expect(packageJson.dependencies['@duckdb/node-api']).toBeUndefined();
    expect(packageJson.peerDependenciesMeta['@duckdb/node-api']).toEqual({ optional: true });
    expect(packageJson.devDependencies['@duckdb/node-api']).toBe(packageJson.peerDependencies['@duckdb/node-api']);
  });

  for (const args of [
    ['emulator', '--port', '0'],
    ['emulator', 'exec', '--port', '0', '--', process.execPath, '-e', '0'],
  ]) {
    it(`ws ${args.slice(0, 2).join(' ')} without it names the command that installs it, and starts nothing`, async () => {
      const result = await execa(process.execPath, ['-r', withoutEngine, wsBin, ...args], {
        env: { PATH: process.env.PATH, WS_CONFIG_DIR: tempConfigDir() },
        extendEnv: false,
        reject: false,
        timeout: 15_000,
        stdin: 'ignore',
      });
      const pinned = `@duckdb/node-api@${packageJson.peerDependencies['@duckdb/node-api']}`;
      expect(result.stderr).toBe(
        `error: ws emulator needs its SQL engine, @duckdb/node-api, which is not installed\nhint: install it next to ws: npm install -g ${pinned}`,
      );
      expect(result.stdout).toBe('');
      expect(result.exitCode).toBe(1);
    });
  }
});

describe('npm install -g of the packed package', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-install-'));
  const prefix = path.join(scratch, 'prefix');
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
  const npm = (args: string[], cwd: string) => execa('npm', args, { cwd, env: { npm_config_update_notifier: 'false' }, timeout: 120_000 });
  // one install for the tests below: ws packed (the suite has built dist/, so no prepack build), then installed
  // into a prefix of its own; jq-wasm from npm's cache (at most its metadata from the registry)
  const installed = (async () => {
    const packed = await npm(['pack', '--ignore-scripts', '--json', '--pack-destination', scratch], root);
    const tarball = path.join(scratch, (JSON.parse(packed.stdout) as { filename: string }[])[0]!.filename);
    await npm(['install', '--global', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', tarball], scratch);
  })();
  installed.catch(() => {}); // awaited by each test

  it('links every man page of package.json into <prefix>/share/man/man1 under its own name', async () => {
    await installed;
    const npmVersion = (await npm(['--version'], scratch)).stdout.trim();
    const pages = (packageJson.man as string[]).map((file) => path.basename(file));
    expect(pages).toContain('ws-queries-execute.1');
    const linked = fs.readdirSync(path.join(prefix, 'share', 'man', 'man1')).sort();
    expect(linked, `npm ${npmVersion} linked other man pages than package.json's (npm's bin-links 7 links none)`).toEqual([...pages].sort());
    expect(fs.readFileSync(path.join(prefix, 'share', 'man', 'man1', 'ws-queries-execute.1'), 'utf8')).toBe(
      fs.readFileSync(path.join(root, 'man', 'ws-queries-execute.1'), 'utf8'),
    );
    const ws = await execa(path.join(prefix, 'bin', 'ws'), ['--version'], { env: { WS_CONFIG_DIR: tempConfigDir() }, timeout: 30_000 });
    expect(ws.stdout).toBe(packageJson.version);
  });

  it('has the size docs/install.md gives: the whole, its native modules and the largest parts (issue 39)', async () => {
    await installed;
    const size = installedSize(path.join(prefix, 'lib', 'node_modules', '@workspace-cli', 'ws'));
    const doc = fs.readFileSync(path.join(root, 'docs', 'install.md'), 'utf8').replace(/\s+/g, ' ');
    const figure = (pattern: RegExp) => {
      const match = pattern.exec(doc);
      expect(match, `docs/install.md: ${pattern}`).not.toBeNull();
      return match![1]!;
    };
    const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
    const packageSize = (name: string) => size.packages.find((p) => p.name === name)?.bytes ?? 0;
    const file = (relative: string) => fs.statSync(path.join(prefix, 'lib', 'node_modules', '@workspace-cli', 'ws', relative)).size;
    expect(String(Math.round(size.bytes / 1e6)), `installed: ${mb(size.bytes)} MB`).toBe(figure(/installs about (\d+) MB of files/));
    expect(['no', 'one', 'two', 'three'][size.native]).toBe(figure(/with (\w+) native modules?/));
    expect(mb(packageSize('jq-wasm'))).toBe(figure(/jq-wasm \((\d+\.\d) MB/));
    expect(mb(file('dist/vendor/undici.cjs'))).toBe(figure(/undici's public index is (\d+\.\d) MB/));
    expect(mb(file('dist/vendor/mcp.cjs'))).toBe(figure(/SDK (\d+\.\d) MB/));
    if (process.platform === 'linux' && process.arch === 'x64' && packageSize('@napi-rs/keyring-linux-x64-gnu') > 0)
      expect(mb(packageSize('@napi-rs/keyring-linux-x64-gnu'))).toBe(figure(/(\d+\.\d) MB for Linux x64/));
  });

  describe.skipIf(skipWithout('man'))('man', () => {
    for (const [name, env] of [
      ['with MANPATH=<prefix>/share/man', () => ({ MANPATH: path.join(prefix, 'share', 'man') })],
      // as a user has it: the prefix's bin on the PATH, from which man-db derives <prefix>/share/man
      ['with <prefix>/bin on the PATH and no MANPATH', () => ({ MANPATH: undefined, PATH: `${path.join(prefix, 'bin')}${path.delimiter}${process.env.PATH}` })],
    ] as const) {
      it(`finds ws-queries-execute ${name}`, async () => {
        await installed;
        const found = await execa('man', ['-w', 'ws-queries-execute'], { env: env(), reject: false, timeout: 30_000 });
        expect([found.exitCode, found.stderr]).toEqual([0, '']);
        expect(fs.realpathSync(found.stdout.trim())).toBe(
          fs.realpathSync(path.join(prefix, 'lib', 'node_modules', packageJson.name, 'man', 'ws-queries-execute.1')),
        );
      });
    }
  });
});
