/**
 * `ws queries create`: a new saved query from --sql, --sql-file (a file or stdin), --param, --parameters-file, --metadata.
 * In-process against the emulator: stdout, stderr, the exit code, the requests that reached it and the query as
 * the server keeps it afterwards.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emulatorServer } from '../../helpers/command.js';
import { routes } from '../../helpers/emulator.js';
import { apiQuery, describeBlankSql, serverQuery, tempFiles, uuidRe } from '../../helpers/query-setup.js';

const { emu, ws } = emulatorServer();
const files = tempFiles('ws-queries-create-');

describe('server errors', () => {
  it('a create the server refused with 500 is exit 1; the write is not retried and no query was made', async () => {
    await emu.fault({ path: '^/queries$', method: 'POST', status: 500 });
    const result = await ws(['queries', 'create', '--name', 'Refused', '--sql', 'SELECT 1']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error: POST \/queries failed \(HTTP 500\)/);
    expect(routes(await emu.requests())).toEqual(['POST /queries']);
    expect((await emu.api('GET', '/queries?search=Refused')).json.queries).toEqual([]);
  });
});

describe('in a terminal', () => {
  it('shows the query made under labels, and how to run it on stderr', async () => {
    const result = await ws(['queries', 'create', '--name', 'Terminal made', '--sql', 'SELECT 1'], { tty: true, columns: 100, env: { NO_COLOR: '1' } });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^name: +Terminal made\nslug: +terminal_made\n/);
    expect(result.stdout).toContain('sql:\nSELECT 1\n');
    expect(result.stderr).toMatch(/Created query terminal_made \(.*\)\. Run it: ws queries execute terminal_made --wait/);
  });
});

describe('ws queries create', () => {
  it('--sql with --param specs (type, default, description), --description and inline --metadata reach the server', async () => {
    const result = await ws([
      'queries',
      'create',
      '--name',
      'Revenue since',
      '--sql',
      'SELECT {{start_date}} AS since, {{min_amount}} AS floor',
      '--description',
      'paid revenue since a day',
      '--param',
      'start_date:date=2026-01-01:first day included',
      '--param',
      'min_amount:number=10',
      '--param',
      'label',
      '--metadata',
      '{"team":"finance","tags":["a","b"]}',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('name:\tRevenue since\n');
    expect(result.stdout).toContain('slug:\trevenue_since\n');
    expect(result.stdout).toContain('parameters:\tstart_date=2026-01-01, min_amount=10, label\n');
    const id = result.stdout.match(new RegExp(`^id:\\t(${uuidRe.source})$`, 'm'))?.[1];
    expect(id).toBeDefined();
    expect(result.stderr).toContain(`Created query revenue_since (${id}). Run it: ws queries execute revenue_since --wait`);
    expect(routes(await emu.requests())).toEqual(['POST /queries']);
    const saved = await serverQuery(emu, id!);
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
    const result = await ws(['queries', 'create', '--name', 'SQL from file', '--sql-file', files.file('answer.sql', sql), '--json', 'id,sql']);
    expect(result.exitCode, result.stderr).toBe(0);
    const body = JSON.parse(result.stdout);
    expect(body.sql).toBe(sql);
    expect((await serverQuery(emu, body.id)).sql).toBe(sql);
  });

  it('--sql-file - reads the SQL from stdin', async () => {
    const sql = 'SELECT 7 AS seven';
    const result = await ws(['queries', 'create', '--name', 'SQL from stdin', '--sql-file', '-', '--json', 'id'], { stdin: sql });
    expect(result.exitCode, result.stderr).toBe(0);
    expect((await serverQuery(emu, JSON.parse(result.stdout).id)).sql).toBe(sql);
  });

  it('a missing --sql-file is exit 2 naming the flag and the file, nothing sent', async () => {
    const missing = path.join(files.dir, 'no-such.sql');
    const result = await ws(['queries', 'create', '--name', 'Nope', '--sql-file', missing]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`error: cannot read --sql-file ${missing}: no such file`);
    expect(await emu.requests()).toEqual([]);
  });

  it('--parameters-file (YAML) declares parameters, followed by the --param ones', async () => {
    const yaml = files.file(
      'params.yaml',
      [
        '- name: start_date',
        '  type: date',
        "  description: 'first day: inclusive'",
        "  defaultValue: '2026-02-01'",
        '- name: country',
        '  type: text',
        '  description: ISO code',
        '  defaultValue: DE',
      ].join('\n'),
    );
    const result = await ws([
      'queries',
      'create',
      '--name',
      'Params from YAML',
      '--sql',
      'SELECT {{start_date}} AS d, {{country}} AS c, {{n}} AS n',
      '--parameters-file',
      yaml,
      '--param',
      'n:integer=3:how many',
      '--json',
      'id,parameters',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    const expected = [
      { name: 'start_date', type: 'date', description: 'first day: inclusive', defaultValue: '2026-02-01' },
      { name: 'country', type: 'text', description: 'ISO code', defaultValue: 'DE' },
      { name: 'n', type: 'integer', description: 'how many', defaultValue: '3' },
    ];
    const body = JSON.parse(result.stdout);
    expect(body.parameters).toEqual(expected);
    expect((await serverQuery(emu, body.id)).parameters).toEqual(expected);
  });

  it('--metadata @file reads JSON from a file', async () => {
    const metadata = { owner: 'ana', nested: { level: 2, list: [1, null, 'x'] } };
    const result = await ws([
      'queries',
      'create',
      '--name',
      'Metadata from file',
      '--sql',
      'SELECT 1',
      '--metadata',
      `@${files.file('meta.json', JSON.stringify(metadata))}`,
      '--json',
      'id',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect((await serverQuery(emu, JSON.parse(result.stdout).id)).metadata).toEqual(metadata);
  });

  it('--metadata that is not JSON is exit 2 before sending', async () => {
    const result = await ws(['queries', 'create', '--name', 'Bad metadata', '--sql', 'SELECT 1', '--metadata', '{team: finance}']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^error: invalid --metadata: not JSON/m);
    expect(await emu.requests()).toEqual([]);
  });

  it('--dry-run prints the method, path and body and sends nothing', async () => {
    const result = await ws([
      'queries',
      'create',
      '--name',
      'Dry run',
      '--sql',
      'SELECT 1',
      '--param',
      'day:date=2026-01-01:the day',
      '--metadata',
      '{"a":1}',
      '--dry-run',
    ]);
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
    const json = await ws(['queries', 'create', '--name', 'Dry run', '--sql', 'SELECT 1', '--dry-run', '--json']);
    expect(json.exitCode).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ dryRun: true, method: 'POST', path: '/queries', body: { name: 'Dry run', sql: 'SELECT 1', userAgent: 'cli' } });
    expect(await emu.requests()).toEqual([]);
    const list = await emu.api('GET', '/queries?search=Dry');
    expect(list.json.queries).toEqual([]);
  });

  it('a --name of 501 characters is exit 2 naming --name and the rule; nothing is sent; 500 is fine', async () => {
    const tooLong = await ws(['queries', 'create', '--name', 'x'.repeat(501), '--sql', 'SELECT 1']);
    expect(tooLong.exitCode).toBe(2);
    expect(tooLong.stderr).toMatch(/^error: invalid --name "x+\.\.\." \(501 characters\): .*500/m);
    expect(tooLong.stdout).toBe('');
    expect(await emu.requests()).toEqual([]);
    const longest = await ws(['queries', 'create', '--name', 'x'.repeat(500), '--sql', 'SELECT 1', '--dry-run']);
    expect(longest.exitCode, longest.stderr).toBe(0);
  });

  it('a --data-source that is not a UUID is exit 2 naming the flag and the value; nothing is sent', async () => {
    const result = await ws(['queries', 'create', '--name', 'Bad source', '--sql', 'SELECT 1', '--data-source', 'warehouse-1']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: invalid --data-source "warehouse-1": must be a UUID');
    expect(await emu.requests()).toEqual([]);
  });

  it('no SQL at all is exit 2 with a hint; both --sql and --sql-file is exit 2', async () => {
    const none = await ws(['queries', 'create', '--name', 'No SQL']);
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toContain('--sql-file');
    const both = await ws(['queries', 'create', '--name', 'Both', '--sql', 'SELECT 1', '--sql-file', files.file('both.sql', 'SELECT 2')]);
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toContain('error: use --sql or --sql-file, not both');
    expect(await emu.requests()).toEqual([]);
  });
});

describe('ws queries create: {{placeholders}} and parameter types', () => {
  it('SQL with {{y}} that no --param declares is exit 2 naming it; nothing is sent', async () => {
    const result = await ws(['queries', 'create', '--name', 'Undeclared', '--sql', 'SELECT {{x}} + {{ y }} AS s', '--param', 'x:number=1']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe('error: the SQL uses {{y}}, which no parameter declares\nhint: declare it with --param y[:type][=default] (declared: x)\n');
    expect(await emu.requests()).toEqual([]);
  });

  it('a misspelt type is exit 2 naming the type and the allowed ones; nothing is sent', async () => {
    const result = await ws(['queries', 'create', '--name', 'Bad type', '--sql', 'SELECT {{n}} AS n', '--param', 'n:nubmer=1']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: parameter n: unknown type "nubmer"\n');
    expect(result.stderr).toContain('hint: the types ws accepts: text, string, number,');
    expect(await emu.requests()).toEqual([]);
  });

  it('--dry-run checks too', async () => {
    const result = await ws(['queries', 'create', '--name', 'Dry', '--sql', 'SELECT {{a}}, {{b}}', '--dry-run']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: the SQL uses {{a}}, {{b}}, which no parameter declares\nhint: declare each with --param a[:type][=default]\n');
  });

  it('declared placeholders and known types (any case) are accepted', async () => {
    const result = await ws([
      'queries',
      'create',
      '--name',
      'Fine params',
      '--sql',
      'SELECT {{d}} AS d, {{n}} AS n',
      '--param',
      'd:DATE=2026-01-01',
      '--param',
      'n:integer=2',
      '--json',
      'slug',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(routes(await emu.requests())).toEqual(['POST /queries']);
  });
});

describeBlankSql([['create', ['queries', 'create', '--name', 'Blank']]], emu, ws, files);

describe('queries create with a name that is taken', () => {
  const sql = 'SELECT 1 AS one';

  it('the first is quiet; the second says on stderr that the name is taken, naming both slugs', async () => {
    const first = await ws(['queries', 'create', '--name', 'Orders by state', '--sql', sql, '--json', 'id,slug']);
    expect(first.exitCode, first.stderr).toBe(0);
    const one = JSON.parse(first.stdout);
    expect(one.slug).toBe('orders_by_state');
    expect(first.stderr).not.toContain('warning');
    const second = await ws(['queries', 'create', '--name', 'Orders by state', '--sql', sql, '--json', 'id,slug']);
    expect(second.exitCode, second.stderr).toBe(0);
    const two = JSON.parse(second.stdout);
    expect(two.slug).toBe('orders_by_state_2');
    expect(second.stderr).toBe(
      `warning: the name "Orders by state" is taken by orders_by_state (${one.id}); this query is orders_by_state_2. Running this create again makes yet another; \`ws queries apply\` keeps one query per file\n`,
    ); // with --json off a terminal, the warning stays and the note is left out
  });

  it('another name that the server gives the same slug says which name holds it', async () => {
    const held = await apiQuery(emu, 'Held slug');
    const result = await ws(['queries', 'create', '--name', 'Held-slug', '--sql', sql, '-q']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain(`warning: the slug held_slug is taken by "Held slug" (${held.id}); this query is held_slug_2.`);
  });

  it('a number that belongs to the name is no warning', async () => {
    await apiQuery(emu, 'Top');
    await emu.clearRequests();
    const result = await ws(['queries', 'create', '--name', 'Top 10', '--sql', sql, '-q']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
  });
});

describe('bytes that are not what they seem (--sql-file, stdin, --sql)', () => {
  const posts = async () => routes(await emu.requests()).filter((route) => route === 'POST /queries');

  it('invalid UTF-8 is exit 2 naming the file, the byte offset and the likely encoding; nothing sent', async () => {
    await emu.clearRequests();
    const bytes = files.file('bytes.sql', Buffer.from([...Buffer.from('SELECT '), 0xff, 0xfe, ...Buffer.from(' 1')]));
    const result = await ws(['queries', 'create', '--name', 'Bytes', '--sql-file', bytes]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(
        `^error: --sql-file ${bytes} is not UTF-8 text: byte offset 7 \\(line 1\\) is 0xFF; it looks like Latin-1 or Windows-1252 \\(where these bytes read "ÿþ"\\)\\n`,
      ),
    );
    expect(result.stderr).toContain('hint: save it as UTF-8');
    const latin1 = files.file('latin1.sql', Buffer.from("SELECT 1 AS n,\n  'caf\xe9' AS place", 'latin1'));
    const second = await ws(['queries', 'create', '--name', 'Latin-1', '--sql-file', latin1]);
    expect(second.exitCode).toBe(2);
    expect(second.stderr).toMatch(/is not UTF-8 text: byte offset 21 \(line 2\) is 0xE9; it looks like Latin-1 or Windows-1252 \(where these bytes read "é"\)/);
    const stdin = await ws(['queries', 'create', '--name', 'Latin-1', '--sql-file', '-'], { stdin: Buffer.from("SELECT 'caf\xe9'", 'latin1') });
    expect(stdin.exitCode).toBe(2);
    expect(stdin.stderr).toMatch(/^error: --sql-file - \(stdin\) is not UTF-8 text: byte offset 11 \(line 1\) is 0xE9/);
    expect(await posts()).toEqual([]);
  });

  it('a NUL character in SQL is exit 2, from a file or the command line; nothing sent', async () => {
    await emu.clearRequests();
    const nul = files.file('nul.sql', 'SELECT 1 AS a\0, 2 AS b');
    const fromFile = await ws(['queries', 'create', '--name', 'NUL', '--sql-file', nul]);
    expect(fromFile.exitCode).toBe(2);
    expect(fromFile.stderr).toMatch(
      new RegExp(`^error: --sql-file ${nul} holds a NUL character \\(line 1, column 14\\): SQL cannot hold one; nothing was sent\\n`),
    );
    const fromFlag = await ws(['queries', 'create', '--name', 'NUL', '--sql', 'SELECT 1 AS a\0, 2 AS b']);
    expect(fromFlag.exitCode).toBe(2);
    expect(fromFlag.stderr).toMatch(/^error: --sql holds a NUL character \(line 1, column 14\)/);
    expect(await posts()).toEqual([]);
  });

  it('a leading byte order mark is not part of the SQL; CRLF line ends are sent as LF', async () => {
    const bom = files.file('bom.sql', '\uFEFFSELECT 1 AS one');
    const first = await ws(['queries', 'create', '--name', 'With a BOM', '--sql-file', bom, '--json', 'id']);
    expect(first.exitCode, first.stderr).toBe(0);
    expect((await serverQuery(emu, JSON.parse(first.stdout).id)).sql).toBe('SELECT 1 AS one');
    const crlf = files.file('crlf.sql', 'SELECT 1 AS one,\r\n  2 AS two\r\n');
    const second = await ws(['queries', 'create', '--name', 'With CRLF', '--sql-file', crlf, '--json', 'id']);
    expect(second.exitCode, second.stderr).toBe(0);
    expect((await serverQuery(emu, JSON.parse(second.stdout).id)).sql).toBe('SELECT 1 AS one,\n  2 AS two\n');
  });
});
