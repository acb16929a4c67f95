/**
 * End-to-end tests spawn bin/ws, which runs dist/: a test file run on its own after an edit of src/ would test the
 * old bundle. Before a run, dist/ is compared with what it is built from and rebuilt when older (about a second);
 * `npm test` has just built, so then nothing happens.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';

/** What the bundle is built from: src/, the build scripts, the manifest and the installed packages. */
function inputs(root: string): string[] {
  const files = (fs.readdirSync(path.join(root, 'src'), { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
  const scripts = fs
    .readdirSync(path.join(root, 'scripts'))
    .filter((name) => name.endsWith('.mjs'))
    .map((name) => path.join(root, 'scripts', name));
  return [...files, ...scripts, path.join(root, 'package.json'), path.join(root, 'node_modules', '.package-lock.json')].filter((file) => fs.existsSync(file));
}

/** Why dist/ is stale (an input newer than its oldest file, or no dist/), or undefined when it is not. */
export function staleBuild(root: string): string | undefined {
  const dist = path.join(root, 'dist');
  const built = fs.existsSync(dist)
    ? (fs.readdirSync(dist, { recursive: true, withFileTypes: true }) as fs.Dirent[])
        .filter((entry) => entry.isFile())
        .map((entry) => fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs)
    : [];
  if (built.length === 0) return 'there is no dist/';
  const oldest = Math.min(...built);
  const newer = inputs(root).find((file) => fs.statSync(file).mtimeMs > oldest);
  return newer && `${path.relative(root, newer)} is newer than dist/`;
}

/** Builds (scripts/build.mjs) when dist/ is stale; whether it built. */
export async function buildIfStale(root: string, log: (line: string) => void = console.log): Promise<boolean> {
  const reason = staleBuild(root);
  if (!reason) return false;
  log(`${reason}: building before the tests (npm run build)`);
  await execa(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit', timeout: 120_000 });
  return true;
}
