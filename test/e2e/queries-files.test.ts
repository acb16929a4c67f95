/**
 * End to end: saved queries kept as code, `ws queries pull` and `ws queries apply`, with bin/ws against the
 * in-process emulator. What is checked: the files written, stdout (the plan), stderr, the exit code, and the
 * requests that reached the server (read from /__emulator/requests).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoIds, emulatorKey, startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { ws } from '../helpers/ws.js';

let emu: TestEmulator;
let root: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-e2e-query-files-'));
});
afterAll(async () => {
  await emu?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});
beforeEach(async () => {
  await emu.clearRequests();
});

/** `METHOD path` of every API request the emulator saw, read with the headers a control request may need. */
async function seen(): Promise<string[]> {
  const response = await fetch(`${emu.origin}/__emulator/requests`, { headers: { 'x-api-key': emulatorKey, 'content-type': 'application/json' } });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { requests: { method: string; path: string }[] };
  return body.requests.map((r) => `${r.method} ${r.path}`);
}

const writes = (routes: string[]) => routes.filter((route) => !route.startsWith('GET '));

function freshDir(name: string): string {
  const dir = path.join(root, name);
  fs.mkdirSync(dir);
  return dir;
}

// each test starts several ws processes: on a loaded 2-core machine that takes longer than the default
describe('ws queries pull', { timeout: 60_000 }, () => {
  it('writes each saved query to <slug>.sql: front matter of SQL comments, then the SQL', async () => {
    const dir = freshDir('pull-all');
    const result = await ws(['queries', 'pull', dir], emu.env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(fs.readdirSync(dir).sort()).toEqual(['churn_report.sql', 'daily_revenue.sql', 'events_by_type.sql', 'revenue_by_country.sql', 'top_customers.sql']);
    const server = (await emu.api('GET', `/queries/${demoIds.queries.revenueByCountry}`)).json;
    const text = fs.readFileSync(path.join(dir, 'revenue_by_country.sql'), 'utf8');
    expect(text).toBe(
      [
        '-- ---',
        '-- name: Revenue by country',
        `-- description: ${server.description}`,
        '-- parameters:',
        '--   - name: start_date',
        '--     type: date',
        '--     defaultValue: 2026-01-01',
        `--     description: ${server.parameters[0].description}`,
        '--   - name: min_amount',
        '--     type: number',
        '--     defaultValue: "0"',
        `--     description: ${server.parameters[1].description}`,
        '-- metadata:',
        '--   seed: demo',
        '-- ---',
        `${server.sql.trimEnd()}\n`,
      ].join('\n'),
    );
    expect(result.stdout.split('\n')[0]).toBe('SLUG\tFILE\tACTION\tID');
    expect(result.stdout).toContain(`revenue_by_country\t${path.join(dir, 'revenue_by_country.sql')}\twritten\t${demoIds.queries.revenueByCountry}`);
    expect(writes(await seen())).toEqual([]);
  });

  it('pulls only the queries named, and keeps a file edited since unless --force', async () => {
    const dir = freshDir('pull-named');
    const first = await ws(['queries', 'pull', dir, 'daily_revenue', demoIds.queries.topCustomers], emu.env);
    expect(first.exitCode, first.stderr).toBe(0);
    expect(fs.readdirSync(dir).sort()).toEqual(['daily_revenue.sql', 'top_customers.sql']);
    const file = path.join(dir, 'daily_revenue.sql');
    const edited = fs.readFileSync(file, 'utf8').replace('-- name: Daily revenue', '-- name: Daily revenue (edited)');
    fs.writeFileSync(file, edited);
    const kept = await ws(['queries', 'pull', dir, 'daily_revenue'], emu.env);
    expect(kept.exitCode).toBe(1);
    expect(kept.stderr).toContain(`${file} differs from query daily_revenue on the server and was kept`);
    expect(fs.readFileSync(file, 'utf8')).toBe(edited);
    const forced = await ws(['queries', 'pull', dir, 'daily_revenue', '--force'], emu.env);
    expect(forced.exitCode, forced.stderr).toBe(0);
    expect(fs.readFileSync(file, 'utf8')).toContain('-- name: Daily revenue\n');
  });
});

describe('ws queries apply', { timeout: 60_000 }, () => {
  it('round trip: pull then apply changes nothing and sends no write', async () => {
    const dir = freshDir('round-trip');
    expect((await ws(['queries', 'pull', dir], emu.env)).exitCode).toBe(0);
    await emu.clearRequests();
    const result = await ws(['queries', 'apply', dir], emu.env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^unchanged {2}churn_report +/m);
    expect(result.stdout).toContain('0 to create, 0 to update, 5 unchanged');
    expect(writes(await seen())).toEqual([]);
  });

  // the next two share a folder: drift found by a dry run, then applied
  let drift: string;

  it('a dry run detects drift with exit 8 and sends nothing', async () => {
    const dir = (drift = freshDir('drift'));
    expect((await ws(['queries', 'pull', dir, 'events_by_type'], emu.env)).exitCode).toBe(0);
    const file = path.join(dir, 'events_by_type.sql');
    const old = (await emu.api('GET', `/queries/${demoIds.queries.eventsByType}`)).json.description;
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/-- description: .*/, '-- description: Events per type, busiest first'));
    fs.writeFileSync(
      path.join(dir, 'paid_orders_since.sql'),
      ['-- ---', '-- name: Paid orders since', '-- parameters:', '--   - name: since', '--     type: date', '--     defaultValue: "2026-01-01"', '-- ---', "SELECT count(*) AS orders FROM orders WHERE status = 'paid' AND order_date >= CAST({{since}} AS DATE)", ''].join('\n'),
    );
    await emu.clearRequests();
    const dry = await ws(['queries', 'apply', dir, '--dry-run'], emu.env);
    expect(dry.exitCode, dry.stderr).toBe(8);
    expect(dry.stdout).toMatch(/^updated +events_by_type +\S+events_by_type\.sql$/m);
    expect(dry.stdout).toContain(`    description: ${JSON.stringify(old)} -> "Events per type, busiest first"`);
    expect(dry.stdout).toMatch(/^created +paid_orders_since +\S+paid_orders_since\.sql$/m);
    expect(dry.stdout).toContain('      + since:date=2026-01-01');
    expect(dry.stdout).toContain('1 to create, 1 to update, 0 unchanged');
    expect(dry.stderr).toContain('dry run: nothing was sent');
    expect(writes(await seen())).toEqual([]);
  });

  it('apply then does what the dry run showed; a second apply is all unchanged and sends no write', async () => {
    const dir = drift;
    const applied = await ws(['queries', 'apply', dir], emu.env);
    expect(applied.exitCode, applied.stderr).toBe(0);
    const routes = writes(await seen());
    expect([...routes].sort()).toEqual([`PATCH /queries/${demoIds.queries.eventsByType}`, 'POST /queries']);
    expect((await emu.api('GET', `/queries/${demoIds.queries.eventsByType}`)).json.description).toBe('Events per type, busiest first');
    const created = (await emu.api('GET', '/queries?search=paid_orders_since')).json.queries;
    expect(created).toHaveLength(1);
    expect(created[0].parameters).toEqual([{ name: 'since', type: 'date', description: '', defaultValue: '2026-01-01' }]);

    await emu.clearRequests();
    const again = await ws(['queries', 'apply', dir], emu.env);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stdout).toContain('0 to create, 0 to update, 2 unchanged');
    expect(writes(await seen())).toEqual([]);
    const check = await ws(['queries', 'apply', dir, '--dry-run', '--json'], emu.env);
    expect(check.exitCode).toBe(0);
    expect(JSON.parse(check.stdout)).toMatchObject({ dryRun: true, created: [], updated: [], unchanged: ['events_by_type', 'paid_orders_since'] });
  });

  it('an edited SQL body is shown as a line diff and sent whole', async () => {
    const dir = freshDir('sql-diff');
    expect((await ws(['queries', 'pull', dir, 'top_customers'], emu.env)).exitCode).toBe(0);
    const file = path.join(dir, 'top_customers.sql');
    const before = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, before.replace(/LIMIT 25/, 'LIMIT 10'));
    const result = await ws(['queries', 'apply', file], emu.env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('      - ');
    expect(result.stdout).toMatch(/^ {6}- .*LIMIT 25$/m);
    expect(result.stdout).toMatch(/^ {6}\+ .*LIMIT 10$/m);
    expect((await emu.api('GET', `/queries/${demoIds.queries.topCustomers}`)).json.sql).toContain('LIMIT 10');
  });

  it('a new file whose name is not the slug the server derives: created, with a warning to rename it', async () => {
    const dir = freshDir('renamed');
    fs.writeFileSync(path.join(dir, 'status_counts.sql'), '-- ---\n-- name: Orders per status\n-- ---\nSELECT status, count(*) FROM orders GROUP BY status\n');
    const result = await ws(['queries', 'apply', dir], emu.env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain(`warning: the server named the new query "orders_per_status", not "status_counts": rename ${path.join(dir, 'status_counts.sql')} to orders_per_status.sql, or the next apply creates it again`);
    // not renamed: the plan says it would create a second one, and which query the file most likely means
    const again = await ws(['queries', 'apply', dir, '--dry-run'], emu.env);
    expect(again.exitCode).toBe(8);
    expect(again.stdout).toMatch(/^ {4}note: a query with this name exists as orders_per_status \([0-9a-f-]{36}\): to update it instead of creating another, name the file orders_per_status\.sql$/m);
  });

  it('a bad file is exit 2 naming the file, the line and the rule, and nothing at all is sent', async () => {
    const dir = freshDir('bad');
    fs.writeFileSync(path.join(dir, 'good_one.sql'), '-- ---\n-- name: Good one\n-- ---\nSELECT 1\n');
    fs.writeFileSync(path.join(dir, 'undeclared.sql'), '-- ---\n-- name: Undeclared\n-- ---\nSELECT *\nFROM orders\nWHERE amount > {{min_amount}}\n');
    fs.writeFileSync(path.join(dir, 'number_default.sql'), '-- ---\n-- name: Number default\n-- parameters:\n--   - name: n\n--     type: number\n--     defaultValue: 5\n-- ---\nSELECT {{n}}\n');
    fs.writeFileSync(path.join(dir, 'read_only.sql'), '-- ---\n-- name: Read only\n-- slug: other\n-- ---\nSELECT 1\n');
    fs.writeFileSync(path.join(dir, 'no_block.sql'), 'SELECT 1\n');
    await emu.clearRequests();
    const result = await ws(['queries', 'apply', dir], emu.env);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('error: 4 bad query files, nothing was sent:');
    expect(result.stderr).toContain(`${path.join(dir, 'undeclared.sql')}:6: the SQL uses {{min_amount}} but no parameter declares it`);
    expect(result.stderr).toContain(`${path.join(dir, 'number_default.sql')}:6: parameters[0].defaultValue must be text (quote it: "5")`);
    expect(result.stderr).toContain(`${path.join(dir, 'read_only.sql')}:3: "slug" does not belong in the block: the slug is the file name`);
    expect(result.stderr).toContain(`${path.join(dir, 'no_block.sql')}:1: a query file starts with a front-matter block`);
    expect(await seen()).toEqual([]);
  });

  it('every problem of a file at once, each with its line; the error counts files and problems', async () => {
    const dir = freshDir('many');
    const many = path.join(dir, 'many.sql');
    fs.writeFileSync(many, '-- ---\n-- slug: other\n-- colour: red\n-- parameters:\n--   - name: n\n--     defaultValue: 5\n--   - name: 2n\n-- ---\nSELECT {{n}}\n');
    const two = path.join(dir, 'two.sql');
    fs.writeFileSync(two, `-- ---\n-- name: Two\n-- description: ${'d'.repeat(2001)}\n-- ---\nSELECT 1\nWHERE x = {{x}}\n`);
    await emu.clearRequests();
    const result = await ws(['queries', 'apply', dir], emu.env);
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
    expect(await seen()).toEqual([]);
  });

  it('checks the API limits (a name over 500 characters) and a YAML error, with their lines', async () => {
    const dir = freshDir('limits');
    fs.writeFileSync(path.join(dir, 'long_name.sql'), `-- ---\n-- description: d\n-- name: ${'x'.repeat(501)}\n-- ---\nSELECT 1\n`);
    fs.writeFileSync(path.join(dir, 'broken_yaml.sql'), '-- ---\n-- name: Broken\n-- parameters: [unclosed\n-- ---\nSELECT 1\n');
    await emu.clearRequests();
    const result = await ws(['queries', 'apply', path.join(dir, 'long_name.sql'), path.join(dir, 'broken_yaml.sql')], emu.env);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/long_name\.sql:3: name: Too big: expected string to have <=500 characters/);
    expect(result.stderr).toMatch(/broken_yaml\.sql:\d+: invalid YAML: /);
    expect(await seen()).toEqual([]);
  });
});
