import { beforeAll, describe, expect, it } from 'vitest';
import { emulatorServer, stubServer } from '../../helpers/command.js';
import { uuid } from '../../helpers/fixtures.js';
import { latestDataStub } from '../../helpers/latest-data.js';
import { createQuery, serverQuery } from '../../helpers/query-setup.js';

const queryId = '00000000-0000-4000-8000-00000000d001';
const runId = '00000000-0000-4000-8000-00000000e001';
/** `ws` in-process, with stdout and stderr off a terminal, as in a script. */
const { server, ws } = stubServer();
const { emu, ws: emuWs } = emulatorServer();
const { dataPath, dataRequests, serve } = latestDataStub(server, queryId, runId);

describe('--jq prints exactly what jq prints', () => {
  it.each([
    ['keeps blanks and empty strings at the start and end, one line a value', ['  indented', 'a', '', ''], '.rows[].s', '  indented\na\n\n\n'],
    [
      'prints a string with surrounding blanks as it is, other values indented as jq does',
      ['x'],
      '"  a  ", {b: [1, 2]}, [], .rows[0].s',
      '  a  \n{\n  "b": [\n    1,\n    2\n  ]\n}\n[]\nx\n',
    ],
    ['stops at halt, as jq does, with what came before it', [' x'], '.rows[0].s, halt, "never"', ' x\n'],
  ])('%s', async (_name, values, expression, printed) => {
    serve(values.map((value) => ({ s: value })));
    const result = await ws(['queries', 'data', queryId, '--jq', expression]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe(printed);
  });

  it('runs an expression ending in a comment', async () => {
    serve([{ s: 'x' }]);
    const result = await ws(['queries', 'data', queryId, '--jq', '.rows[0].s # the value \\']);
    expect(result.stdout).toBe('x\n');
  });
});

describe('a jq error', () => {
  it("is jq_error with jq's message, after what jq printed before it", async () => {
    serve([{ s: 'x' }, { s: 'y' }]);
    const result = await ws(['queries', 'data', queryId, '--jq', '.rows[0].s, .rows[1].s.foo']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('x\n');
    const error = JSON.parse(result.stderr).error;
    expect(error.code).toBe('jq_error');
    expect(error.message).toBe('--jq failed: Cannot index string with string ("foo")');
  });

  it('of syntax is exit 2 before any request', async () => {
    const result = await ws(['queries', 'data', queryId, '--jq', '.rows |']);
    expect(result.exitCode).toBe(2);
    expect(JSON.parse(result.stderr).error.code).toBe('usage');
    expect(server.requests).toEqual([]);
  });
});

describe('WS_MAX_ATTEMPTS', () => {
  const failing = { status: 503, headers: { 'retry-after': '0' }, body: { message: 'busy' } };
  it.each([
    [undefined, 4],
    ['1', 1],
    ['2', 2],
    ['6', 6],
  ])('WS_MAX_ATTEMPTS=%s: a request failing with 503 is tried %i times', async (value, tries) => {
    server.on('GET', dataPath, failing);
    const result = await ws(['queries', 'data', queryId, '-o', 'csv'], { env: value === undefined ? {} : { WS_MAX_ATTEMPTS: value } });
    expect(result.exitCode).toBe(1);
    expect(dataRequests()).toHaveLength(tries);
  });

  it.each(['0', 'x', '2.5', '-1', '101'])('WS_MAX_ATTEMPTS=%s is exit 2 naming it, before any request', async (value) => {
    const result = await ws(['queries', 'data', queryId, '-o', 'csv'], { env: { WS_MAX_ATTEMPTS: value } });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`invalid WS_MAX_ATTEMPTS "${value}"`);
    expect(server.requests).toEqual([]);
  });
});

describe('a query with no completed run', () => {
  it('is exit 4 with the command that runs it', async () => {
    server.on('GET', dataPath, { status: 404, body: { error: 'not_found', message: `query ${queryId} has no successful run yet` } });
    const result = await ws(['queries', 'data', queryId, '--json', '--profile', 'ci']);
    expect(result.exitCode).toBe(4);
    expect(JSON.parse(result.stderr).error.hint).toBe(`a query has rows once a run of it completes: \`ws queries execute ${queryId} --wait --profile ci\``);
  });
});

describe('numbers a double would round', () => {
  it('print as the server sent them, in csv, json and a table (the API may send them as JSON numbers)', async () => {
    const body = `{"queryRunId":"${runId}","status":"COMPLETED","totalRowCount":1,"returnedRowCount":1,"columns":[{"name":"big","type":"BIGINT"},{"name":"d","type":"DECIMAL(38,2)"},{"name":"f","type":"DOUBLE"}],"rows":[{"big":9007199254740993,"d":12345678901234567890.12,"f":0.5}]}`;
    server.on('GET', dataPath, { headers: { 'content-type': 'application/json' }, body });
    expect((await ws(['queries', 'data', queryId, '-o', 'csv'])).stdout).toBe('big,d,f\n9007199254740993,12345678901234567890.12,0.5\n');
    expect(JSON.parse((await ws(['queries', 'data', queryId, '--json'])).stdout).rows).toEqual([
      { big: '9007199254740993', d: '12345678901234567890.12', f: 0.5 },
    ]);
    expect((await ws(['queries', 'data', queryId], { stdoutIsTTY: true, columns: 80 })).stdout).toContain('9007199254740993  12345678901234567890.12');
  });
});

describe('ws queries data against the emulator', () => {
  it('csv quotes commas, quotes and newlines, leaves NULL empty (tsv: \\N) and writes nested values as JSON', async () => {
    const sql = `SELECT 'a,b' AS c1, 'say "hi"' AS c2, 'line1' || chr(10) || 'line2' AS c3, NULL AS c4, {'k': 1, 's': 'x,y'} AS nested, [1, 2] AS list, 42 AS num`;
    const { id } = await createQuery(emuWs, 'Awkward values', sql);
    const executed = await emuWs(['queries', 'execute', 'awkward_values', '--wait', '-o', 'csv']);
    expect(executed.exitCode, executed.stderr).toBe(0);
    const expected = 'c1,c2,c3,c4,nested,list,num\n"a,b","say ""hi""","line1\nline2",,"{""k"":1,""s"":""x,y""}","[1,2]",42\n';
    expect(executed.stdout).toBe(expected);
    const data = await emuWs(['queries', 'data', id, '-o', 'csv']);
    expect(data.exitCode, data.stderr).toBe(0);
    expect(data.stdout).toBe(expected);
    const tsv = await emuWs(['queries', 'data', 'awkward_values', '-o', 'tsv']);
    expect(tsv.stdout).toBe('c1\tc2\tc3\tc4\tnested\tlist\tnum\na,b\tsay "hi"\tline1\\nline2\t\\N\t{"k":1,"s":"x,y"}\t[1,2]\t42\n');
    const json = await emuWs(['queries', 'data', 'awkward_values', '-o', 'ndjson']);
    expect(JSON.parse(json.stdout)).toEqual({ c1: 'a,b', c2: 'say "hi"', c3: 'line1\nline2', c4: null, nested: { k: 1, s: 'x,y' }, list: [1, 2], num: 42 });
  });

  describe('over many pages', () => {
    let id: string;
    beforeAll(async () => {
      ({ id } = await createQuery(emuWs, 'Range 25000', 'SELECT range AS n FROM range(25000)'));
      const executed = await emuWs(['queries', 'execute', id, '--wait', '--no-data', '-q', '--json', 'status']);
      expect(executed.exitCode, executed.stderr).toBe(0);
      expect(JSON.parse(executed.stdout)).toEqual({ status: 'COMPLETED' });
    });

    it('--all -o ndjson streams every row, in order, page by page', async () => {
      const result = await emuWs(['queries', 'data', 'range_25000', '--all', '-o', 'ndjson']);
      expect(result.exitCode, result.stderr).toBe(0);
      const lines = result.stdout.trimEnd().split('\n');
      expect(lines).toHaveLength(25_000);
      expect(lines.map((line) => JSON.parse(line).n)).toEqual(Array.from({ length: 25_000 }, (_, i) => i));
      const pages = (await emu.requests()).filter((r) => r.path === `/queries/${id}/latest/data`);
      // a first page of 1,000, then pages of 10,000, the later ones asked for together (so they may arrive in any order)
      expect(pages.map((r) => r.query).sort()).toEqual([
        '?limit=1000&offset=0',
        '?limit=10000&offset=1000',
        '?limit=10000&offset=11000',
        '?limit=10000&offset=21000',
      ]);
    });

    it('--limit 15000 fetches just enough pages', async () => {
      const result = await emuWs(['queries', 'data', id, '--limit', '15000', '-o', 'csv']);
      expect(result.exitCode, result.stderr).toBe(0);
      const records = result.stdout.split('\n');
      expect(records[0]).toBe('n');
      expect(records.slice(1, -1)).toEqual(Array.from({ length: 15_000 }, (_, i) => String(i)));
      const pages = (await emu.requests()).filter((r) => r.path === `/queries/${id}/latest/data`);
      // 15,000 rows asked for in all, none past them (the later two asked for together: they may arrive in any order)
      expect(pages.map((r) => r.query).sort()).toEqual(['?limit=1000&offset=0', '?limit=10000&offset=1000', '?limit=4000&offset=11000']);
    });

    it('--all -o json prints one envelope whose counts describe the whole', async () => {
      const result = await emuWs(['queries', 'data', id, '--all', '-o', 'json']);
      expect(result.exitCode, result.stderr).toBe(0);
      const body = JSON.parse(result.stdout);
      expect(body.rows).toHaveLength(25_000);
      expect(body.rows[24_999]).toEqual({ n: 24_999 });
      expect(body).toMatchObject({ totalRowCount: 25_000, returnedRowCount: 25_000, status: 'COMPLETED' });
      expect(body.queryRunId).toBe((await serverQuery(emu, id)).lastSuccessfulRunId);
    });

    it('--offset skips rows', async () => {
      const result = await emuWs(['queries', 'data', id, '--offset', '24998', '-o', 'ndjson']);
      expect(result.exitCode, result.stderr).toBe(0);
      expect(result.stdout).toBe('{"n":24998}\n{"n":24999}\n');
    });
  });

  it('a query with no successful run is exit 4 with the server message', async () => {
    const { id } = await createQuery(emuWs, 'Never run', 'SELECT 1');
    const result = await emuWs(['queries', 'data', id]);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('has no successful run yet');
    expect(result.stdout).toBe('');
  });
});

/**
 * Every DECIMAL value comes as an exact decimal string with its scale (so a column has one JSON type), BIGINT past
 * 2^53 as an exact string, and ws prints them digit for digit in every format. And a query's slug keeps the letters
 * of its name: Latin ones transliterated, other scripts as they are.
 */
describe('exact values', () => {
  let slug: string;
  let id: string;
  /** A query named without a Latin letter, whose DECIMAL column has values of several sizes and scales. */
  let mixed: { id: string; slug: string };
  const decimals = ['16.50', '0.10', '12345678901234567890.12', '-3.00', '7.00'];

  const values = {
    d: ['12345678901234567890.12', 'DECIMAL(38,2)'],
    e: ['123456789012345678901234567890.123', 'DECIMAL(38,3)'],
    f: ['0.0000001', 'DECIMAL(18,7)'],
    g: ['-99999999999999999.99', 'DECIMAL(19,2)'],
    h: ['9007199254740993', 'BIGINT'],
  };
  const sql = `SELECT ${Object.entries(values)
    .map(([name, [value, type]]) => `CAST('${value}' AS ${type}) AS ${name}`)
    .join(', ')}, CAST('16.50' AS DECIMAL(10,2)) AS small`;

  beforeAll(async () => {
    const created = await emuWs(['queries', 'create', '--name', 'Umsatz café', '--sql', sql, '--json', 'id,slug']);
    expect(created.exitCode, created.stderr).toBe(0);
    ({ id, slug } = JSON.parse(created.stdout));
    const executed = await emuWs(['queries', 'execute', slug, '--wait', '--no-data', '-q']);
    expect(executed.exitCode, executed.stderr).toBe(0);
    const rows = decimals.map((value, i) => `(${i}, CAST('${value}' AS DECIMAL(38,2)))`).join(', ');
    const other = await emuWs(['queries', 'create', '--name', '数据 报告', '--sql', `SELECT * FROM (VALUES ${rows}) t(i, d) ORDER BY i`, '--json', 'id,slug']);
    expect(other.exitCode, other.stderr).toBe(0);
    mixed = JSON.parse(other.stdout);
    const ran = await emuWs(['queries', 'execute', mixed.id, '--wait', '--no-data', '-q']);
    expect(ran.exitCode, ran.stderr).toBe(0);
  }, 60_000);

  it('the slug of "Umsatz café" is umsatz_cafe: letters with marks are transliterated, not dropped', () => {
    expect(slug).toBe('umsatz_cafe');
  });

  it('the API sends every DECIMAL value as an exact string with its scale, and BIGINT past 2^53 as an exact string', async () => {
    const data = await emu.api('GET', `/queries/${id}/latest/data`);
    expect(data.json.rows).toEqual([{ ...Object.fromEntries(Object.entries(values).map(([name, [value]]) => [name, value])), small: '16.50' }]);
  });

  it('a DECIMAL column has one JSON type: every value a string with its scale, never a number', async () => {
    const data = await emu.api('GET', `/queries/${mixed.id}/latest/data`);
    expect(data.json.rows).toEqual(decimals.map((d, i) => ({ i, d })));
    const types = await emuWs(['queries', 'data', mixed.slug, '--jq', '.rows[].d|type']);
    expect(types.exitCode, types.stderr).toBe(0);
    expect(types.stdout).toBe('string\n'.repeat(decimals.length));
    const raw = await emuWs(['queries', 'data', mixed.slug, '--jq', '.rows[].d']);
    expect(raw.stdout).toBe(decimals.map((d) => `${d}\n`).join(''));
  });

  it('CSV carries every digit and the scale', async () => {
    const result = await emuWs(['queries', 'data', slug, '-o', 'csv']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe(
      `d,e,f,g,h,small\n${Object.values(values)
        .map(([value]) => value)
        .join(',')},16.50\n`,
    );
    const column = await emuWs(['queries', 'data', mixed.slug, '-o', 'csv']);
    expect(column.stdout).toBe(`i,d\n${decimals.map((d, i) => `${i},${d}\n`).join('')}`);
  });

  it('a table off a terminal shows each DECIMAL as it came, scale kept', async () => {
    const result = await emuWs(['queries', 'data', mixed.slug]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(
      result.stdout
        .trimEnd()
        .split('\n')
        .slice(1)
        .map((line) => line.split('\t')[1]),
    ).toEqual(decimals);
  });

  it('a name without Latin letters keeps its letters in the slug, and ws finds the query by it (sent percent-encoded)', async () => {
    expect(mixed.slug).toBe('数据_报告');
    await emu.clearRequests();
    const got = await emuWs(['queries', 'get', '数据_报告', '--json', 'id,slug']);
    expect(got.exitCode, got.stderr).toBe(0);
    expect(JSON.parse(got.stdout)).toEqual(mixed);
    const searches = (await emu.requests()).filter((r) => r.path === '/queries');
    expect(searches.length).toBeGreaterThan(0);
    for (const search of searches) {
      expect(search.query).not.toMatch(/[^\x21-\x7e]/);
      expect(new URLSearchParams(search.query).get('search')).toBe('数据_报告');
    }
  });

  it('JSON carries every digit, as the string that came', async () => {
    const result = await emuWs(['queries', 'data', slug, '-o', 'json']);
    expect(result.exitCode, result.stderr).toBe(0);
    const row = JSON.parse(result.stdout).rows[0];
    for (const [name, [value]] of Object.entries(values)) expect(row[name], name).toBe(value);
    expect(result.stdout).toContain('"e": "123456789012345678901234567890.123"');
  });
});

describe('--json fields and ids of rows', () => {
  it('the fields are the result columns, and an unknown one is exit 2 listing them', async () => {
    await emuWs(['queries', 'execute', 'daily_revenue', '--wait', '-q', '--limit', '1']);
    const picked = await emuWs(['queries', 'data', 'daily_revenue', '--limit', '2', '--json', 'day']);
    expect(picked.exitCode, picked.stderr).toBe(0);
    expect(JSON.parse(picked.stdout).rows).toEqual([{ day: '2026-01-01' }, { day: '2026-01-02' }]);
    await emu.clearRequests();
    const bad = await emuWs(['queries', 'data', 'daily_revenue', '--json', 'bogus']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stdout).toBe('');
    expect(JSON.parse(bad.stderr).error.message).toBe('unknown JSON field: bogus; valid fields: day, orders, revenue');
  });

  it('rows whose id column repeats page after page are data, not a repeated page', async () => {
    await emuWs(['queries', 'create', '--name', 'dupid', '--sql', "SELECT 'x' AS id, i FROM range(2500) t(i)", '-q']);
    await emuWs(['queries', 'execute', 'dupid', '--wait', '-q', '--limit', '1']);
    const result = await emuWs(['queries', 'data', 'dupid', '--all', '-o', 'csv']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe(`id,i\n${Array.from({ length: 2500 }, (_, i) => `x,${i}\n`).join('')}`);
  });
});

describe('csv line ends', () => {
  beforeAll(async () => {
    expect((await emuWs(['queries', 'execute', 'daily_revenue', '--wait', '-q'])).exitCode).toBe(0);
  });

  it('end in LF, so awk reads clean values; --crlf ends every record in CRLF; the rows are the same', async () => {
    const lf = await emuWs(['queries', 'data', 'daily_revenue', '--all', '-o', 'csv']);
    expect(lf.exitCode).toBe(0);
    expect(lf.stdout).not.toContain('\r');
    const records = lf.stdout.split('\n');
    expect(records.at(-1)).toBe('');
    expect(records[0]).toBe('day,orders,revenue');
    expect(records.length).toBeGreaterThan(10);
    const crlf = await emuWs(['queries', 'data', 'daily_revenue', '--all', '-o', 'csv', '--crlf']);
    expect(crlf.exitCode).toBe(0);
    expect(crlf.stdout.match(/\r\n/g)).toHaveLength(records.length - 1);
    expect(crlf.stdout).not.toMatch(/[^\r]\n/);
    expect(crlf.stdout.replaceAll('\r\n', '\n')).toBe(lf.stdout);
    // what `awk -F, 'NR > 1 { print $3 }'` reads: clean numbers
    expect(records.slice(1, -1).every((record) => /^\d+(\.\d+)?$/.test(record.split(',')[2]!))).toBe(true);
  });

  it('--crlf applies to lists too, and with any format but csv it is exit 2 before any request', async () => {
    const list = await emuWs(['queries', 'list', '-o', 'csv', '--crlf']);
    expect(list.stdout).toMatch(/^id,slug,name,[^\r\n]*\r\n/);
    expect(list.stdout).not.toMatch(/[^\r]\n/);
    await emu.clearRequests();
    const refused = await emuWs(['queries', 'data', 'daily_revenue', '--crlf', '--json']);
    expect(refused.exitCode).toBe(2);
    expect(JSON.parse(refused.stderr).error).toMatchObject({ code: 'usage', message: '--crlf is for -o csv, not json' });
    expect(await emu.requests()).toEqual([]);
  });
});

describe('a server that ignores offset', () => {
  it('queries data --all against a server that ignores offset and gives no total stops with an error', async () => {
    const id = uuid();
    const rows = Array.from({ length: 1000 }, (_, n) => ({ n }));
    server.on('GET', `/queries/${id}/latest/data`, {
      body: { queryRunId: uuid(), status: 'COMPLETED', totalRowCount: null, returnedRowCount: 1000, columns: [{ name: 'n' }], rows },
    });
    const result = await ws(['queries', 'data', id, '--all', '-o', 'csv']);
    expect(result.exitCode).toBe(1);
    expect(server.requests).toHaveLength(2);
    expect(result.stderr).toContain('error: the server sent the same rows for offset=1000 as for the page before it and gives no total');
  });
});
