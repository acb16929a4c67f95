/**
 * What a command does with a left-out <query>, <automation> or run id where nobody can answer (issue 33): exit 2
 * naming it, why ws did not ask, nothing sent, a JSON error off a terminal with --json. And the prompts driven
 * in-process through the IO's own streams (a PassThrough for the keys): an enum input picked from a select, a
 * boolean answered yes or no. The prompts in real terminals: test/e2e/pty-prompts.test.ts.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli.js';
import { emulatorServer } from '../helpers/command.js';
import { fakeIO } from '../helpers/fake-io.js';
import { automation, query, queryList } from '../helpers/fixtures.js';
import { ApiServer } from '../helpers/api-server.js';
import { automationRun } from '../helpers/resources.js';
import { testKey } from '../helpers/ws.js';
import { afterAll, beforeAll, beforeEach } from 'vitest';

const { emu, ws } = emulatorServer();

const left = [
  [['queries', 'execute', '--wait'], 'query'],
  [['queries', 'get'], 'query'],
  [['queries', 'runs'], 'query'],
  [['queries', 'data'], 'query'],
  [['queries', 'update', '--name', 'x'], 'query'],
  [['automations', 'get'], 'automation'],
  [['automations', 'runs'], 'automation'],
  [['automations', 'trigger', '--wait'], 'automation'],
  [['automations', 'get-run'], 'runId'],
  [['automations', 'watch'], 'runId'],
  [['automations', 'wait'], 'runId'],
  [['automations', 'cancel'], 'runId'],
] as const;

describe('a left-out argument where nobody can answer: exit 2 naming it, nothing sent', () => {
  it.each(left)('ws %j', async (argv, argument) => {
    for (const [where, options, why] of [
      ['off a terminal', {}, 'stdin is not a terminal'],
      ['CI at a terminal', { tty: true, env: { CI: 'true' } }, 'CI is set'],
      ['WS_NO_PROMPT at a terminal', { tty: true, env: { WS_NO_PROMPT: '1' } }, 'WS_NO_PROMPT is set'],
      ['stderr off a terminal', { stdinIsTTY: true }, 'stderr is not a terminal'],
    ] as const) {
      const result = await ws([...argv], options);
      expect(result.exitCode, `${where}: ${result.stderr}`).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(
        new RegExp(`^error: missing required argument '${argument}'\\nhint: .*; ws asks for it only at a terminal, and did not: ${why}\\n$`),
      );
    }
    expect(await emu.requests()).toEqual([]);
  });

  it('--no-prompt at a terminal, the hint saying where to find one', async () => {
    const result = await ws(['queries', 'execute', '--no-prompt'], { tty: true });
    expect(result.stderr).toBe(
      "error: missing required argument 'query'\nhint: name one by its UUID, slug or name (`ws queries list` lists them); ws asks for it only at a terminal, and did not: --no-prompt is given\n",
    );
    expect(result.exitCode).toBe(2);
  });

  it.each([
    [['queries', 'execute', '--wait', '--timeout', 'soon'], '--timeout'],
    [['queries', 'runs', '--json=nope'], 'nope'],
    [['automations', 'trigger', '--cancel-on-timeout'], '--cancel-on-timeout needs --wait'],
    [['automations', 'wait', '--timeout', 'soon'], '--timeout'],
  ])('at a terminal, a wrong flag is said before anything is asked: ws %j', async (argv, said) => {
    const result = await ws(argv, { tty: true });
    expect(result.exitCode, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/^error: /);
    expect(result.stderr).toContain(said);
    expect(result.stderr).not.toContain('Pick');
    expect(await emu.requests()).toEqual([]);
  });

  it('--json off a terminal: the usual JSON error', async () => {
    const result = await ws(['automations', 'wait', '--json']);
    expect(result.exitCode).toBe(2);
    expect(JSON.parse(result.stderr)).toEqual({
      error: {
        code: 'usage',
        message: "missing required argument 'runId'",
        hint: 'name the automation run by its UUID (`ws automations runs <automation>` lists them); ws asks for it only at a terminal, and did not: stdin is not a terminal',
      },
    });
    expect(await emu.requests()).toEqual([]);
  });
});

/** ws in-process at a terminal whose keys are written to `keys`; `shown` resolves when stderr holds the text. */
function atTerminal(env: Record<string, string>) {
  const keys = new PassThrough();
  const io = fakeIO({ tty: true, columns: 80, env: { ...env, WS_API_KEY: testKey, NO_COLOR: '1' } });
  io.stdin = keys;
  const shown = (text: string) => {
    const until = Date.now() + 5000;
    return new Promise<void>((resolve, reject) => {
      const check = () => (io.err().includes(text) ? resolve() : Date.now() > until ? reject(new Error(`no "${text}" in ${io.err()}`)) : setTimeout(check, 10));
      check();
    });
  };
  return { io, keys, shown };
}

describe('the automation picker', () => {
  const api = new ApiServer();
  beforeAll(() => api.start());
  afterAll(() => api.stop());

  it('a name two automations share is printed by id; more automations than read are said', async () => {
    const first = automation({ id: '20000000-0000-4000-8000-0000000000f1', name: 'Export' });
    const second = automation({ id: '20000000-0000-4000-8000-0000000000f2', name: 'export' });
    api.on('GET', '/automations', { body: { workflows: [first, second], total: 250, limit: 100, offset: 0 } });
    api.on('GET', `/automations/${second.id}`, { body: second });
    const { io, keys, shown } = atTerminal({ WS_BASE_URL: api.baseUrl });
    const exit = run(['automations', 'get', '--json', 'id'], io);
    await shown('Pick an automation (the 2 most recently updated of 250 automations;');
    keys.write('\u001b[B\r'); // down: the second
    expect(await exit, io.err()).toBe(0);
    expect(JSON.parse(io.out())).toEqual({ id: second.id });
    expect(io.err()).toContain(`$ ws automations get ${second.id} --json id\n`);
  });
});

describe('a picked name that a command line cannot carry as it is: printed by id', () => {
  const api = new ApiServer();
  beforeAll(() => api.start());
  afterAll(() => api.stop());
  beforeEach(() => api.reset());

  /** `ws <group> get --json id` at a terminal, the only choice listed picked with Enter: the `$ ws` line it printed. */
  async function printedAfterPick(group: 'queries' | 'automations'): Promise<string | undefined> {
    const { io, keys, shown } = atTerminal({ WS_BASE_URL: api.baseUrl });
    const exit = run([group, 'get', '--json', 'id'], io);
    await shown('Pick a');
    keys.write('\r');
    expect(await exit, io.err()).toBe(0);
    return /\$ ws .*$/m.exec(io.err())?.[0];
  }

  it.each([
    ['-h'],
    ['--dry-run extra'],
    ['bell\u0007'],
    ['tab\there'],
    ['line\nend'],
    ['right\u202eto left'],
    ['zero\u200bwidth'],
    // looked up as the id it looks like
    ['20000000-0000-4000-8000-0000000000ff'],
  ])(
    'automation %j',
    async (name) => {
      const picked = automation({ id: '20000000-0000-4000-8000-0000000000d1', name });
      api.on('GET', '/automations', { body: { workflows: [picked], total: 1, limit: 100, offset: 0 } });
      api.on('GET', `/automations/${picked.id}`, { body: picked });
      expect(await printedAfterPick('automations')).toBe(`$ ws automations get ${picked.id} --json id`);
    },
    10_000,
  );

  it.each([['-x'], ['--help']])(
    'query slug %j',
    async (slug) => {
      const picked = query({ name: 'Odd', slug });
      api.on('GET', '/queries', { body: queryList([picked]) });
      api.on('GET', `/queries/${picked.id}`, { body: picked });
      expect(await printedAfterPick('queries')).toBe(`$ ws queries get ${picked.id} --json id`);
    },
    10_000,
  );
});

describe('automations trigger asks the inputs of its inputSchema: a select for an enum, yes or no for a boolean', () => {
  const api = new ApiServer();
  beforeAll(() => api.start());
  afterAll(() => api.stop());

  it('the answers are sent as --input would send them, and the command printed', async () => {
    const id = '20000000-0000-4000-8000-0000000000e1';
    const schema = {
      type: 'object',
      required: ['region'],
      properties: {
        region: { type: 'string', enum: ['eu', 'us', 'apac'], description: 'where to run' },
        dry: { type: 'boolean', default: true },
        note: { type: 'string' },
      },
    };
    api.on('GET', '/automations', { body: { workflows: [automation({ id, name: 'Export', inputSchema: schema })], total: 1, limit: 100, offset: 0 } });
    api.on('GET', `/automations/${id}`, { body: automation({ id, name: 'Export', inputSchema: schema }) });
    api.on('POST', `/automations/${id}/runs`, { status: 202, body: automationRun({ workflowId: id, state: 'pending' }) });
    const { io, keys, shown } = atTerminal({ WS_BASE_URL: api.baseUrl });
    const exit = run(['automations', 'trigger'], io);
    await shown('Pick an automation');
    keys.write('\r');
    await shown('region (string): where to run');
    keys.write('\u001b[B'); // down: us
    keys.write('\r');
    await shown('dry (boolean)');
    keys.write('\u001b[C'); // right: No
    keys.write('\r');
    await shown('note (string)');
    keys.write('\r'); // not required: left out
    expect(await exit, io.err()).toBe(0);
    const sent = api.requests.filter((r) => r.method === 'POST');
    expect(sent.map((r) => JSON.parse(r.body).inputValues)).toEqual([{ region: 'us', dry: 'false' }]);
    expect(io.err()).toContain('$ ws automations trigger Export --input region=us --input dry=false\n');
  });

  it.each([
    ['the select', 'region (string)', []],
    ['yes or no', 'dry (boolean)', ['\r']],
  ])(
    'Ctrl-D at %s cancels: exit 130, nothing sent',
    async (_name, asked, before: string[]) => {
      const id = '20000000-0000-4000-8000-0000000000e2';
      const schema = { type: 'object', properties: { region: { type: 'string', enum: ['eu', 'us'] }, dry: { type: 'boolean' } } };
      api.reset();
      api.on('GET', '/automations', { body: { workflows: [automation({ id, name: 'Export', inputSchema: schema })], total: 1, limit: 100, offset: 0 } });
      api.on('GET', `/automations/${id}`, { body: automation({ id, name: 'Export', inputSchema: schema }) });
      const { io, keys, shown } = atTerminal({ WS_BASE_URL: api.baseUrl });
      const exit = run(['automations', 'trigger'], io);
      await shown('Pick an automation');
      keys.write('\r');
      await shown('region (string)');
      for (const key of before) keys.write(key);
      await shown(asked);
      keys.write('\u0004');
      expect(await exit, io.err()).toBe(130);
      expect(io.err()).toContain('error: cancelled at the prompt; no run was started\n');
      expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);
    },
    10_000,
  );
});

describe('a default that its own type refuses is not kept by Enter: it is said, and asked again', () => {
  const api = new ApiServer();
  beforeAll(() => api.start());
  afterAll(() => api.stop());
  beforeEach(() => api.reset());

  it('a query parameter', async () => {
    const saved = query({ parameters: [{ name: 'd', type: 'date', defaultValue: 'today' }] });
    api.on('GET', `/queries/${saved.id}`, { body: saved });
    api.on('POST', `/queries/${saved.id}/execute`, {
      status: 202,
      body: { queryId: saved.id, queryRunId: '30000000-0000-4000-8000-000000000001', status: 'PENDING' },
    });
    const { io, keys, shown } = atTerminal({ WS_BASE_URL: api.baseUrl });
    const exit = run(['queries', 'execute', String(saved.id)], io);
    await shown('d (date)');
    keys.write('\r'); // Enter on the default
    await shown('"today" is not a calendar date');
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);
    keys.write('2026-03-01\r');
    expect(await exit, io.err()).toBe(0);
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body).parameters)).toEqual([{ d: '2026-03-01' }]);
    expect(io.err()).toContain(`$ ws queries execute ${saved.id} --param d=2026-03-01\n`);
  }, 10_000);

  it('a refused value is said on one line of 80 columns', async () => {
    const saved = query({
      parameters: [
        { name: 'min_amount', type: 'integer' },
        { name: 'at', type: 'timestamp' },
      ],
    });
    api.on('GET', `/queries/${saved.id}`, { body: saved });
    const { io, keys, shown } = atTerminal({ WS_BASE_URL: api.baseUrl });
    const exit = run(['queries', 'execute', String(saved.id)], io);
    await shown('min_amount (integer)');
    keys.write('abc\r');
    await shown('"abc" is not a number');
    keys.write('\u00151.5\r');
    await shown('"1.5" is not a whole number');
    keys.write('\u00152\r');
    await shown('at (timestamp)');
    keys.write('noon\r');
    await shown('"noon" is not a timestamp');
    keys.write('\u0003');
    expect(await exit, io.err()).toBe(130);
    const said = io
      .err()
      .replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '')
      .split('\n')
      .filter((line) => /"(abc|1\.5|noon)" is not/.test(line));
    expect(said.length, io.err()).toBe(3);
    for (const line of said) {
      expect(line).toMatch(/^└ {2}"/);
      expect(line).toMatch(/(\)|number)$/);
      expect(line.length, line).toBeLessThanOrEqual(80);
    }
  }, 10_000);

  it('an automation input', async () => {
    const id = '20000000-0000-4000-8000-0000000000e3';
    const schema = { type: 'object', properties: { day: { type: 'string', format: 'date', default: 'today' } } };
    api.on('GET', `/automations/${id}`, { body: automation({ id, name: 'Export', inputSchema: schema }) });
    api.on('POST', `/automations/${id}/runs`, { status: 202, body: automationRun({ workflowId: id, state: 'pending' }) });
    const { io, keys, shown } = atTerminal({ WS_BASE_URL: api.baseUrl });
    const exit = run(['automations', 'trigger', id], io);
    await shown('day (string, date)');
    keys.write('\r');
    await shown('"today" is not a calendar date');
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);
    keys.write('2026-03-01\r');
    expect(await exit, io.err()).toBe(0);
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body).inputValues)).toEqual([{ day: '2026-03-01' }]);
  }, 10_000);
});
