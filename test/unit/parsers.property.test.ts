/**
 * Properties of every parser of user input: whatever a user types, it is either taken exactly as meant
 * or refused with a usage error (exit 2) that names the input. Never another exception (a stack trace
 * for the user), and, in the spawned cases at the end, never a request.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify as yamlText } from 'yaml';
import { checkValue, settingKey } from '../../src/commands/config/shared/keys.js';
import { draftUpdate } from '../../src/commands/agents/shared/changes.js';
import { jsonArgument, keyValues, maxInputDepth, parseStructured } from '../../src/cmdutil/inputs.js';
import { parseParamSpec } from '../../src/commands/queries/shared/parameters.js';
import type { Query } from '../../src/api/schemas/queries.js';
import { isCalendarDate, parameterProblem, parameterValueProblem } from '../../src/workspace/parameter-values.js';
import { checkParameters } from '../../src/workspace/query-runs.js';
import { skillsFromFiles } from '../../src/commands/skills/shared/sources.js';
import { outputFormats, resolveSettings } from '../../src/config/settings.js';
import { Context } from '../../src/context.js';
import { maxDurationMs, parseDuration } from '../../src/duration.js';
import { WsError } from '../../src/errors.js';
import { checkFields, pickFields } from '../../src/output/field-selection.js';
import { ApiServer } from '../helpers/api-server.js';
import { fakeIO } from '../helpers/fake-io.js';
import { testKey, ws } from '../helpers/ws.js';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-unit-properties-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let fileCount = 0;
function file(name: string, text: string): string {
  const at = path.join(dir, `${fileCount++}-${name}`);
  fs.writeFileSync(at, text);
  return at;
}

/** Runs `fn`: its value, or the usage error it threw. Anything else thrown fails the property. */
async function outcome<T>(fn: () => T | Promise<T>): Promise<{ value: T } | { error: WsError }> {
  try {
    return { value: await fn() };
  } catch (error) {
    if (error instanceof WsError && error.kind === 'usage') return { error };
    throw error;
  }
}

/** Any text a user may type, with the odd characters that break parsers. */
const anyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: fc.constantFrom(...'0123456789.:=,-_ smhd{}[]"\'\\\n\t@#%&|~e+-\u0000\u009b\u001b'), maxLength: 30 }),
);

const runs = { numRuns: 300 };

describe('durations (--timeout, --http-timeout, --latency, --step-duration)', () => {
  const unit = fc.constantFrom(['ms', 1], ['s', 1000], ['m', 60_000], ['h', 3_600_000]) as fc.Arbitrary<[string, number]>;

  it('a sum of number-unit parts is its milliseconds, or refused past what a timer holds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat({ max: 100_000 }), unit), { minLength: 1, maxLength: 4 }), async (parts) => {
        const text = parts.map(([n, [u]]) => `${n}${u}`).join('');
        const total = parts.reduce((sum, [n, [, ms]]) => sum + n * ms, 0);
        const result = await outcome(() => parseDuration(text, '--timeout'));
        if (total > maxDurationMs) {
          expect('error' in result && result.error.message).toBe(`invalid duration for --timeout: "${text}" is longer than 24 days, the most ws can wait`);
        } else expect(result).toEqual({ value: total });
      }),
      runs,
    );
  });

  it('any other text is a whole number of ms within a timer, or a usage error naming the flag and the text', async () => {
    await fc.assert(
      fc.asyncProperty(anyText, async (text) => {
        const result = await outcome(() => parseDuration(text, '--http-timeout'));
        if ('value' in result) {
          expect(Number.isInteger(result.value) && result.value >= 0 && result.value <= maxDurationMs).toBe(true);
          if (text.trim() === '0') expect(result.value).toBe(0);
        } else expect(result.error.message).toContain(`invalid duration for --http-timeout: "${text}"`);
      }),
      runs,
    );
  });
});

describe('--param on queries create and update: name[:type][=default][:description]', () => {
  const name = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,15}$/);
  const noColon = fc.string({ maxLength: 15 }).filter((s) => !s.includes(':') && !s.includes('='));

  it('a spec built from its parts gives those parts back', async () => {
    await fc.assert(
      fc.asyncProperty(name, noColon, noColon, fc.string({ maxLength: 20 }), async (n, type, defaultValue, description) => {
        const spec = `${n}${type ? `:${type}` : ''}=${defaultValue}${description ? `:${description}` : ''}`;
        expect(parseParamSpec(spec)).toEqual({ name: n, type: type || 'text', defaultValue, description });
      }),
      runs,
    );
  });

  it('any text is a spec with a valid name, or a usage error quoting it', async () => {
    await fc.assert(
      fc.asyncProperty(anyText, async (text) => {
        const result = await outcome(() => parseParamSpec(text));
        if ('value' in result) expect(result.value.name).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
        else expect(result.error.message).toBe(`invalid --param "${text}": the name must be letters, digits and _ (not starting with a digit)`);
      }),
      runs,
    );
  });
});

describe('--param values on execute, checked by the declared type', () => {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  /** The calendar's own answer: a day that exists reads back from Date unchanged. */
  const existsInCalendar = (y: number, m: number, d: number) => {
    const date = new Date(0);
    date.setUTCFullYear(y, m - 1, d);
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  };

  it('YYYY-MM-DD is a date exactly when that day is in the calendar (no 2026-02-30, no month 13)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 14 }), fc.integer({ min: 0, max: 33 }), async (y, m, d) => {
        const text = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
        expect(isCalendarDate(text)).toBe(existsInCalendar(y, m, d));
        expect(parameterValueProblem('date', text) === undefined).toBe(existsInCalendar(y, m, d));
      }),
      { numRuns: 2000 },
    );
    for (const text of ['2026-13-45', '2026-02-30', '2025-02-29', '1900-02-29']) expect(isCalendarDate(text), text).toBe(false);
    for (const text of ['2024-02-29', '2000-02-29', '2026-12-31']) expect(isCalendarDate(text), text).toBe(true);
  });

  it('a timestamp is a calendar day with an optional time of day and offset; any hour past 23 or minute past 59 is refused', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 70 }),
        fc.constantFrom('T', ' '),
        fc.constantFrom('', 'Z', '+02:00', '-0530', '+01'),
        async (y, mo, d, h, mi, sep, zone) => {
          const text = `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)}${sep}${pad(h, 2)}:${pad(mi, 2)}:00.5${zone}`;
          const fits = h <= 23 && mi <= 59;
          for (const type of ['timestamp', 'DateTime']) expect(parameterValueProblem(type, text) === undefined, `${type} ${text}`).toBe(fits);
          expect(parameterValueProblem('time', `${pad(h, 2)}:${pad(mi, 2)}`) === undefined).toBe(fits);
        },
      ),
      runs,
    );
    expect(parameterValueProblem('timestamp', '2026-02-30T10:00')).toBeDefined();
    expect(parameterValueProblem('timestamp', '2026-06-01')).toBeUndefined();
  });

  it('the type is named with its article: an integer, a date', () => {
    expect(parameterProblem('n', 'integer', '1.5')).toBe('n is an integer, and "1.5" is not a whole number');
    expect(parameterProblem('d', 'date', 'today')).toMatch(/^d is a date, and "today" /);
  });

  it('every finite number as JavaScript writes it is a number; integer types take whole ones only', async () => {
    await fc.assert(
      fc.asyncProperty(fc.double({ noNaN: true, noDefaultInfinity: true }), async (n) => {
        expect(parameterValueProblem('number', String(n))).toBeUndefined();
        expect(parameterValueProblem('Decimal', String(n))).toBeUndefined();
        expect(parameterValueProblem('integer', String(n)) === undefined).toBe(Number.isInteger(n));
      }),
      runs,
    );
    for (const text of ['0x10', ' 12', '12 ', '', 'Infinity', '1e999', '1,5', '.', '+-1']) expect(parameterValueProblem('number', text), text).toBeDefined();
  });

  it('any text is accepted, or refused with exit 2 naming the parameter, its type and the value', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('date', 'time', 'timestamp', 'number', 'int', 'boolean', 'text', 'uuid'), anyText, async (type, value) => {
        const result = await outcome(() =>
          checkParameters(
            { id: 'q1', slug: 'q', parameters: [{ name: 'p', type }] } as unknown as Query,
            { p: value },
            { given: '--param', everyParameter: () => '' },
          ),
        );
        if ('error' in result) {
          expect(result.error.message.startsWith(`invalid --param p=${value}: p is ${type === 'int' ? 'an' : 'a'} ${type}, and "${value}" `)).toBe(true);
          expect(result.error.ids).toEqual({ queryId: 'q1' });
        } else expect(parameterValueProblem(type, value)).toBeUndefined();
        if (type === 'text' || type === 'uuid') expect('value' in result).toBe(true); // other types are the server's to check
        if (type === 'boolean') expect('value' in result).toBe(value === 'true' || value === 'false');
      }),
      runs,
    );
  });
});

describe('name=value pairs (--param on execute, --input on trigger, -f on api)', () => {
  const name = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !s.includes('=') && s !== '__proto__');

  it('each pair is kept as an own property, the value whole (it may hold =)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.tuple(name, fc.string({ maxLength: 20 })), { maxLength: 6, selector: ([k]) => k }), async (pairs) => {
        const values = keyValues(
          pairs.map(([k, v]) => `${k}=${v}`),
          '--param',
        );
        expect(Object.keys(values).sort()).toEqual(pairs.map(([k]) => k).sort());
        for (const [k, v] of pairs) expect(Object.hasOwn(values, k) && values[k]).toBe(v);
      }),
      runs,
    );
  });

  it('a name given twice is a usage error naming the flag, the name and both values, whatever the values', async () => {
    await fc.assert(
      fc.asyncProperty(
        name,
        fc.string({ maxLength: 20 }),
        fc.string({ maxLength: 20 }),
        fc.uniqueArray(fc.tuple(name, fc.string({ maxLength: 8 })), { maxLength: 3, selector: ([other]) => other }),
        async (k, first, second, others) => {
          // the other names are each given once: a name repeated among them would be the error, not k
          const pairs = [...others.filter(([other]) => other !== k).map(([o, v]) => `${o}=${v}`), `${k}=${first}`, `${k}=${second}`];
          const result = await outcome(() => keyValues(pairs, '--param'));
          expect('error' in result && result.error.message).toBe(`invalid --param "${k}=${second}": ${k} is given twice (${k}=${first} before it)`);
        },
      ),
      runs,
    );
  });

  it('any text is a pair or a usage error naming the flag and the text; __proto__ is refused, never dropped', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          anyText,
          anyText.map((s) => `__proto__=${s}`),
        ),
        async (text) => {
          const result = await outcome(() => keyValues([text], '--input'));
          if ('value' in result) {
            expect(Object.keys(result.value)).toEqual([text.slice(0, text.indexOf('='))]);
            expect(Object.values(result.value)).toEqual([text.slice(text.indexOf('=') + 1)]);
          } else expect(result.error.message).toMatch(new RegExp(`^invalid --input "${text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}": `));
        },
      ),
      runs,
    );
  });
});

describe('JSON and YAML documents (--input, --inputs-file, --parameters-file, --from-file, --metadata @file)', () => {
  it('JSON is read exactly as JSON.parse reads it, from a .json file or text that starts like JSON', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 6 }), async (value) => {
        const text = JSON.stringify(value);
        expect(await parseStructured(text, 'input.json')).toEqual(JSON.parse(text));
        if (/^[[{]/.test(text)) expect(await parseStructured(text, '--input (stdin)')).toEqual(JSON.parse(text));
      }),
      runs,
    );
  });

  it('YAML of any JSON-like object reads back as that object', async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 4 }), { maxKeys: 6 }), async (value) => {
        const read = await parseStructured(yamlText(value), 'inputs.yaml');
        expect(JSON.stringify(read)).toBe(JSON.stringify(JSON.parse(JSON.stringify(value))));
      }),
      runs,
    );
  });

  it('any text is a value or a usage error naming the file; nesting past the limit is refused, at any depth', async () => {
    const nested = fc
      .tuple(fc.integer({ min: 1, max: 3000 }), fc.constantFrom('[]', '{}'))
      .map(([depth, [open]]) => (open === '[' ? '['.repeat(depth) + ']'.repeat(depth) : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`));
    await fc.assert(
      fc.asyncProperty(fc.oneof(anyText, nested), fc.constantFrom('in.json', 'in.yaml', '--input (stdin)'), async (text, source) => {
        const result = await outcome(() => parseStructured(text, source));
        if ('error' in result) expect(result.error.message.startsWith(source)).toBe(true);
        else expect(JSON.stringify(result.value ?? null).split(/[[{]/).length - 1).toBeLessThanOrEqual(maxInputDepth * 2);
      }),
      runs,
    );
  });
});

describe('--metadata json|@file (also --meta)', () => {
  it('JSON text or @file holding it is that value', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 5 }), async (value) => {
        const text = JSON.stringify(value);
        const io = fakeIO();
        expect(await jsonArgument(io, text, '--metadata')).toEqual(JSON.parse(text));
        expect(await jsonArgument(io, `@${file('meta.json', text)}`, '--metadata')).toEqual(JSON.parse(text));
      }),
      { numRuns: 100 },
    );
  });

  it('any other text is a usage error naming --metadata; a missing @file is named too', async () => {
    await fc.assert(
      fc.asyncProperty(
        anyText.filter((s) => !s.startsWith('@')),
        async (text) => {
          const result = await outcome(() => jsonArgument(fakeIO(), text, '--metadata'));
          if ('error' in result) expect(result.error.message).toMatch(/^invalid --metadata: not JSON \(|^--metadata nests deeper/);
          else expect(result.value).toEqual(JSON.parse(text));
        },
      ),
      runs,
    );
    const missing = path.join(dir, 'no-such-file.json');
    await expect(jsonArgument(fakeIO(), `@${missing}`, '--metadata')).rejects.toThrow(`cannot read --metadata ${missing}: no such file`);
  });
});

describe('skill Markdown files: YAML front matter, then the knowledge', () => {
  const slug = fc.stringMatching(/^[a-z0-9_]{1,20}$/);
  const line = fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() !== '' && !/[\r\n]/.test(s));

  it('a skill written out reads back as the same skill', async () => {
    await fc.assert(
      fc.asyncProperty(line, slug, line, fc.array(line, { minLength: 1, maxLength: 4 }), async (name, s, description, knowledge) => {
        const body = knowledge.join('\n').trim();
        fc.pre(body !== '' && !/^-{3}/m.test(body));
        const text = `---\n${yamlText({ name, slug: s, description }).trimEnd()}\n---\n${body}\n`;
        const [source] = await skillsFromFiles(fakeIO(), [file('skill.md', text)]);
        expect(source!.problem).toBeUndefined();
        expect(source!.body).toMatchObject({ name, slug: s, description, knowledge: body.trimEnd() });
      }),
      { numRuns: 150 },
    );
  });

  it('any text in a .md file is a skill or a problem naming the file, never an exception', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          anyText,
          anyText.map((s) => `---\n${s}\n---\nbody`),
          anyText.map((s) => `---\nname: ${s}\nslug: ${s}\ndescription: ${s}\n---\n${s}`),
        ),
        async (text) => {
          const at = file('any.md', text);
          const [source] = await skillsFromFiles(fakeIO(), [at]);
          if (source!.problem !== undefined) expect(source!.problem).toContain(path.basename(at));
          else expect(source!.body!.slug).toMatch(/^[a-z0-9_]+$/);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('agent files (--from-file)', () => {
  const ctx = () => new Context(fakeIO({ env: {} }), {});

  it('the fields of an update read back from YAML or JSON as written', async () => {
    const fields = fc.record(
      {
        description: fc.string({ maxLength: 30 }),
        systemPrompt: fc.string({ maxLength: 30 }),
        maxTurns: fc.nat({ max: 50 }),
        skills: fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fields, fc.boolean(), async (agent, asJson) => {
        const at = file(
          asJson ? 'agent.json' : 'agent.yaml',
          asJson ? JSON.stringify({ name: 'sql_helper', ...agent }) : yamlText({ name: 'sql_helper', ...agent }),
        );
        const draft = await draftUpdate(ctx(), 'sql_helper', { fromFile: at });
        expect(draft.body).toEqual(agent);
      }),
      { numRuns: 150 },
    );
  });

  it('any text in an agent file is a draft or a usage error naming the file', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          anyText,
          anyText.map((s) => `name: sql_helper\n${s}`),
        ),
        fc.constantFrom('agent.yaml', 'agent.json'),
        async (text, name) => {
          const at = file(name, text);
          const result = await outcome(() => draftUpdate(ctx(), 'sql_helper', { fromFile: at }));
          if ('error' in result) expect(result.error.message).toMatch(new RegExp(`^(${path.basename(at)}|invalid --from-file|--from-file)`));
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('config values (ws config set|get|unset)', () => {
  it('a setting name is one of the settable ones, or a usage error naming it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(anyText, fc.constantFrom('base-url', 'output', 'api-key', 'apiKey', '__proto__', 'constructor')), async (key) => {
        const result = await outcome(() => settingKey(key));
        if ('value' in result) expect(['base-url', 'output']).toContain(key);
        else expect(result.error.message).toBe(`unknown setting "${key}"`);
      }),
      runs,
    );
  });

  it('an output format is one of the formats; a base URL is an http(s) URL; anything else is refused naming it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(anyText, fc.constantFrom(...outputFormats), fc.webUrl()), async (value) => {
        const output = await outcome(() => checkValue('output', value));
        expect('value' in output).toBe((outputFormats as readonly string[]).includes(value));
        if ('error' in output) expect(output.error.message).toBe(`invalid output format "${value}"`);
        const baseUrl = await outcome(() => checkValue('base-url', value));
        let isHttpUrl = false;
        try {
          isHttpUrl = ['http:', 'https:'].includes(new URL(value).protocol);
        } catch {
          // not a URL
        }
        expect('value' in baseUrl).toBe(isHttpUrl);
        if ('error' in baseUrl) expect(baseUrl.error.message).toContain(`invalid base URL "${value}"`);
      }),
      runs,
    );
  });
});

describe('--json field lists', () => {
  const valid = ['id', 'name', 'slug', 'status', 'createdAt'];

  it('any subset of the fields, in any order, with spaces, picks exactly those fields', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.constantFrom(...valid), { minLength: 1 }), fc.boolean(), async (fields, spaced) => {
        const settings = resolveSettings({ json: fields.join(spaced ? ' , ' : ',') }, fakeIO({ env: { WS_CONFIG_DIR: dir } }));
        expect(settings.jsonFields).toEqual(fields);
        checkFields(settings.jsonFields!, valid);
        expect(Object.keys(pickFields({ id: 1, name: 2, slug: 3, status: 4, createdAt: 5, other: 6 }, settings.jsonFields) as object)).toEqual(fields);
      }),
      runs,
    );
  });

  it('any text is a list of known fields, or a usage error listing the valid ones', async () => {
    await fc.assert(
      fc.asyncProperty(anyText, async (text) => {
        const result = await outcome(() => {
          const settings = resolveSettings({ json: text }, fakeIO({ env: { WS_CONFIG_DIR: dir } }));
          checkFields(settings.jsonFields!, valid);
          return settings.jsonFields!;
        });
        if ('value' in result) expect(result.value.every((field) => valid.includes(field))).toBe(true);
        else
          expect(result.error.message).toMatch(
            /^--json needs a comma-separated list|^unknown JSON fields?: .*; valid fields: id, name, slug, status, createdAt$/s,
          );
      }),
      runs,
    );
  });
});

describe('the same inputs through bin/ws', () => {
  const server = new ApiServer();
  beforeAll(async () => {
    await server.start();
    server.on('GET', '/queries', { body: { queries: [], total: 0, limit: 50, offset: 0 } });
  });
  afterAll(() => server.stop());

  it('are accepted (exit 0 with --dry-run) or refused with exit 2, never a stack trace, never a request', async () => {
    const texts = fc.sample(
      anyText.filter((s) => !s.startsWith('-') && !s.includes('\u0000')),
      { numRuns: 6, seed: 10 },
    );
    const cases: string[][] = [
      ...texts.map((t) => ['queries', 'create', '--name', 'n', '--sql', 'SELECT 1', '--param', t, '--dry-run']),
      ...texts.map((t) => ['automations', 'trigger', '20000000-0000-4000-8000-000000000001', '--input', t, '--metadata', t, '--dry-run']),
      ...texts.map((t) => ['queries', 'list', '--http-timeout', t]),
      ['queries', 'execute', '10000000-0000-4000-8000-000000000001', '--param', '__proto__=1'],
      ['queries', 'list', '--json', ' , ,'],
      ['queries', 'list', '--json', 'id,nope'],
      ['queries', 'create', '--name', 'n', '--sql', 's', '--metadata', '['.repeat(5000) + ']'.repeat(5000), '--dry-run'],
    ];
    const env = { WS_BASE_URL: server.baseUrl, WS_API_KEY: testKey };
    const results: { args: string[]; exitCode: number; stderr: string }[] = [];
    for (let at = 0; at < cases.length; at += 4) {
      results.push(...(await Promise.all(cases.slice(at, at + 4).map(async (args) => ({ args, ...(await ws(args, env)) })))));
    }
    for (const { args, exitCode, stderr } of results) {
      const label = JSON.stringify(args);
      expect([0, 2], `${label}: ${stderr}`).toContain(exitCode);
      expect(stderr, label).not.toMatch(/\n\s+at |node:internal|RangeError|TypeError|SyntaxError: /);
      if (exitCode === 2) expect(stderr, label).toMatch(/^error: |^\{"error":\{/);
    }
    // only `queries list` with a valid --http-timeout reaches the server; nothing else does
    const listed = results.filter((r) => r.args[1] === 'list' && r.exitCode === 0).length;
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(Array.from({ length: listed }, () => 'GET /queries'));
    expect(server.unmatched).toEqual([]);
  }, 120_000);
});
