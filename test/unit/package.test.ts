import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { tempConfigDir, wsBin } from '../helpers/ws.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = path.join(root, 'dist');
const noticesFile = path.join(dist, 'THIRD-PARTY-NOTICES.md');

describe('the npm package', () => {
  it('holds only what runs: bin, the bundle and its vendored libraries, completions, man pages, README, LICENSE, package.json', async () => {
    // the suite builds first (npm test); --ignore-scripts keeps prepack from building again
    const packed = await execa('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, timeout: 60_000 });
    const files = (JSON.parse(packed.stdout) as { files: { path: string }[] }[])[0]!.files.map((file) => file.path).sort();
    const outside = files.filter((file) => !file.startsWith('dist/'));
    const manPages = fs.readdirSync(path.join(root, 'man')).map((name) => `man/${name}`);
    expect(outside).toEqual([
      'LICENSE',
      'README.md',
      'bin/compile-cache.cjs',
      'bin/package.json',
      'bin/ws.js',
      'completions/_ws',
      'completions/ws.bash',
      'completions/ws.fish',
      ...manPages.sort(),
      'package.json',
    ]);
    // dist/ is what scripts/build.mjs writes: the bundle of src/, the help served without it (help.cjs and its
    // help.json), Tab's answers from kept names (complete.cjs and its complete.json), the keyring's own process, the export's worker, one
    // file per vendored library and the notices of the code bundled; no maps, no tests
    const built = files.filter((file) => file.startsWith('dist/'));
    const entries = [
      'dist/THIRD-PARTY-NOTICES.md',
      'dist/cli.cjs',
      'dist/complete.cjs',
      'dist/complete.json',
      'dist/export-worker.cjs',
      'dist/help.cjs',
      'dist/help.json',
      'dist/keyring.cjs',
    ];
    expect(built.slice(0, entries.length)).toEqual(entries);
    for (const file of built.slice(entries.length)) expect(file).toMatch(/^dist\/vendor\/[\w-]+\.cjs$/);
    // every file of dist/ is in the package, and the bundle is one that src/ built (it carries ws's own code)
    const onDisk = (fs.readdirSync(path.join(root, 'dist'), { recursive: true }) as string[]).filter((file) =>
      fs.statSync(path.join(root, 'dist', file)).isFile(),
    );
    expect(onDisk.map((file) => `dist/${file.split(path.sep).join('/')}`).sort()).toEqual(built);
    expect(fs.readFileSync(path.join(root, 'dist/cli.cjs'), 'utf8')).toContain('Work with the Workspace API v3');
  });

  it('has a LICENSE that matches the license in package.json', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { license: string };
    expect(pkg.license).toBe('MIT');
    expect(fs.readFileSync(path.join(root, 'LICENSE'), 'utf8')).toMatch(
      /^MIT License\n\nCopyright \(c\) \d{4} .+\n\nPermission is hereby granted, free of charge/,
    );
  });
});

describe('bin/ws.js', () => {
  it('is committed executable (100755), so that ./bin/ws.js runs in a fresh clone and npm link leaves it unchanged', async () => {
    const { stdout } = await execa('git', ['ls-files', '-s', 'bin/ws.js'], { cwd: root });
    expect(stdout).toMatch(/^100755 [0-9a-f]{40} 0\tbin\/ws\.js$/);
    const run = await execa(wsBin, ['--version'], {
      cwd: root,
      env: { PATH: process.env.PATH, WS_CONFIG_DIR: tempConfigDir() },
      extendEnv: false,
      reject: false,
      timeout: 30_000,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^\d+\.\d+\.\d+/);
  });
});

/**
 * The packages whose code is in dist/, read from the bundle itself: esbuild heads each bundled file with a
 * `// node_modules/<package>/<file>` comment. Independent of the metafile the build reads.
 */
function packagesInBundle(): string[] {
  const dirs = new Set<string>();
  for (const entry of fs.readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.cjs')) continue;
    const text = fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const [, file] of text.matchAll(/^\s*\/\/ (\S*node_modules\/\S+)$/gm)) {
      const parts = file!.split('/');
      const at = parts.lastIndexOf('node_modules');
      dirs.add(parts.slice(0, at + (parts[at + 1]!.startsWith('@') ? 3 : 2)).join('/'));
    }
  }
  return [...dirs].sort();
}

/** Each `## name version` section of the notices, with its text. */
function noticeSections(): Map<string, string> {
  const text = fs.readFileSync(noticesFile, 'utf8');
  return new Map(
    text
      .split(/^(?=## )/m)
      .slice(1)
      .map((section) => [section.slice(3, section.indexOf('\n')), section]),
  );
}

describe('dist/THIRD-PARTY-NOTICES.md', () => {
  it('has, for every package bundled into dist/, its name, version, license and the full text of its license file', () => {
    const bundled = packagesInBundle();
    // commander is in every build of ws; no package found means the bundle's comments changed, not that none is there
    expect(bundled).toContain('node_modules/commander');
    const sections = noticeSections();
    const expected = bundled.map((dir) => {
      const manifest = JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as { name: string; version: string; license: string };
      const section = sections.get(`${manifest.name} ${manifest.version}`);
      expect(section, `${manifest.name} ${manifest.version} has no section`).toBeDefined();
      expect(section).toContain(`License: ${manifest.license}`);
      const licenseFile = fs.readdirSync(path.join(root, dir)).find((name) => /^(licen[cs]e|copying)/i.test(name));
      const licenseText = fs.readFileSync(path.join(root, dir, licenseFile!), 'utf8').trim();
      expect(section).toContain(licenseText);
      return `${manifest.name} ${manifest.version}`;
    });
    // nothing listed that is not bundled
    expect([...sections.keys()].sort()).toEqual(expected.sort());
    expect(fs.readFileSync(noticesFile, 'utf8')).toMatch(/jq-wasm, @duckdb\/node-api and @napi-rs\/keyring are not bundled/);
  });

  describe('a bundled package without a license file', () => {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-notices-'));
    afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

    it('stops the build, naming the package', async () => {
      fs.mkdirSync(path.join(scratch, 'node_modules', 'unlicensed'), { recursive: true });
      fs.writeFileSync(
        path.join(scratch, 'node_modules', 'unlicensed', 'package.json'),
        JSON.stringify({ name: 'unlicensed', version: '1.0.0', license: 'MIT' }),
      );
      const notices = await import(pathToFileURL(path.join(root, 'scripts', 'notices.mjs')).href);
      const metafile = { inputs: { 'node_modules/unlicensed/index.js': {}, 'src/cli.ts': {} } };
      expect(() => notices.thirdPartyNotices([metafile], scratch)).toThrow(/node_modules\/unlicensed is bundled into dist\/ but has no license file/);
      fs.writeFileSync(path.join(scratch, 'node_modules', 'unlicensed', 'LICENSE'), 'Copyright (c) someone\n\nPermission is granted.');
      expect(notices.thirdPartyNotices([metafile], scratch)).toContain('## unlicensed 1.0.0');
    });
  });
});

describe('the package name', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
    peerDependencies: Record<string, string>;
  };
  /** What an `npm install` may name: ws's own package (by name, or the file `npm pack` makes of it) and its engine. */
  const ours = new Set([manifest.name, `@duckdb/node-api@${manifest.peerDependencies['@duckdb/node-api']}`, '@duckdb/node-api@<version>']);
  const packageFile = /^\.\/workspace-cli-ws-(\*|<version>|\$\{[a-z.]+\}|\d+\.\d+\.\d+)\.tgz$/;

  it('is scoped, so that nobody else can publish it; the unscoped ws-cli on the registry is a stranger’s websocket tool', () => {
    expect(manifest.name).toBe('@workspace-cli/ws');
  });

  it('is the only package any install command ws prints or its docs show installs, beside the emulator’s engine', () => {
    const files = [
      'README.md',
      ...fs.readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' }).map((name) => `docs/${name}`),
      ...fs.readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' }).map((name) => `src/${name}`),
      'scripts/sea-main.cjs',
    ].filter((file) => /\.(md|ts|cjs|mjs)$/.test(file));
    const named: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      for (const match of text.matchAll(/npm (?:install|i) (?:-g|--global) ((?:[^\s`'"]+ ?)+)/g)) {
        for (const word of match[1]!.trim().split(' ')) {
          if (word.startsWith('-') || word === '') continue;
          named.push(word);
          expect(ours.has(word) || packageFile.test(word) || /^(\.\/)?\$\{/.test(word), `${file}: npm install -g … ${word}`).toBe(true);
        }
      }
    }
    expect(named.length).toBeGreaterThan(3);
  });
});
