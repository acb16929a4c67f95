import fs from 'node:fs';

let cached: string | undefined;

/** The package version, read once from package.json (two levels up from both src/ and dist/). */
export function version(): string {
  cached ??= (JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  return cached;
}
