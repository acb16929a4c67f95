// The third-party notices of dist/: the bundle has other people's code in it (their licenses ask that their
// copyright and license text go with every copy, and esbuild's `legalComments: 'none'` keeps none in the code), so
// the build lists every package esbuild really bundled, from its metafiles, with that package's own license file.
// No list is kept by hand: a library bundled tomorrow appears here by itself, and one without a license file
// stops the build.
import fs from 'node:fs';
import path from 'node:path';

/** Libraries ws loads from node_modules at run time, installed with their own license files: not bundled. */
const loadedFromNodeModules = ['jq-wasm', '@duckdb/node-api', '@napi-rs/keyring'];

/** `node_modules/a/node_modules/@b/c/lib/x.js` → `node_modules/a/node_modules/@b/c` (the innermost package). */
export function packageDirOf(input) {
  const match = /(?:^|[\\/])node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+(?=[\\/])/g;
  let end = -1;
  for (const found of input.matchAll(match)) end = found.index + found[0].length;
  return end < 0 ? undefined : input.slice(0, end);
}

function licenseFile(dir) {
  const names = fs
    .readdirSync(dir)
    .filter((name) => /^(licen[cs]e|copying)([.-].*)?$/i.test(name))
    .sort();
  return names.length > 0 ? path.join(dir, names[0]) : undefined;
}

function licenseName(manifest) {
  const { license, licenses } = manifest;
  if (typeof license === 'string') return license;
  if (license?.type) return license.type;
  if (Array.isArray(licenses)) return licenses.map((entry) => entry.type ?? entry).join(' OR ');
  return 'not stated in its package.json: see the text below';
}

function repositoryOf(manifest) {
  const repository = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  if (!repository) return manifest.homepage;
  // npm's shorthands: `owner/name` and `github:owner/name` are GitHub repositories
  const shorthand = /^(?:github:)?([\w.-]+\/[\w.-]+)$/.exec(repository);
  return shorthand ? `https://github.com/${shorthand[1]}` : repository.replace(/^git\+/, '').replace(/\.git$/, '');
}

/** Each package bundled in any of the builds, as its folder relative to `root`, sorted, once. */
export function bundledPackages(metafiles) {
  const dirs = new Set();
  for (const metafile of metafiles) {
    for (const input of Object.keys(metafile.inputs)) {
      // inputs of a plugin's own namespace (`vendor-part:…`, `external-require:…`) are not files
      if (/^[a-z-]+:/.test(input)) continue;
      const dir = packageDirOf(input);
      if (dir) dirs.add(dir.split(path.sep).join('/'));
    }
  }
  return [...dirs].sort();
}

/** The notice of one package (its folder `dir` under `root`): name, version, license and license text. */
export function packageNotice(root, dir) {
  const absolute = path.join(root, dir);
  const manifest = JSON.parse(fs.readFileSync(path.join(absolute, 'package.json'), 'utf8'));
  const file = licenseFile(absolute);
  const text = file && fs.readFileSync(file, 'utf8').trim();
  if (!text)
    throw new Error(`${dir} is bundled into dist/ but has no license file (LICENSE, LICENCE, COPYING): its notice cannot be shipped; see scripts/notices.mjs`);
  // a fence longer than any run of backticks in the text, so that no license can end it early
  const fence = '`'.repeat(Math.max(3, ...(text.match(/`+/g) ?? []).map((run) => run.length + 1)));
  const source = repositoryOf(manifest);
  return [
    `## ${manifest.name} ${manifest.version}`,
    '',
    `License: ${licenseName(manifest)}${source ? `  \nSource: ${source}` : ''}`,
    '',
    `${fence}text`,
    text,
    fence,
  ].join('\n');
}

/** The notices file, Markdown: one section per bundled package with its name, version, license and license text. */
export function thirdPartyNotices(metafiles, root) {
  const sections = bundledPackages(metafiles).map((dir) => packageNotice(root, dir));
  return [
    '# Third-party notices',
    '',
    `ws bundles the code of the ${sections.length} packages below into the files of dist/. Each is listed with its version, its license and`,
    'the license text from its own package, copyright lines included. This file is written by `npm run build` (scripts/build.mjs) from',
    'what esbuild bundled.',
    '',
    `${loadedFromNodeModules.slice(0, -1).join(', ')} and ${loadedFromNodeModules.at(-1)} are not bundled: ws loads them from node_modules, where each is installed with its own`,
    'license file.',
    '',
    ...sections.flatMap((section) => [section, '']),
  ].join('\n');
}
