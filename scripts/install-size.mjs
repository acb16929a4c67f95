// `node scripts/install-size.mjs`: packs this repository, installs the tarball with `npm install -g` into a
// temporary prefix (as a user would, without the optional emulator engine), and prints the installed size:
// bytes of every file, the largest packages, and how many native modules (.node) came along. docs/install.md's
// figures are these; test/e2e/install.test.ts measures its own install with installedSize and compares.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

/** The size of an installed ws (its folder under node_modules): bytes of files, native modules, its packages largest first. */
export function installedSize(installed) {
  const whole = measure(installed);
  const modules = path.join(installed, 'node_modules');
  const names = fs.existsSync(modules)
    ? fs
        .readdirSync(modules)
        .filter((name) => !name.startsWith('.'))
        .flatMap((name) => (name.startsWith('@') ? fs.readdirSync(path.join(modules, name)).map((sub) => `${name}/${sub}`) : [name]))
    : [];
  const packages = names.map((name) => ({ name, bytes: measure(path.join(modules, name)).bytes })).sort((a, b) => b.bytes - a.bytes);
  return { ...whole, packages };
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-install-size-'));
  const npm = (args) => execFileSync('npm', args, { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const tarball = JSON.parse(npm(['pack', root, '--json', '--pack-destination', work]))[0].filename;
    npm(['install', '-g', '--prefix', path.join(work, 'prefix'), '--no-audit', '--no-fund', path.join(work, tarball)]);
    const size = installedSize(path.join(work, 'prefix', 'lib', 'node_modules', '@workspace-cli', 'ws'));
    const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
    console.log(`installed size: ${mb(size.bytes)} (${size.bytes} bytes of files), native modules: ${size.native}`);
    for (const { name, bytes } of size.packages.slice(0, 6)) console.log(`  ${name.padEnd(32)} ${mb(bytes)}`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
