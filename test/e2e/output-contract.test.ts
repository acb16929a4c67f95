import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { ws } from '../helpers/ws.js';

let emu: TestEmulator;
let env: Record<string, string>;
const posts = async () => (await emu.requests()).filter((r) => r.method === 'POST');

beforeAll(async () => {
  emu = await startTestEmulator();
  env = emu.env;
});
afterAll(() => emu.close());

describe('global options before the command words', () => {
  it('`ws --json queries list` is --json alone, not a field list named "queries"', async () => {
    const result = await ws(['--json', 'queries', 'list', '--limit', '2'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).queries).toHaveLength(2);
  });

  it('`ws --json id,slug queries list` still takes the fields', async () => {
    const result = await ws(['--json', 'id,slug', 'queries', 'list', '--limit', '1'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(Object.keys(JSON.parse(result.stdout).queries[0])).toEqual(['id', 'slug']);
  });
});

describe('--json fields on every kind of output', () => {
  it('query data: the fields are the result columns, and an unknown one is exit 2 listing them', async () => {
    await ws(['queries', 'execute', 'daily_revenue', '--wait', '-q', '--limit', '1'], env);
    const picked = await ws(['queries', 'data', 'daily_revenue', '--limit', '2', '--json', 'day'], env);
    expect(picked.exitCode, picked.stderr).toBe(0);
    expect(JSON.parse(picked.stdout).rows).toEqual([{ day: expect.any(String) }, { day: expect.any(String) }]);
    const bad = await ws(['queries', 'data', 'daily_revenue', '--json', 'bogus'], env);
    expect(bad.exitCode).toBe(2);
    expect(bad.stdout).toBe('');
    expect(JSON.parse(bad.stderr).error.message).toBe('unknown JSON field: bogus; valid fields: day, orders, revenue');
  });

  it('a run with its steps picks run or stepRuns; a document without fixed fields refuses --json a,b before any request', async () => {
    const id = (await ws(['automations', 'trigger', demoIds.automations.morningReport, '-q'], env)).stdout.trim();
    const run = await ws(['automations', 'get-run', id, '--json', 'run', '-q'], env);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(Object.keys(JSON.parse(run.stdout))).toEqual(['run']);
    await emu.clearRequests();
    const result = await ws(['automations', 'result', id, '--json', 'state'], env);
    expect(result.exitCode).toBe(2);
    expect(JSON.parse(result.stderr).error.message).toMatch(/without a fixed list of fields.*--jq/);
    expect(await emu.requests()).toEqual([]);
  });
});

describe('queries execute checks parameter values against their declared types', () => {
  it.each([
    ['min_amount=abc', 'invalid --param min_amount=abc: min_amount is a number, and "abc" is not a number'],
    ['start_date=June', 'invalid --param start_date=June: start_date is a date, and "June" is not a calendar date (YYYY-MM-DD)'],
  ])('%s is exit 2 and no run starts', async (param, message) => {
    await emu.clearRequests();
    const result = await ws(['queries', 'execute', 'revenue_by_country', '--param', param], env);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`error: ${message}`);
    expect(await posts()).toEqual([]);
  });
});

describe('a base URL without /public/v3', () => {
  it('gets a 404 with a hint about the prefix', async () => {
    const result = await ws(['queries', 'list'], { ...env, WS_BASE_URL: env.WS_BASE_URL!.replace('/public/v3', '') });
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toMatch(/^hint: the base URL http:\/\/127\.0\.0\.1:\d+ does not end in \/public\/v3; it usually should$/m);
  });
});

describe('--all envelopes describe the whole', () => {
  it('even when one page held every item: limit is the number printed', async () => {
    const all = await ws(['queries', 'list', '--all', '--json', 'slug'], env);
    expect(all.exitCode, all.stderr).toBe(0);
    const body = JSON.parse(all.stdout);
    expect(body.queries.length).toBeGreaterThan(0);
    expect(body).toMatchObject({ total: body.queries.length, limit: body.queries.length, offset: 0 });
    // without --all, one page is printed as the API sent it (its own limit)
    const one = JSON.parse((await ws(['queries', 'list', '--json', 'slug'], env)).stdout);
    expect(one.limit).toBe(50);
  });
});

describe('review fixes', () => {
  it('-o csv on a command that prints one document is exit 2 before any request', async () => {
    await emu.clearRequests();
    const result = await ws(['api', 'POST', `/queries/${demoIds.queries.dailyRevenue}/execute`, '-o', 'csv'], env);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: -o csv needs rows, and this command prints one document');
    expect(await emu.requests()).toEqual([]);
  });

  it('rows whose id column repeats page after page are data, not a repeated page', async () => {
    await ws(['queries', 'create', '--name', 'dupid', '--sql', "SELECT 'x' AS id, i FROM range(2500) t(i)", '-q'], env);
    await ws(['queries', 'execute', 'dupid', '--wait', '-q', '--limit', '1'], env);
    const result = await ws(['queries', 'data', 'dupid', '--all', '-o', 'csv'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(2501);
  });

  it('--json twice before the command, and a later --json with fields wins', async () => {
    const twice = await ws(['--json', '--json', 'queries', 'list', '--limit', '1'], env);
    expect(twice.exitCode, twice.stderr).toBe(0);
    expect(JSON.parse(twice.stdout).queries).toHaveLength(1);
    const later = await ws(['--json', 'queries', 'list', '--limit', '1', '--json', 'id'], env);
    expect(later.exitCode, later.stderr).toBe(0);
    expect(Object.keys(JSON.parse(later.stdout).queries[0])).toEqual(['id']);
  });
});
