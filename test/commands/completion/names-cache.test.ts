/**
 * Tab without waiting (issue 41): `ws __complete` prints the names the API gave last time, kept in the user's cache
 * folder per config file, profile and origin, and asks again afterwards in a ws of its own when they are older than
 * half a minute; names older than a day are not printed. The key is never kept. In-process, against the stub API;
 * the ws that asks again is the IO's `self`, here a script that writes down how it was started.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../../src/cli.js';
import { fakeIO } from '../../helpers/fake-io.js';
import { query, queryList } from '../../helpers/fixtures.js';
import { fileServer } from '../../helpers/stub-server.js';
import { tempConfigDir } from '../../helpers/ws.js';

const server = fileServer();
const key = 'wsk_live_names_cache_5150_Kp9W';

/** A home with a cache folder, and a config folder whose profiles keep their keys in the file, for the stub server. */
function setup(profiles = ['default']) {
  const home = tempConfigDir();
  const config = tempConfigDir();
  const origin = new URL(server.baseUrl).origin;
  const entries = Object.fromEntries(profiles.map((name) => [name, { baseUrl: server.baseUrl, apiKey: `${key}-${name}`, apiKeyOrigin: origin }]));
  fs.writeFileSync(path.join(config, 'config.json'), JSON.stringify({ profiles: entries }), { mode: 0o600 });
  const cacheFile = path.join(home, '.cache', 'ws', 'completion', 'names.json');
  const started = path.join(home, 'started');
  return { env: { HOME: home, WS_CONFIG_DIR: config }, cacheFile, started };
}

/** `ws __complete <words>`; a ws started to ask again appends its words and WS_COMPLETE_REFRESH to `started`. */
async function tab(words: string[], env: Record<string, string>, started: string) {
  const io = {
    ...fakeIO({ env }),
    self: { command: '/bin/sh', args: ['-c', `echo "$* refresh=$WS_COMPLETE_REFRESH" >> '${started}'`, 'ws'] },
  };
  const exitCode = await run(['__complete', 'ws', ...words], io);
  return { exitCode, stdout: io.out(), stderr: io.err() };
}

const slugs = () => queryList([query({ slug: 'daily_revenue', name: 'Daily revenue' }), query({ slug: 'top_customers', name: 'Top customers' })]);
const startedOf = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');

/** Makes every kept entry this old. */
function age(cacheFile: string, ms: number): void {
  const entries = JSON.parse(fs.readFileSync(cacheFile, 'utf8'));
  for (const entry of Object.values(entries) as { at: number }[]) entry.at = Date.now() - ms;
  fs.writeFileSync(cacheFile, JSON.stringify(entries));
}

/** Waits (bounded) for the detached ws that asks again to have written down how it was started. */
async function startedLines(file: string): Promise<string> {
  for (let tries = 0; tries < 50 && startedOf(file) === ''; tries++) await new Promise((resolve) => setTimeout(resolve, 20));
  return startedOf(file);
}

describe('ws __complete keeps the names it was given', () => {
  it('the first Tab asks the API and keeps the names, without the key; the next prints them without a request', async () => {
    const { env, cacheFile, started } = setup();
    server.on('GET', '/queries', { body: slugs() });
    const first = await tab(['queries', 'get', ''], env, started);
    expect(first.stdout).toBe('daily_revenue\tDaily revenue\ntop_customers\tTop customers\n');
    expect(server.requests).toHaveLength(1);
    expect(fs.readFileSync(cacheFile, 'utf8')).not.toContain(key);
    expect(fs.statSync(cacheFile).mode & 0o777).toBe(0o600);

    server.reset();
    const second = await tab(['queries', 'get', ''], env, started);
    expect(second.stdout).toBe(first.stdout);
    // a typed word is served from the names of an empty one (those that start with it), and asked again afterwards
    const typed = await tab(['queries', 'get', 'top'], env, started);
    expect(typed.stdout).toBe('top_customers\tTop customers\n');
    expect(server.requests).toEqual([]);
    expect(await startedLines(started)).toBe('__complete ws queries get top refresh=1\n');
    expect(second.stderr + typed.stderr).toBe('');
  });

  it('names older than half a minute are printed, then asked for again in a ws of its own; older than a day, the API is asked', async () => {
    const { env, cacheFile, started } = setup();
    server.on('GET', '/queries', { body: slugs() });
    await tab(['queries', 'get', ''], env, started);
    expect(startedOf(started)).toBe('');

    age(cacheFile, 60_000);
    server.reset();
    const stale = await tab(['queries', 'get', ''], env, started);
    expect(stale.stdout).toContain('daily_revenue\tDaily revenue\n');
    expect(server.requests).toEqual([]);
    expect(await startedLines(started)).toBe('__complete ws queries get  refresh=1\n');

    age(cacheFile, 2 * 86_400_000);
    server.on('GET', '/queries', { body: queryList([query({ slug: 'weekly_churn', name: 'Weekly churn' })]) });
    const old = await tab(['queries', 'get', ''], env, started);
    expect(old.stdout).toBe('weekly_churn\tWeekly churn\n');
    expect(server.requests).toHaveLength(1);
  });

  it('the ws that asks again asks the API whatever is kept, and keeps its answer', async () => {
    const { env, started } = setup();
    server.on('GET', '/queries', { body: slugs() });
    await tab(['queries', 'get', ''], env, started);
    server.reset();
    server.on('GET', '/queries', { body: queryList([query({ slug: 'weekly_churn', name: 'Weekly churn' })]) });
    const again = await tab(['queries', 'get', ''], { ...env, WS_COMPLETE_REFRESH: '1' }, started);
    expect(server.requests).toHaveLength(1);
    expect(again.stdout).toBe('weekly_churn\tWeekly churn\n');
    server.reset();
    expect((await tab(['queries', 'get', ''], env, started)).stdout).toBe('weekly_churn\tWeekly churn\n');
    expect(server.requests).toEqual([]);
  });

  it("one profile's names are not another's: each is asked with its own key", async () => {
    const { env, started } = setup(['default', 'other']);
    server.on('GET', '/queries', { body: slugs() });
    await tab(['queries', 'get', ''], env, started);
    server.reset();
    server.on('GET', '/queries', { body: queryList([query({ slug: 'weekly_churn', name: 'Weekly churn' })]) });
    const other = await tab(['--profile', 'other', 'queries', 'get', ''], env, started);
    expect(other.stdout).toBe('weekly_churn\tWeekly churn\n');
    expect(server.requests.map((request) => request.headers['x-api-key'])).toEqual([`${key}-other`]);
  });

  it('no cache folder (no HOME nor XDG_CACHE_HOME): every Tab asks the API, as before', async () => {
    const { env, started } = setup();
    server.on('GET', '/queries', { body: slugs() });
    const noHome = { WS_CONFIG_DIR: env.WS_CONFIG_DIR };
    await tab(['queries', 'get', ''], noHome, started);
    await tab(['queries', 'get', ''], noHome, started);
    expect(server.requests).toHaveLength(2);
  });
});
