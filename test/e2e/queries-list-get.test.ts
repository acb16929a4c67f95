import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiServer } from '../helpers/api-server.js';
import { query, queryList, queryRun, uuid } from '../helpers/fixtures.js';
import { testKey, ws } from '../helpers/ws.js';

const server = new ApiServer();
let env: Record<string, string>;

beforeAll(async () => {
  await server.start();
  env = { WS_BASE_URL: server.baseUrl, WS_API_KEY: testKey };
});
afterEach(() => {
  expect(server.unmatched).toEqual([]);
  server.reset();
});
afterAll(() => server.stop());

describe('ws queries list', () => {
  it('sends the key and default page, and prints plain columns when stdout is a pipe', async () => {
    const q = query({ lastQueryRun: queryRun({ status: 'FAILED' }) });
    server.on('GET', '/queries', { body: queryList([q]) });
    const result = await ws(['queries', 'list'], env);
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request!.headers['x-api-key']).toBe(testKey);
    expect(request!.headers['user-agent']).toMatch(/^ws\/\d+\.\d+\.\d+ /);
    expect(request!.query).toEqual({ limit: '50', offset: '0' });
    expect(result.stdout).toBe(`ID\tSLUG\tNAME\tLAST RUN\tUPDATED\n${q.id}\tdaily_revenue\tDaily revenue\tFAILED\t2026-11-20T09:00:00.000Z\n`);
    expect(result.stderr).toBe('');
  });

  it('maps every filter flag to its query parameter', async () => {
    server.on('GET', '/queries', { body: queryList([]) });
    const creator = uuid();
    const org = uuid();
    const result = await ws(
      ['queries', 'list', '--search', 'rev', '--sort', 'name', '--direction', 'asc', '--source', 'human', '--created-by', creator, '--owner-org', org, '--no-runs', '--limit', '7', '--offset', '3'],
      env,
    );
    expect(result.exitCode).toBe(0);
    expect(server.requests[0]!.query).toEqual({
      search: 'rev',
      sortBy: 'name',
      sortDirection: 'asc',
      source: 'human',
      createdById: creator,
      ownerOrganizationId: org,
      includeRuns: 'false',
      limit: '7',
      offset: '3',
    });
  });

  it('sends platformOwned=true and refuses it together with --owner-org before sending', async () => {
    server.on('GET', '/queries', { body: queryList([]) });
    expect((await ws(['queries', 'list', '--platform-owned'], env)).exitCode).toBe(0);
    expect(server.requests[0]!.query.platformOwned).toBe('true');
    server.reset();
    const both = await ws(['queries', 'list', '--platform-owned', '--owner-org', uuid()], env);
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toMatch(/^error: .*--owner-org.*--platform-owned|^error: .*--platform-owned.*--owner-org/m);
    expect(server.requests).toHaveLength(0);
  });

  it('rejects a bad --created-by before sending, naming the flag, the value and the rule', async () => {
    const result = await ws(['queries', 'list', '--created-by', 'bob'], env);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: invalid --created-by "bob": must be a UUID');
    expect(server.requests).toHaveLength(0);
  });

  it('rejects a bad --limit and an unknown --sort before sending', async () => {
    const limit = await ws(['queries', 'list', '--limit', '0'], env);
    expect(limit.exitCode).toBe(2);
    expect(limit.stderr).toMatch(/--limit.*'0'.*at least 1/);
    const sort = await ws(['queries', 'list', '--sort', 'size'], env);
    expect(sort.exitCode).toBe(2);
    expect(sort.stderr).toContain('error:');
    expect(sort.stderr).toContain('updated, created, name');
    expect(server.requests).toHaveLength(0);
  });

  it('--all walks every page and prints one envelope describing the whole', async () => {
    const all = Array.from({ length: 230 }, (_, i) => query({ slug: `q_${i}`, name: `Query ${i}` }));
    server.on('GET', '/queries', (request) => {
      const limit = Number(request.query.limit);
      const offset = Number(request.query.offset);
      return { body: { queries: all.slice(offset, offset + limit), total: all.length, limit, offset } };
    });
    const result = await ws(['queries', 'list', '--all', '--json'], env);
    expect(result.exitCode).toBe(0);
    expect(server.requests.map((r) => [r.query.limit, r.query.offset])).toEqual([
      ['100', '0'],
      ['100', '100'],
      ['100', '200'],
    ]);
    const body = JSON.parse(result.stdout);
    expect(body.queries).toHaveLength(230);
    expect(body.queries[229].slug).toBe('q_229');
    expect(body).toMatchObject({ total: 230, limit: 230, offset: 0 });
  });

  it('--limit past the page maximum fetches just enough pages', async () => {
    const all = Array.from({ length: 500 }, (_, i) => query({ slug: `q_${i}` }));
    server.on('GET', '/queries', (request) => {
      const limit = Number(request.query.limit);
      const offset = Number(request.query.offset);
      return { body: { queries: all.slice(offset, offset + limit), total: all.length, limit, offset } };
    });
    const result = await ws(['queries', 'list', '--limit', '150', '-o', 'ndjson'], env);
    expect(result.exitCode).toBe(0);
    expect(server.requests.map((r) => [r.query.limit, r.query.offset])).toEqual([
      ['100', '0'],
      ['50', '100'],
    ]);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(150);
    expect(JSON.parse(lines[149]!).slug).toBe('q_149');
  });

  it('prints a single page exactly as the API sent it, extra fields included', async () => {
    const body = queryList([query({ futureField: { nested: true } })], { nextCursor: 'abc' });
    server.on('GET', '/queries', { body });
    const result = await ws(['queries', 'list', '--json'], env);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(body);
    expect(result.stdout).toBe(`${JSON.stringify(body, null, 2)}\n`);
  });

  it('--json with fields keeps only those fields; an unknown field lists the valid ones, exit 2, nothing sent', async () => {
    const q = query();
    server.on('GET', '/queries', { body: queryList([q]) });
    const result = await ws(['queries', 'list', '--json', 'id,slug'], env);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout).queries).toEqual([{ id: q.id, slug: 'daily_revenue' }]);
    server.reset();
    const bad = await ws(['queries', 'list', '--json', 'id,colour'], env);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('unknown JSON field: colour');
    expect(bad.stderr).toContain('valid fields: id, name, slug');
    expect(server.requests).toHaveLength(0);
  });

  it('--jq filters with real jq and prints strings raw', async () => {
    server.on('GET', '/queries', { body: queryList([query({ slug: 'a_b' }), query({ slug: 'c_d' })]) });
    const result = await ws(['queries', 'list', '--jq', '.queries[] | select(.slug | startswith("c")) | .slug'], env);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('c_d\n');
  });

  it('an invalid --jq expression is exit 2 before any request', async () => {
    const result = await ws(['queries', 'list', '--jq', '.queries[] | select('], env);
    expect(result.exitCode).toBe(2);
    // --jq implies JSON output, so the error is JSON too
    expect(JSON.parse(result.stderr).error.message).toMatch(/^invalid --jq expression: syntax error/);
    expect(server.requests).toHaveLength(0);
  });

  it('csv quotes commas, quotes and newlines (RFC 4180) and tsv escapes tabs and newlines', async () => {
    const q = query({ name: 'Revenue, "net"\nper day', slug: 'net\trev' });
    server.on('GET', '/queries', { body: queryList([q]) });
    const csv = await ws(['queries', 'list', '-o', 'csv'], env);
    expect(csv.stdout).toBe(`id,slug,name,lastQueryRun.status,updatedAt\n${q.id},net\trev,"Revenue, ""net""\nper day",,2026-11-20T09:00:00.000Z\n`);
    const tsv = await ws(['queries', 'list', '-o', 'tsv'], env);
    expect(tsv.stdout).toBe(`id\tslug\tname\tlastQueryRun.status\tupdatedAt\n${q.id}\tnet\\trev\tRevenue, "net"\\nper day\t\t2026-11-20T09:00:00.000Z\n`);
  });

  it('yaml prints the envelope as YAML', async () => {
    server.on('GET', '/queries', { body: queryList([query()]) });
    const result = await ws(['queries', 'list', '-o', 'yaml'], env);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^queries:\n {2}- id: 0{8}-/);
    expect(result.stdout).toContain('    slug: daily_revenue\n');
    expect(result.stdout).toContain('total: 1\n');
  });

  it('strips control characters from server text in tables', async () => {
    server.on('GET', '/queries', { body: queryList([query({ name: 'evil\u001b[2J\u001b]0;pwned\u0007name' })]) });
    const result = await ws(['queries', 'list'], env);
    expect(result.stdout).not.toMatch(/\u001b|\u0007/);
    expect(result.stdout).toContain('evil[2J]0;pwnedname');
  });
});

describe('ws queries get', () => {
  it('gets a query by UUID', async () => {
    const q = query({ parameters: [{ name: 'day', type: 'date', description: 'the day', defaultValue: '2026-01-01' }] });
    server.on('GET', `/queries/${q.id}`, { body: q });
    const result = await ws(['queries', 'get', String(q.id)], env);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('name:\tDaily revenue\n');
    expect(result.stdout).toContain('parameters:\tday=2026-01-01\n');
    expect(result.stdout).toContain('sql:\nSELECT day, sum(amount) AS revenue FROM orders GROUP BY day\n');
  });

  it('resolves a slug through the search parameter, exact match only', async () => {
    const wanted = query({ slug: 'daily_revenue' });
    const other = query({ slug: 'daily_revenue_eu' });
    server.on('GET', '/queries', { body: queryList([other, wanted]) });
    server.on('GET', `/queries/${wanted.id}`, { body: wanted });
    const result = await ws(['queries', 'get', 'daily_revenue', '--json', 'id,slug'], env);
    expect(result.exitCode).toBe(0);
    expect(server.requests[0]!.query).toMatchObject({ search: 'daily_revenue', includeRuns: 'false' });
    expect(JSON.parse(result.stdout)).toEqual({ id: wanted.id, slug: 'daily_revenue' });
  });

  it('a slug that matches nothing exactly is exit 4 with the candidates', async () => {
    server.on('GET', '/queries', { body: queryList([query({ slug: 'daily_revenue_eu' })]) });
    const result = await ws(['queries', 'get', 'daily_revenue'], env);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('error: no query has the slug or name "daily_revenue"');
    expect(result.stderr).toContain('daily_revenue_eu');
  });

  it('a slug that matches two queries is exit 4 listing both', async () => {
    const a = query({ slug: 'dup' });
    const b = query({ slug: 'dup' });
    server.on('GET', '/queries', { body: queryList([a, b]) });
    const result = await ws(['queries', 'get', 'dup'], env);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain(String(a.id));
    expect(result.stderr).toContain(String(b.id));
  });
});

describe('errors and exit codes', () => {
  it('401 is exit 3 with a hint', async () => {
    server.on('GET', '/queries', { status: 401, body: { message: 'Invalid API key' } });
    const result = await ws(['queries', 'list'], env);
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toBe('error: GET /queries: not authenticated (HTTP 401): Invalid API key\nhint: check the API key with `ws auth status`, or log in again with `ws auth login`\n');
  });

  it('403 is exit 3', async () => {
    server.on('GET', /^\/queries\//, { status: 403, body: { error: { message: 'forbidden', code: 'FORBIDDEN' } } });
    const result = await ws(['queries', 'get', uuid()], env);
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toContain('not allowed (HTTP 403): forbidden');
  });

  it('404 is exit 4; with --json the error is one JSON object on stderr with the request id', async () => {
    const id = uuid();
    server.on('GET', `/queries/${id}`, { status: 404, headers: { 'x-request-id': 'req-123' }, body: { message: 'Query not found', code: 'NOT_FOUND' } });
    const text = await ws(['queries', 'get', id], env);
    expect(text.exitCode).toBe(4);
    expect(text.stderr).toBe(`error: GET /queries/${id}: not found (HTTP 404): Query not found\nrequest id: req-123\n`);
    const json = await ws(['queries', 'get', id, '--json'], env);
    expect(json.exitCode).toBe(4);
    expect(json.stdout).toBe('');
    // ws's own code, and the API's as apiCode; the id in the path under the API's name
    expect(JSON.parse(json.stderr)).toEqual({ error: { code: 'not_found', status: 404, apiCode: 'NOT_FOUND', message: `GET /queries/${id}: not found (HTTP 404): Query not found`, queryId: id, requestId: 'req-123' } });
  });

  it('a 503 then 200 is retried and succeeds', async () => {
    server.on('GET', '/queries', { status: 503, headers: { 'retry-after': '0' }, body: 'busy' }, { body: queryList([query()]) });
    const result = await ws(['queries', 'list', '--json', 'slug'], env);
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(JSON.parse(result.stdout).queries).toEqual([{ slug: 'daily_revenue' }]);
  });

  it('a dropped connection on a GET is retried', async () => {
    server.on('GET', '/queries', { destroy: true }, { body: queryList([]) });
    const result = await ws(['queries', 'list', '--json'], env);
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(2);
  });

  it('gives up after a bounded number of tries', async () => {
    server.on('GET', '/queries', { status: 503, headers: { 'retry-after': '0' }, body: { message: 'overloaded' } });
    const result = await ws(['queries', 'list'], env);
    expect(result.exitCode).toBe(1);
    expect(server.requests).toHaveLength(4);
    expect(result.stderr).toContain('error: GET /queries failed (HTTP 503): overloaded');
  });

  it('a non-JSON 500 body becomes one readable line, exit 1', async () => {
    server.on('GET', '/queries', { status: 500, body: '<html><head><title>500 Internal Server Error</title></head><body><h1>Oops</h1>\n<p>stack…</p></body></html>' });
    const result = await ws(['queries', 'list'], env);
    expect(result.exitCode).toBe(1);
    expect(server.requests).toHaveLength(1);
    expect(result.stderr).toBe('error: GET /queries failed (HTTP 500): 500 Internal Server Error\nhint: the server failed: try again later; if it goes on, --debug shows each request and response (with the request id, if any, for whoever runs the server)\n');
  });

  it('a response missing a required field is a clear error naming the path', async () => {
    const broken = query();
    delete broken.slug;
    server.on('GET', '/queries', { body: queryList([query(), broken]) });
    const result = await ws(['queries', 'list'], env);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/^error: unexpected response from GET \/queries: queries\.1\.slug: missing, though the API always sends it \(expected string\)\n/);
  });

  it('no key configured is exit 3 with a hint, and nothing is sent', async () => {
    const result = await ws(['queries', 'list'], { WS_BASE_URL: server.baseUrl });
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toBe('error: no API key configured for profile "default"\nhint: run `ws auth login`, or set WS_API_KEY\n');
    expect(server.requests).toHaveLength(0);
  });

  it('refuses to send the key over plain http to a host that is not loopback', async () => {
    const result = await ws(['queries', 'list'], { WS_API_KEY: testKey, WS_BASE_URL: 'http://example.com/public/v3' });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('refusing to send the API key over plain http to example.com');
    expect(result.stderr).toContain('--allow-insecure-http');
  });

  it('an unknown command or option is exit 2 with a pointer to help', async () => {
    const option = await ws(['queries', 'list', '--colour'], env);
    expect(option.exitCode).toBe(2);
    expect(option.stderr).toMatch(/^error: unknown option '--colour'/);
    expect(option.stderr).toContain('ws queries list --help');
    const command = await ws(['queries', 'lst'], env);
    expect(command.exitCode).toBe(2);
    expect(command.stderr).toContain("Did you mean list?");
  });
});

describe('the API key never leaks', () => {
  it('is absent from stdout, stderr and --debug output, even when the server echoes it', async () => {
    server.on('GET', '/queries', { status: 503, headers: { 'retry-after': '0' } }, { status: 401, body: { message: `key ${testKey} is revoked` } });
    const result = await ws(['queries', 'list', '--debug'], env);
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toContain('> GET http://127.0.0.1:');
    expect(result.stderr).toContain('> x-api-key: [redacted]');
    expect(result.stderr).toMatch(/< 401 in \d+ms/);
    expect(result.stderr).toContain('key [redacted] is revoked');
    expect(result.stdout + result.stderr).not.toContain(testKey);
    expect(server.requests[0]!.headers['x-api-key']).toBe(testKey);
  });
});
