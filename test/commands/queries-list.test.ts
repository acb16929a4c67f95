import { describe, expect, it } from 'vitest';
import { stubServer } from '../helpers/command.js';
import { query, queryList, queryRun } from '../helpers/fixtures.js';

const now = '2026-11-20T12:00:00.000Z';
// eslint-disable-next-line no-control-regex
const ansi = /\u001b\[[0-9;]*m/g;
/** `ws` in-process; a terminal of 80 columns unless the options say otherwise. */
const { server, ws } = stubServer({ tty: true, columns: 80, now });

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
    query({ id: ids.revenue, slug: 'daily_revenue', name: 'Daily revenue', updatedAt: '2026-11-20T10:00:00.000Z', lastQueryRun: queryRun({ status: 'COMPLETED' }) }),
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
    expect(result.stdout).toMatch(/^\u001b\[1mID\u001b\[22m +\u001b\[1mSLUG\u001b\[22m +\u001b\[1mNAME\u001b\[22m +\u001b\[1mLAST RUN\u001b\[22m +\u001b\[1mUPDATED\u001b\[22m\n/);
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
    for (const argv of [['queries', 'list', '--no-color'], ['--no-color', 'queries', 'list']]) {
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
