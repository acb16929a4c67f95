/**
 * What ws writes, read back by the program a user reads it with (issue 39): DuckDB's read_csv, Python's csv and
 * PyYAML (YAML 1.1), the `yaml` package (YAML 1.2), and --jq over a result of many pages. The rows come from the
 * emulator, so the values are DuckDB's own.
 */
import { spawnSync } from 'node:child_process';
import { DuckDBInstance } from '@duckdb/node-api';
import { parse as parseYaml } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { emulatorServer } from '../../helpers/command.js';
import { createQuery, tempFiles } from '../../helpers/query-setup.js';
import { skipWithout, underCI } from '../../helpers/tools.js';

const { ws } = emulatorServer();
const files = tempFiles('ws-read-back-');
const noPython = skipWithout('python3');

/** Rows DuckDB reads from a file, with its values as JS (NULL as null). */
async function duckdb(sql: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(':memory:');
  try {
    const connection = await instance.connect();
    try {
      return (await connection.runAndReadAll(sql)).getRowObjectsJS();
    } finally {
      connection.closeSync();
    }
  } finally {
    instance.closeSync();
  }
}

/**
 * The Python to read with: the PATH's python3, or Debian's where only that one has PyYAML (.ci/run installs
 * python3-yaml for /usr/bin/python3, which a python3 of pyenv's first on the PATH does not see).
 */
const python3 = ['python3', '/usr/bin/python3'].find((bin) => spawnSync(bin, ['-c', 'import yaml']).status === 0) ?? 'python3';

/** Runs python3 with a program reading `input` on stdin; its stdout parsed as JSON. */
function python(program: string, input: string): unknown {
  const result = spawnSync(python3, ['-c', program], { input, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`python3 failed: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

/** A query made and run once; its slug. */
async function ran(name: string, sql: string): Promise<string> {
  const { slug } = await createQuery(ws, name, sql);
  const executed = await ws(['queries', 'execute', slug, '--wait', '--no-data', '-q']);
  expect(executed.exitCode, executed.stderr).toBe(0);
  return slug;
}

describe('csv and tsv tell NULL from the empty string', () => {
  const sql = `SELECT NULL AS n, '' AS empty, '-' AS dash, 'a' AS a, 'say "hi", then' AS quoted, '\\N' AS backslash_n`;
  let slug: string;
  beforeAll(async () => {
    slug = await ran('Null and empty', sql);
  });

  it('csv: the empty string is "", NULL an empty unquoted field, as DuckDB and psql write them', async () => {
    const result = await ws(['queries', 'data', slug, '-o', 'csv']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe('n,empty,dash,a,quoted,backslash_n\n,"",-,a,"say ""hi"", then",\\N\n');
    const file = files.file('null-empty.csv', result.stdout);
    const rows = await duckdb(`SELECT * FROM read_csv('${file}', header = true, all_varchar = true, allow_quoted_nulls = false)`);
    expect(rows).toEqual([{ n: null, empty: '', dash: '-', a: 'a', quoted: 'say "hi", then', backslash_n: '\\N' }]);
  });

  it.skipIf(noPython)("csv: Python's csv reads every text back (it has no NULL: both are '')", async () => {
    const result = await ws(['queries', 'data', slug, '-o', 'csv']);
    const rows = python('import csv, json, sys; print(json.dumps(list(csv.DictReader(sys.stdin))))', result.stdout);
    expect(rows).toEqual([{ n: '', empty: '', dash: '-', a: 'a', quoted: 'say "hi", then', backslash_n: '\\N' }]);
  });

  it('tsv: NULL is \\N, as PostgreSQL text and COPY write it; a backslash is \\\\', async () => {
    const result = await ws(['queries', 'data', slug, '-o', 'tsv']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe('n\tempty\tdash\ta\tquoted\tbackslash_n\n\\N\t\t-\ta\tsay "hi", then\t\\\\N\n');
    const file = files.file('null-empty.tsv', result.stdout.replace('\\\\N', 'x'));
    const rows = await duckdb(`SELECT * FROM read_csv('${file}', delim = '\t', quote = '', escape = '', header = true, all_varchar = true, nullstr = '\\N')`);
    expect(rows).toEqual([{ n: null, empty: '', dash: '-', a: 'a', quoted: 'say "hi", then', backslash_n: 'x' }]);
  });
});

describe('yaml reads back as the strings it holds', () => {
  // strings that YAML 1.1 (PyYAML, Psych) or 1.2 (the yaml package, go-yaml v3) would read as something else
  const strings = [
    'NO',
    'yes',
    'on',
    'off',
    'Y',
    'n',
    '1_000',
    '12:30',
    '190:20:30',
    '2026-01-01',
    '2026-01-01 10:00:00',
    '0x1F',
    '0o17',
    '0b101',
    '017',
    '~',
    'null',
    'Null',
    '1e3',
    '-1.5',
    '.5',
    '.inf',
    '-.Inf',
    '.NaN',
    '<<',
    '=',
    'true',
    'False',
    '- item',
    'a: b',
    '#x',
    ' lead',
    'trail ',
    'line1\nline2',
    '',
    'plain text',
    '@at',
    '%pct',
    '`tick',
    "it's",
    '"q"',
    '[1]',
    '{a}',
    '!tag',
    '&anchor',
    '*alias',
    '? key',
    '|',
    '>',
    '1,000',
    '01:30',
    '2026-1-5',
    '2026-01-01T10:00:00Z',
    '2026-01-01 10:00:00 +5',
    '0.',
    '+1',
    '-0',
    '0b_1',
    '00000000-0000-4000-8000-000000000001',
  ];
  let slug: string;
  beforeAll(async () => {
    const values = strings.map((s, i) => `(${i}, '${s.replaceAll("'", "''").replaceAll('\n', "' || chr(10) || '")}')`).join(', ');
    slug = await ran('Yaml strings', `SELECT s, s AS "on", 1.5 AS num, true AS flag, NULL AS nothing FROM (VALUES ${values}) t(i, s) ORDER BY i`);
  });

  const expected = () => strings.map((s) => ({ s, on: s, num: '1.5', flag: true, nothing: null }));

  it('the yaml package (YAML 1.2 and 1.1) reads back every value', async () => {
    const result = await ws(['queries', 'data', slug, '-o', 'yaml']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(parseYaml(result.stdout).rows).toEqual(expected());
    expect(parseYaml(result.stdout, { version: '1.1' }).rows).toEqual(expected());
  });

  // outside CI a machine without PyYAML skips, saying so; under CI (.ci/run installs python3-yaml) the test fails
  const noPyYaml = !noPython && spawnSync(python3, ['-c', 'import yaml']).status !== 0;
  if (noPyYaml && !underCI) console.warn('skipped: the PyYAML test: python3 has no yaml module (Debian: python3-yaml)');
  describe.skipIf(noPython || (noPyYaml && !underCI))('PyYAML', () => {
    it('reads back every value (YAML 1.1)', async () => {
      const result = await ws(['queries', 'data', slug, '-o', 'yaml']);
      expect(result.exitCode, result.stderr).toBe(0);
      const program = [
        'import json, sys',
        'try:',
        '    import yaml',
        'except ImportError:',
        '    sys.exit("PyYAML is not installed (Debian: python3-yaml)")',
        'doc = yaml.safe_load(sys.stdin)',
        'print(json.dumps(doc["rows"], default=lambda o: {"not a string": repr(o)}))',
      ].join('\n');
      expect(python(program, result.stdout)).toEqual(expected());
    });
  });

  it('a document (queries get) quotes them too', async () => {
    const { slug: weird } = await createQuery(ws, 'yes', 'SELECT 1', ['--description', '2026-01-01']);
    const result = await ws(['queries', 'get', weird, '-o', 'yaml']);
    expect(result.exitCode, result.stderr).toBe(0);
    const document = parseYaml(result.stdout, { version: '1.1' });
    expect(document).toMatchObject({ name: 'yes', description: '2026-01-01' });
  });
});

describe('--jq sees the whole result as one document', () => {
  let slug: string;
  beforeAll(async () => {
    slug = await ran('Range 25000 jq', 'SELECT * FROM range(25000)');
  });

  it('one answer over 25,000 rows, nothing on stderr', async () => {
    const length = await ws(['queries', 'data', slug, '--jq', '.rows | length']);
    expect(length.exitCode, length.stderr).toBe(0);
    expect(length.stdout).toBe('25000\n');
    expect(length.stderr).toBe('');
    const sum = await ws(['queries', 'data', slug, '--jq', '[.rows[].range] | add']);
    expect(sum.stdout).toBe(`${(25_000 * 24_999) / 2}\n`);
    const executed = await ws(['queries', 'execute', slug, '--wait', '-q', '--jq', '.returnedRowCount, (.rows | length)']);
    expect(executed.exitCode, executed.stderr).toBe(0);
    expect(executed.stdout).toBe('25000\n25000\n');
  });

  it('a result too large for jq is refused before anything is printed, naming its size and what to use', async () => {
    const big = await ran('Wide 400000', "SELECT range AS id, 'some text of a row ' || range AS label, range * 1.5 AS amount FROM range(400000)");
    const result = await ws(['queries', 'data', big, '--jq', '.rows | length']);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    const error = JSON.parse(result.stderr).error;
    expect(error.message).toMatch(/^--jq holds one document of at most 16 MiB, and this result of 400,000 rows is about \d+ MiB of JSON/);
    expect(error.hint).toContain('-o ndjson | jq');
    expect(error.hint).toContain('--limit');
  });
});

describe('--json a,b', () => {
  it('narrows columns as it narrows rows', async () => {
    const slug = await ran('Three columns', 'SELECT 1 AS a, 2 AS b, 3 AS c');
    const result = await ws(['queries', 'data', slug, '--json', 'c,a']);
    expect(result.exitCode, result.stderr).toBe(0);
    const document = JSON.parse(result.stdout);
    expect(document.rows).toEqual([{ c: 3, a: 1 }]);
    expect(document.columns).toEqual([
      { name: 'c', type: 'INTEGER' },
      { name: 'a', type: 'INTEGER' },
    ]);
    const executed = await ws(['queries', 'execute', slug, '--wait', '-q', '--json', 'b']);
    expect(executed.exitCode, executed.stderr).toBe(0);
    expect(JSON.parse(executed.stdout)).toMatchObject({ columns: [{ name: 'b', type: 'INTEGER' }], rows: [{ b: 2 }] });
  });
});

describe('--csv-safe', () => {
  it("keeps formulas as text for a spreadsheet (a leading '), numbers as numbers; off by default, the data exact", async () => {
    const slug = await ran(
      'Formulas',
      `SELECT '=HYPERLINK("http://x.test","click")' AS f, '+1+2' AS plus, '-5' AS neg, '@SUM(A1)' AS at, chr(9) || '=1' AS tab, 'ok' AS plain, -3 AS n`,
    );
    const exact = await ws(['queries', 'data', slug, '-o', 'csv']);
    expect(exact.stdout).toBe('f,plus,neg,at,tab,plain,n\n"=HYPERLINK(""http://x.test"",""click"")",+1+2,-5,@SUM(A1),\t=1,ok,-3\n');
    const safe = await ws(['queries', 'data', slug, '-o', 'csv', '--csv-safe']);
    expect(safe.exitCode, safe.stderr).toBe(0);
    expect(safe.stdout).toBe('f,plus,neg,at,tab,plain,n\n"\'=HYPERLINK(""http://x.test"",""click"")",\'+1+2,-5,\'@SUM(A1),\'\t=1,ok,-3\n');
    const file = files.file('safe.csv', safe.stdout);
    const rows = await duckdb(`SELECT * FROM read_csv('${file}', header = true, all_varchar = true)`);
    expect(rows[0]).toMatchObject({ f: '\'=HYPERLINK("http://x.test","click")', neg: '-5' });
  });

  it('is for -o csv only: exit 2 otherwise, nothing sent', async () => {
    const result = await ws(['queries', 'list', '-o', 'json', '--csv-safe']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--csv-safe is for -o csv, not json');
  });
});
