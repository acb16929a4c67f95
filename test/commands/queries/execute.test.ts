/**
 * `ws queries execute`: starts a run of a saved query; with --wait follows it to its end and prints its rows or, with
 * --no-data, its status. In-process against the emulator (runs of a few milliseconds a state) and, where a run must
 * be held in a state or raced, the stub API server; Ctrl-C sent for real is in test/e2e/queries-runs.test.ts.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { emulatorServer, stubServer } from '../../helpers/command.js';
import { query, queryList, queryRunResult, uuid } from '../../helpers/fixtures.js';
import { demoIds, routes } from '../../helpers/emulator.js';
import { apiQuery, runLine, uuidRe } from '../../helpers/query-setup.js';

const { emu, ws } = emulatorServer();
const dailyRevenue = demoIds.queries.dailyRevenue;
/** A stub for what the emulator never does or does not do at will: drop a connection, a run that stays RUNNING, rows another run replaced. */
const { server: stub, ws: stubWs } = stubServer();
const revenueByCountry = demoIds.queries.revenueByCountry;
const brokenReport = demoIds.queries.brokenReport;
const topCustomers = demoIds.queries.topCustomers;

describe('in a terminal', () => {
  it('--wait shows the state on stderr and the rows as an aligned table under a header', async () => {
    const result = await ws(['queries', 'execute', 'daily_revenue', '--wait', '--limit', '3'], {
      tty: true,
      columns: 100,
      env: { NO_COLOR: '1', WS_PAGER: '' },
    });
    expect(result.exitCode, result.stderr).toBe(0);
    const truth = (await emu.api('GET', `/queries/${dailyRevenue}/latest/data?limit=3`)).json;
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^day +orders +revenue$/);
    expect(lines.slice(1, 4).map((line) => line.trim().split(/ {2,}/))).toEqual(truth.rows.map((r: any) => [r.day, String(r.orders), r.revenue]));
    expect(result.stdout).not.toContain('\t');
    expect(result.stderr).toMatch(runLine);
  });
});

describe('usage errors: exit 2, nothing sent', () => {
  it.each([
    // at a terminal ws would ask for it: --no-prompt makes it the error it is off one (test/commands/prompts.test.ts)
    [['queries', 'execute', '--no-prompt'], "error: missing required argument 'query'"],
    [['queries', 'execute', 'daily_revenue', '--param', 'start_date'], '--param'],
    [['queries', 'execute', 'daily_revenue', '--wait', '--timeout', 'soon'], '--timeout'],
    [['queries', 'execute', 'daily_revenue', '--out', 'rows.csv'], '--out writes the rows of the run: it needs --wait (and not --no-data)'],
    [['queries', 'execute', 'daily_revenue', '--wait', '--no-data', '--out', 'rows.csv'], '--out writes the rows of the run: it needs --wait'],
    [['queries', 'execute', 'daily_revenue', '--wait', '-o', 'parquet', '--no-data'], '-o parquet writes the rows of a query result'],
  ])('%j', async (argv, said) => {
    for (const tty of [false, true]) {
      const result = await ws(argv, { tty });
      expect(result.exitCode, result.stderr).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^error: /);
      expect(result.stderr).toContain(said);
    }
    expect(await emu.requests()).toEqual([]);
  });
});

describe('server errors', () => {
  it('an execute refused with 500 is exit 1 and not sent twice; nothing on stdout', async () => {
    await emu.fault({ path: `^/queries/${dailyRevenue}/execute$`, method: 'POST', status: 500 });
    const result = await ws(['queries', 'execute', dailyRevenue, '--wait']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`error: POST /queries/${dailyRevenue}/execute failed (HTTP 500)`);
    expect(routes(await emu.requests()).filter((route) => route.startsWith('POST'))).toEqual([`POST /queries/${dailyRevenue}/execute`]);
  });
});

describe('ws queries execute', () => {
  it('without --wait prints the run id on stdout and how to wait on stderr', async () => {
    const result = await ws(['queries', 'execute', dailyRevenue]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^${uuidRe.source}\\n$`));
    const runId = result.stdout.trim();
    expect(result.stderr).toContain(`ws runs wait ${runId} --data`);
    expect(routes(await emu.requests())).toEqual([`GET /queries/${dailyRevenue}`, `POST /queries/${dailyRevenue}/execute`]);
    const run = await emu.api('GET', `/query-runs/${runId}`);
    expect(run.status).toBe(200);
    expect(run.json.userAgent).toBe('cli');
  });

  it("without --wait, the command that waits carries the output format given, not --json fields or --jq chosen for the start's answer", async () => {
    const csv = await ws(['queries', 'execute', dailyRevenue, '-o', 'csv', '--crlf', '--limit', '5']);
    expect(csv.exitCode, csv.stderr).toBe(0);
    expect(csv.stderr).toBe(
      `Started run ${csv.stdout.trim()} of daily_revenue. Wait for it: ws runs wait ${csv.stdout.trim()} --data --limit 5 -o csv --crlf\n`,
    );
    // the rows have no field queryRunId: the pasted command would fail on it
    const json = await ws(['queries', 'execute', dailyRevenue, '--json', 'queryRunId'], { stderrIsTTY: true });
    const runId = JSON.parse(json.stdout).queryRunId;
    expect(json.stderr).toBe(`Started run ${runId} of daily_revenue. Wait for it: ws runs wait ${runId} --data --json\n`);
    // the example of docs/scripts-and-ci.md ("Printed commands") is what ws prints, the run's id shortened there
    const doc = fs.readFileSync(fileURLToPath(new URL('../../../docs/scripts-and-ci.md', import.meta.url)), 'utf8').replace(/\s+/g, ' ');
    const [, command, hint, shortId] = /`(ws queries execute daily_revenue -o csv)` ends with `(Wait for it: ws runs wait (\S+) --data -o csv)`/.exec(doc)!;
    const example = await ws(command!.split(' ').slice(1));
    expect(
      example.stderr
        .trim()
        .replace(/^.*\. (Wait for it)/, '$1')
        .replace(example.stdout.trim(), '<id>'),
    ).toBe(hint!.replace(shortId!, '<id>'));
    const jq = await ws(['queries', 'execute', dailyRevenue, '--jq', '.queryRunId'], { stderrIsTTY: true });
    expect(jq.stderr).toBe(`Started run ${jq.stdout.trim()} of daily_revenue. Wait for it: ws runs wait ${jq.stdout.trim()} --data\n`);
  });

  it('without --wait, --json prints the API response', async () => {
    const result = await ws(['queries', 'execute', 'daily_revenue', '--json']);
    expect(result.exitCode, result.stderr).toBe(0);
    const body = JSON.parse(result.stdout);
    expect(body).toMatchObject({ queryId: dailyRevenue, queryName: 'Daily revenue' });
    expect(body.queryRunId).toMatch(uuidRe);
    expect(['PENDING', 'SUBMITTED', 'RUNNING', 'COMPLETED']).toContain(body.status);
    expect((await emu.api('GET', `/query-runs/${body.queryRunId}`)).status).toBe(200);
  });

  it('--wait prints the rows of the run it started: tab-separated header and rows through a pipe', async () => {
    const result = await ws(['queries', 'execute', 'daily_revenue', '--wait']);
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
    const result = await ws(['queries', 'execute', 'daily_revenue', '--wait', '-o', 'csv', '--limit', '3']);
    expect(result.exitCode, result.stderr).toBe(0);
    const truth = await emu.api('GET', `/queries/${dailyRevenue}/latest/data?limit=3`);
    expect(result.stdout).toBe(`day,orders,revenue\n${truth.json.rows.map((r: any) => `${r.day},${r.orders},${r.revenue}\n`).join('')}`);
  });

  it('--wait -o json prints the data envelope of the run it started', async () => {
    const result = await ws(['queries', 'execute', 'daily_revenue', '--wait', '-o', 'json']);
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
    const result = await ws(['queries', 'execute', dailyRevenue, '--wait', '-o', 'ndjson']);
    expect(result.exitCode, result.stderr).toBe(0);
    const truth = await emu.api('GET', `/queries/${dailyRevenue}/latest/data?limit=1000`);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line))).toEqual(truth.json.rows);
  });

  it('--param values change the result; a value filtering everything out leaves the header only', async () => {
    const defaults = await ws(['queries', 'execute', 'revenue_by_country', '--wait', '-o', 'ndjson']);
    expect(defaults.exitCode, defaults.stderr).toBe(0);
    const since = await ws(['queries', 'execute', 'revenue_by_country', '--param', 'start_date=2026-10-01', '--wait', '-o', 'ndjson']);
    expect(since.exitCode, since.stderr).toBe(0);
    const orders = (text: string) =>
      text
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line).orders as number)
        .reduce((a, b) => a + b, 0);
    expect(orders(defaults.stdout)).toBeGreaterThan(0);
    expect(orders(since.stdout)).toBeGreaterThan(0);
    expect(orders(since.stdout)).toBeLessThan(orders(defaults.stdout));
    const none = await ws(['queries', 'execute', revenueByCountry, '--param', 'min_amount=1000000', '--param', 'start_date=2026-01-01', '--wait']);
    expect(none.exitCode, none.stderr).toBe(0);
    expect(none.stdout).toBe('country\torders\trevenue\n');
  });

  it("--param st= passes the empty string, not the default: '' is a value (issue 39)", async () => {
    const { status, json } = await emu.api('POST', '/queries', {
      name: 'Status filter',
      sql: 'SELECT {{st}} AS st, length({{st}}) AS n',
      parameters: [{ name: 'st', type: 'text', description: 'order status', defaultValue: 'paid' }],
      userAgent: 'cli',
    });
    expect(status).toBe(201);
    const empty = await ws(['queries', 'execute', json.slug, '--param', 'st=', '--wait', '-q', '-o', 'csv']);
    expect(empty.exitCode, empty.stderr).toBe(0);
    expect(empty.stdout).toBe('st,n\n"",0\n');
    const left = await ws(['queries', 'execute', json.slug, '--wait', '-q', '-o', 'csv']);
    expect(left.stdout).toBe('st,n\npaid,4\n');
  });

  it('an undeclared --param is exit 2 listing the declared ones; nothing is executed', async () => {
    const result = await ws(['queries', 'execute', 'revenue_by_country', '--param', 'region=EU', '--wait']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: query revenue_by_country has no parameter "region"');
    expect(result.stderr).toContain('start_date, min_amount');
    expect((await emu.requests()).filter((r) => r.method !== 'GET')).toEqual([]);
    const runs = await emu.api('GET', `/queries/${revenueByCountry}/query-runs?limit=100`);
    const before = runs.json.total;
    const again = await ws(['queries', 'execute', 'revenue_by_country', '--param', 'region=EU']);
    expect(again.exitCode).toBe(2);
    expect((await emu.api('GET', `/queries/${revenueByCountry}/query-runs?limit=100`)).json.total).toBe(before);
  });

  it('a run that fails is exit 5 with its error on stderr and nothing on stdout', async () => {
    const result = await ws(['queries', 'execute', 'churn_report', '--wait']);
    expect(result.exitCode).toBe(5);
    expect(result.stdout).toBe('');
    const runId = result.stderr.match(runLine)?.[1];
    expect(result.stderr).toContain(`error: query run ${runId} FAILED: `);
    expect(result.stderr).toMatch(/subscriptions does not exist/);
    expect(result.stderr).toContain(`ws runs get ${runId}`);
  });

  it('a failing run is exit 5 with --json too, the error as one JSON object on stderr', async () => {
    const result = await ws(['queries', 'execute', brokenReport, '--wait', '--json', '-q']);
    expect(result.exitCode).toBe(5);
    expect(result.stdout).toBe('');
    const error = JSON.parse(result.stderr).error;
    expect(error.message).toMatch(/FAILED: .*subscriptions does not exist/);
  });

  it('--timeout passing is exit 6; the hint names `ws runs wait <id>`, and the run goes on', async () => {
    const id = uuid();
    const runId = uuid();
    let resumed = false;
    const status = (state: string) => ({
      queryRunId: runId,
      status: state,
      message: null,
      userAgent: 'cli',
      createdAt: '2026-11-20T10:00:00.000Z',
      history: [],
    });
    stub
      .on('GET', `/queries/${id}`, { body: query({ id }) })
      .on('POST', `/queries/${id}/execute`, { status: 202, body: { queryId: id, queryRunId: runId, status: 'PENDING' } })
      // RUNNING while the first command waits (1 ms may end before its first poll, or after it); COMPLETED for the wait it names
      .on('GET', `/query-runs/${runId}`, () => ({ body: status(resumed ? 'COMPLETED' : 'RUNNING') }));
    const result = await stubWs(['queries', 'execute', id, '--wait', '--timeout', '1ms'], { clock: Date.now });
    expect(result.exitCode).toBe(6);
    expect(result.stdout).toBe('');
    // --timeout ends the first status request too: the run is named by the error
    expect(result.stderr).toMatch(new RegExp(`^error: gave up waiting for query run ${runId} after .*goes on`, 'm'));
    expect(result.stderr).toContain(`ws runs wait ${runId}`);
    // the command in the hint picks the wait up
    resumed = true;
    const waited = await stubWs(['runs', 'wait', runId, '--json', 'status']);
    expect(waited.exitCode, waited.stderr).toBe(0);
    expect(JSON.parse(waited.stdout)).toEqual({ status: 'COMPLETED' });
  });

  it('--no-data prints the final status instead of the rows, and reads no data', async () => {
    const result = await ws(['queries', 'execute', 'daily_revenue', '--wait', '--no-data']);
    expect(result.exitCode, result.stderr).toBe(0);
    const runId = result.stderr.match(runLine)?.[1];
    expect(result.stdout).toContain(`run:\t${runId}\n`);
    expect(result.stdout).toContain('status:\tCOMPLETED\n');
    expect(result.stdout).toMatch(/PENDING {2}queued/);
    expect(result.stdout).toMatch(/COMPLETED {2}\d+ rows/);
    expect(result.stdout).not.toContain('day\torders');
    expect((await emu.requests()).filter((r) => r.path.endsWith('/latest/data'))).toEqual([]);
    const json = await ws(['queries', 'execute', 'daily_revenue', '--wait', '--no-data', '--json', 'status']);
    expect(json.exitCode, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ status: 'COMPLETED' });
  });

  it('a UUID is used as it is; a slug is looked up with search; a missing slug is exit 4 and nothing runs', async () => {
    const byId = await ws(['queries', 'execute', topCustomers]);
    expect(byId.exitCode, byId.stderr).toBe(0);
    expect((await emu.requests()).some((r) => r.path === '/queries')).toBe(false);
    await emu.clearRequests();
    const bySlug = await ws(['queries', 'execute', 'top_customers']);
    expect(bySlug.exitCode, bySlug.stderr).toBe(0);
    const seen = await emu.requests();
    expect(routes(seen)).toEqual(['GET /queries', `POST /queries/${topCustomers}/execute`]);
    expect(seen[0]!.query).toContain('search=top_customers');
    await emu.clearRequests();
    const missing = await ws(['queries', 'execute', 'top_customer', '--wait']);
    expect(missing.exitCode).toBe(4);
    expect(missing.stderr).toContain('error: no query has the slug or name "top_customer"');
    expect(missing.stderr).toContain('top_customers');
    // the search, then every query (a search may heed case); nothing runs
    expect(routes(await emu.requests())).toEqual(['GET /queries', 'GET /queries']);
  });
});

describe('a query by its name', () => {
  it('execute takes the exact name: one search, then the run of that query', async () => {
    const result = await ws(['queries', 'execute', 'Daily revenue', '--json', 'queryId']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ queryId: dailyRevenue });
    const seen = await emu.requests();
    expect(routes(seen)).toEqual(['GET /queries', `POST /queries/${dailyRevenue}/execute`]);
    expect(seen[0]!.query).toContain('search=Daily+revenue');
  });

  it('a name two queries share is exit 4 listing both slugs; nothing runs', async () => {
    const [a, b] = [await apiQuery(emu, 'Shared name'), await apiQuery(emu, 'Shared name')];
    await emu.clearRequests();
    const result = await ws(['queries', 'execute', 'Shared name']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toBe(`error: the name "Shared name" matches 2 queries\nhint: use the slug of one: ${b.slug} (${b.id}), ${a.slug} (${a.id})\n`);
    expect(routes(await emu.requests())).toEqual(['GET /queries']);
    // each slug still names its own query
    const bySlug = await ws(['queries', 'get', b.slug, '--json', 'id']);
    expect(JSON.parse(bySlug.stdout)).toEqual({ id: b.id });
  });

  it('a name nothing has is exit 4 with the likeliest', async () => {
    const result = await ws(['queries', 'execute', 'Daily revenu']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toBe(
      `error: no query has the slug or name "Daily revenu"\nhint: the likeliest: "daily_revenue" or "Daily revenue" (${dailyRevenue}); see which there are: \`ws queries list\`\n`,
    );
  });
});

describe('parameter values are checked against their declared types', () => {
  it.each([
    ['min_amount=abc', 'invalid --param min_amount=abc: min_amount is a number, and "abc" is not a number'],
    ['start_date=June', 'invalid --param start_date=June: start_date is a date, and "June" is not a calendar date (YYYY-MM-DD)'],
  ])('%s is exit 2 and no run starts', async (param, message) => {
    const result = await ws(['queries', 'execute', 'revenue_by_country', '--param', param]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`error: ${message}`);
    expect((await emu.requests()).filter((r) => r.method === 'POST')).toEqual([]);
  });
});

describe('--json fields of --wait are the columns of the result', () => {
  it('execute --wait refuses a field that is not a column of the result before starting a run', async () => {
    await emu.clearRequests();
    const result = await ws(['queries', 'execute', 'daily_revenue', '--wait', '--json', 'queryRunId']);
    expect(result.stderr).toBe('{"error":{"code":"usage","message":"unknown JSON field: queryRunId; valid fields: day, orders, revenue"}}\n');
    expect(result.exitCode).toBe(2);
    expect((await emu.requests()).filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('execute --wait with a column prints that column', async () => {
    const result = await ws(['queries', 'execute', 'daily_revenue', '--wait', '--json', 'orders', '--limit', '2', '-q']);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout).rows).toEqual([{ orders: expect.any(Number) }, { orders: expect.any(Number) }]);
  });
});

describe('--param values are checked by their declared type before anything is sent', () => {
  it.each([
    ['start_date=2026-13-45', 'start_date is a date, and "2026-13-45" is not a calendar date (YYYY-MM-DD)'],
    ['start_date=2026-02-30', 'start_date is a date, and "2026-02-30" is not a calendar date (YYYY-MM-DD)'],
    ['start_date=2026-6-1', 'start_date is a date, and "2026-6-1" is not a calendar date (YYYY-MM-DD)'],
    ['min_amount=ten', 'min_amount is a number, and "ten" is not a number'],
    ['min_amount=0x10', 'min_amount is a number, and "0x10" is not a number'],
  ])('--param %s: exit 2 naming the parameter, its type and the value; no run is started', async (pair, says) => {
    const text = await ws(['queries', 'execute', 'revenue_by_country', '--param', pair, '--wait']);
    expect(text.exitCode).toBe(2);
    expect(text.stderr).toContain(`error: invalid --param ${pair}: ${says}`);
    // the hint is a next step, not the message again: the parameter's default, and where the others are
    const name = pair.split('=')[0];
    const fallback = name === 'start_date' ? '2026-01-01' : '0';
    expect(text.stderr).toContain(`hint: leave ${name} out for its default, ${fallback}; see every parameter: ws queries get revenue_by_country\n`);
    const json = await ws(['queries', 'execute', 'revenue_by_country', '--param', pair, '--json']);
    expect(json.exitCode).toBe(2);
    expect(JSON.parse(json.stderr).error).toMatchObject({ code: 'usage', queryId: revenueByCountry });
    // only the lookups of the slug reached the server: no run was started
    const seen = routes(await emu.requests());
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((route) => route !== 'GET /queries')).toEqual([]);
  });

  it('good values of each type still start the run (a leap day among them)', async () => {
    const result = await ws([
      'queries',
      'execute',
      'revenue_by_country',
      '--param',
      'start_date=2024-02-29',
      '--param',
      'min_amount=-1.5e2',
      '--wait',
      '--json',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).status).toBe('COMPLETED');
  });

  it('a name given twice is exit 2 naming both values, and nothing reaches the server', async () => {
    const result = await ws(['queries', 'execute', 'revenue_by_country', '--param', 'min_amount=1', '--param', 'min_amount=2', '--wait']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(
      'error: invalid --param "min_amount=2": min_amount is given twice (min_amount=1 before it)\nhint: give --param min_amount=… once\n',
    );
    expect(await emu.requests()).toEqual([]);
  });
});

describe('a POST whose connection dropped', () => {
  it('says the server may have processed it and how to check, and is sent once', async () => {
    const id = uuid();
    stub.on('GET', `/queries/${id}`, { body: query({ id, slug: 'q_dropped' }) });
    stub.on('POST', `/queries/${id}/execute`, { destroy: true });
    const result = await stubWs(['queries', 'execute', id]);
    expect(result.exitCode).toBe(1);
    expect(stub.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(result.stderr).toMatch(
      new RegExp(`^error: POST /queries/${id}/execute: the connection dropped after the request was sent \\(\\w+\\); the server may have processed it\n`),
    );
    expect(result.stderr).toContain(`hint: check before sending it again: \`ws queries runs ${id}\` lists its runs\n`);
    expect(result.stderr).not.toContain('cannot reach');
  });
});

describe('limits on what a user gives', () => {
  it('--param __proto__=x is exit 2 naming it, not dropped', async () => {
    const result = await stubWs(['queries', 'execute', uuid(), '--param', '__proto__=x']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe('error: invalid --param "__proto__=x": "__proto__" cannot be a name\n');
    expect(stub.requests).toHaveLength(0);
  });

  it('--timeout past what a timer holds is exit 2, before any request', async () => {
    const result = await stubWs(['queries', 'execute', uuid(), '--wait', '--timeout', '25000h']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^error: invalid duration for --timeout: "25000h"/);
    expect(stub.requests).toHaveLength(0);
  });
});

describe('execute --wait and another run of the same query', () => {
  it("refuses the other run's rows: exit 1 naming both runs and how to run it again", async () => {
    // the run this command started completed (the query names it), but a second run of the query, with another
    // --param, completed before its rows were read: the latest data, the only rows the API hands out, are the second run's
    const id = uuid();
    const firstRun = uuid();
    const secondRun = uuid();
    const parameters = [{ name: 'start_date', type: 'date', description: 'first order date', defaultValue: '2026-01-01' }];
    const saved = query({ id, slug: 'revenue_by_country', name: 'Revenue by country', parameters, lastSuccessfulRunId: firstRun });
    stub
      .on('GET', '/queries', { body: queryList([saved]) })
      .on('GET', `/queries/${id}`, { body: saved })
      .on('POST', `/queries/${id}/execute`, { status: 202, body: { queryId: id, queryRunId: firstRun, status: 'PENDING' } })
      .on('GET', `/query-runs/${firstRun}`, {
        body: { queryRunId: firstRun, status: 'COMPLETED', message: null, userAgent: 'cli', createdAt: '2026-11-20T10:00:00.000Z', history: [] },
      })
      .on('GET', `/query-runs/${firstRun}/result`, { body: queryRunResult(firstRun, id) })
      .on('GET', `/queries/${id}/latest/data`, {
        body: { queryRunId: secondRun, status: 'COMPLETED', totalRowCount: 1, returnedRowCount: 1, columns: [{ name: 'country' }], rows: [{ country: 'DE' }] },
      });
    const result = await stubWs(['queries', 'execute', 'revenue_by_country', '--param', 'start_date=2026-01-01', '--wait', '-o', 'csv']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      `error: the latest data of the query belongs to run ${secondRun}, not to run ${firstRun} whose rows this command reads: another run completed after it, so its rows cannot be read any more (the API hands out the rows of a query's latest run only, so parallel runs of one query replace each other's rows)\n` +
        // both print csv, as the command did
        `hint: run it again: ws queries execute revenue_by_country --param start_date=2026-01-01 --wait -o csv (or read the other run's rows: ws queries data revenue_by_country --all -o csv); for parallel jobs, give each job a query of its own, or run them with --no-data\n`,
    );
    expect(stub.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([`/queries/${id}/execute`]);
  });
});

describe('after the run completed (issue 41)', () => {
  it('--wait asks for the run’s result and whether the query names the run at once, then reads the rows', async () => {
    const id = uuid();
    const runId = uuid();
    const status = { queryRunId: runId, status: 'COMPLETED', message: '1 rows', userAgent: 'cli', createdAt: '2026-11-20T10:00:00.000Z', history: [] };
    const result = queryRunResult(runId, id, { completedAt: '2026-11-20T10:00:00.005Z' });
    const rows = { queryRunId: runId, status: 'COMPLETED', totalRowCount: 1, returnedRowCount: 1, columns: [{ name: 'one' }], rows: [{ one: 1 }] };
    // the query asked after the start (whether it names the run as its latest successful one)
    const queryAsked = () => stub.requests.filter((r) => r.path === `/queries/${id}`).length >= 2;
    let askedMeanwhile = false;
    stub
      .on('GET', `/queries/${id}`, { body: query({ id, slug: 'q_after', lastSuccessfulRunId: runId, lastQueryRunId: runId }) })
      .on('POST', `/queries/${id}/execute`, { body: { queryId: id, queryRunId: runId, status: 'PENDING' } })
      .on('GET', `/query-runs/${runId}`, { body: status })
      .on('GET', `/query-runs/${runId}/result`, async () => {
        // answered once the query was asked too, or after 2 s: asked one after the other, it is not meanwhile
        for (let i = 0; i < 40 && !queryAsked(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
        askedMeanwhile = queryAsked();
        return { body: result };
      })
      .on('GET', `/queries/${id}/latest/data`, { body: rows });
    const run = await stubWs(['queries', 'execute', id, '--wait', '-o', 'csv']);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toBe('one\n1\n');
    expect(run.stderr).toContain(`query run ${runId}: COMPLETED, 1 row in 5ms\n`);
    expect(askedMeanwhile).toBe(true);
    const after = stub.requests.map((r) => `${r.method} ${r.path}`).slice(3);
    expect(after.slice(0, 2).sort()).toEqual([`GET /queries/${id}`, `GET /query-runs/${runId}/result`]);
    expect(after.slice(2)).toEqual([`GET /queries/${id}/latest/data`]);
  });
});
