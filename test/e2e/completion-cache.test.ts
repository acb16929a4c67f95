/**
 * Tab without waiting (issue 41), as the shell runs it: `ws __complete` with names kept in the cache folder is
 * answered by dist/complete.cjs, without loading dist/cli.cjs and without a request; with none kept, the whole of
 * ws asks the API and keeps them. test/commands/completion/names-cache.test.ts has the rules of the cache.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiServer } from '../helpers/api-server.js';
import { query, queryList } from '../helpers/fixtures.js';
import { tempConfigDir, ws } from '../helpers/ws.js';

const preload = fileURLToPath(new URL('../fixtures/loaded-files.cjs', import.meta.url));
const api = new ApiServer();
const key = 'wsk_live_tab_cache_2718_Hn4V';

beforeAll(() => api.start());
afterAll(() => api.stop());

it('the second Tab prints the kept names from dist/complete.cjs: no request, dist/cli.cjs not loaded', async () => {
  const home = tempConfigDir();
  const config = tempConfigDir();
  fs.writeFileSync(
    path.join(config, 'config.json'),
    JSON.stringify({ profiles: { default: { baseUrl: api.baseUrl, apiKey: key, apiKeyOrigin: new URL(api.baseUrl).origin } } }),
    { mode: 0o600 },
  );
  api.on('GET', '/queries', { body: queryList([query({ slug: 'daily_revenue', name: 'Daily revenue' })]) });
  const tab = async (list: string) => {
    const result = await ws(['__complete', 'ws', 'queries', 'get', 'da'], {
      HOME: home,
      WS_CONFIG_DIR: config,
      NODE_OPTIONS: `--require ${preload}`,
      WS_TEST_FILE_LIST: list,
    });
    return { ...result, files: fs.readFileSync(list, 'utf8').split('\n') };
  };
  const first = await tab(path.join(home, 'first.txt'));
  expect(first.stdout).toBe('daily_revenue\tDaily revenue\n');
  expect(api.requests).toHaveLength(1);
  expect(first.files.some((file) => file.endsWith(`${path.sep}dist${path.sep}cli.cjs`))).toBe(true);

  const second = await tab(path.join(home, 'second.txt'));
  expect(second.stdout).toBe('daily_revenue\tDaily revenue\n');
  expect(second.stderr).toBe('');
  expect(api.requests).toHaveLength(1);
  expect(second.files.some((file) => file.endsWith(`${path.sep}dist${path.sep}complete.cjs`))).toBe(true);
  expect(second.files.some((file) => file.endsWith(`${path.sep}dist${path.sep}cli.cjs`))).toBe(false);
  expect(fs.readFileSync(path.join(home, '.cache', 'ws', 'completion', 'names.json'), 'utf8')).not.toContain(key);
});
