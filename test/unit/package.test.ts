import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('the npm package', () => {
  it('holds only what runs: bin, the bundle and its vendored libraries, completions, README, LICENSE, package.json', async () => {
    // the suite builds first (npm test); --ignore-scripts keeps prepack from building again
    const packed = await execa('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, timeout: 60_000 });
    const files = (JSON.parse(packed.stdout) as { files: { path: string }[] }[])[0]!.files.map((file) => file.path).sort();
    const outside = files.filter((file) => !file.startsWith('dist/'));
    expect(outside).toEqual(['LICENSE', 'README.md', 'bin/compile-cache.cjs', 'bin/package.json', 'bin/ws.js', 'completions/_ws', 'completions/ws.bash', 'completions/ws.fish', 'package.json']);
    // dist/ is what scripts/build.mjs writes: the bundle of src/, the help served without it (help.cjs and its
    // help.json) and one file per vendored library, no maps, no tests
    const built = files.filter((file) => file.startsWith('dist/'));
    expect(built.slice(0, 3)).toEqual(['dist/cli.cjs', 'dist/help.cjs', 'dist/help.json']);
    for (const file of built.slice(3)) expect(file).toMatch(/^dist\/vendor\/[\w-]+\.cjs$/);
    // every file of dist/ is in the package, and the bundle is one that src/ built (it carries ws's own code)
    const onDisk = (fs.readdirSync(path.join(root, 'dist'), { recursive: true }) as string[]).filter((file) => fs.statSync(path.join(root, 'dist', file)).isFile());
    expect(onDisk.map((file) => `dist/${file.split(path.sep).join('/')}`).sort()).toEqual(built);
    expect(fs.readFileSync(path.join(root, 'dist/cli.cjs'), 'utf8')).toContain('Work with the Workspace API v3');
  });

  it('has a LICENSE that matches the license in package.json', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { license: string };
    expect(pkg.license).toBe('MIT');
    expect(fs.readFileSync(path.join(root, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} .+\n\nPermission is hereby granted, free of charge/);
  });
});
