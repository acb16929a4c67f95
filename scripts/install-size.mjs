// `node scripts/install-size.mjs`: packs this repository, installs the tarball with `npm install -g` into a
// temporary prefix (as a user would, without the optional emulator engine), and prints the installed size:
// bytes of every file, the largest packages, and whether any native code (.node) came along.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-install-size-'));
const npm = (args) => execFileSync('npm', args, { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });

function measure(dir) {
  let bytes = 0;
  let native = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
    if (entry.name.endsWith('.node')) native++;
  }
  return { bytes, native };
}

try {
  const tarball = JSON.parse(npm(['pack', root, '--json', '--pack-destination', work]))[0].filename;
  npm(['install', '-g', '--prefix', path.join(work, 'prefix'), '--no-audit', '--no-fund', path.join(work, tarball)]);
  const installed = path.join(work, 'prefix', 'lib', 'node_modules', '@workspace-cli', 'ws');
  const whole = measure(installed);
  const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
  console.log(`installed size: ${mb(whole.bytes)} (${whole.bytes} bytes of files), native modules: ${whole.native}`);
  const modules = path.join(installed, 'node_modules');
  const packages = fs
    .readdirSync(modules)
    .flatMap((name) => (name.startsWith('@') ? fs.readdirSync(path.join(modules, name)).map((sub) => `${name}/${sub}`) : [name]));
  const sizes = packages
    .filter((name) => !name.startsWith('.'))
    .map((name) => [name, measure(path.join(modules, name)).bytes])
    .sort((a, b) => b[1] - a[1]);
  for (const [name, bytes] of sizes.slice(0, 6)) console.log(`  ${name.padEnd(24)} ${mb(bytes)}`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
