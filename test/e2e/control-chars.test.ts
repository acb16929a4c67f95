/**
 * Text from the server never drives the terminal: escape sequences and other control characters in
 * names, states and messages, shown in every human output (in a real pty, util-linux `script`), and kept
 * as data where the output is for programs. The API is a stub on 127.0.0.1 that sends them. Through a pipe, where
 * the data is kept, in-process in test/commands/queries/list.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { ApiServer } from '../helpers/api-server.js';
import { query, queryList, uuid } from '../helpers/fixtures.js';
import { skipWithoutPty, lines, wsInPty } from '../helpers/pty.js';
import { evil, expectNoRaw, raw } from '../helpers/control-chars.js';

/** How csv, tsv and --jq show `evil` on a terminal: every control visible as an escape. */
const escaped = 'Revenue\\u001b[31m red\\u001b]0;pwned\\u0007 \\u009b2J\\u007f end';
/** How tables, notes and states show it: the controls removed. */
const stripped = 'Revenue[31m red]0;pwned 2J end';

const key = 'wsk_control_chars_test_0001';
const api = new ApiServer();
let env: Record<string, string>;

beforeAll(async () => {
  await api.start();
  env = { WS_BASE_URL: api.baseUrl, WS_API_KEY: key };
});
afterAll(async () => {
  await api.stop();
});
beforeEach(() => {
  api.reset();
  api.on('GET', '/queries', { body: queryList([query({ name: evil, description: evil, slug: 'daily_revenue' })]) });
});

describe.skipIf(skipWithoutPty)('on a terminal', () => {
  it.each([
    ['csv', ['-o', 'csv']],
    ['tsv', ['-o', 'tsv']],
    ['--jq string output', ['--jq', '.queries[0].name']],
  ])('%s shows control characters as escapes', async (_name, flags) => {
    const result = await wsInPty(['queries', 'list', ...flags], { env }).result;
    expect(result.exitCode, result.output).toBe(0);
    expectNoRaw(result.output);
    expect(result.output).toContain(escaped);
  });

  it('--jq JSON output escapes C1 controls too, and stays JSON', async () => {
    const result = await wsInPty(['queries', 'list', '--jq', '.queries[0] | {name}'], { env }).result;
    expect(result.exitCode, result.output).toBe(0);
    expectNoRaw(result.output);
    const json = lines(result.output).slice(lines(result.output).indexOf('{'));
    expect(JSON.parse(json)).toEqual({ name: evil });
  });

  it('json and yaml on a terminal: no raw control character, the same data', async () => {
    const json = await wsInPty(['queries', 'list', '--json', 'name'], { env }).result;
    expect(json.exitCode, json.output).toBe(0);
    expectNoRaw(json.output);
    expect(JSON.parse(lines(json.output).slice(lines(json.output).indexOf('{')))).toMatchObject({ queries: [{ name: evil }] });
    const yaml = await wsInPty(['queries', 'list', '-o', 'yaml'], { env }).result;
    expect(yaml.exitCode, yaml.output).toBe(0);
    expectNoRaw(yaml.output);
    expect(YAML.parse(lines(yaml.output).slice(lines(yaml.output).indexOf('queries:'))).queries[0].name).toBe(evil);
  });

  it('a table and a detail view show the text with its controls removed', async () => {
    const list = await wsInPty(['queries', 'list'], { env, columns: 200 }).result;
    expect(list.exitCode, list.output).toBe(0);
    expect(list.output).toContain(stripped);
    for (const sequence of raw.filter((s) => s !== '\x1b[31m')) expect(list.output).not.toContain(sequence);
    // a table's own colours are ESC [ … m; the server's red must not be among them
    expect(list.output).not.toContain('\x1b[31m red');
  });

  it("the spinner's state and the notes show the server's text with its controls removed", async () => {
    const runId = uuid();
    const status = (state: string) => ({
      queryRunId: runId,
      status: state,
      message: null,
      userAgent: null,
      createdAt: '2026-11-20T10:00:00.000Z',
      history: [],
    });
    const running = { body: status(`RUN\x1b[2J\x9b2JNING ${evil}`) };
    api.on('GET', `/query-runs/${runId}`, running, running, running, { body: status('COMPLETED') });
    const spinner = await wsInPty(['runs', 'wait', runId], { env, columns: 200 }).result;
    expect(spinner.exitCode, spinner.output).toBe(0);
    expect(spinner.output).toContain(`RUN[2J2JNING ${stripped}`);
    expect(spinner.output).not.toContain('\x1b[2J');
    expect(spinner.output).not.toContain('\x9b');

    api.on('POST', '/queries', { status: 201, body: query({ name: 'x', slug: `new\x1b]0;pwned\x07\x9b2J_slug` }) });
    const created = await wsInPty(['queries', 'create', '--name', 'x', '--sql', 'SELECT 1', '--json', 'id'], { env }).result;
    expect(created.exitCode, created.output).toBe(0);
    expect(lines(created.output)).toContain('Created query new]0;pwned2J_slug (');
    expectNoRaw(created.output);
  });

  it('an error message, its code and its request id from the server reach stderr without controls', async () => {
    api.reset();
    api.on('GET', '/queries', { status: 404, headers: { 'x-request-id': 'req\x9b2J-1' }, body: { message: `gone ${evil}`, code: 'NOT\x9bFOUND' } });
    const text = await wsInPty(['queries', 'list'], { env }).result;
    expect(text.exitCode).toBe(4);
    expectNoRaw(text.output);
    expect(text.output).toContain(`gone ${stripped}`);
    expect(text.output).toContain('request id: req2J-1');
    const json = await wsInPty(['queries', 'list', '--json'], { env }).result;
    expect(json.exitCode).toBe(4);
    expectNoRaw(json.output);
  });
});
