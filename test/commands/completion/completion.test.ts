/**
 * `ws completion <shell>` prints the script for bash, zsh or fish; `ws __complete`, which the scripts call, prints
 * the real names (query slugs, automations, run ids, profiles) the emulator and the config file have. In-process;
 * the scripts in real bash, fish and zsh are in test/e2e/completion.test.ts.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emulatorServer, expectUsageError, runWs } from '../../helpers/command.js';
import { demoIds, pollUntil, routes } from '../../helpers/emulator.js';
import { tempFiles } from '../../helpers/query-setup.js';

const morning = demoIds.automations.morningReport;
const { emu, ws } = emulatorServer();
/** A second emulator, which must never get the first one's key. */
const { emu: other } = emulatorServer();
const files = tempFiles('ws-completion-');
let queryRun: string;
let automationRun: string;

/** A config folder with these profiles. */
function configDir(profiles: Record<string, { baseUrl?: string; apiKey?: string }>): string {
  const at = fs.mkdtempSync(path.join(files.dir, 'config-'));
  fs.writeFileSync(path.join(at, 'config.json'), JSON.stringify({ profiles }), { mode: 0o600 });
  return at;
}

beforeAll(async () => {
  queryRun = (await emu.api('POST', `/queries/${demoIds.queries.topCustomers}/execute`, {})).json.queryRunId;
  automationRun = (await emu.api('POST', `/automations/${morning}/runs`, {})).json.id;
});
beforeEach(async () => {
  await Promise.all([emu.clearRequests(), other.clearRequests()]);
});

describe('ws completion <shell>', () => {
  it.each([
    ['bash', 'ws.bash'],
    ['zsh', '_ws'],
    ['fish', 'ws.fish'],
  ])('%s: the script completions/%s holds, the same on a terminal; nothing on stderr, nothing sent', async (shell, committed) => {
    const script = fs.readFileSync(new URL(`../../../completions/${committed}`, import.meta.url), 'utf8');
    for (const tty of [false, true]) {
      const result = await ws(['completion', shell], { tty });
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.stdout).toBe(script);
    }
    expect(await emu.requests()).toEqual([]);
  });

  it.each([
    [
      ['tcsh'],
      "error: command-argument value 'tcsh' is invalid for argument 'shell'. Allowed choices are bash, zsh, fish.\nhint: run `ws completion --help` for usage\n",
    ],
    [[], "error: missing required argument 'shell'\nhint: run `ws completion --help` for usage\n"],
  ])('ws completion %j is exit 2 naming the shells, nothing on stdout', async (args, stderr) => {
    await expectUsageError(ws, ['completion', ...args], stderr);
  });
});

describe('ws __complete', () => {
  const complete = async (words: string[], extra: Record<string, string> = {}) => {
    const result = await runWs(['__complete', ...words], { ...emu.env, WS_CONFIG_DIR: configDir({}), WS_COMPLETE_TIMEOUT: '30s', ...extra });
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('');
    return result.stdout;
  };

  it('query slugs through the list search, with their names', async () => {
    expect(await complete(['ws', 'queries', 'get', 'daily'])).toBe('daily_revenue\tDaily revenue\n');
    const [request] = await emu.requests();
    expect(`${request!.method} ${request!.path}`).toBe('GET /queries');
    expect(request!.query).toContain('search=daily');
  });

  it('automation names and ids', async () => {
    expect(await complete(['ws', 'automations', 'trigger', 'Morn'])).toBe(`Morning revenue report\t${morning}\n`);
    const ids = await complete(['ws', 'automations', 'get', '20000000-0000-4000-8000-00000000000']);
    expect(ids.split('\n').filter(Boolean).sort()).toEqual([
      `${morning}\tMorning revenue report`,
      `${demoIds.automations.nightlyExport}\tNightly churn export`,
    ]);
  });

  it('recent query run ids and automation run ids', async () => {
    const runs = await pollUntil(async () => {
      const out = await complete(['ws', 'runs', 'wait', '']);
      return out.includes(queryRun) && out;
    }, 'the new run to be the last of its query');
    expect(runs).toMatch(new RegExp(`^${queryRun}\\ttop_customers [A-Z]+$`, 'm'));
    expect(await complete(['ws', 'automations', 'steps', ''])).toMatch(new RegExp(`^${automationRun}\\tMorning revenue report [a-z]+$`, 'm'));
    // `run`, the former name of get-run, is read as get-run
    expect(await complete(['ws', 'automations', 'run', ''])).toMatch(new RegExp(`^${automationRun}\\t`, 'm'));
  });

  it('profile names from the config file, without a request', async () => {
    const config = configDir({ default: { baseUrl: emu.baseUrl }, staging: { baseUrl: 'https://staging.example.com/public/v3' } });
    expect(await complete(['ws', 'queries', 'list', '--profile', ''], { WS_CONFIG_DIR: config })).toBe(
      `default\t${emu.baseUrl}\nstaging\thttps://staging.example.com/public/v3\n`,
    );
    expect(await complete(['ws', '--profile', 'st'], { WS_CONFIG_DIR: config })).toBe('staging\thttps://staging.example.com/public/v3\n');
    expect(await emu.requests()).toEqual([]);
  });

  it('the fields of --json after the last comma, without a request', async () => {
    expect(await complete(['ws', 'queries', 'get', 'x', '--json', 'id,na'])).toBe('id,name\n');
    expect(await emu.requests()).toEqual([]);
  });

  it('--param of queries execute: the parameters of the query before it, by slug or by name, in one request', async () => {
    const params =
      'start_date=\tdate, default 2026-01-01, first order date included (YYYY-MM-DD)\nmin_amount=\tnumber, default 0, smallest order amount included\n';
    expect(await complete(['ws', 'queries', 'execute', 'revenue_by_country', '--param', ''])).toBe(params);
    expect(routes(await emu.requests())).toEqual(['GET /queries']);
    await emu.clearRequests();
    expect(await complete(['ws', 'queries', 'execute', 'revenue by COUNTRY', '--wait', '--param', 'min'])).toBe(
      'min_amount=\tnumber, default 0, smallest order amount included\n',
    );
    expect(routes(await emu.requests())).toEqual(['GET /queries']);
    await emu.clearRequests();
    expect(await complete(['ws', 'queries', 'execute', demoIds.queries.revenueByCountry, '--param', 's'])).toBe(
      'start_date=\tdate, default 2026-01-01, first order date included (YYYY-MM-DD)\n',
    );
    expect(routes(await emu.requests())).toEqual([`GET /queries/${demoIds.queries.revenueByCountry}`]);
    await emu.clearRequests();
    // --param of create declares a parameter; before the query is named there is nothing to ask about
    expect(await complete(['ws', 'queries', 'create', '--param', ''])).toBe('');
    expect(await complete(['ws', 'queries', 'execute', '--param', ''])).toBe('');
    expect(await emu.requests()).toEqual([]);
  });

  it('queries pull: a folder first (the shell lists it: no request), then query slugs', async () => {
    expect(await complete(['ws', 'queries', 'pull', 'dai'])).toBe('');
    expect(await emu.requests()).toEqual([]);
    expect(await complete(['ws', 'queries', 'pull', 'queries/', 'dai'])).toBe('daily_revenue\tDaily revenue\n');
    expect(await complete(['ws', 'queries', 'pull', 'queries/', 'daily_revenue', 'top'])).toBe('top_customers\tTop customers\n');
  });

  it('nothing where the scripts complete by themselves, and nothing past the last argument; no request', async () => {
    expect(await complete(['ws', 'queries', 'li'])).toBe('');
    expect(await complete(['ws', 'queries', 'get', '--j'])).toBe('');
    expect(await complete(['ws', 'queries', 'get', 'daily_revenue', ''])).toBe('');
    expect(await complete(['ws', 'queries', 'list', '--search', 'da'])).toBe('');
    expect(await emu.requests()).toEqual([]);
  });

  it('is silent and exits 0 on any error: HTTP 500, no server, no key, a corrupt config file', async () => {
    await emu.fault({ path: '^/queries$', status: 500, times: 1 });
    expect(await complete(['ws', 'queries', 'get', 'd'])).toBe('');
    expect(routes(await emu.requests())).toEqual(['GET /queries']); // one try, no retries
    expect(await complete(['ws', 'queries', 'get', 'd'], { WS_BASE_URL: 'http://127.0.0.1:9/public/v3' })).toBe('');
    expect(await complete(['ws', 'queries', 'get', 'd'], { WS_API_KEY: '' })).toBe('');
    const corrupt = fs.mkdtempSync(path.join(files.dir, 'corrupt-'));
    fs.writeFileSync(path.join(corrupt, 'config.json'), '{not json');
    expect(await complete(['ws', '--profile', ''], { WS_CONFIG_DIR: corrupt })).toBe('');
  });

  it('gives up on a server that never answers (after the default 2 s)', async () => {
    const sockets = new Set<import('node:net').Socket>();
    const silent = http.createServer(() => {});
    silent.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/public/v3`;
      expect(await complete(['ws', 'queries', 'get', 'd'], { WS_BASE_URL: url, WS_COMPLETE_TIMEOUT: '' })).toBe('');
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("sends a profile's key only to that profile's base URL: not to WS_BASE_URL, not to a --base-url on the line", async () => {
    const config = configDir({ default: { baseUrl: emu.baseUrl, apiKey: emu.env.WS_API_KEY } });
    const profileOnly = { WS_CONFIG_DIR: config, WS_API_KEY: '', WS_BASE_URL: other.baseUrl };
    expect(await complete(['ws', '--base-url', other.baseUrl, 'queries', 'get', 'daily'], profileOnly)).toBe('daily_revenue\tDaily revenue\n');
    expect(routes(await emu.requests())).toEqual(['GET /queries']);
    expect(await other.requests()).toEqual([]);
  });
});
