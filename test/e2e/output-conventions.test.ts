/**
 * Output conventions against the emulator: csv headers that name their values, a configured default output that
 * never breaks a command, and errors that are text for a person at a terminal and JSON for a program. `--json`
 * and the words after it: in-process in test/commands/queries/get.test.ts, list.test.ts and execute.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, pollUntil, startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { inTerminal } from '../helpers/terminal.js';
import { tempConfigDir, ws } from '../helpers/ws.js';

let emu: TestEmulator;
let env: Record<string, string>;
let automationRun: string;
let queryRun: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  env = { ...emu.env, WS_CONFIG_DIR: tempConfigDir() };
  const started = await emu.api('POST', `/automations/${demoIds.automations.morningReport}/runs`, {});
  automationRun = started.json.id;
  await pollUntil(
    async () => (await emu.api('GET', `/automation-runs/${automationRun}`)).json.run.state === 'completed',
    'the automation run to complete',
    15_000,
  );
  const executed = await emu.api('POST', `/queries/${demoIds.queries.dailyRevenue}/execute`, {});
  queryRun = executed.json.queryRunId;
  await pollUntil(
    async () => (await emu.api('GET', `/queries/${demoIds.queries.dailyRevenue}`)).json.lastSuccessfulRunId === queryRun,
    'the query run to complete',
    15_000,
  );
});

afterAll(async () => {
  await emu?.close();
});

/** RFC 4180 records, quotes undone. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') field += text[i++];
      else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n') {
      // records end in LF; a line end inside quotes is data
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += char;
  }
  return records;
}

/** The value at a csv header in the item's JSON, as csv writes it. */
function atPath(item: any, header: string): string {
  const value = header.split('.').reduce((at, key) => (at === null || at === undefined ? undefined : at[key]), item);
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

describe('csv headers name the values under them, for every list', () => {
  const lists = () => [
    { args: ['queries', 'list'], key: 'queries' },
    { args: ['queries', 'runs', 'daily_revenue'], key: 'runs' },
    { args: ['automations', 'list'], key: 'workflows' },
    { args: ['automations', 'runs', demoIds.automations.morningReport], key: 'runs' },
    { args: ['automations', 'steps', automationRun], key: 'stepRuns' },
  ];
  for (const index of [0, 1, 2, 3, 4]) {
    it(`list ${index + 1}: -o csv and -o tsv headers against --json`, async () => {
      const { args, key } = lists()[index]!;
      const [csv, tsv, json] = await Promise.all([ws([...args, '-o', 'csv'], env), ws([...args, '-o', 'tsv'], env), ws([...args, '--json'], env)]);
      expect([csv.exitCode, tsv.exitCode, json.exitCode]).toEqual([0, 0, 0]);
      const items = JSON.parse(json.stdout)[key] as any[];
      const [header, ...rows] = parseCsv(csv.stdout);
      expect(items.length).toBeGreaterThan(0);
      expect(rows).toHaveLength(items.length);
      for (const [at, row] of rows.entries()) {
        for (const [column, name] of header!.entries()) expect(row[column], `${args.join(' ')}: ${name}`).toBe(atPath(items[at], name));
      }
      // the same header names in tsv, and each is a field `--json` accepts
      expect(tsv.stdout.split('\n')[0]!.split('\t')).toEqual(header);
      const picked = await ws([...args, '--json', header!.join(',')], env);
      expect(picked.stderr).toBe('');
      expect(picked.exitCode).toBe(0);
    }, 60_000);
  }
});

describe('a configured default output never breaks a command', () => {
  const configured = async (format: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-output-config-'));
    const set = await ws(['config', 'set', 'output', format], { WS_CONFIG_DIR: dir });
    expect(set.exitCode).toBe(0);
    return { ...emu.env, WS_CONFIG_DIR: dir };
  };

  it('output csv: documents print as they do by default; lists use csv', async () => {
    const withDefault = await configured('csv');
    const documents = [
      ['automations', 'result', automationRun],
      ['config', 'list'],
      ['auth', 'status'],
      ['api', 'GET', '/queries?limit=1'],
      ['queries', 'create', '--name', 'X', '--sql', 'SELECT 1', '--dry-run'],
      ['automations', 'trigger', demoIds.automations.morningReport, '--dry-run'],
    ];
    for (const args of documents) {
      const [mine, plain] = await Promise.all([ws(args, withDefault), ws(args, { ...emu.env, WS_CONFIG_DIR: tempConfigDir() })]);
      expect(mine.exitCode, `${args.join(' ')}: ${mine.stderr}`).toBe(0);
      // config list and auth status show the configured output itself
      if (args[0] !== 'config' && args[0] !== 'auth') expect(mine.stdout, args.join(' ')).toBe(plain.stdout);
    }
    const list = await ws(['automations', 'list'], withDefault);
    expect(list.stdout.split('\n')[0]).toBe('id,name,cadence.type,cadence.time,lastRunAt,updatedAt');
  }, 90_000);

  it('output tsv: automations result prints its document', async () => {
    const result = await ws(['automations', 'result', automationRun], await configured('tsv'));
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ runId: automationRun });
  }, 30_000);

  it('an explicit -o csv on a document is still refused, before any request', async () => {
    await emu.clearRequests();
    const result = await ws(['automations', 'result', automationRun, '-o', 'csv'], env);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('-o csv needs rows, and this command prints one document');
    expect(await emu.requests()).toEqual([]);
  });
});

describe('errors: text for a person, JSON for a program', () => {
  const missing = '10000000-0000-4000-8000-0000000000ff';

  it('with --json on a terminal, the error is text', async () => {
    const result = await inTerminal(['queries', 'get', missing, '--json'], { env });
    expect(result.exitCode).toBe(4);
    expect(result.screen).toMatch(/^error: .*not found.*\n/);
    expect(result.screen).not.toContain('{');
  });

  it('with --jq on a terminal too', async () => {
    const result = await inTerminal(['queries', 'get', missing, '--jq', '.id'], { env });
    expect(result.exitCode).toBe(4);
    expect(result.screen).toMatch(/^error: /);
  });

  it('when stderr is not a terminal, one JSON object even though stdout is one', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ws-stderr-')), 'stderr');
    const result = await inTerminal(['queries', 'get', missing, '--json'], { env, redirect: `2> ${file}` });
    expect(result.exitCode).toBe(4);
    expect(result.screen).toBe('');
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ error: { status: 404, message: expect.any(String) } });
  });
});
