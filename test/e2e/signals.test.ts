/**
 * Signals never lose a run (issue 29, items 8 to 10): a signal while the start request is in flight, a second
 * signal while a cancel is under way (GitHub Actions cancels a job with SIGINT, then SIGTERM), and
 * --cancel-on-timeout. Real signals to bin/ws, against a stub server in front of the emulator that holds the
 * answer of chosen requests (the emulator has acted on them; ws just hears nothing back).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, pollUntil, routes, spawnWs, startTestEmulator, waitForOutput, type TestEmulator } from '../helpers/emulator.js';
import { ApiServer, type RecordedRequest } from '../helpers/api-server.js';
import { ws } from '../helpers/ws.js';
import { screenOf, skipWithoutPty, wsInPty } from '../helpers/pty.js';

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const dailyRevenue = demoIds.queries.dailyRevenue;
const morning = demoIds.automations.morningReport;

/** Runs stay pending for a minute here. */
let stuck: TestEmulator;
/** In front of `stuck`: forwards every request, and keeps the answer of the held ones until released. */
let front: ApiServer;
let frontEnv: Record<string, string>;
const held: { method: string; path: RegExp; arrived: RecordedRequest[]; releases: (() => void)[] }[] = [];

/** From now on, the answers to requests matching this are held back until release(). */
function hold(method: string, path: RegExp) {
  const entry = { method, path, arrived: [] as RecordedRequest[], releases: [] as (() => void)[] };
  held.push(entry);
  return {
    /** Resolves once such a request has reached the emulator. */
    arrived: () => pollUntil(async () => entry.arrived[0], `${method} ${path} to arrive`),
    release: () => {
      held.splice(held.indexOf(entry), 1);
      for (const release of entry.releases.splice(0)) release();
    },
  };
}

async function forward(request: RecordedRequest) {
  const query = new URLSearchParams(request.query).toString();
  const response = await fetch(`${stuck.baseUrl}${request.path}${query ? `?${query}` : ''}`, {
    method: request.method,
    headers: { 'x-api-key': stuck.env.WS_API_KEY, ...(request.body ? { 'content-type': 'application/json' } : {}) },
    ...(request.body ? { body: request.body } : {}),
  });
  const text = await response.text();
  const entry = held.find((h) => h.method === request.method && h.path.test(request.path));
  if (entry) {
    entry.arrived.push(request);
    await new Promise<void>((resolve) => entry.releases.push(resolve));
  }
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

beforeAll(async () => {
  stuck = await startTestEmulator({ stepMs: 60_000 });
  front = new ApiServer();
  for (const method of ['GET', 'POST']) front.on(method, /.*/, forward);
  await front.start();
  frontEnv = { WS_BASE_URL: front.baseUrl, WS_API_KEY: stuck.env.WS_API_KEY };
});
afterEach(() => {
  for (const entry of held.splice(0)) for (const release of entry.releases.splice(0)) release();
});
afterAll(async () => {
  await front?.stop();
  await stuck?.close();
});

/** The whole of stderr as the one JSON error object. */
function errorObject(stderr: string): Record<string, unknown> {
  const parsed = JSON.parse(stderr) as { error: Record<string, unknown> };
  expect(Object.keys(parsed)).toEqual(['error']);
  return parsed.error;
}

/** How ws ended: its output as text, and its exit code or the signal that ended it. */
async function ended(child: ReturnType<typeof spawnWs>): Promise<{ stdout: string; stderr: string; exitCode?: number; signal?: string }> {
  const result = await child;
  return {
    stdout: String(result.stdout),
    stderr: String(result.stderr),
    ...(result.exitCode === undefined ? {} : { exitCode: result.exitCode }),
    ...(result.signal ? { signal: result.signal } : {}),
  };
}

/** What a shell sees as the status: the exit code, or 128 + the signal's number when ws ended by a signal. */
function status(result: { exitCode?: number; signal?: string }): number | undefined {
  const numbers: Record<string, number> = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 };
  return result.signal ? numbers[result.signal] : result.exitCode;
}

describe('a signal while the start request is in flight', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
    ['SIGHUP', 129],
  ] as const)('queries execute --wait, %s: says a run may have started and how to find it (status %i)', async (signal, code) => {
    const start = hold('POST', /^\/queries\/[^/]+\/execute$/);
    const child = spawnWs(['queries', 'execute', dailyRevenue, '--wait'], frontEnv);
    await start.arrived();
    child.kill(signal);
    const result = await ended(child);
    expect(status(result), result.stderr).toBe(code);
    const named = signal === 'SIGINT' ? '' : ` (${signal})`;
    expect(result.stderr).toBe(
      `error: stopped while starting a run of query daily_revenue${named}, before the server answered: a run may have started, and it goes on\n` +
        "hint: find it among the query's runs, newest first: `ws queries runs daily_revenue`\n",
    );
    expect(result.stdout).toBe('');
  });

  it('queries execute --wait --json, SIGTERM: the one JSON error object, with the query id', async () => {
    const start = hold('POST', /^\/queries\/[^/]+\/execute$/);
    const child = spawnWs(['queries', 'execute', dailyRevenue, '--wait', '--json'], frontEnv);
    await start.arrived();
    child.kill('SIGTERM');
    const result = await ended(child);
    expect(result.exitCode, result.stderr).toBe(143);
    expect(errorObject(result.stderr)).toEqual({
      code: 'interrupted',
      message: 'stopped while starting a run of query daily_revenue (SIGTERM), before the server answered: a run may have started, and it goes on',
      hint: "find it among the query's runs, newest first: `ws queries runs daily_revenue`",
      queryId: dailyRevenue,
    });
  });

  it('queries execute without --wait, SIGTERM: the same', async () => {
    const start = hold('POST', /^\/queries\/[^/]+\/execute$/);
    const child = spawnWs(['queries', 'execute', 'daily_revenue'], frontEnv);
    await start.arrived();
    child.kill('SIGTERM');
    const result = await ended(child);
    expect(result.exitCode, result.stderr).toBe(143);
    expect(result.stderr).toContain('a run may have started');
    expect(result.stderr).toContain('`ws queries runs daily_revenue`');
  });

  it.each([[[]], [['--json']]])('automations trigger --wait %j, SIGTERM: a run may have started, and `ws automations runs` finds it', async (format) => {
    const start = hold('POST', /^\/automations\/[^/]+\/runs$/);
    const before = (await stuck.api('GET', `/automations/${morning}/runs?limit=100`)).json.total as number;
    const child = spawnWs(['automations', 'trigger', morning, '--wait', ...format], frontEnv);
    await start.arrived();
    child.kill('SIGTERM');
    const result = await ended(child);
    expect(result.exitCode, result.stderr).toBe(143);
    const message = `stopped while starting a run of automation ${morning} (SIGTERM), before the server answered: a run may have started, and it goes on`;
    const hint = `find it among the automation's runs, newest first: \`ws automations runs ${morning}\``;
    if (format.length) expect(errorObject(result.stderr)).toEqual({ code: 'interrupted', message, hint, automationId: morning });
    else expect(result.stderr).toBe(`error: ${message}\nhint: ${hint}\n`);
    // it did start: the command in the hint lists it
    expect((await stuck.api('GET', `/automations/${morning}/runs?limit=100`)).json.total).toBe(before + 1);
  });

  it('trigger --wait --cancel-on-interrupt, SIGINT: ws waits for the answer, then cancels the run it started (exit 130)', async () => {
    const start = hold('POST', /^\/automations\/[^/]+\/runs$/);
    await stuck.clearRequests();
    const child = spawnWs(['automations', 'trigger', morning, '--wait', '--cancel-on-interrupt'], frontEnv);
    await start.arrived();
    child.kill('SIGINT');
    await waitForOutput(child.stderr, /once the server answers/);
    start.release();
    const result = await ended(child);
    expect(result.exitCode, result.stderr).toBe(130);
    const runId = result.stderr.match(new RegExp(`automation run (${uuid})`))?.[1];
    expect(runId, result.stderr).toBeDefined();
    expect(result.stderr).toContain(`error: stopped waiting for automation run ${runId}; it was cancelled\n`);
    expect(routes(await stuck.requests())).toContain(`POST /automation-runs/${runId}/cancel`);
    expect((await stuck.api('GET', `/automation-runs/${runId}`)).json.run.state).toBe('cancelled');
  });

  it('trigger --wait --cancel-on-interrupt --json, SIGTERM and no answer within --http-timeout: exit 143, a run may have started and was not cancelled (issue 38.7)', async () => {
    const start = hold('POST', /^\/automations\/[^/]+\/runs$/);
    await stuck.clearRequests();
    const child = spawnWs(['automations', 'trigger', morning, '--wait', '--cancel-on-interrupt', '--json', '--http-timeout', '1s'], frontEnv);
    await start.arrived();
    child.kill('SIGTERM');
    const result = await ended(child);
    expect(status(result), result.stderr).toBe(143);
    expect(errorObject(result.stderr)).toEqual({
      code: 'interrupted',
      message: `stopped while starting a run of automation ${morning} (SIGTERM), before the server answered: a run may have started, and it was not cancelled`,
      hint: `find it among the automation's runs, newest first: \`ws automations runs ${morning} --http-timeout 1s\``,
      automationId: morning,
    });
    expect(routes(await stuck.requests()).filter((route) => route.endsWith('/cancel'))).toEqual([]);
  });

  it('trigger --wait --cancel-on-interrupt --json, SIGINT then SIGTERM before the answer: ends at once, saying a run may have started uncancelled', async () => {
    const start = hold('POST', /^\/automations\/[^/]+\/runs$/);
    await stuck.clearRequests();
    const child = spawnWs(['automations', 'trigger', morning, '--wait', '--cancel-on-interrupt', '--json'], frontEnv);
    await start.arrived();
    child.kill('SIGINT');
    // the first signal is taken (nothing to see on stderr with --json): ws stays until the second
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(child.exitCode).toBeNull();
    child.kill('SIGTERM');
    const result = await ended(child);
    expect(status(result), result.stderr).toBe(143);
    expect(errorObject(result.stderr)).toEqual({
      code: 'interrupted',
      message: `stopped while starting a run of automation ${morning} (SIGINT, then SIGTERM), before the server answered: a run may have started, and it was not cancelled`,
      hint: `find it among the automation's runs, newest first: \`ws automations runs ${morning}\``,
      automationId: morning,
    });
    expect(routes(await stuck.requests()).filter((route) => route.endsWith('/cancel'))).toEqual([]);
  });
});

describe('a second signal while a cancel is under way', () => {
  it.each([
    ['SIGINT', 'SIGTERM', 143],
    ['SIGINT', 'SIGINT', 130],
  ] as const)('trigger --wait --cancel-on-interrupt --json, %s then %s: the run, the state of the cancel and how to check it', async (first, second, code) => {
    const cancel = hold('POST', /^\/automation-runs\/[^/]+\/cancel$/);
    await stuck.clearRequests();
    const child = spawnWs(['automations', 'trigger', morning, '--wait', '--cancel-on-interrupt', '--json'], frontEnv);
    const poll = await pollUntil(
      async () => (await stuck.requests()).find((r) => r.method === 'GET' && /^\/automation-runs\/[^/]+$/.test(r.path)),
      'the wait polls the run',
    );
    const runId = poll.path.split('/')[2]!;
    child.kill(first);
    await cancel.arrived();
    child.kill(second);
    const result = await ended(child);
    expect(status(result), result.stderr).toBe(code);
    expect(errorObject(result.stderr)).toEqual({
      code: 'interrupted',
      message: `stopped waiting for automation run ${runId} (${first}, then ${second}); the cancel was sent but not answered: the run may be cancelled or still running`,
      hint: `check it: \`ws automations get-run ${runId}\``,
      automationId: morning,
      automationRunId: runId,
    });
    expect(routes(await stuck.requests())).toContain(`POST /automation-runs/${runId}/cancel`);
  });

  it('in text: the same words, after the note that it is cancelling', async () => {
    const cancel = hold('POST', /^\/automation-runs\/[^/]+\/cancel$/);
    const child = spawnWs(['automations', 'trigger', morning, '--wait', '--cancel-on-interrupt'], frontEnv);
    const runId = (await waitForOutput(child.stderr, new RegExp(`automation run (${uuid}): `)))[1]!;
    child.kill('SIGINT');
    await cancel.arrived();
    child.kill('SIGINT');
    const result = await ended(child);
    expect(result.signal, result.stderr).toBe('SIGINT');
    expect(result.stderr).toContain(`Cancelling automation run ${runId}…`);
    expect(
      result.stderr.endsWith(
        `error: stopped waiting for automation run ${runId} (SIGINT, then SIGINT); the cancel was sent but not answered: the run may be cancelled or still running\n` +
          `hint: check it: \`ws automations get-run ${runId}\`\n`,
      ),
    ).toBe(true);
  });
});

describe.skipIf(skipWithoutPty)('a second Ctrl-C in a terminal, while the live view cancels', () => {
  it('the terminal is given back (cursor shown), then the last word; status 130', async () => {
    const cancel = hold('POST', /^\/automation-runs\/[^/]+\/cancel$/);
    const session = wsInPty(['automations', 'trigger', morning, '--wait', '--cancel-on-interrupt', '--no-prompt'], {
      columns: 80,
      rows: 24,
      term: 'xterm',
      env: { PAGER: undefined, ...frontEnv },
      timeoutMs: 30_000,
    });
    const runId = (await session.waitFor(new RegExp(`automation run (${uuid})`), 15_000))[1]!;
    session.type('\u0003');
    await cancel.arrived();
    session.type('\u0003');
    const { exitCode, output } = await session.result;
    expect(exitCode, output).toBe(130);
    const screen = screenOf(output);
    expect(screen.lastIndexOf('\u001b[?25h')).toBeGreaterThan(screen.lastIndexOf('\u001b[?25l'));
    const after = screen
      .slice(screen.lastIndexOf('\u001b[?25h'))
      .replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '')
      .replace(/\r/g, '');
    expect(after).toContain(`Cancelling automation run ${runId}…`);
    expect(after).toContain(
      `error: stopped waiting for automation run ${runId} (SIGINT, then SIGINT); the cancel was sent but not answered: the run may be cancelled or still running\n` +
        `hint: check it: \`ws automations get-run ${runId}\`\n`,
    );
  });
});

describe('--cancel-on-timeout', () => {
  it('trigger --wait --timeout --cancel-on-timeout: exit 6, the run cancelled and confirmed', async () => {
    await stuck.clearRequests();
    const result = await ws(['automations', 'trigger', morning, '--wait', '--timeout', '300ms', '--cancel-on-timeout'], stuck.env);
    expect(result.exitCode, result.stderr).toBe(6);
    const runId = result.stderr.match(new RegExp(`gave up waiting for automation run (${uuid}) after [^;]+; it was cancelled\n`))?.[1];
    expect(runId, result.stderr).toBeDefined();
    expect(result.stderr).toContain(`hint: see it: \`ws automations get-run ${runId}\``);
    expect(routes(await stuck.requests())).toContain(`POST /automation-runs/${runId}/cancel`);
    expect((await stuck.api('GET', `/automation-runs/${runId}`)).json.run.state).toBe('cancelled');
  });

  it.each([['wait'], ['watch']])('automations %s --timeout --cancel-on-timeout --json: exit 6, the JSON error says it was cancelled', async (verb) => {
    const runId = (await stuck.api('POST', `/automations/${morning}/runs`, {})).json.id as string;
    const result = await ws(['automations', verb, runId, '--timeout', '300ms', '--cancel-on-timeout', '--json'], stuck.env);
    expect(result.exitCode, result.stderr).toBe(6);
    const error = errorObject(result.stderr);
    expect(error).toMatchObject({ code: 'timeout', automationRunId: runId });
    expect(error.message).toMatch(new RegExp(`^gave up waiting for automation run ${runId} after [^;]+; it was cancelled$`));
    expect((await stuck.api('GET', `/automation-runs/${runId}`)).json.run.state).toBe('cancelled');
  });

  it('a cancel that fails: exit 6 all the same, saying so, with the commands to wait again or cancel', async () => {
    const runId = (await stuck.api('POST', `/automations/${morning}/runs`, {})).json.id as string;
    await stuck.fault({ path: `^/automation-runs/${runId}/cancel$`, method: 'POST', status: 409, times: 1 });
    const result = await ws(['automations', 'wait', runId, '--timeout', '300ms', '--cancel-on-timeout'], stuck.env);
    expect(result.exitCode, result.stderr).toBe(6);
    expect(result.stderr).toMatch(new RegExp(`^error: gave up waiting for automation run ${runId} after [^;]+; cancelling it failed: .*409`, 'm'));
    expect(result.stderr).toContain(`hint: wait again with \`ws automations wait ${runId}\`, or cancel it with \`ws automations cancel ${runId}\``);
    expect((await stuck.api('GET', `/automation-runs/${runId}`)).json.run.state).not.toBe('cancelled');
  });

  it('without it, --timeout leaves the run going and sends no cancel', async () => {
    await stuck.clearRequests();
    const result = await ws(['automations', 'trigger', morning, '--wait', '--timeout', '300ms'], stuck.env);
    expect(result.exitCode, result.stderr).toBe(6);
    expect(result.stderr).toMatch(/; it is still pending and goes on\n/);
    expect(routes(await stuck.requests()).filter((route) => route.endsWith('/cancel'))).toEqual([]);
  });

  it('without --wait, the cancel flags are exit 2 and nothing is sent', async () => {
    await stuck.clearRequests();
    for (const flag of ['--cancel-on-timeout', '--cancel-on-interrupt']) {
      const result = await ws(['automations', 'trigger', morning, flag], stuck.env);
      expect(result.exitCode, result.stderr).toBe(2);
      expect(result.stderr).toContain(`${flag} needs --wait`);
    }
    expect(await stuck.requests()).toEqual([]);
  });

  it('the help of queries execute and runs wait says a query run cannot be cancelled', async () => {
    for (const args of [
      ['queries', 'execute', '--help'],
      ['runs', 'wait', '--help'],
    ]) {
      const result = await ws(args);
      expect(result.stdout.replace(/\s+/g, ' ')).toContain('The API cannot cancel a query run');
    }
  });
});
