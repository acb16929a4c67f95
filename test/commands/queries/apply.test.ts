/**
 * `ws queries apply`: .sql files made into saved queries: the plan (created, updated, unchanged), --dry-run with exit 8 on drift, every problem of a bad file before anything is sent.
 * In-process against the emulator: the files written, stdout, stderr, the exit code, the requests that reached it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emulatorServer, expectUsageError } from '../../helpers/command.js';
import { demoIds, routes } from '../../helpers/emulator.js';
import { apiQuery, serverQuery, tempFiles } from '../../helpers/query-setup.js';

const { emu, ws } = emulatorServer();
const files = tempFiles('ws-queries-files-');
/** The requests that change something. */
const writes = (sent: string[]) => sent.filter((route) => !route.startsWith('GET '));

describe('ws queries apply', () => {
  it('round trip: pull then apply changes nothing and sends no write', async () => {
    const dir = files.folder('round-trip');
    expect((await ws(['queries', 'pull', dir])).exitCode).toBe(0);
    await emu.clearRequests();
    const result = await ws(['queries', 'apply', dir]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^unchanged {2}churn_report +/m);
    expect(result.stdout).toContain('0 to create, 0 to update, 5 unchanged');
    expect(writes(routes(await emu.requests()))).toEqual([]);
  });

  // the next two share a folder: drift found by a dry run, then applied
  let drift: string;

  it('a dry run detects drift with exit 8 and sends nothing', async () => {
    drift = files.folder('drift');
    const dir = drift;
    expect((await ws(['queries', 'pull', dir, 'events_by_type'])).exitCode).toBe(0);
    const file = path.join(dir, 'events_by_type.sql');
    const old = (await emu.api('GET', `/queries/${demoIds.queries.eventsByType}`)).json.description;
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/-- description: .*/, '-- description: Events per type, busiest first'));
    fs.writeFileSync(
      path.join(dir, 'paid_orders_since.sql'),
      [
        '-- ---',
        '-- name: Paid orders since',
        '-- parameters:',
        '--   - name: since',
        '--     type: date',
        '--     defaultValue: "2026-01-01"',
        '-- ---',
        "SELECT count(*) AS orders FROM orders WHERE status = 'paid' AND order_date >= CAST({{since}} AS DATE)",
        '',
      ].join('\n'),
    );
    await emu.clearRequests();
    const dry = await ws(['queries', 'apply', dir, '--dry-run']);
    expect(dry.exitCode, dry.stderr).toBe(8);
    expect(dry.stdout).toMatch(/^updated +events_by_type +\S+events_by_type\.sql$/m);
    expect(dry.stdout).toContain(`    description: ${JSON.stringify(old)} -> "Events per type, busiest first"`);
    expect(dry.stdout).toMatch(/^created +paid_orders_since +\S+paid_orders_since\.sql$/m);
    expect(dry.stdout).toContain('      + since:date=2026-01-01');
    expect(dry.stdout).toContain('1 to create, 1 to update, 0 unchanged');
    expect(dry.stderr).toContain('dry run: nothing was sent');
    expect(writes(routes(await emu.requests()))).toEqual([]);
  });

  it('apply then does what the dry run showed; a second apply is all unchanged and sends no write', async () => {
    const dir = drift;
    const applied = await ws(['queries', 'apply', dir]);
    expect(applied.exitCode, applied.stderr).toBe(0);
    const sent = writes(routes(await emu.requests()));
    expect([...sent].sort()).toEqual([`PATCH /queries/${demoIds.queries.eventsByType}`, 'POST /queries']);
    expect((await emu.api('GET', `/queries/${demoIds.queries.eventsByType}`)).json.description).toBe('Events per type, busiest first');
    const created = (await emu.api('GET', '/queries?search=paid_orders_since')).json.queries;
    expect(created).toHaveLength(1);
    expect(created[0].parameters).toEqual([{ name: 'since', type: 'date', description: '', defaultValue: '2026-01-01' }]);

    await emu.clearRequests();
    const again = await ws(['queries', 'apply', dir]);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stdout).toContain('0 to create, 0 to update, 2 unchanged');
    expect(writes(routes(await emu.requests()))).toEqual([]);
    const check = await ws(['queries', 'apply', dir, '--dry-run', '--json']);
    expect(check.exitCode).toBe(0);
    expect(JSON.parse(check.stdout)).toMatchObject({ dryRun: true, created: [], updated: [], unchanged: ['events_by_type', 'paid_orders_since'] });
  });

  it('an edited SQL body is shown as a line diff and sent whole', async () => {
    const dir = files.folder('sql-diff');
    expect((await ws(['queries', 'pull', dir, 'top_customers'])).exitCode).toBe(0);
    const file = path.join(dir, 'top_customers.sql');
    const before = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, before.replace(/LIMIT 25/, 'LIMIT 10'));
    const result = await ws(['queries', 'apply', file]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('      - ');
    expect(result.stdout).toMatch(/^ {6}- .*LIMIT 25$/m);
    expect(result.stdout).toMatch(/^ {6}\+ .*LIMIT 10$/m);
    expect((await emu.api('GET', `/queries/${demoIds.queries.topCustomers}`)).json.sql).toContain('LIMIT 10');
  });

  it('a new file whose name is not the slug the server derives: created, with a warning to rename it', async () => {
    const dir = files.folder('renamed');
    fs.writeFileSync(path.join(dir, 'status_counts.sql'), '-- ---\n-- name: Orders per status\n-- ---\nSELECT status, count(*) FROM orders GROUP BY status\n');
    const result = await ws(['queries', 'apply', dir]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      `warning: the server named the new query "orders_per_status", not "status_counts": rename ${path.join(dir, 'status_counts.sql')} to orders_per_status.sql, or the next apply creates it again`,
    );
    // not renamed: the plan says it would create a second one, and which query the file most likely means
    const again = await ws(['queries', 'apply', dir, '--dry-run']);
    expect(again.exitCode).toBe(8);
    expect(again.stdout).toMatch(
      /^ {4}note: a query with this name exists as orders_per_status \([0-9a-f-]{36}\): to update it instead of creating another, name the file orders_per_status\.sql$/m,
    );
  });

  it('a bad file is exit 2 naming the file, the line and the rule, and nothing at all is sent', async () => {
    const dir = files.folder('bad');
    fs.writeFileSync(path.join(dir, 'good_one.sql'), '-- ---\n-- name: Good one\n-- ---\nSELECT 1\n');
    fs.writeFileSync(path.join(dir, 'undeclared.sql'), '-- ---\n-- name: Undeclared\n-- ---\nSELECT *\nFROM orders\nWHERE amount > {{min_amount}}\n');
    fs.writeFileSync(
      path.join(dir, 'number_default.sql'),
      '-- ---\n-- name: Number default\n-- parameters:\n--   - name: n\n--     type: number\n--     defaultValue: 5\n-- ---\nSELECT {{n}}\n',
    );
    fs.writeFileSync(path.join(dir, 'read_only.sql'), '-- ---\n-- name: Read only\n-- slug: other\n-- ---\nSELECT 1\n');
    fs.writeFileSync(path.join(dir, 'no_block.sql'), 'SELECT 1\n');
    await emu.clearRequests();
    const result = await ws(['queries', 'apply', dir]);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('error: 4 bad query files, nothing was sent:');
    expect(result.stderr).toContain(`${path.join(dir, 'undeclared.sql')}:6: the SQL uses {{min_amount}} but no parameter declares it`);
    expect(result.stderr).toContain(`${path.join(dir, 'number_default.sql')}:6: parameters[0].defaultValue must be text (quote it: "5")`);
    expect(result.stderr).toContain(`${path.join(dir, 'read_only.sql')}:3: "slug" does not belong in the block: the slug is the file name`);
    expect(result.stderr).toContain(`${path.join(dir, 'no_block.sql')}:1: a query file starts with a front-matter block`);
    expect(await emu.requests()).toEqual([]);
  });

  it('every problem of a file at once, each with its line; the error counts files and problems', async () => {
    const dir = files.folder('many');
    const many = path.join(dir, 'many.sql');
    fs.writeFileSync(
      many,
      '-- ---\n-- slug: other\n-- colour: red\n-- parameters:\n--   - name: n\n--     defaultValue: 5\n--   - name: 2n\n-- ---\nSELECT {{n}}\n',
    );
    const two = path.join(dir, 'two.sql');
    fs.writeFileSync(two, `-- ---\n-- name: Two\n-- description: ${'d'.repeat(2001)}\n-- ---\nSELECT 1\nWHERE x = {{x}}\n`);
    await emu.clearRequests();
    const result = await ws(['queries', 'apply', dir]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr.split('\n').slice(0, 8)).toEqual([
      'error: 2 bad query files (7 problems), nothing was sent:',
      `  ${many}:2: "slug" does not belong in the block: the slug is the file name`,
      `  ${many}:3: unknown field "colour"; a query file holds name, description, parameters, metadata, dataSourceId`,
      `  ${many}:2: the block needs a name (name: …)`,
      `  ${many}:6: parameters[0].defaultValue must be text (quote it: "5")`,
      `  ${many}:7: parameters[1] needs a name of letters, digits and _ (not starting with a digit)`,
      `  ${two}:3: description: Too big: expected string to have <=2000 characters`,
      `  ${two}:6: the SQL uses {{x}} but no parameter declares it; add it under parameters:`,
    ]);
    expect(await emu.requests()).toEqual([]);
  });

  it('checks the API limits (a name over 500 characters) and a YAML error, with their lines', async () => {
    const dir = files.folder('limits');
    fs.writeFileSync(path.join(dir, 'long_name.sql'), `-- ---\n-- description: d\n-- name: ${'x'.repeat(501)}\n-- ---\nSELECT 1\n`);
    fs.writeFileSync(path.join(dir, 'broken_yaml.sql'), '-- ---\n-- name: Broken\n-- parameters: [unclosed\n-- ---\nSELECT 1\n');
    await emu.clearRequests();
    const result = await ws(['queries', 'apply', path.join(dir, 'long_name.sql'), path.join(dir, 'broken_yaml.sql')]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/long_name\.sql:3: name: Too big: expected string to have <=500 characters/);
    expect(result.stderr).toMatch(/broken_yaml\.sql:\d+: invalid YAML: /);
    expect(await emu.requests()).toEqual([]);
  });
});

describe('bytes that are not what they seem', () => {
  it('a file that is not UTF-8, or holds a NUL, is exit 2 naming the file, the byte or line, and nothing is sent', async () => {
    const dir = files.folder('bytes');
    fs.writeFileSync(path.join(dir, 'latin1.sql'), Buffer.from("-- ---\n-- name: Latin-1\n-- ---\nSELECT 'caf\xe9'\n", 'latin1'));
    fs.writeFileSync(
      path.join(dir, 'utf16.sql'),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('-- ---\n-- name: Sixteen\n-- ---\nSELECT 1\n', 'utf16le')]),
    );
    fs.writeFileSync(path.join(dir, 'nul.sql'), '-- ---\n-- name: NUL\n-- ---\nSELECT 1 AS a,\n  2 AS b\0, 3 AS c\n');
    await emu.clearRequests();
    const result = await ws(['queries', 'apply', dir]);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('error: 3 bad query files, nothing was sent:');
    expect(result.stderr).toContain(
      `${path.join(dir, 'latin1.sql')}:4: not UTF-8 text: byte offset 42 (line 4) is 0xE9; it looks like Latin-1 or Windows-1252 (where these bytes read "é"); save it as UTF-8`,
    );
    expect(result.stderr).toContain(
      `${path.join(dir, 'utf16.sql')}:1: not UTF-8 text: byte offset 0 (line 1) is 0xFF; it starts with the byte order mark of UTF-16 (little-endian)`,
    );
    expect(result.stderr).toContain(`${path.join(dir, 'nul.sql')}:5: the SQL holds a NUL character (column 9): SQL cannot hold one`);
    expect(await emu.requests()).toEqual([]);
  });

  it('a leading byte order mark is not part of the file: its front matter is read, the SQL saved without it', async () => {
    const dir = files.folder('bom');
    fs.writeFileSync(path.join(dir, 'with_bom.sql'), '\uFEFF-- ---\n-- name: With BOM\n-- ---\nSELECT 1 AS one\n');
    const result = await ws(['queries', 'apply', dir, '--json']);
    expect(result.exitCode, result.stderr).toBe(0);
    const { queries, created } = JSON.parse(result.stdout);
    expect(created).toEqual(['with_bom']);
    expect((await serverQuery(emu, queries[0].id)).sql).toBe('SELECT 1 AS one');
  });

  it('CRLF SQL settles: made from a CRLF file or kept with CRLF by the server, pulled, then a dry run plans nothing', async () => {
    const source = files.file('crlf_made.sql', 'SELECT 1 AS one,\r\n  2 AS two\r\n');
    expect((await ws(['queries', 'create', '--name', 'CRLF made', '--sql-file', source, '-q'])).exitCode).toBe(0);
    // another tool saved this one with Windows line ends
    await apiQuery(emu, 'CRLF kept', 'SELECT 1 AS one,\r\n  2 AS two\r\n');
    const dir = files.folder('crlf');
    expect((await ws(['queries', 'pull', dir, 'crlf_made', 'crlf_kept'])).exitCode).toBe(0);
    const text = fs.readFileSync(path.join(dir, 'crlf_kept.sql'), 'utf8');
    expect(text).not.toContain('\r');
    expect(text).toMatch(/\n-- ---\nSELECT 1 AS one,\n {2}2 AS two\n$/);
    await emu.clearRequests();
    const dry = await ws(['queries', 'apply', dir, '--dry-run']);
    expect(dry.exitCode, dry.stdout).toBe(0);
    expect(dry.stdout).toContain('0 to create, 0 to update, 2 unchanged');
    // and a checkout that turned the files into CRLF reads as the same queries
    for (const name of fs.readdirSync(dir)) fs.writeFileSync(path.join(dir, name), fs.readFileSync(path.join(dir, name), 'utf8').replace(/\n/g, '\r\n'));
    const again = await ws(['queries', 'apply', dir, '--dry-run']);
    expect(again.exitCode, again.stdout).toBe(0);
    // and pulled again: the same files, not files that "differ from the server" and are kept (exit 1)
    const pulled = await ws(['queries', 'pull', dir, 'crlf_made', 'crlf_kept']);
    expect(pulled.exitCode, pulled.stderr).toBe(0);
    expect(pulled.stderr).toContain('0 files written, 2 unchanged');
    expect(writes(routes(await emu.requests()))).toEqual([]);
  });
});

describe('in a terminal', () => {
  it('the plan with each change, and what was done on stderr', async () => {
    const dir = files.folder('terminal');
    expect((await ws(['queries', 'pull', dir, 'churn_report'])).exitCode).toBe(0);
    const file = path.join(dir, 'churn_report.sql');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('-- name: Churn report (broken)', '-- name: Churn report (terminal)'));
    await emu.clearRequests();
    const result = await ws(['queries', 'apply', dir], { tty: true, columns: 200, env: { NO_COLOR: '1' } });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe(
      `updated  churn_report  ${file}\n    name: "Churn report (broken)" -> "Churn report (terminal)"\n\n0 to create, 1 to update, 0 unchanged\n`,
    );
    expect(result.stderr).toBe(`updated churn_report (${demoIds.queries.brokenReport})\n`);
    expect(writes(routes(await emu.requests()))).toEqual([`PATCH /queries/${demoIds.queries.brokenReport}`]);
  });
});

describe('usage errors: exit 2, nothing sent', () => {
  it.each([
    ['no file or folder', [], "error: missing required argument 'file|dir'\nhint: run `ws queries apply --help` for usage\n"],
    ['a path that does not exist', ['/no/such/dir'], 'error: /no/such/dir: no such file or directory\n'],
  ])('%s', async (_name, args, stderr) => {
    await expectUsageError(ws, ['queries', 'apply', ...args], stderr);
    expect(await emu.requests()).toEqual([]);
  });
});

describe('server errors', () => {
  it('a PATCH refused with 500 is exit 1 with the request and whether sending it again is safe', async () => {
    const dir = files.folder('refused');
    expect((await ws(['queries', 'pull', dir, 'events_by_type'])).exitCode).toBe(0);
    const file = path.join(dir, 'events_by_type.sql');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/-- description: .*/, '-- description: refused'));
    await emu.fault({ path: '^/queries/*$', method: 'PATCH', status: 500 });
    await emu.clearRequests();
    const result = await ws(['queries', 'apply', dir]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(`error: PATCH /queries/${demoIds.queries.eventsByType} failed (HTTP 500): injected fault\n`);
    expect(result.stderr).toContain('the change may or may not have been made, and sending it again is safe');
    expect(writes(routes(await emu.requests()))).toEqual([`PATCH /queries/${demoIds.queries.eventsByType}`]);
    expect((await emu.api('GET', `/queries/${demoIds.queries.eventsByType}`)).json.description).not.toBe('refused');
  });
});
