// `npm run build:binary`: the standalone ws, a Node.js single executable application (docs/development.md, "The build").
// From the same dist/ the npm package ships: bin/ws.js, dist/ and jq's WebAssembly become assets of one blob,
// run by scripts/sea-main.cjs, and postject injects that blob into the Node 24 binary of each platform. Node comes
// from the npm packages node-linux-<arch> at the exact version and integrity below, packed with `npm pack` into
// node_modules/.cache (never installed: the arm64 one refuses to install on x64, and the x64 one would shadow the
// machine's node in npm scripts). Writes dist-bin/ws-<version>-<platform>-<arch>.tar.gz, each with ws, LICENSE,
// THIRD-PARTY-NOTICES.md, completions/ and the man pages (man/man1/, for MANPATH) at its root, and dist-bin/SHA256SUMS.
//
//   node scripts/build-binary.mjs [linux-x64 linux-arm64 …]   only these platforms (default: all)
import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageNotice } from './notices.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const nodeVersion = '24.21.0';
/** npm's integrity of each package at nodeVersion: a tarball that differs stops the build. */
const nodePackages = {
  'linux-x64': 'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
  'linux-arm64': 'sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g==',
};
/** Node's name for the blob and the fuse postject flips (docs: "Single executable applications"). */
const seaFuse = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const cache = path.join(root, 'node_modules', '.cache', 'ws-binary');
const out = path.join(root, 'dist-bin');

const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const targets = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(nodePackages);
for (const target of targets) if (!nodePackages[target]) throw new Error(`no Node package for ${target}: one of ${Object.keys(nodePackages).join(', ')}`);

const run = (command, args, options = {}) => execFileSync(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', ...options });

/** The unpacked package node-<target>@nodeVersion in the cache (packed and checked once). */
function nodePackage(target) {
  const dir = path.join(cache, `node-${target}-${nodeVersion}`);
  if (fs.existsSync(path.join(dir, 'package', 'bin', 'node'))) return path.join(dir, 'package');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const [packed] = JSON.parse(run('npm', ['pack', '--json', '--silent', `node-${target}@${nodeVersion}`, '--pack-destination', dir]));
  if (packed.integrity !== nodePackages[target])
    throw new Error(`node-${target}@${nodeVersion} has integrity ${packed.integrity}, not the pinned ${nodePackages[target]}`);
  run('tar', ['-xzf', path.join(dir, packed.filename), '-C', dir]);
  fs.rmSync(path.join(dir, packed.filename));
  return path.join(dir, 'package');
}

const hostTarget = `${process.platform}-${process.arch}`;
if (!nodePackages[hostTarget]) throw new Error(`the blob is made by Node ${nodeVersion} of this machine, and there is no package for ${hostTarget}`);

run(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
fs.rmSync(out, { recursive: true, force: true });
const work = path.join(cache, 'work');
fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(work, { recursive: true });
fs.mkdirSync(out, { recursive: true });

// The blob: the same for every platform, since it holds no code cache nor snapshot (both are the build machine's
// own). sea.json names the build, so that compile caches of another build of ws are never read.
const assetFiles = [
  'bin/ws.js',
  'bin/compile-cache.cjs',
  ...fs.readdirSync(path.join(root, 'dist'), { recursive: true }).map((name) => `dist/${name.split(path.sep).join('/')}`),
].filter((name) => /\.(cjs|js|json)$/.test(name));
const jqWasm = path.dirname(require.resolve('jq-wasm/package.json'));
const assets = Object.fromEntries(assetFiles.map((name) => [name, path.join(root, name)]));
// by jq-wasm's exports: its CommonJS entry (what require('jq-wasm') loads) and its WebAssembly
assets['jq-wasm/index.cjs'] = require.resolve('jq-wasm');
assets['jq-wasm/jq.wasm'] = require.resolve('jq-wasm/jq.wasm');
const hash = crypto.createHash('sha256');
for (const [name, file] of Object.entries(assets).sort()) hash.update(`${name}\0`).update(fs.readFileSync(file));
const engine = `@duckdb/node-api@${manifest.peerDependencies['@duckdb/node-api']}`;
const seaJson = path.join(work, 'sea.json');
fs.writeFileSync(seaJson, JSON.stringify({ version: manifest.version, engine, id: Number.parseInt(hash.digest('hex').slice(0, 12), 16) }));
assets['sea.json'] = seaJson;
const blob = path.join(work, 'sea.blob');
const config = path.join(work, 'sea-config.json');
fs.writeFileSync(
  config,
  JSON.stringify(
    { main: path.join(root, 'scripts', 'sea-main.cjs'), output: blob, disableExperimentalSEAWarning: true, useSnapshot: false, useCodeCache: false, assets },
    null,
    2,
  ),
);
run(path.join(nodePackage(hostTarget), 'bin', 'node'), ['--experimental-sea-config', config], { stdio: 'inherit' });

// The notices: those of dist/, jq-wasm's (a dependency of the npm package, inside the binary) and Node's own
const notices = [
  fs.readFileSync(path.join(root, 'dist', 'THIRD-PARTY-NOTICES.md'), 'utf8').trimEnd(),
  '',
  'The standalone ws (a single executable: dist-bin/) holds jq-wasm as well, and is the Node.js binary itself, whose',
  'license (with the licenses of the libraries Node.js holds) follows.',
  '',
  packageNotice(root, path.relative(root, jqWasm)),
  '',
  `## Node.js ${nodeVersion}`,
  '',
  '````text',
  fs.readFileSync(path.join(nodePackage(hostTarget), 'LICENSE'), 'utf8').trim(),
  '````',
  '',
].join('\n');

// postject's command, as its package.json declares it (what `npx postject` runs)
const postjectPackage = path.dirname(require.resolve('postject/package.json'));
const postjectCli = path.join(postjectPackage, JSON.parse(fs.readFileSync(path.join(postjectPackage, 'package.json'), 'utf8')).bin.postject);
const sums = [];
for (const target of targets) {
  const name = `ws-${manifest.version}-${target}`;
  const stage = path.join(work, name);
  fs.mkdirSync(stage);
  const ws = path.join(stage, 'ws');
  fs.copyFileSync(path.join(nodePackage(target), 'bin', 'node'), ws);
  fs.chmodSync(ws, 0o755);
  // postject's ELF library warns of every note section it meets: shown only when the injection fails
  const postject = spawnSync(process.execPath, [postjectCli, ws, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', seaFuse], { encoding: 'utf8' });
  if (postject.status !== 0) throw new Error(`postject failed on ${target}:\n${postject.stdout}${postject.stderr}`);
  fs.copyFileSync(path.join(root, 'LICENSE'), path.join(stage, 'LICENSE'));
  fs.writeFileSync(path.join(stage, 'THIRD-PARTY-NOTICES.md'), notices);
  fs.cpSync(path.join(root, 'completions'), path.join(stage, 'completions'), { recursive: true });
  fs.cpSync(path.join(root, 'man'), path.join(stage, 'man', 'man1'), { recursive: true });
  const archive = `${name}.tar.gz`;
  // the same archive from the same files: owner, group and times are not the build machine's
  run('tar', [
    '--sort=name',
    '--owner=0',
    '--group=0',
    '--numeric-owner',
    '--mtime=@0',
    '-czf',
    path.join(out, archive),
    '-C',
    stage,
    'ws',
    'LICENSE',
    'THIRD-PARTY-NOTICES.md',
    'completions',
    'man',
  ]);
  sums.push(
    `${crypto
      .createHash('sha256')
      .update(fs.readFileSync(path.join(out, archive)))
      .digest('hex')}  ${archive}\n`,
  );
  console.log(`dist-bin/${archive}: ${(fs.statSync(path.join(out, archive)).size / 1e6).toFixed(1)} MB`);
}
fs.writeFileSync(path.join(out, 'SHA256SUMS'), sums.join(''));
fs.rmSync(work, { recursive: true, force: true });
