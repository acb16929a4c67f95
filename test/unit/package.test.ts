import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('the npm package', () => {
  it('holds only what runs: bin, the built code of every source file, completions, README, LICENSE, package.json', async () => {
    // the suite builds first (npm test); --ignore-scripts keeps prepack from building again
    const packed = await execa('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, timeout: 60_000 });
    const files = (JSON.parse(packed.stdout) as { files: { path: string }[] }[])[0]!.files.map((file) => file.path).sort();
    const outside = files.filter((file) => !/^dist\/.+\.js$/.test(file));
    expect(outside).toEqual(['LICENSE', 'README.md', 'bin/ws.js', 'completions/_ws', 'completions/ws.bash', 'completions/ws.fish', 'package.json']);
    // every built file comes from a source file that still exists, and every source file was built
    const built = files.filter((file) => file.startsWith('dist/')).map((file) => file.replace(/^dist\//, 'src/').replace(/\.js$/, '.ts'));
    const sources = (fs.readdirSync(path.join(root, 'src'), { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
      .map((file) => `src/${file.split(path.sep).join('/')}`)
      .sort();
    expect(built.sort()).toEqual(sources);
  });

  it('has a LICENSE that matches the license in package.json', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { license: string };
    expect(pkg.license).toBe('MIT');
    expect(fs.readFileSync(path.join(root, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} .+\n\nPermission is hereby granted, free of charge/);
  });
});
