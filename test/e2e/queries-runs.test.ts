/**
 * End to end: bin/ws (built: `npm run build`) against the in-process emulator, for
 * `ws queries create|update|execute|runs|data` and `ws runs get|result|wait`.
 * What is checked is what a user notices: stdout, stderr, the exit code, and what the server saw.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoIds, pollUntil, routes, spawnWs, startTestEmulator, waitForOutput, type TestEmulator } from '../helpers/emulator.js';
import { tempConfigDir, ws, wsBin } from '../helpers/ws.js';

const uuidRe = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;
const runLine = new RegExp(`query run (${uuidRe.source}): `);
const dailyRevenue = demoIds.queries.dailyRevenue;
const revenueByCountry = demoIds.queries.revenueByCountry;
const brokenReport = demoIds.queries.brokenReport;
const topCustomers = demoIds.queries.topCustomers;

let emu: TestEmulator;
/** Runs move slowly here (300 ms a state), for --timeout and Ctrl-C. */
let slow: TestEmulator;
let env: Record<string, string>;
let slowEnv: Record<string, string>;
let dir: string;

beforeAll(async () => {
  [emu, slow] = await Promise.all([startTestEmulator(), startTestEmulator({ stepMs: 300 })]);
  env = emu.env;
  slowEnv = slow.env;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-e2e-queries-'));
});
afterAll(async () => {
  await Promise.all([emu?.close(), slow?.close()]);
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await emu.clearRequests();
});

function file(name: string, text: string): string {
  const at = path.join(dir, name);
  fs.writeFileSync(at, text);
  return at;
}

/** The query as the server has it, not as ws shows it. */
async function serverQuery(id: string): Promise<any> {
  const res = await emu.api('GET', `/queries/${id}`);
  expect(res.status).toBe(200);
  return res.json;
}

/** Creates a query through ws and returns its id and slug. */
async function createQuery(name: string, sql: string, extra: string[] = []): Promise<{ id: string; slug: string }> {
  const result = await ws(['queries', 'create', '--name', name, '--sql', sql, ...extra, '--json', 'id,slug'], env);
  expect(result.exitCode, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

/** Executes through the API and waits (bounded) until the query names the run its last successful one. */
async function executeDirectly(id: string, body: unknown = {}): Promise<string> {
  const started = await emu.api('POST', `/queries/${id}/execute`, body);
  expect(started.status).toBe(202);
  const runId = started.json.queryRunId as string;
  await pollUntil(async () => {
    const run = await emu.api('GET', `/query-runs/${runId}`);
    if (run.json.status === 'FAILED' || run.json.status === 'CANCELLED') throw new Error(`run ${runId} ${run.json.status}`);
    return run.json.status === 'COMPLETED' && (await serverQuery(id)).lastSuccessfulRunId === runId;
  }, `run ${runId} of ${id} to complete`);
  return runId;
}

describe('ws queries create', () => {
  it('--sql with --param specs (type, default, description), --description and inline --metadata reach the server', async () => {
    const result = await ws(
      [
        'queries', 'create', '--name', 'Revenue since', '--sql', 'SELECT {{start_date}} AS since, {{min_amount}} AS floor',
        '--description', 'paid revenue since a day',
        '--param', 'start_date:date=2026-01-01:first day included',
        '--param', 'min_amount:number=10',
        '--param', 'label',
        '--metadata', '{"team":"finance","tags":["a","b"]}',
      ],
      env,
    );
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('name:\tRevenue since\n');
    expect(result.stdout).toContain('slug:\trevenue_since\n');
    expect(result.stdout).toContain('parameters:\tstart_date=2026-01-01, min_amount=10, label\n');
    const id = result.stdout.match(new RegExp(`^id:\\t(${uuidRe.source})$`, 'm'))?.[1];
    expect(id).toBeDefined();
    expect(result.stderr).toContain(`Created query revenue_since (${id}). Run it: ws queries execute revenue_since --wait`);
    expect(routes(await emu.requests())).toEqual(['POST /queries']);
    const saved = await serverQuery(id!);
    expect(saved).toMatchObject({
      name: 'Revenue since',
      sql: 'SELECT {{start_date}} AS since, {{min_amount}} AS floor',
      description: 'paid revenue since a day',
      metadata: { team: 'finance', tags: ['a', 'b'] },
      userAgent: 'cli',
      parameters: [
        { name: 'start_date', type: 'date', defaultValue: '2026-01-01', description: 'first day included' },
        { name: 'min_amount', type: 'number', defaultValue: '10', description: '' },
        { name: 'label', type: 'text', defaultValue: '', description: '' },
      ],
    });
  });

  it('--sql-file reads the SQL from a file, kept byte for byte', async () => {
    const sql = "-- the answer\nSELECT 42 AS answer,\n       'x' AS letter\n";
    const result = await ws(['queries', 'create', '--name', 'SQL from file', '--sql-file', file('answer.sql', sql), '--json', 'id,sql'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    const body = JSON.parse(result.stdout);
    expect(body.sql).toBe(sql);
    expect((await serverQuery(body.id)).sql).toBe(sql);
  });

  it('--sql-file - reads the SQL from stdin', async () => {
    const sql = 'SELECT 7 AS seven';
    const result = await ws(['queries', 'create', '--name', 'SQL from stdin', '--sql-file', '-', '--json', 'id'], env, { stdin: 'pipe', input: sql });
    expect(result.exitCode, result.stderr).toBe(0);
    expect((await serverQuery(JSON.parse(result.stdout).id)).sql).toBe(sql);
  });

  it('a missing --sql-file is exit 2 naming the flag and the file, nothing sent', async () => {
    const missing = path.join(dir, 'no-such.sql');
    const result = await ws(['queries', 'create', '--name', 'Nope', '--sql-file', missing], env);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`error: cannot read --sql-file ${missing}: no such file`);
    expect(await emu.requests()).toEqual([]);
  });

  it('--parameters-file (YAML) declares parameters, followed by the --param ones', async () => {
    const yaml = file(
      'params.yaml',
      ['- name: start_date', '  type: date', "  description: 'first day: inclusive'", "  defaultValue: '2026-02-01'", '- name: country', '  type: text', '  description: ISO code', "  defaultValue: DE"].join('\n'),
    );
    const result = await ws(
      ['queries', 'create', '--name', 'Params from YAML', '--sql', 'SELECT {{start_date}} AS d, {{country}} AS c, {{n}} AS n', '--parameters-file', yaml, '--param', 'n:integer=3:how many', '--json', 'id,parameters'],
      env,
    );
    expect(result.exitCode, result.stderr).toBe(0);
    const expected = [
      { name: 'start_date', type: 'date', description: 'first day: inclusive', defaultValue: '2026-02-01' },
      { name: 'country', type: 'text', description: 'ISO code', defaultValue: 'DE' },
      { name: 'n', type: 'integer', description: 'how many', defaultValue: '3' },
    ];
    const body = JSON.parse(result.stdout);
    expect(body.parameters).toEqual(expected);
    expect((await serverQuery(body.id)).parameters).toEqual(expected);
  });

  it('--metadata @file reads JSON from a file', async () => {
    const metadata = { owner: 'ana', nested: { level: 2, list: [1, null, 'x'] } };
    const result = await ws(['queries', 'create', '--name', 'Metadata from file', '--sql', 'SELECT 1', '--metadata', `@${file('meta.json', JSON.stringify(metadata))}`, '--json', 'id'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect((await serverQuery(JSON.parse(result.stdout).id)).metadata).toEqual(metadata);
  });

  it('--metadata that is not JSON is exit 2 before sending', async () => {
    const result = await ws(['queries', 'create', '--name', 'Bad metadata', '--sql', 'SELECT 1', '--metadata', '{team: finance}'], env);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^error: invalid --metadata: not JSON/m);
    expect(await emu.requests()).toEqual([]);
  });

  it('--dry-run prints the method, path and body and sends nothing', async () => {
    const result = await ws(['queries', 'create', '--name', 'Dry run', '--sql', 'SELECT 1', '--param', 'day:date=2026-01-01:the day', '--metadata', '{"a":1}', '--dry-run'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    const [first, ...rest] = result.stdout.split('\n');
    expect(first).toBe('POST /queries');
    expect(JSON.parse(rest.join('\n'))).toEqual({
      name: 'Dry run',
      sql: 'SELECT 1',
      metadata: { a: 1 },
      userAgent: 'cli',
      parameters: [{ name: 'day', type: 'date', description: 'the day', defaultValue: '2026-01-01' }],
    });
    expect(result.stderr).toContain('dry run: nothing was sent');
    expect(await emu.requests()).toEqual([]);
    // and with --json, the same request as one JSON document
    const json = await ws(['queries', 'create', '--name', 'Dry run', '--sql', 'SELECT 1', '--dry-run', '--json'], env);
    expect(json.exitCode).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ dryRun: true, method: 'POST', path: '/queries', body: { name: 'Dry run', sql: 'SELECT 1', userAgent: 'cli' } });
    expect(await emu.requests()).toEqual([]);
    const list = await emu.api('GET', '/queries?search=Dry');
    expect(list.json.queries).toEqual([]);
  });

  it('a --name of 501 characters is exit 2 naming --name and the rule; nothing is sent; 500 is fine', async () => {
    const tooLong = await ws(['queries', 'create', '--name', 'x'.repeat(501), '--sql', 'SELECT 1'], env);
    expect(tooLong.exitCode).toBe(2);
    expect(tooLong.stderr).toMatch(/^error: invalid --name "x+\.\.\." \(501 characters\): .*500/m);
    expect(tooLong.stdout).toBe('');
    expect(await emu.requests()).toEqual([]);
    const longest = await ws(['queries', 'create', '--name', 'x'.repeat(500), '--sql', 'SELECT 1', '--dry-run'], env);
    expect(longest.exitCode, longest.stderr).toBe(0);
  });

  it('a --data-source that is not a UUID is exit 2 naming the flag and the value; nothing is sent', async () => {
    const result = await ws(['queries', 'create', '--name', 'Bad source', '--sql', 'SELECT 1', '--data-source', 'warehouse-1'], env);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: invalid --data-source "warehouse-1": must be a UUID');
    expect(await emu.requests()).toEqual([]);
  });

  it('no SQL at all is exit 2 with a hint; both --sql and --sql-file is exit 2', async () => {
    const none = await ws(['queries', 'create', '--name', 'No SQL'], env);
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toContain('--sql-file');
    const both = await ws(['queries', 'create', '--name', 'Both', '--sql', 'SELECT 1', '--sql-file', file('both.sql', 'SELECT 2')], env);
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toContain('error: use --sql or --sql-file, not both');
    expect(await emu.requests()).toEqual([]);
  });
});

describe('empty SQL, from a real process', () => {
  it('`queries update <q> --sql-file - < /dev/null` is exit 2 naming stdin, and the query keeps its SQL', async () => {
    const before = await emu.api('GET', '/queries?search=daily_revenue&limit=1');
    const query = before.json.queries[0];
    await emu.clearRequests();
    const result = await ws(['queries', 'update', query.slug, '--sql-file', '-'], env, { stdin: { file: '/dev/null' } });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: --sql-file - (stdin) is empty: a query needs SQL, nothing was sent');
    expect(await emu.requests()).toEqual([]);
    expect((await emu.api('GET', `/queries/${query.id}`)).json.sql).toBe(query.sql);
  });
});

describe('ws queries update', () => {
  it('changes a query named by its slug: looks the slug up, then PATCHes the id', async () => {
    const { id } = await createQuery('Update me', 'SELECT 1 AS one', ['--description', 'before']);
    await emu.clearRequests();
    const result = await ws(['queries', 'update', 'update_me', '--name', 'Updated name', '--sql', 'SELECT 2 AS two', '--param', 'x:number=1'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('name:\tUpdated name\n');
    expect(result.stdout).toContain('sql:\nSELECT 2 AS two\n');
    expect(routes(await emu.requests())).toEqual(['GET /queries', `PATCH /queries/${id}`]);
    expect((await emu.requests())[0]!.query).toContain('search=update_me');
    const saved = await serverQuery(id);
    expect(saved).toMatchObject({ name: 'Updated name', sql: 'SELECT 2 AS two', description: 'before', parameters: [{ name: 'x', type: 'number', defaultValue: '1', description: '' }] });
  });

  it('--clear-description removes the description', async () => {
    const { id, slug } = await createQuery('Clear my description', 'SELECT 1', ['--description', 'soon gone']);
    expect((await serverQuery(id)).description).toBe('soon gone');
    const result = await ws(['queries', 'update', slug, '--clear-description', '--json', 'description'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ description: null });
    expect((await serverQuery(id)).description).toBeNull();
  });

  it('nothing to update is exit 2 listing the flags; nothing is sent', async () => {
    const result = await ws(['queries', 'update', 'daily_revenue'], env);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: nothing to update');
    expect(result.stderr).toContain('--clear-description');
    expect(await emu.requests()).toEqual([]);
  });

  it('--description together with --clear-description is exit 2', async () => {
    const result = await ws(['queries', 'update', 'daily_revenue', '--description', 'x', '--clear-description'], env);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--clear-description');
    expect(await emu.requests()).toEqual([]);
  });

  it('--dry-run prints the PATCH and changes nothing (a slug is still looked up, a UUID sends nothing)', async () => {
    const { id } = await createQuery('Dry update', 'SELECT 1', ['--description', 'kept']);
    await emu.clearRequests();
    const bySlug = await ws(['queries', 'update', 'dry_update', '--name', 'Renamed', '--clear-description', '--dry-run'], env);
    expect(bySlug.exitCode, bySlug.stderr).toBe(0);
    const [first, ...rest] = bySlug.stdout.split('\n');
    expect(first).toBe(`PATCH /queries/${id}`);
    expect(JSON.parse(rest.join('\n'))).toEqual({ name: 'Renamed', description: null });
    expect(bySlug.stderr).toContain('dry run: nothing was sent');
    expect(routes(await emu.requests())).toEqual(['GET /queries']);
    await emu.clearRequests();
    const byId = await ws(['queries', 'update', id, '--sql', 'SELECT 3', '--dry-run'], env);
    expect(byId.exitCode, byId.stderr).toBe(0);
    expect(byId.stdout.split('\n')[0]).toBe(`PATCH /queries/${id}`);
    expect(await emu.requests()).toEqual([]);
    expect(await serverQuery(id)).toMatchObject({ name: 'Dry update', description: 'kept', sql: 'SELECT 1' });
  });
});

describe('ws queries execute', () => {
  it('without --wait prints the run id on stdout and how to wait on stderr', async () => {
    const result = await ws(['queries', 'execute', dailyRevenue], env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^${uuidRe.source}\\n$`));
    const runId = result.stdout.trim();
    expect(result.stderr).toContain(`ws runs wait ${runId} --data`);
    expect(routes(await emu.requests())).toEqual([`GET /queries/${dailyRevenue}`, `POST /queries/${dailyRevenue}/execute`]);
    const run = await emu.api('GET', `/query-runs/${runId}`);
    expect(run.status).toBe(200);
    expect(run.json.userAgent).toBe('cli');
  });

  it('without --wait, --json prints the API response', async () => {
    const result = await ws(['queries', 'execute', 'daily_revenue', '--json'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    const body = JSON.parse(result.stdout);
    expect(body).toMatchObject({ queryId: dailyRevenue, queryName: 'Daily revenue' });
    expect(body.queryRunId).toMatch(uuidRe);
    expect(['PENDING', 'SUBMITTED', 'RUNNING', 'COMPLETED']).toContain(body.status);
    expect((await emu.api('GET', `/query-runs/${body.queryRunId}`)).status).toBe(200);
  });

  it('--wait prints the rows of the run it started: tab-separated header and rows through a pipe', async () => {
    const result = await ws(['queries', 'execute', 'daily_revenue', '--wait'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    const runId = result.stderr.match(runLine)?.[1];
    expect(runId).toBeDefined();
    expect(result.stderr).not.toContain('warning');
    const truth = await emu.api('GET', `/queries/${dailyRevenue}/latest/data?limit=1000`);
    expect(truth.json.queryRunId).toBe(runId);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe('day\torders\trevenue');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(1, -1)).toEqual(truth.json.rows.map((r: any) => `${r.day}\t${r.orders}\t${r.revenue}`));
    expect(truth.json.rows.length).toBeGreaterThan(100);
    const posts = (await emu.requests()).filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.path)).toEqual([`/queries/${dailyRevenue}/execute`]);
  });

  it('--wait -o csv prints RFC 4180 with a header', async () => {
    const result = await ws(['queries', 'execute', 'daily_revenue', '--wait', '-o', 'csv', '--limit', '3'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    const truth = await emu.api('GET', `/queries/${dailyRevenue}/latest/data?limit=3`);
    expect(result.stdout).toBe(`day,orders,revenue\n${truth.json.rows.map((r: any) => `${r.day},${r.orders},${r.revenue}\n`).join('')}`);
  });

  it('--wait -o json prints the data envelope of the run it started', async () => {
    const result = await ws(['queries', 'execute', 'daily_revenue', '--wait', '-o', 'json'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    const body = JSON.parse(result.stdout);
    // off a terminal, -o json keeps stderr for errors: the run is the one the server names as the query's latest
    expect(result.stderr).toBe('');
    expect(body.queryRunId).toBe((await emu.api('GET', `/queries/${dailyRevenue}`)).json.lastSuccessfulRunId);
    expect(body.status).toBe('COMPLETED');
    expect(body.columns.map((c: any) => c.name)).toEqual(['day', 'orders', 'revenue']);
    expect(body.rows).toHaveLength(body.totalRowCount);
    expect(body.rows[0]).toEqual({ day: '2026-01-01', orders: expect.any(Number), revenue: expect.stringMatching(/^\d+\.\d{2}$/) });
    expect(result.stdout).toBe(`${JSON.stringify(body, null, 2)}\n`);
  });

  it('--wait -o ndjson prints one row per line', async () => {
    const result = await ws(['queries', 'execute', dailyRevenue, '--wait', '-o', 'ndjson'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    const truth = await emu.api('GET', `/queries/${dailyRevenue}/latest/data?limit=1000`);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line))).toEqual(truth.json.rows);
  });

  it('--param values change the result; a value filtering everything out leaves the header only', async () => {
    const defaults = await ws(['queries', 'execute', 'revenue_by_country', '--wait', '-o', 'ndjson'], env);
    expect(defaults.exitCode, defaults.stderr).toBe(0);
    const since = await ws(['queries', 'execute', 'revenue_by_country', '--param', 'start_date=2026-10-01', '--wait', '-o', 'ndjson'], env);
    expect(since.exitCode, since.stderr).toBe(0);
    const orders = (text: string) => text.trimEnd().split('\n').map((line) => JSON.parse(line).orders as number).reduce((a, b) => a + b, 0);
    expect(orders(defaults.stdout)).toBeGreaterThan(0);
    expect(orders(since.stdout)).toBeGreaterThan(0);
    expect(orders(since.stdout)).toBeLessThan(orders(defaults.stdout));
    const none = await ws(['queries', 'execute', revenueByCountry, '--param', 'min_amount=1000000', '--param', 'start_date=2026-01-01', '--wait'], env);
    expect(none.exitCode, none.stderr).toBe(0);
    expect(none.stdout).toBe('country\torders\trevenue\n');
  });

  it('an undeclared --param is exit 2 listing the declared ones; nothing is executed', async () => {
    const result = await ws(['queries', 'execute', 'revenue_by_country', '--param', 'region=EU', '--wait'], env);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: query revenue_by_country has no parameter "region"');
    expect(result.stderr).toContain('start_date, min_amount');
    expect((await emu.requests()).filter((r) => r.method !== 'GET')).toEqual([]);
    const runs = await emu.api('GET', `/queries/${revenueByCountry}/query-runs?limit=100`);
    const before = runs.json.total;
    const again = await ws(['queries', 'execute', 'revenue_by_country', '--param', 'region=EU'], env);
    expect(again.exitCode).toBe(2);
    expect((await emu.api('GET', `/queries/${revenueByCountry}/query-runs?limit=100`)).json.total).toBe(before);
  });

  it('a run that fails is exit 5 with its error on stderr and nothing on stdout', async () => {
    const result = await ws(['queries', 'execute', 'churn_report', '--wait'], env);
    expect(result.exitCode).toBe(5);
    expect(result.stdout).toBe('');
    const runId = result.stderr.match(runLine)?.[1];
    expect(result.stderr).toContain(`error: query run ${runId} FAILED: `);
    expect(result.stderr).toMatch(/subscriptions does not exist/);
    expect(result.stderr).toContain(`ws runs get ${runId}`);
  });

  it('a failing run is exit 5 with --json too, the error as one JSON object on stderr', async () => {
    const result = await ws(['queries', 'execute', brokenReport, '--wait', '--json', '-q'], env);
    expect(result.exitCode).toBe(5);
    expect(result.stdout).toBe('');
    const error = JSON.parse(result.stderr).error;
    expect(error.message).toMatch(/FAILED: .*subscriptions does not exist/);
  });

  it('--timeout passing is exit 6; the hint names `ws runs wait <id>`, and the run goes on', async () => {
    await slow.clearRequests();
    const result = await ws(['queries', 'execute', 'daily_revenue', '--wait', '--timeout', '1ms'], slowEnv);
    expect(result.exitCode).toBe(6);
    expect(result.stdout).toBe('');
    const runId = result.stderr.match(runLine)?.[1];
    expect(runId).toBeDefined();
    expect(result.stderr).toMatch(new RegExp(`^error: gave up waiting for query run ${runId} after .*goes on`, 'm'));
    expect(result.stderr).toContain(`ws runs wait ${runId}`);
    expect(routes(await slow.requests())).toContain(`POST /queries/${dailyRevenue}/execute`);
    // the command in the hint picks the wait up, and the run did go on to completion
    const resumed = await ws(['runs', 'wait', runId!, '--json', 'status'], slowEnv);
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout)).toEqual({ status: 'COMPLETED' });
  });

  it('--no-data prints the final status instead of the rows, and reads no data', async () => {
    const result = await ws(['queries', 'execute', 'daily_revenue', '--wait', '--no-data'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    const runId = result.stderr.match(runLine)?.[1];
    expect(result.stdout).toContain(`run:\t${runId}\n`);
    expect(result.stdout).toContain('status:\tCOMPLETED\n');
    expect(result.stdout).toMatch(/PENDING {2}queued/);
    expect(result.stdout).toMatch(/COMPLETED {2}\d+ rows/);
    expect(result.stdout).not.toContain('day\torders');
    expect((await emu.requests()).filter((r) => r.path.endsWith('/latest/data'))).toEqual([]);
    const json = await ws(['queries', 'execute', 'daily_revenue', '--wait', '--no-data', '--json', 'status'], env);
    expect(json.exitCode, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ status: 'COMPLETED' });
  });

  it('Ctrl-C while waiting is exit 130; stderr names the run and `ws runs wait <id>`; the run goes on', async () => {
    const child = spawnWs(['queries', 'execute', 'daily_revenue', '--wait'], slowEnv);
    let runId: string;
    try {
      runId = (await waitForOutput(child.stderr, runLine))[1]!;
    } finally {
      child.kill('SIGINT');
    }
    const result = await child;
    expect(result.exitCode).toBe(130);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`error: stopped waiting for query run ${runId}; it goes on`);
    expect(result.stderr).toContain(`ws runs wait ${runId}`);
    const resumed = await ws(['runs', 'wait', runId, '--json', 'status'], slowEnv);
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout)).toEqual({ status: 'COMPLETED' });
  });

  it('a UUID is used as it is; a slug is looked up with search; a missing slug is exit 4 and nothing runs', async () => {
    const byId = await ws(['queries', 'execute', topCustomers], env);
    expect(byId.exitCode, byId.stderr).toBe(0);
    expect((await emu.requests()).some((r) => r.path === '/queries')).toBe(false);
    await emu.clearRequests();
    const bySlug = await ws(['queries', 'execute', 'top_customers'], env);
    expect(bySlug.exitCode, bySlug.stderr).toBe(0);
    const seen = await emu.requests();
    expect(routes(seen)).toEqual(['GET /queries', `POST /queries/${topCustomers}/execute`]);
    expect(seen[0]!.query).toContain('search=top_customers');
    await emu.clearRequests();
    const missing = await ws(['queries', 'execute', 'top_customer', '--wait'], env);
    expect(missing.exitCode).toBe(4);
    expect(missing.stderr).toContain('error: no query has the slug or name "top_customer"');
    expect(missing.stderr).toContain('top_customers');
    // the search, then every query (a search may heed case); nothing runs
    expect(routes(await emu.requests())).toEqual(['GET /queries', 'GET /queries']);
  });
});

describe('ws queries runs', () => {
  let id: string;
  beforeAll(async () => {
    ({ id } = await createQuery('Many runs', 'SELECT 1 AS one'));
    const started = await Promise.all(Array.from({ length: 105 }, () => emu.api('POST', `/queries/${id}/execute`, {})));
    expect(started.every((r) => r.status === 202)).toBe(true);
  }, 30_000);

  it('--limit n lists the newest n runs', async () => {
    const result = await ws(['queries', 'runs', 'many_runs', '--limit', '2'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('ID\tSTATUS\tROWS\tDURATION\tSTARTED\tERROR');
    expect(lines).toHaveLength(3);
    const listed = (await emu.requests()).filter((r) => r.path.endsWith('/query-runs'));
    expect(listed.map((r) => r.query)).toEqual(['?limit=2&offset=0']);
    const truth = await emu.api('GET', `/queries/${id}/query-runs?limit=2`);
    expect(lines.slice(1).map((line) => line.split('\t')[0])).toEqual(truth.json.runs.map((r: any) => r.id));
  });

  it('--all fetches every page and prints one envelope describing the whole', async () => {
    const result = await ws(['queries', 'runs', id, '--all', '--json', 'id,queryId'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    const body = JSON.parse(result.stdout);
    expect(body.runs).toHaveLength(105);
    expect(new Set(body.runs.map((r: any) => r.id)).size).toBe(105);
    expect(body.runs.every((r: any) => r.queryId === id && Object.keys(r).length === 2)).toBe(true);
    expect(body).toMatchObject({ total: 105, limit: 105, offset: 0 });
    const listed = (await emu.requests()).filter((r) => r.path.endsWith('/query-runs'));
    expect(listed.map((r) => r.query)).toEqual(['?limit=100&offset=0', '?limit=100&offset=100']);
  });

  it('--all with --limit is exit 2', async () => {
    const result = await ws(['queries', 'runs', id, '--all', '--limit', '5'], env);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--all and --limit cannot be used together');
    expect(await emu.requests()).toEqual([]);
  });
});

describe('ws queries data', () => {
  it('csv quotes commas, quotes and newlines, leaves NULL empty and writes nested values as JSON', async () => {
    const sql = `SELECT 'a,b' AS c1, 'say "hi"' AS c2, 'line1' || chr(10) || 'line2' AS c3, NULL AS c4, {'k': 1, 's': 'x,y'} AS nested, [1, 2] AS list, 42 AS num`;
    const { id } = await createQuery('Awkward values', sql);
    const executed = await ws(['queries', 'execute', 'awkward_values', '--wait', '-o', 'csv'], env);
    expect(executed.exitCode, executed.stderr).toBe(0);
    const expected = 'c1,c2,c3,c4,nested,list,num\n"a,b","say ""hi""","line1\nline2",,"{""k"":1,""s"":""x,y""}","[1,2]",42\n';
    expect(executed.stdout).toBe(expected);
    const data = await ws(['queries', 'data', id, '-o', 'csv'], env);
    expect(data.exitCode, data.stderr).toBe(0);
    expect(data.stdout).toBe(expected);
    const tsv = await ws(['queries', 'data', 'awkward_values', '-o', 'tsv'], env);
    expect(tsv.stdout).toBe('c1\tc2\tc3\tc4\tnested\tlist\tnum\na,b\tsay "hi"\tline1\\nline2\t\t{"k":1,"s":"x,y"}\t[1,2]\t42\n');
    const json = await ws(['queries', 'data', 'awkward_values', '-o', 'ndjson'], env);
    expect(JSON.parse(json.stdout)).toEqual({ c1: 'a,b', c2: 'say "hi"', c3: 'line1\nline2', c4: null, nested: { k: 1, s: 'x,y' }, list: [1, 2], num: 42 });
  });

  describe('over many pages', () => {
    let id: string;
    beforeAll(async () => {
      ({ id } = await createQuery('Range 25000', 'SELECT range AS n FROM range(25000)'));
      const executed = await ws(['queries', 'execute', id, '--wait', '--no-data', '-q', '--json', 'status'], env);
      expect(executed.exitCode, executed.stderr).toBe(0);
      expect(JSON.parse(executed.stdout)).toEqual({ status: 'COMPLETED' });
    });

    it('--all -o ndjson streams every row, in order, page by page', async () => {
      const result = await ws(['queries', 'data', 'range_25000', '--all', '-o', 'ndjson'], env);
      expect(result.exitCode, result.stderr).toBe(0);
      const lines = result.stdout.trimEnd().split('\n');
      expect(lines).toHaveLength(25_000);
      expect(lines.map((line) => JSON.parse(line).n)).toEqual(Array.from({ length: 25_000 }, (_, i) => i));
      const pages = (await emu.requests()).filter((r) => r.path === `/queries/${id}/latest/data`);
      // pages of 10,000, the later ones asked for together (so they may arrive in any order)
      expect(pages.map((r) => r.query).sort()).toEqual(['?limit=10000&offset=0', '?limit=10000&offset=10000', '?limit=10000&offset=20000']);
    });

    it('--limit 15000 fetches just enough pages', async () => {
      const result = await ws(['queries', 'data', id, '--limit', '15000', '-o', 'csv'], env);
      expect(result.exitCode, result.stderr).toBe(0);
      const records = result.stdout.split('\n');
      expect(records[0]).toBe('n');
      expect(records.slice(1, -1)).toEqual(Array.from({ length: 15_000 }, (_, i) => String(i)));
      const pages = (await emu.requests()).filter((r) => r.path === `/queries/${id}/latest/data`);
      expect(pages.map((r) => r.query)).toEqual(['?limit=10000&offset=0', '?limit=5000&offset=10000']);
    });

    it('--all -o json prints one envelope whose counts describe the whole', async () => {
      const result = await ws(['queries', 'data', id, '--all', '-o', 'json'], env);
      expect(result.exitCode, result.stderr).toBe(0);
      const body = JSON.parse(result.stdout);
      expect(body.rows).toHaveLength(25_000);
      expect(body.rows[24_999]).toEqual({ n: 24_999 });
      expect(body).toMatchObject({ totalRowCount: 25_000, returnedRowCount: 25_000, status: 'COMPLETED' });
      expect(body.queryRunId).toBe((await serverQuery(id)).lastSuccessfulRunId);
    });

    it('--offset skips rows', async () => {
      const result = await ws(['queries', 'data', id, '--offset', '24998', '-o', 'ndjson'], env);
      expect(result.exitCode, result.stderr).toBe(0);
      expect(result.stdout).toBe('{"n":24998}\n{"n":24999}\n');
    });
  });

  it('a reader that goes away early (`| head -n 3`) is not an error: ws exits 0 and says nothing', async () => {
    // ~2 MB of csv: far more than a pipe buffer holds, so ws is still writing when head exits.
    const { id } = await executeAndReturnQuery('Wide rows', "SELECT range AS n, repeat('x', 100) AS pad FROM range(20000)");
    const stderrFile = path.join(dir, 'head-stderr.txt');
    // with pipefail, the pipeline (and so bash) exits non-zero if ws does: head itself always exits 0
    const script = `set -o pipefail; "$NODE" "$WS_BIN" queries data ${id} --all -o csv 2>"$ERR_FILE" | head -n 3`;
    const result = await execa('bash', ['-c', script], {
      env: { PATH: process.env.PATH, NODE: process.execPath, WS_BIN: wsBin, ERR_FILE: stderrFile, WS_CONFIG_DIR: tempConfigDir(), ...env },
      extendEnv: false,
      reject: false,
      timeout: 20_000,
      stdin: 'ignore',
      stripFinalNewline: false,
    });
    expect(result.exitCode).toBe(0);
    const pad = 'x'.repeat(100);
    expect(String(result.stdout)).toBe(`n,pad\n0,${pad}\n1,${pad}\n`);
    expect(fs.readFileSync(stderrFile, 'utf8')).toBe('');
  });

  it('a query with no successful run is exit 4 with the server message', async () => {
    const { id } = await createQuery('Never run', 'SELECT 1');
    const result = await ws(['queries', 'data', id], env);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('has no successful run yet');
    expect(result.stdout).toBe('');
  });
});

async function executeAndReturnQuery(name: string, sql: string): Promise<{ id: string; slug: string; runId: string }> {
  const created = await createQuery(name, sql);
  return { ...created, runId: await executeDirectly(created.id) };
}

describe('ws runs', () => {
  let runId: string;
  beforeAll(async () => {
    runId = await executeDirectly(dailyRevenue);
  });

  it('get shows the status and the whole history; --json is the API body unchanged', async () => {
    const result = await ws(['runs', 'get', runId], env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain(`run:\t${runId}\n`);
    expect(result.stdout).toContain('status:\tCOMPLETED\n');
    const states = [...result.stdout.matchAll(/\d{4}-\d\d-\d\dT[\d:.]+Z {2}([A-Z]+)/g)].map((m) => m[1]);
    expect(states).toEqual(['PENDING', 'SUBMITTED', 'RUNNING', 'COMPLETED']);
    const json = await ws(['runs', 'get', runId, '--json'], env);
    expect(json.exitCode).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual((await emu.api('GET', `/query-runs/${runId}`)).json);
  });

  it('result shows rows, duration and columns; --json is the API body unchanged', async () => {
    const result = await ws(['runs', 'result', runId], env);
    expect(result.exitCode, result.stderr).toBe(0);
    const truth = (await emu.api('GET', `/query-runs/${runId}/result`)).json;
    expect(result.stdout).toContain(`query:\t${dailyRevenue}\n`);
    expect(result.stdout).toContain(`rows:\t${truth.rowCount}\n`);
    expect(result.stdout).toContain(`columns:\t${truth.columnSchema.map((c: any) => `${c.name} ${c.type}`).join(', ')}\n`);
    const json = await ws(['runs', 'result', runId, '--json'], env);
    expect(JSON.parse(json.stdout)).toEqual(truth);
  });

  it('wait on a finished run prints its status at once; --data prints its rows', async () => {
    const status = await ws(['runs', 'wait', runId], env);
    expect(status.exitCode, status.stderr).toBe(0);
    expect(status.stdout).toContain('status:\tCOMPLETED\n');
    const data = await ws(['runs', 'wait', runId, '--data', '--limit', '2', '-o', 'csv'], env);
    expect(data.exitCode, data.stderr).toBe(0);
    const truth = (await emu.api('GET', `/queries/${dailyRevenue}/latest/data?limit=2`)).json;
    expect(data.stdout).toBe(`day,orders,revenue\n${truth.rows.map((r: any) => `${r.day},${r.orders},${r.revenue}\n`).join('')}`);
  });

  it('wait follows a run that has just started to its end, and --data prints the rows of that run', async () => {
    const started = await slow.api('POST', `/queries/${dailyRevenue}/execute`, {});
    const id = started.json.queryRunId as string;
    const result = await ws(['runs', 'wait', id, '--data', '-o', 'json', '--limit', '1'], slowEnv);
    expect(result.exitCode, result.stderr).toBe(0);
    const body = JSON.parse(result.stdout);
    expect(body.queryRunId).toBe(id);
    expect(body.rows).toEqual([expect.objectContaining({ day: '2026-01-01' })]);
    expect((await slow.api('GET', `/query-runs/${id}`)).json.status).toBe('COMPLETED');
  });

  it('wait on a failed run is exit 5 with the reason', async () => {
    const started = await emu.api('POST', `/queries/${brokenReport}/execute`, {});
    const id = started.json.queryRunId as string;
    const result = await ws(['runs', 'wait', id], env);
    expect(result.exitCode).toBe(5);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`error: query run ${id} FAILED: `);
    expect(result.stderr).toContain('subscriptions does not exist');
  });

  it('an unknown run id is exit 4; a run id that is not a UUID is exit 2 and nothing is sent', async () => {
    const unknown = await ws(['runs', 'get', '00000000-0000-4000-8000-00000000dead'], env);
    expect(unknown.exitCode).toBe(4);
    expect(unknown.stderr).toMatch(/^error: GET \/query-runs\/00000000-0000-4000-8000-00000000dead: not found \(HTTP 404\)/m);
    await emu.clearRequests();
    const bad = await ws(['runs', 'wait', 'last'], env);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('error: invalid query run id "last": must be a UUID');
    expect(await emu.requests()).toEqual([]);
  });
});
