/**
 * A merge resolved by hand leaves no conflict markers behind: every text file the repository holds (sources, tests,
 * docs, scripts, man pages) is read for a line that is one of git's markers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const skipped = new Set(['node_modules', 'dist', '.git', 'coverage']);
const textFile = /\.(ts|mts|cts|js|mjs|cjs|json|md|yaml|yml|sh|fish|zsh|bash|1|txt)$|^(run|README|LICENSE.*)$/;

function textFiles(dir: string, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (skipped.has(entry.name)) continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) textFiles(file, found);
    else if (entry.isFile() && textFile.test(entry.name)) found.push(file);
  }
  return found;
}

it('no file holds a line left by an unresolved merge', () => {
  const files = textFiles(root);
  expect(files.length).toBeGreaterThan(100);
  const marker = /^(<{7}|>{7})( |$)|^={7}$/m;
  const left = files.filter((file) => marker.test(fs.readFileSync(file, 'utf8'))).map((file) => path.relative(root, file));
  expect(left).toEqual([]);
});
