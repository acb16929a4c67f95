import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveSettings, type GlobalOptions } from '../../src/config/settings.js';
import { parseDuration } from '../../src/duration.js';
import { WsError } from '../../src/errors.js';
import { csvRecord, tsvRecord } from '../../src/output/delimited.js';
import { checkFields, pickFields } from '../../src/output/field-selection.js';
import { shrink } from '../../src/output/table.js';
import { fakeIO, type FakeIOOptions } from '../helpers/fake-io.js';
import { usageError as usage } from '../helpers/usage-error.js';
import { tempConfigDir } from '../helpers/ws.js';

let configDir: string;
let emptyConfigDir: string;

beforeAll(() => {
  configDir = tempConfigDir();
  emptyConfigDir = tempConfigDir();
  fs.writeFileSync(
    path.join(configDir, 'config.json'),
    JSON.stringify({
      profiles: {
        default: { baseUrl: 'https://config.example.com/public/v3', output: 'yaml', apiKey: 'wsk_config_default' },
        work: { baseUrl: 'https://work.example.com/public/v3', output: 'csv' },
        broken: { output: 'xml' },
      },
    }),
  );
});

function settings(options: GlobalOptions = {}, env: Record<string, string> = {}, io: FakeIOOptions = {}) {
  return resolveSettings(options, fakeIO({ ...io, env: { WS_CONFIG_DIR: configDir, ...env } }));
}

describe('resolveSettings: flag > env > config > default', () => {
  it('profile: --profile beats WS_PROFILE, which beats "default"', () => {
    expect(settings({ profile: 'work' }, { WS_PROFILE: 'other' }).profileName).toEqual({ value: 'work', source: 'flag' });
    expect(settings({}, { WS_PROFILE: 'work' }).profileName).toEqual({ value: 'work', source: 'env' });
    expect(settings({}, {}).profileName).toEqual({ value: 'default', source: 'default' });
  });

  it('base URL: flag, then WS_BASE_URL, then the chosen profile, then none', () => {
    expect(settings({ baseUrl: 'https://flag.example.com/public/v3' }, { WS_BASE_URL: 'https://env.example.com/public/v3' }).baseUrl).toEqual({
      value: 'https://flag.example.com/public/v3',
      source: 'flag',
    });
    expect(settings({}, { WS_BASE_URL: 'https://env.example.com/public/v3' }).baseUrl).toEqual({ value: 'https://env.example.com/public/v3', source: 'env' });
    expect(settings({}, {}).baseUrl).toEqual({ value: 'https://config.example.com/public/v3', source: 'config' });
    expect(settings({}, { WS_PROFILE: 'work' }).baseUrl).toEqual({ value: 'https://work.example.com/public/v3', source: 'config' });
    expect(settings({ profile: 'work' }, { WS_PROFILE: 'default' }).baseUrl.value).toBe('https://work.example.com/public/v3');
    expect(settings({}, { WS_CONFIG_DIR: emptyConfigDir }).baseUrl).toEqual({ value: undefined, source: 'default' });
  });

  it('an empty environment variable counts as unset', () => {
    expect(settings({}, { WS_BASE_URL: '' }).baseUrl.source).toBe('config');
    expect(settings({}, { WS_OUTPUT: '' }).output).toEqual({ value: 'yaml', source: 'config' });
  });

  it('output: --output, then WS_OUTPUT, then the profile, then table', () => {
    expect(settings({ output: 'ndjson' }, { WS_OUTPUT: 'tsv' }).output).toEqual({ value: 'ndjson', source: 'flag' });
    expect(settings({}, { WS_OUTPUT: 'tsv' }).output).toEqual({ value: 'tsv', source: 'env' });
    expect(settings({}, {}).output).toEqual({ value: 'yaml', source: 'config' });
    expect(settings({ profile: 'work' }).output).toEqual({ value: 'csv', source: 'config' });
    expect(settings({}, { WS_CONFIG_DIR: emptyConfigDir }).output).toEqual({ value: 'table', source: 'default' });
  });

  it('the API key comes from WS_API_KEY, then the profile; never from a flag', () => {
    expect(settings({}, { WS_API_KEY: 'wsk_env' }).apiKey).toEqual({ value: 'wsk_env', source: 'env' });
    expect(settings({}, {}).apiKey).toEqual({ value: 'wsk_config_default', source: 'config' });
    expect(settings({ profile: 'work' }).apiKey).toEqual({ value: undefined, source: 'default' });
  });

  it('an invalid WS_OUTPUT is a usage error naming WS_OUTPUT and the valid formats', () => {
    const error = usage(() => settings({}, { WS_OUTPUT: 'xml' }));
    expect(error.message).toBe('invalid output format "xml" (from WS_OUTPUT)');
    expect(error.hint).toBe('valid formats: table, json, ndjson, csv, tsv, yaml, markdown, chart, parquet, arrow');
  });

  it('an invalid output in the profile is kept as a usage error naming the profile and the file, for commands that print', () => {
    // resolveSettings does not throw for it, so `ws config set output …` can still repair the file
    const s = settings({ profile: 'broken' });
    expect(s.output).toEqual({ value: 'table', source: 'default' });
    expect(s.outputProblem).toBeInstanceOf(WsError);
    expect(s.outputProblem!.kind).toBe('usage');
    expect(s.outputProblem!.message).toBe(`invalid output format "xml" in profile "broken" of ${path.join(configDir, 'config.json')}`);
    expect(s.outputProblem!.hint).toContain('valid formats: table, json, ndjson, csv, tsv, yaml, markdown, chart, parquet, arrow');
    // a flag or WS_OUTPUT overrides the bad value, and then there is no problem
    expect(settings({ profile: 'broken', output: 'json' }).outputProblem).toBeUndefined();
    expect(settings({ profile: 'broken' }, { WS_OUTPUT: 'csv' }).outputProblem).toBeUndefined();
    expect(settings({}).outputProblem).toBeUndefined();
  });

  it('the HTTP timeout defaults to 30s and reads a duration', () => {
    expect(settings().httpTimeoutMs).toBe(30_000);
    expect(settings({ httpTimeout: '2m' }).httpTimeoutMs).toBe(120_000);
    expect(usage(() => settings({ httpTimeout: 'soon' })).message).toBe('invalid duration for --http-timeout: "soon"');
  });

  it('debug comes from --debug or WS_DEBUG=1', () => {
    expect(settings().debug).toBe(false);
    expect(settings({ debug: true }).debug).toBe(true);
    expect(settings({}, { WS_DEBUG: '1' }).debug).toBe(true);
    expect(settings({}, { WS_DEBUG: '0' }).debug).toBe(false);
  });
});

describe('--json and --jq', () => {
  it('--json forces JSON over WS_OUTPUT and the profile', () => {
    expect(settings({ json: true }, { WS_OUTPUT: 'csv' }).output).toEqual({ value: 'json', source: 'flag' });
    expect(settings({ json: true, profile: 'work' }).output.value).toBe('json');
    expect(settings({ json: true }).jsonFields).toBeUndefined();
  });

  it('--jq forces JSON and keeps the expression', () => {
    const s = settings({ jq: '.queries[].id' }, { WS_OUTPUT: 'tsv' });
    expect(s.output.value).toBe('json');
    expect(s.jq).toBe('.queries[].id');
  });

  it('--json a,b keeps the fields, trimmed', () => {
    expect(settings({ json: 'id, slug,name' }).jsonFields).toEqual(['id', 'slug', 'name']);
    expect(usage(() => settings({ json: ' , ' })).message).toContain('--json needs a comma-separated list of fields');
  });

  it('--json or --jq with -o csv is a usage error; with -o json it is fine', () => {
    expect(usage(() => settings({ json: true, output: 'csv' })).message).toBe('--output csv cannot be combined with --json');
    expect(usage(() => settings({ jq: '.', output: 'csv' })).message).toBe('--output csv cannot be combined with --jq');
    expect(settings({ json: true, output: 'json' }).output.value).toBe('json');
  });
});

describe('colour', () => {
  const color = (options: GlobalOptions, env: Record<string, string>, tty: boolean) => settings(options, env, { stdoutIsTTY: tty }).color;

  it('is on in a terminal and off in a pipe', () => {
    expect(color({}, {}, true)).toBe(true);
    expect(color({}, {}, false)).toBe(false);
  });

  it('NO_COLOR turns it off, even with FORCE_COLOR; an empty NO_COLOR does not', () => {
    expect(color({}, { NO_COLOR: '1' }, true)).toBe(false);
    expect(color({}, { NO_COLOR: '1', FORCE_COLOR: '1' }, true)).toBe(false);
    expect(color({}, { NO_COLOR: '' }, true)).toBe(true);
  });

  it('--no-color turns it off, even with FORCE_COLOR', () => {
    expect(color({ color: false }, {}, true)).toBe(false);
    expect(color({ color: false }, { FORCE_COLOR: '1' }, true)).toBe(false);
  });

  it('FORCE_COLOR=1 turns it on outside a terminal', () => {
    expect(color({}, { FORCE_COLOR: '1' }, false)).toBe(true);
    expect(color({}, { FORCE_COLOR: '3' }, false)).toBe(true);
  });

  it('FORCE_COLOR=0 or false turns it off, as Node and chalk read it', () => {
    expect(color({}, { FORCE_COLOR: '0' }, false)).toBe(false);
    expect(color({}, { FORCE_COLOR: 'false' }, false)).toBe(false);
    expect(color({}, { FORCE_COLOR: '0' }, true)).toBe(false);
  });
});

describe('parseDuration', () => {
  it.each([
    ['500ms', 500],
    ['30s', 30_000],
    ['10m', 600_000],
    ['1h', 3_600_000],
    ['1m30s', 90_000],
    ['1h5m', 3_900_000],
    ['1.5s', 1_500],
    ['0', 0],
    ['0s', 0],
    [' 30s ', 30_000],
  ])('%j is %i ms', (text, ms) => {
    expect(parseDuration(text, '--timeout')).toBe(ms);
  });

  it.each(['', '30', 'abc', '10x', '-5s', '1m30', 's', '30 s', '5 m', '1h junk', '1d'])('%j is a usage error naming the flag', (text) => {
    const error = usage(() => parseDuration(text, '--timeout'));
    expect(error.message).toBe(`invalid duration for --timeout: "${text}"`);
    expect(error.hint).toContain('500ms, 30s, 10m, 1h');
  });
});

describe('csvRecord (RFC 4180 quoting, LF line ends)', () => {
  it('writes empty fields for null and undefined, numbers and booleans as they are, LF at the end (CRLF when asked)', () => {
    expect(csvRecord([null, undefined, 42, 1.5, true, 'plain'])).toBe(',,42,1.5,true,plain\n');
    expect(csvRecord([null, undefined, 42, 1.5, true, 'plain'], '\r\n')).toBe(',,42,1.5,true,plain\r\n');
  });

  it('writes the empty string as "", apart from NULL', () => {
    expect(csvRecord([null, '', 'x'])).toBe(',"",x\n');
  });

  it('quotes fields with commas, quotes, CR or LF and doubles the quotes', () => {
    expect(csvRecord(['a,b', 'say "hi"', 'line1\r\nline2', 'lf\nonly', 'cr\ronly'])).toBe('"a,b","say ""hi""","line1\r\nline2","lf\nonly","cr\ronly"\n');
  });

  it('writes a nested object as JSON in one quoted field', () => {
    const line = csvRecord([{ a: 1, b: 'x' }, [1, 2]]);
    expect(line).toBe('"{""a"":1,""b"":""x""}","[1,2]"\n');
  });

  it('keeps leading and trailing spaces and leaves other text unquoted', () => {
    expect(csvRecord([' padded ', "it's"])).toBe(" padded ,it's\n");
  });
});

describe('tsvRecord', () => {
  it('writes NULL as \\N (PostgreSQL text), a field not sent and the empty string empty, and ends with LF', () => {
    expect(tsvRecord([null, undefined, '', 7, false])).toBe('\\N\t\t\t7\tfalse\n');
  });

  it('escapes tab, newline, CR and backslash, so every record is one line of the right number of fields', () => {
    const line = tsvRecord(['a\tb', 'one\ntwo', 'cr\rlf\r\n', 'C:\\dir\\n', 'say "hi"']);
    expect(line).toBe('a\\tb\tone\\ntwo\tcr\\rlf\\r\\n\tC:\\\\dir\\\\n\tsay "hi"\n');
    expect(line.slice(0, -1).split('\t')).toHaveLength(5);
    expect(line.slice(0, -1)).not.toMatch(/[\r\n]/);
  });

  it('writes a nested object as JSON', () => {
    expect(tsvRecord([{ k: 'v\tw' }])).toBe('{"k":"v\\\\tw"}\n');
  });
});

describe('pickFields and checkFields', () => {
  const item = { id: 'q1', name: 'Daily', slug: 'daily', description: null };

  it('keeps only the asked fields, in the asked order', () => {
    const picked = pickFields(item, ['slug', 'id']);
    expect(picked).toEqual({ slug: 'daily', id: 'q1' });
    expect(Object.keys(picked as object)).toEqual(['slug', 'id']);
  });

  it('gives null for an asked field the item lacks, and keeps a null value', () => {
    expect(pickFields(item, ['description', 'metadata'])).toEqual({ description: null, metadata: null });
  });

  it('leaves the item whole without a field list, and leaves non-objects alone', () => {
    expect(pickFields(item, undefined)).toBe(item);
    expect(pickFields('text', ['id'])).toBe('text');
    expect(pickFields(null, ['id'])).toBeNull();
  });

  it('accepts known fields', () => {
    expect(() => checkFields(['id', 'slug'], ['id', 'name', 'slug'])).not.toThrow();
  });

  it('rejects unknown fields with a usage error listing the valid ones', () => {
    expect(usage(() => checkFields(['id', 'colour'], ['id', 'name', 'slug'])).message).toBe('unknown JSON field: colour; valid fields: id, name, slug');
    expect(usage(() => checkFields(['colour', 'size'], ['id'])).message).toBe('unknown JSON fields: colour, size; valid fields: id');
  });
});

describe('shrink: the widths of a table too wide for the terminal', () => {
  const total = (widths: number[]) => widths.reduce((sum, w) => sum + w, 0) + 2 * (widths.length - 1);
  /** Floors as the table gives them: a flexible column down to 8 (or its width if less), any other not at all. */
  const fitColumns = (natural: number[], flexible: boolean[], width: number) =>
    shrink(
      natural,
      natural.map((w, at) => (flexible[at] ? Math.min(w, 8) : w)),
      width,
    );

  it('leaves columns that already fit alone', () => {
    expect(fitColumns([36, 13, 13, 9, 12], [false, true, true, false, false], 120)).toEqual([36, 13, 13, 9, 12]);
  });

  it('shrinks only the flexible columns, to fit the width exactly', () => {
    const widths = fitColumns([36, 20, 60, 9, 11], [false, true, true, false, false], 100);
    expect(total(widths)).toBe(100);
    expect([widths[0], widths[3], widths[4]]).toEqual([36, 9, 11]);
    expect(widths[1]).toBeLessThanOrEqual(20);
    expect(widths[2]).toBeLessThan(60);
  });

  it('shrinks every flexible column when one alone is not enough', () => {
    expect(fitColumns([36, 46, 80, 9, 11], [false, true, true, false, false], 80)).toEqual([36, 8, 8, 9, 11]);
  });

  it('never cuts a flexible column below 8 nor a fixed one at all, even if the row stays too wide', () => {
    const widths = fitColumns([36, 40, 40, 36], [false, true, true, false], 60);
    expect(widths).toEqual([36, 8, 8, 36]);
    expect(total(widths)).toBeGreaterThan(60);
  });

  it('does not cut a flexible column that is 8 wide or less', () => {
    expect(fitColumns([5, 4, 3], [true, true, true], 10)).toEqual([5, 4, 3]);
  });
});
