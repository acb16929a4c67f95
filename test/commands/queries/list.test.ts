import { beforeEach, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { stubServer } from '../../helpers/command.js';
import { evil, expectNoRaw } from '../../helpers/control-chars.js';
import type { FakeIOOptions } from '../../helpers/fake-io.js';
import { query, queryList, queryRun, uuid } from '../../helpers/fixtures.js';
import { testKey } from '../../helpers/ws.js';

const now = '2026-11-20T12:00:00.000Z';
// eslint-disable-next-line no-control-regex
const ansi = /\u001b\[[0-9;]*m/g;
/** `ws` in-process; a terminal of 80 columns unless the options say otherwise. */
const { server, ws } = stubServer({ tty: true, columns: 80, now });
/** `ws` in-process with stdout, stderr and stdin a pipe. */
const pipe = (argv: string[], options: FakeIOOptions = {}) => ws(argv, { tty: false, ...options });

/** A server that pages through `all` as the real API does, honouring limit and offset. */
function serve(all: Record<string, unknown>[]): void {
  server.on('GET', '/queries', (request) => {
    const limit = Number(request.query.limit);
    const offset = Number(request.query.offset);
    return { body: queryList(all.slice(offset, offset + limit), { total: all.length, limit, offset }) };
  });
}

const ids = {
  revenue: '00000000-0000-4000-8000-00000000a001',
  churn: '00000000-0000-4000-8000-00000000a002',
  eu: '00000000-0000-4000-8000-00000000a003',
  old: '00000000-0000-4000-8000-00000000a004',
};

function fourQueries(): Record<string, unknown>[] {
  return [
    query({
      id: ids.revenue,
      slug: 'daily_revenue',
      name: 'Daily revenue',
      updatedAt: '2026-11-20T10:00:00.000Z',
      lastQueryRun: queryRun({ status: 'COMPLETED' }),
    }),
    query({ id: ids.churn, slug: 'churn', name: 'Churn', updatedAt: '2026-11-20T11:59:00.000Z', lastQueryRun: queryRun({ status: 'RUNNING' }) }),
    query({ id: ids.eu, slug: 'eu', name: 'EU revenue', updatedAt: '2026-11-17T11:00:00.000Z', lastQueryRun: queryRun({ status: 'FAILED' }) }),
    query({ id: ids.old, slug: 'old', name: 'Old', updatedAt: '2026-09-01T11:00:00.000Z' }),
  ];
}

describe('ws queries list in a terminal', () => {
  it('prints aligned columns under a header, states, and times relative to the clock', async () => {
    serve(fourQueries());
    const result = await ws(['queries', 'list'], { columns: 120, env: { NO_COLOR: '1' } });
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(
      [
        'ID                                    SLUG           NAME           LAST RUN   UPDATED',
        `${ids.revenue}  daily_revenue  Daily revenue  COMPLETED  2 hours ago`,
        `${ids.churn}  churn          Churn          RUNNING    1 minute ago`,
        `${ids.eu}  eu             EU revenue     FAILED     3 days ago`,
        // no run: a dash; older than 30 days: the date
        `${ids.old}  old            Old            -          2026-09-01`,
        '',
      ].join('\n'),
    );
  });

  it('shows a date older than 30 days as the local calendar date, as ls -l does (issue 39)', async () => {
    // 2026-01-15 09:00 UTC is 2026-01-14 23:00 in Honolulu, 2026-01-15 18:00 in Tokyo
    serve([query({ updatedAt: '2026-01-15T09:00:00.000Z' })]);
    const before = process.env.TZ;
    try {
      process.env.TZ = 'Pacific/Honolulu';
      const honolulu = await ws(['queries', 'list'], { columns: 120, env: { NO_COLOR: '1' } });
      expect(honolulu.stdout).toMatch(/ 2026-01-14\n$/);
      process.env.TZ = 'Asia/Tokyo';
      const tokyo = await ws(['queries', 'list'], { columns: 120, env: { NO_COLOR: '1' } });
      expect(tokyo.stdout).toMatch(/ 2026-01-15\n$/);
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it('computes relative times from the injected clock, not the real one', async () => {
    serve([query({ updatedAt: '2026-11-20T10:00:00.000Z' })]);
    const later = await ws(['queries', 'list'], { now: '2026-11-20T15:00:00.000Z', env: { NO_COLOR: '1' } });
    expect(later.stdout).toContain('5 hours ago');
    expect(later.stdout).not.toContain('2 hours ago');
    const same = await ws(['queries', 'list'], { now: '2026-11-20T10:00:02.000Z', env: { NO_COLOR: '1' } });
    expect(same.stdout).toContain('just now');
  });

  it('fits the terminal by leaving out ids and cutting names with "…", never the slug, keeping columns apart', async () => {
    const longSlug = 'a_really_long_slug_that_goes_on_and_on_and_on';
    const longName = 'A very long query name that certainly does not fit in eighty columns of terminal';
    serve([
      query({ id: ids.revenue, slug: longSlug, name: longName, updatedAt: '2026-11-20T10:00:00.000Z', lastQueryRun: queryRun({ status: 'COMPLETED' }) }),
      query({ id: ids.eu, slug: 'eu', name: 'EU revenue', updatedAt: '2026-11-17T11:00:00.000Z', lastQueryRun: queryRun({ status: 'FAILED' }) }),
    ]);
    const result = await ws(['queries', 'list'], { columns: 80, env: { NO_COLOR: '1' } });
    expect(result.exitCode).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    expect(result.stdout).toContain('…');
    expect(result.stdout).toContain(longSlug);
    expect(result.stdout).not.toContain(longName);
    expect(result.stdout).toContain(longName.slice(0, 5));
    expect(lines[0]).toMatch(/^SLUG +NAME +LAST RUN +UPDATED$/);
    expect(result.stdout).not.toContain(ids.revenue);
    // Cut or not, every cell stays separated from the next by at least two spaces: four columns per line.
    // (Words inside a cell, such as "2 hours ago", are separated by one space only.)
    for (const line of lines) expect(line.split(/ {2,}/)).toHaveLength(4);
  });

  it('also fits lines to the terminal when colour escapes are in them', async () => {
    serve([query({ name: 'x'.repeat(120), slug: 'y'.repeat(60), lastQueryRun: queryRun({ status: 'FAILED' }) })]);
    const result = await ws(['queries', 'list'], { columns: 80 });
    expect(result.stdout).toMatch(ansi);
    for (const line of result.stdout.trimEnd().split('\n')) expect(line.replace(ansi, '').length).toBeLessThanOrEqual(80);
  });

  it('never lets server text drive the terminal: control characters are stripped', async () => {
    serve([query({ name: 'evil\u001b[2J\u001b]0;pwned\u0007name', slug: 'ev\u009bil' })]);
    const result = await ws(['queries', 'list'], { columns: 200, env: { NO_COLOR: '1' } });
    expect(result.stdout).not.toMatch(/[\u001b\u0007\u009b]/);
    expect(result.stdout).toContain('evil[2J]0;pwnedname');
  });
});

describe('colour', () => {
  const colouredStates = () => serve(fourQueries());

  it('is on in a terminal: states in colour, headers bold', async () => {
    colouredStates();
    const result = await ws(['queries', 'list'], { columns: 120 });
    expect(result.stdout).toContain('\u001b[32mCOMPLETED\u001b[39m');
    expect(result.stdout).toContain('\u001b[31mFAILED\u001b[39m');
    expect(result.stdout).toContain('\u001b[33mRUNNING\u001b[39m');
    // each header in bold (cli-table3 draws cells)
    expect(result.stdout).toMatch(
      /^\u001b\[1mID\u001b\[22m +\u001b\[1mSLUG\u001b\[22m +\u001b\[1mNAME\u001b\[22m +\u001b\[1mLAST RUN\u001b\[22m +\u001b\[1mUPDATED\u001b\[22m\n/,
    );
  });

  it('is on with FORCE_COLOR=1 in a terminal', async () => {
    colouredStates();
    const result = await ws(['queries', 'list'], { columns: 120, env: { FORCE_COLOR: '1' } });
    expect(result.stdout).toMatch(ansi);
    expect(result.stdout).toContain('\u001b[32mCOMPLETED\u001b[39m');
  });

  it('is off with NO_COLOR=1, even with FORCE_COLOR=1', async () => {
    colouredStates();
    const plain = await ws(['queries', 'list'], { columns: 120, env: { NO_COLOR: '1' } });
    expect(plain.stdout).toContain('COMPLETED');
    expect(plain.stdout).not.toContain('\u001b');
    const both = await ws(['queries', 'list'], { columns: 120, env: { NO_COLOR: '1', FORCE_COLOR: '1' } });
    expect(both.stdout).toContain('COMPLETED');
    expect(both.stdout).not.toContain('\u001b');
  });

  it('is off with --no-color, before or after the command words', async () => {
    colouredStates();
    for (const argv of [
      ['queries', 'list', '--no-color'],
      ['--no-color', 'queries', 'list'],
    ]) {
      const result = await ws(argv, { columns: 120, env: { FORCE_COLOR: '1' } });
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toContain('COMPLETED');
      expect(result.stdout).not.toContain('\u001b');
    }
  });

  it('is off when stdout is not a terminal, even with FORCE_COLOR=1', async () => {
    colouredStates();
    const result = await ws(['queries', 'list'], { tty: false, env: { FORCE_COLOR: '1' } });
    expect(result.stdout).toContain('COMPLETED');
    expect(result.stdout).not.toContain('\u001b');
  });
});

describe('hints on stderr', () => {
  it('an empty list in a terminal says so on stderr and prints nothing on stdout', async () => {
    serve([]);
    const result = await ws(['queries', 'list']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('no queries found\n');
  });

  it('an empty list through a pipe prints the header only and no hint', async () => {
    serve([]);
    const result = await ws(['queries', 'list'], { tty: false });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('ID\tSLUG\tNAME\tLAST RUN\tUPDATED\n');
    expect(result.stderr).toBe('');
  });

  it('says "showing N of M" in a terminal when more queries exist', async () => {
    serve(Array.from({ length: 5 }, (_, i) => query({ slug: `q_${i}` })));
    const result = await ws(['queries', 'list', '--limit', '2'], { env: { NO_COLOR: '1' } });
    expect(result.exitCode).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(3);
    // not "use --limit n" again: --limit is what was just given
    expect(result.stderr).toBe('showing 2 of 5 queries; the next 2: --offset 2; every one: --all\n');
    const next = await ws(['queries', 'list', '--limit', '2', '--offset', '2'], { env: { NO_COLOR: '1' } });
    // one remains: the next page has one
    expect(next.stderr).toBe('showing 2 of 5 queries; the next 1: --offset 4; every one: --all\n');
  });

  it('gives no "showing" hint when every query was shown', async () => {
    serve(Array.from({ length: 2 }, (_, i) => query({ slug: `q_${i}` })));
    const result = await ws(['queries', 'list', '--limit', '2'], { env: { NO_COLOR: '1' } });
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(3);
    expect(result.stderr).toBe('');
  });

  it('gives no hint with --quiet', async () => {
    serve(Array.from({ length: 5 }, (_, i) => query({ slug: `q_${i}` })));
    for (const flag of ['--quiet', '-q']) {
      const result = await ws(['queries', 'list', '--limit', '2', flag], { env: { NO_COLOR: '1' } });
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toContain('q_1');
      expect(result.stderr).toBe('');
    }
  });

  it('a list cut at its default size says so off a terminal too: table, csv, tsv, yaml and markdown', async () => {
    serve(Array.from({ length: 58 }, (_, i) => query({ slug: `q_${i}` })));
    for (const format of ['table', 'csv', 'tsv', 'yaml', 'markdown']) {
      const pipe = await ws(['queries', 'list', '-o', format], { tty: false });
      expect(pipe.exitCode, format).toBe(0);
      expect(pipe.stdout, format).toContain('q_49');
      expect(pipe.stdout, format).not.toContain('q_50');
      expect(pipe.stderr, format).toBe('showing 50 of 58 queries; use --limit n or --all for more\n');
    }
    const redirected = await ws(['queries', 'list', '--limit', '2'], { stdoutIsTTY: true, stderrIsTTY: false, env: { NO_COLOR: '1' } });
    expect(redirected.stdout).toContain('q_1');
    expect(redirected.stderr).toBe('showing 2 of 58 queries; the next 2: --offset 2; every one: --all\n');
  });

  it('json and --jq off a terminal keep stderr empty (json has the total), ndjson says it as a JSON line; on a terminal they say it', async () => {
    serve(Array.from({ length: 58 }, (_, i) => query({ slug: `q_${i}` })));
    for (const args of [['--json'], ['-o', 'ndjson'], ['--jq', '.queries[].slug']]) {
      const pipe = await ws(['queries', 'list', ...args], { tty: false });
      expect(pipe.exitCode, args.join(' ')).toBe(0);
      expect(pipe.stdout, args.join(' ')).toContain('q_49');
      // ndjson has no envelope whose total would tell a script
      const notice = { notice: { code: 'list_cut', message: 'showing 50 of 58 queries; use --limit n or --all for more', shown: 50, total: 58 } };
      expect(pipe.stderr, args.join(' ')).toBe(args[1] === 'ndjson' ? `${JSON.stringify(notice)}\n` : '');
      expect((await ws(['queries', 'list', ...args, '--quiet'], { tty: false })).stderr).toBe('');
      const watched = await ws(['queries', 'list', ...args], { stdoutIsTTY: false, stderrIsTTY: true });
      expect(watched.stderr, args.join(' ')).toBe('showing 50 of 58 queries; use --limit n or --all for more\n');
    }
    expect(JSON.parse((await ws(['queries', 'list', '--json'], { tty: false })).stdout).total).toBe(58);
  });
});

describe('ws queries list through a pipe', () => {
  it('prints tab-separated columns with a header, full ISO times, nothing cut', async () => {
    const longName = 'A very long query name that certainly does not fit in eighty columns of terminal';
    const all = fourQueries();
    all[0]!.name = longName;
    serve(all);
    const result = await ws(['queries', 'list'], { tty: false, columns: 80 });
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(
      [
        'ID\tSLUG\tNAME\tLAST RUN\tUPDATED',
        `${ids.revenue}\tdaily_revenue\t${longName}\tCOMPLETED\t2026-11-20T10:00:00.000Z`,
        `${ids.churn}\tchurn\tChurn\tRUNNING\t2026-11-20T11:59:00.000Z`,
        `${ids.eu}\teu\tEU revenue\tFAILED\t2026-11-17T11:00:00.000Z`,
        `${ids.old}\told\tOld\t\t2026-09-01T11:00:00.000Z`,
        '',
      ].join('\n'),
    );
  });
});

describe('ws queries list through a pipe: the request and the formats', () => {
  it('sends the key and default page, and prints plain columns when stdout is a pipe', async () => {
    const q = query({ lastQueryRun: queryRun({ status: 'FAILED' }) });
    server.on('GET', '/queries', { body: queryList([q]) });
    const result = await pipe(['queries', 'list']);
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
    const result = await pipe([
      'queries',
      'list',
      '--search',
      'rev',
      '--sort',
      'name',
      '--direction',
      'asc',
      '--source',
      'human',
      '--created-by',
      creator,
      '--owner-org',
      org,
      '--no-runs',
      '--limit',
      '7',
      '--offset',
      '3',
    ]);
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
    expect((await pipe(['queries', 'list', '--platform-owned'])).exitCode).toBe(0);
    expect(server.requests[0]!.query.platformOwned).toBe('true');
    server.reset();
    const both = await pipe(['queries', 'list', '--platform-owned', '--owner-org', uuid()]);
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toMatch(/^error: .*--owner-org.*--platform-owned|^error: .*--platform-owned.*--owner-org/m);
    expect(server.requests).toHaveLength(0);
  });

  it('rejects a bad --created-by before sending, naming the flag, the value and the rule', async () => {
    const result = await pipe(['queries', 'list', '--created-by', 'bob']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: invalid --created-by "bob": must be a UUID');
    expect(server.requests).toHaveLength(0);
  });

  it('rejects a bad --limit and an unknown --sort before sending', async () => {
    const limit = await pipe(['queries', 'list', '--limit', '0']);
    expect(limit.exitCode).toBe(2);
    expect(limit.stderr).toMatch(/--limit.*'0'.*at least 1/);
    const sort = await pipe(['queries', 'list', '--sort', 'size']);
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
    const result = await pipe(['queries', 'list', '--all', '--json']);
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
    const result = await pipe(['queries', 'list', '--limit', '150', '-o', 'ndjson']);
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
    const result = await pipe(['queries', 'list', '--json']);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(body);
    expect(result.stdout).toBe(`${JSON.stringify(body, null, 2)}\n`);
  });

  it('--json with fields keeps only those fields; an unknown field lists the valid ones, exit 2, nothing sent', async () => {
    const q = query();
    server.on('GET', '/queries', { body: queryList([q]) });
    const result = await pipe(['queries', 'list', '--json', 'id,slug']);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout).queries).toEqual([{ id: q.id, slug: 'daily_revenue' }]);
    server.reset();
    const bad = await pipe(['queries', 'list', '--json', 'id,colour']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('unknown JSON field: colour');
    expect(bad.stderr).toContain('valid fields: id, name, slug');
    expect(server.requests).toHaveLength(0);
  });

  it('--jq filters with real jq and prints strings raw', async () => {
    server.on('GET', '/queries', { body: queryList([query({ slug: 'a_b' }), query({ slug: 'c_d' })]) });
    const result = await pipe(['queries', 'list', '--jq', '.queries[] | select(.slug | startswith("c")) | .slug']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('c_d\n');
  });

  it('an invalid --jq expression is exit 2 before any request', async () => {
    const result = await pipe(['queries', 'list', '--jq', '.queries[] | select(']);
    expect(result.exitCode).toBe(2);
    // --jq implies JSON output, so the error is JSON too
    expect(JSON.parse(result.stderr).error.message).toMatch(/^invalid --jq expression: syntax error/);
    expect(server.requests).toHaveLength(0);
  });

  it('csv quotes commas, quotes and newlines (RFC 4180) and tsv escapes tabs and newlines', async () => {
    const q = query({ name: 'Revenue, "net"\nper day', slug: 'net\trev' });
    server.on('GET', '/queries', { body: queryList([q]) });
    const csv = await pipe(['queries', 'list', '-o', 'csv']);
    expect(csv.stdout).toBe(`id,slug,name,lastQueryRun.status,updatedAt\n${q.id},net\trev,"Revenue, ""net""\nper day",,2026-11-20T09:00:00.000Z\n`);
    const tsv = await pipe(['queries', 'list', '-o', 'tsv']);
    expect(tsv.stdout).toBe(`id\tslug\tname\tlastQueryRun.status\tupdatedAt\n${q.id}\tnet\\trev\tRevenue, "net"\\nper day\t\t2026-11-20T09:00:00.000Z\n`);
  });

  it('yaml prints the envelope as YAML', async () => {
    server.on('GET', '/queries', { body: queryList([query()]) });
    const result = await pipe(['queries', 'list', '-o', 'yaml']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^queries:\n {2}- id: 0{8}-/);
    expect(result.stdout).toContain('    slug: daily_revenue\n');
    expect(result.stdout).toContain('total: 1\n');
  });

  it('strips control characters from server text in tables', async () => {
    server.on('GET', '/queries', { body: queryList([query({ name: 'evil\u001b[2J\u001b]0;pwned\u0007name' })]) });
    const result = await pipe(['queries', 'list']);
    expect(result.stdout).not.toMatch(/\u001b|\u0007/);
    expect(result.stdout).toContain('evil[2J]0;pwnedname');
  });
});

describe('server errors and exit codes', () => {
  it('401 is exit 3 with a hint', async () => {
    server.on('GET', '/queries', { status: 401, body: { message: 'Invalid API key' } });
    const result = await pipe(['queries', 'list']);
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toBe(
      'error: GET /queries: not authenticated (HTTP 401): Invalid API key\nhint: check the API key with `ws auth status`, or log in again with `ws auth login`\n',
    );
  });

  it('a 503 then 200 is retried and succeeds', async () => {
    server.on('GET', '/queries', { status: 503, headers: { 'retry-after': '0' }, body: 'busy' }, { body: queryList([query()]) });
    const result = await pipe(['queries', 'list', '--json', 'slug']);
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(JSON.parse(result.stdout).queries).toEqual([{ slug: 'daily_revenue' }]);
  });

  it('a dropped connection on a GET is retried', async () => {
    server.on('GET', '/queries', { destroy: true }, { body: queryList([]) });
    const result = await pipe(['queries', 'list', '--json']);
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(2);
  });

  it('gives up after a bounded number of tries', async () => {
    server.on('GET', '/queries', { status: 503, headers: { 'retry-after': '0' }, body: { message: 'overloaded' } });
    const result = await pipe(['queries', 'list']);
    expect(result.exitCode).toBe(1);
    expect(server.requests).toHaveLength(4);
    expect(result.stderr).toContain('error: GET /queries failed (HTTP 503): overloaded');
  });

  it('a non-JSON 500 body becomes one readable line, exit 1', async () => {
    server.on('GET', '/queries', {
      status: 500,
      body: '<html><head><title>500 Internal Server Error</title></head><body><h1>Oops</h1>\n<p>stack…</p></body></html>',
    });
    const result = await pipe(['queries', 'list']);
    expect(result.exitCode).toBe(1);
    expect(server.requests).toHaveLength(1);
    expect(result.stderr).toBe(
      'error: GET /queries failed (HTTP 500): 500 Internal Server Error\nhint: the server failed: try again later; if it goes on, --debug shows each request and response (with the request id, if any, for whoever runs the server)\n',
    );
  });

  it('a response missing a required field is a clear error naming the path', async () => {
    const broken = query();
    delete broken.slug;
    server.on('GET', '/queries', { body: queryList([query(), broken]) });
    const result = await pipe(['queries', 'list']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(
      /^error: unexpected response from GET \/queries: queries\.1\.slug: missing, though the API always sends it \(expected string\)\n/,
    );
  });

  it('no key configured is exit 3 with a hint, and nothing is sent', async () => {
    const result = await pipe(['queries', 'list'], { env: { WS_API_KEY: undefined } });
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toBe('error: no API key configured for profile "default"\nhint: run `ws auth login`, or set WS_API_KEY\n');
    expect(server.requests).toHaveLength(0);
  });

  it('refuses to send the key over plain http to a host that is not loopback', async () => {
    const result = await pipe(['queries', 'list'], { env: { WS_BASE_URL: 'http://example.com/public/v3' } });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('refusing to send the API key over plain http to example.com');
    expect(result.stderr).toContain('--allow-insecure-http');
  });

  it('an unknown command or option is exit 2 with a pointer to help', async () => {
    const option = await pipe(['queries', 'list', '--colour']);
    expect(option.exitCode).toBe(2);
    expect(option.stderr).toMatch(/^error: unknown option '--colour'/);
    expect(option.stderr).toContain('ws queries list --help');
    const command = await pipe(['queries', 'lst']);
    expect(command.exitCode).toBe(2);
    expect(command.stderr).toContain('Did you mean list?');
  });
});

describe('global options before the command words', () => {
  it('`ws --json queries list` is --json alone, not a field list named "queries"', async () => {
    serve(fourQueries());
    const result = await pipe(['--json', 'queries', 'list', '--limit', '2']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).queries).toHaveLength(2);
  });

  it('`ws --json id,slug queries list` still takes the fields', async () => {
    serve(fourQueries());
    const result = await pipe(['--json', 'id,slug', 'queries', 'list', '--limit', '1']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).queries).toEqual([{ id: ids.revenue, slug: 'daily_revenue' }]);
  });

  it('--json twice before the command, and a later --json with fields wins', async () => {
    serve(fourQueries());
    const twice = await pipe(['--json', '--json', 'queries', 'list', '--limit', '1']);
    expect(twice.exitCode, twice.stderr).toBe(0);
    expect(JSON.parse(twice.stdout).queries).toHaveLength(1);
    const later = await pipe(['--json', 'queries', 'list', '--limit', '1', '--json', 'id']);
    expect(later.exitCode, later.stderr).toBe(0);
    expect(JSON.parse(later.stdout).queries).toEqual([{ id: ids.revenue }]);
  });
});

describe('--all envelopes describe the whole', () => {
  it('even when one page held every item: limit is the number printed; one page without --all is as the API sent it', async () => {
    serve(fourQueries());
    const all = await pipe(['queries', 'list', '--all', '--json', 'slug']);
    expect(all.exitCode, all.stderr).toBe(0);
    expect(JSON.parse(all.stdout)).toEqual({ queries: ['daily_revenue', 'churn', 'eu', 'old'].map((slug) => ({ slug })), total: 4, limit: 4, offset: 0 });
    const one = JSON.parse((await pipe(['queries', 'list', '--json', 'slug'])).stdout);
    expect(one).toMatchObject({ total: 4, limit: 50, offset: 0 });
  });
});

describe('a base URL without /public/v3', () => {
  it('gets a 404 with a hint about the prefix', async () => {
    server.on('GET', '/queries', { status: 404, body: { message: 'Cannot GET /queries' } });
    const result = await pipe(['queries', 'list'], { env: { WS_BASE_URL: server.baseUrl.replace('/public/v3', '') } });
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toMatch(/^hint: the base URL http:\/\/127\.0\.0\.1:\d+ does not end in \/public\/v3; it usually should$/m);
  });
});

describe('control characters from the server, to a file or pipe: the data is kept', () => {
  beforeEach(() => {
    server.on('GET', '/queries', { body: queryList([query({ name: evil, description: evil, slug: 'daily_revenue' })]) });
  });

  it('csv and tsv keep every character the server sent', async () => {
    const csv = await pipe(['queries', 'list', '-o', 'csv']);
    expect(csv.exitCode, csv.stderr).toBe(0);
    expect(csv.stdout).toContain(`,${evil},`);
    const tsv = await pipe(['queries', 'list', '-o', 'tsv']);
    expect(tsv.exitCode, tsv.stderr).toBe(0);
    expect(tsv.stdout.split('\n')[1]!.split('\t')).toContain(evil);
  });

  it('--jq strings come out raw, as jq -r does', async () => {
    const result = await pipe(['queries', 'list', '--jq', '.queries[0].name']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${evil}\n`);
  });

  it('json and ndjson escape C1 controls and DEL, and parse to the same data', async () => {
    const json = await pipe(['queries', 'list', '--json']);
    expect(json.exitCode, json.stderr).toBe(0);
    expectNoRaw(json.stdout);
    expect(json.stdout).toContain('\\u009b2J\\u007f end');
    expect(JSON.parse(json.stdout).queries[0].name).toBe(evil);

    const ndjson = await pipe(['queries', 'list', '-o', 'ndjson']);
    expectNoRaw(ndjson.stdout);
    expect(JSON.parse(ndjson.stdout).name).toBe(evil);
  });

  it('a JSON envelope streamed over several pages (--all) and yaml do the same', async () => {
    server.reset();
    const page = (offset: number) => ({ body: queryList([query({ name: `${evil} ${offset}` })], { total: 2, limit: 1, offset }) });
    server.on('GET', '/queries', (request) => page(Number(request.query.offset ?? 0)));
    const all = await pipe(['queries', 'list', '--all', '--json']);
    expect(all.exitCode, all.stderr).toBe(0);
    expectNoRaw(all.stdout);
    expect(JSON.parse(all.stdout).queries.map((q: { name: string }) => q.name)).toEqual([`${evil} 0`, `${evil} 1`]);

    const yaml = await pipe(['queries', 'list', '-o', 'yaml']);
    expect(yaml.exitCode, yaml.stderr).toBe(0);
    expectNoRaw(yaml.stdout);
    expect(YAML.parse(yaml.stdout).queries[0].name).toBe(`${evil} 0`);
  });

  it('the JSON error on stderr escapes C1 controls', async () => {
    server.reset();
    server.on('GET', '/queries', { status: 404, body: { message: 'gone', code: 'NOT\x9bFOUND' } });
    const result = await pipe(['queries', 'list', '--json']);
    expect(result.exitCode).toBe(4);
    expectNoRaw(result.stderr);
    expect(JSON.parse(result.stderr).error).toMatchObject({ code: 'not_found', apiCode: 'NOT\x9bFOUND' });
  });
});

describe('what the description allows and the emulator never sends', () => {
  it('queries list takes a parameter without a name and a last run without id or status', async () => {
    server.on('GET', '/queries', { body: queryList([query({ parameters: [{ type: 'text' }], lastQueryRun: { rowCount: 1 } })]) });
    const result = await pipe(['queries', 'list']);
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('daily_revenue');
  });
});

describe('--json with a dotted field', () => {
  it('picks it as the csv header shows it, keeping its nesting', async () => {
    serve(fourQueries());
    const result = await pipe(['queries', 'list', '--json', 'slug,lastQueryRun.status']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).queries).toEqual([
      { slug: 'daily_revenue', lastQueryRun: { status: 'COMPLETED' } },
      { slug: 'churn', lastQueryRun: { status: 'RUNNING' } },
      { slug: 'eu', lastQueryRun: { status: 'FAILED' } },
      // no last run: the field is there, null
      { slug: 'old', lastQueryRun: null },
    ]);
  });
});

describe('limits and slow servers', () => {
  it.each(['30d', '600h'])('--http-timeout %s, past what a timer holds, is exit 2 before any request', async (value) => {
    const result = await pipe(['queries', 'list', '--http-timeout', value]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`^error: invalid duration for --http-timeout: "${value}"`));
    expect(server.requests).toHaveLength(0);
  });

  it('a Retry-After over 60 s is not waited out in silence: the error says when to try again', async () => {
    server.on('GET', '/queries', { status: 503, headers: { 'retry-after': '7200' }, body: { message: 'maintenance' } });
    const result = await pipe(['queries', 'list']);
    expect(result.exitCode).toBe(1);
    expect(server.requests).toHaveLength(1);
    expect(result.stderr).toMatch(
      /^error: GET \/queries failed \(HTTP 503\): maintenance\nhint: the server asks to wait 2 h: try again after \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\n$/,
    );
  });
});
