/**
 * `ws queries pull`: saved queries written to <slug>.sql files (front matter of SQL comments, then the SQL).
 * In-process against the emulator: the files written, stdout, stderr, the exit code, the requests that reached it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emulatorServer } from '../../helpers/command.js';
import { demoIds, routes } from '../../helpers/emulator.js';
import { tempFiles } from '../../helpers/query-setup.js';

const { emu, ws } = emulatorServer();
const files = tempFiles('ws-queries-files-');
/** The requests that change something. */
const writes = (sent: string[]) => sent.filter((route) => !route.startsWith('GET '));

describe('ws queries pull', () => {
  it('writes each saved query to <slug>.sql: front matter of SQL comments, then the SQL', async () => {
    const dir = files.folder('pull-all');
    const result = await ws(['queries', 'pull', dir]);
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
    expect(writes(routes(await emu.requests()))).toEqual([]);
  });

  it('pulls only the queries named, and keeps a file edited since unless --force', async () => {
    const dir = files.folder('pull-named');
    const first = await ws(['queries', 'pull', dir, 'daily_revenue', demoIds.queries.topCustomers]);
    expect(first.exitCode, first.stderr).toBe(0);
    expect(fs.readdirSync(dir).sort()).toEqual(['daily_revenue.sql', 'top_customers.sql']);
    const file = path.join(dir, 'daily_revenue.sql');
    const edited = fs.readFileSync(file, 'utf8').replace('-- name: Daily revenue', '-- name: Daily revenue (edited)');
    fs.writeFileSync(file, edited);
    const kept = await ws(['queries', 'pull', dir, 'daily_revenue']);
    expect(kept.exitCode).toBe(1);
    expect(kept.stderr).toContain(`${file} differs from query daily_revenue on the server and was kept`);
    expect(fs.readFileSync(file, 'utf8')).toBe(edited);
    const forced = await ws(['queries', 'pull', dir, 'daily_revenue', '--force']);
    expect(forced.exitCode, forced.stderr).toBe(0);
    expect(fs.readFileSync(file, 'utf8')).toContain('-- name: Daily revenue\n');
  });
});

describe('in a terminal', () => {
  it('an aligned table of what was written, the count on stderr', async () => {
    const dir = files.folder('terminal');
    const result = await ws(['queries', 'pull', dir, 'daily_revenue'], { tty: true, columns: 200, env: { NO_COLOR: '1' } });
    expect(result.exitCode, result.stderr).toBe(0);
    const file = path.join(dir, 'daily_revenue.sql');
    expect(result.stdout).toMatch(new RegExp(`^SLUG +FILE +ACTION +ID\ndaily_revenue +${file} +written +${demoIds.queries.dailyRevenue}\n$`));
    expect(result.stderr).toBe(`1 file written, 0 unchanged, in ${dir}\n`);
  });
});

describe('usage errors: exit 2, nothing sent', () => {
  it('a first argument that is a file, not a folder', async () => {
    const file = files.file('plain.txt', 'x');
    const result = await ws(['queries', 'pull', file]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(`error: ${file} is not a directory\nhint: usage: ws queries pull [dir] [query…]; the first argument is the directory\n`);
    expect(await emu.requests()).toEqual([]);
  });

  it('an unknown option, with the one meant', async () => {
    const result = await ws(['queries', 'pull', files.folder('typo'), '--forse'], { tty: true });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe("error: unknown option '--forse'\n(Did you mean --force?)\nhint: run `ws queries pull --help` for usage\n");
    expect(await emu.requests()).toEqual([]);
  });
});

describe('server errors', () => {
  it('a list that fails with 503 at each try is exit 1, and no file is written', async () => {
    const dir = files.folder('failing');
    await emu.fault({ path: '^/queries$', method: 'GET', status: 503, retryAfter: 0, times: 2 });
    const result = await ws(['queries', 'pull', dir], { env: { WS_MAX_ATTEMPTS: '2' } });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error: GET \/queries failed \(HTTP 503\)/);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('a query named that does not exist is exit 4', async () => {
    const dir = files.folder('missing');
    const result = await ws(['queries', 'pull', dir, 'nope_x']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toBe('error: no query has the slug or name "nope_x"\nhint: see which there are: `ws queries list`\n');
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

describe('a query by its name', () => {
  it('pull takes names too: the file is the slug of the query named', async () => {
    const dir = files.folder('by-name');
    const result = await ws(['queries', 'pull', dir, 'daily REVENUE', '--json', 'slug,action']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(fs.readdirSync(dir)).toEqual(['daily_revenue.sql']);
  });
});
