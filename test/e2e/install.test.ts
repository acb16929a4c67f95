/**
 * The CLI installs without the emulator's SQL engine: @duckdb/node-api is an optional peer dependency, and
 * `ws emulator` without it says which one command installs it.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { tempConfigDir, wsBin } from '../helpers/ws.js';

const packageJson = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const withoutEngine = fileURLToPath(new URL('../fixtures/without-engine.cjs', import.meta.url));

describe('the emulator engine is an optional peer dependency', () => {
  it('is not installed with the CLI, but is with the repository for its tests', () => {
    expect(packageJson.dependencies['@duckdb/node-api']).toBeUndefined();
    expect(packageJson.peerDependenciesMeta['@duckdb/node-api']).toEqual({ optional: true });
    expect(packageJson.devDependencies['@duckdb/node-api']).toBe(packageJson.peerDependencies['@duckdb/node-api']);
  });

  for (const args of [['emulator', '--port', '0'], ['emulator', 'exec', '--port', '0', '--', process.execPath, '-e', '0']]) {
    it(`ws ${args.slice(0, 2).join(' ')} without it names the command that installs it, and starts nothing`, async () => {
      const result = await execa(process.execPath, ['-r', withoutEngine, wsBin, ...args], {
        env: { PATH: process.env.PATH, WS_CONFIG_DIR: tempConfigDir() },
        extendEnv: false,
        reject: false,
        timeout: 15_000,
        stdin: 'ignore',
      });
      const pinned = `@duckdb/node-api@${packageJson.peerDependencies['@duckdb/node-api']}`;
      expect(result.stderr).toBe(`error: ws emulator needs its SQL engine, @duckdb/node-api, which is not installed\nhint: install it next to ws: npm install -g ${pinned}`);
      expect(result.stdout).toBe('');
      expect(result.exitCode).toBe(1);
    });
  }
});
