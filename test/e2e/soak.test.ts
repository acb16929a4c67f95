/**
 * Soak: a few hundred ws commands, a few at a time, against `ws emulator --fault-rate` (429 with
 * Retry-After, 503 and dropped connections on a seeded share of requests). Every idempotent command must
 * end right: exit 0 with the right output, or, when the server failed every try, exit 1 with a clear
 * message and nothing on stdout; never wrong data, never a stack. Executes and triggers must never make
 * two runs: every run the server holds is owed to exactly one command. The figures are printed.
 *
 * Bounded in count (WS_SOAK_COMMANDS, default 150) and time (no command starts after 50 s, so a slow
 * machine runs fewer); `WS_SOAK=1` runs 600 with a budget of 20 minutes.
 */
import { execa, type ResultPromise } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../helpers/emulator.js';
import { tempConfigDir, ws, wsBin } from '../helpers/ws.js';

const long = process.env.WS_SOAK === '1';
const commandCount = Number(process.env.WS_SOAK_COMMANDS ?? (long ? 600 : 150));
const concurrency = 4;
/** No new command starts after this; the ones running finish. */
const budgetMs = long ? 20 * 60_000 : 50_000;
const faultRate = 0.15;
const key = 'wsk_soak_key_0123456789';

let emulator: ResultPromise;
let baseUrl = '';
let origin = '';
const env = () => ({ WS_BASE_URL: baseUrl, WS_API_KEY: key, WS_CONFIG_DIR: configDir });
let configDir = '';

/** A request to the emulator, retried while a random fault hits it: the test's own ground truth. */
async function truth(path: string): Promise<any> {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      // the control endpoints may want the key and a JSON content type: send both either way
      const response = await fetch(path.startsWith('/__emulator') ? `${origin}${path}` : `${baseUrl}${path}`, {
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
      });
      if (response.ok) return await response.json();
    } catch {
      // a dropped connection: try again
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no answer from ${path} in 50 tries`);
}

/** The ids of every run a list endpoint holds, page by page. */
async function allRuns(path: string): Promise<string[]> {
  const found: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = (await truth(`${path}?limit=100&offset=${offset}`)).runs as { id: string }[];
    found.push(...page.map((run) => run.id));
    if (page.length < 100) return found;
  }
}

beforeAll(async () => {
  configDir = tempConfigDir();
  emulator = execa(
    process.execPath,
    [wsBin, 'emulator', '--port', '0', '--fault-rate', String(faultRate), '--fault-seed', '7', '--step-duration', '5ms', '--api-key', key],
    {
      env: { PATH: process.env.PATH, WS_CONFIG_DIR: configDir },
      extendEnv: false,
      reject: false,
      stdin: 'ignore',
      timeout: budgetMs + 120_000,
    },
  );
  baseUrl = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`the emulator printed no URL: ${seen}`)), 20_000);
    emulator.stdout!.on('data', (chunk: Buffer) => {
      seen += String(chunk);
      const match = /^WS_BASE_URL=(\S+)$/m.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
  });
  origin = new URL(baseUrl).origin;
}, 30_000);

afterAll(async () => {
  emulator?.kill('SIGTERM');
  await emulator;
});

interface Job {
  kind: string;
  args: string[];
  /** For idempotent commands: whether stdout is right. */
  check?: (stdout: string) => boolean;
  /** For commands that start a run: the tag that finds it on the server. */
  tag?: number;
}

interface Done extends Job {
  exitCode: number;
  stdout: string;
  stderr: string;
  ms: number;
}

const ids = demoIds;
const uuidRe = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

describe('soak against ws emulator --fault-rate', () => {
  it(
    `${commandCount} commands, ${concurrency} at a time: idempotent ones end right, no run is made twice`,
    async () => {
      const data = await truth(`/queries/${ids.queries.dailyRevenue}/latest/data?limit=20`).catch(() => undefined);
      // daily_revenue has no run yet in a fresh emulator: make one, so that reading its data is well defined
      if (!data) {
        const started = await ws(['queries', 'execute', 'daily_revenue', '--wait', '--no-data', '-q'], env());
        expect(started.exitCode, started.stderr).toBe(0);
      }
      const rows = (await truth(`/queries/${ids.queries.dailyRevenue}/latest/data?limit=20`)).rows as Record<string, unknown>[];
      const csv = `day,orders,revenue\n${rows.map((r) => `${r.day},${r.orders},${r.revenue}\n`).join('')}`;
      // executes run top_customers, which no automation step runs, so that every new run of it is a command's
      const queryRunsBefore = new Set(await allRuns(`/queries/${ids.queries.topCustomers}/query-runs`));
      const automation = ids.automations.morningReport;
      const revenueSlugs = ((await truth('/queries?search=revenue&limit=100')).queries as { slug: string }[])
        .map((q) => q.slug)
        .sort()
        .join(',');

      const kinds: ((i: number) => Job)[] = [
        () => ({
          kind: 'queries get',
          args: ['queries', 'get', 'daily_revenue', '--json', 'id,slug'],
          check: (out) => out === `{\n  "id": "${ids.queries.dailyRevenue}",\n  "slug": "daily_revenue"\n}\n`,
        }),
        () => ({
          kind: 'queries list',
          args: ['queries', 'list', '--search', 'revenue', '--json', 'slug', '--jq', '[.queries[].slug] | sort | join(",")'],
          check: (out) => out === `${revenueSlugs}\n`,
        }),
        () => ({ kind: 'queries data', args: ['queries', 'data', 'daily_revenue', '--limit', '20', '-o', 'csv'], check: (out) => out === csv }),
        () => ({ kind: 'agents get', args: ['agents', 'get', 'sql_helper', '--json', 'id'], check: (out) => JSON.parse(out).id === ids.agents.sqlHelper }),
        () => ({ kind: 'automations get', args: ['automations', 'get', automation, '--json', 'id'], check: (out) => JSON.parse(out).id === automation }),
        () => ({
          kind: 'skills get',
          args: ['skills', 'get', 'revenue_analysis', '--json', 'slug'],
          check: (out) => JSON.parse(out).slug === 'revenue_analysis',
        }),
        (i) => ({ kind: 'queries execute', args: ['queries', 'execute', 'top_customers', '--wait', '--no-data', '-q', '--json', 'queryRunId,status'], tag: i }),
        (i) => ({
          kind: 'automations trigger',
          args: ['automations', 'trigger', automation, '--metadata', JSON.stringify({ soak: i }), '--wait', '-q', '--json', 'id,state'],
          tag: i,
        }),
      ];
      const jobs = Array.from({ length: commandCount }, (_, i) => kinds[i % kinds.length]!(i));

      const started = Date.now();
      const done: Done[] = [];
      let next = 0;
      const worker = async () => {
        while (next < jobs.length && Date.now() - started < budgetMs) {
          const job = jobs[next++]!;
          const t0 = Date.now();
          const result = await ws(job.args, env(), { timeout: 60_000 });
          done.push({ ...job, ...result, ms: Date.now() - t0 });
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      const elapsed = Date.now() - started;

      // --- every command ended cleanly: exit 0, or exit 1 with one error message and nothing on stdout
      for (const d of done) {
        const label = `${d.args.join(' ')} → exit ${d.exitCode}: ${d.stderr}`;
        expect(d.stderr, label).not.toMatch(/\n\s+at |node:internal|TypeError|RangeError/);
        if (d.exitCode === 0) continue;
        expect(d.exitCode, label).toBe(1);
        expect(d.stdout, label).toBe('');
        expect(d.stderr, label).toMatch(/^error: |^\{"error":\{/m);
      }
      // --- idempotent commands: right output every time they succeed, and they almost always succeed
      const idempotent = done.filter((d) => d.check);
      for (const d of idempotent.filter((d) => d.exitCode === 0)) expect(d.check!(d.stdout), `${d.args.join(' ')}: ${d.stdout}`).toBe(true);
      const idempotentFailures = idempotent.filter((d) => d.exitCode !== 0);
      // a request fails only when the server faults every one of its 4 tries (0.15^4 ≈ 0.05%)
      expect(idempotentFailures.length, idempotentFailures.map((d) => d.stderr).join('')).toBeLessThanOrEqual(Math.max(1, Math.ceil(idempotent.length * 0.02)));

      // --- query runs: each run made during the soak is owed to exactly one command
      const executes = done.filter((d) => d.kind === 'queries execute');
      const printed = executes.filter((d) => d.exitCode === 0).map((d) => JSON.parse(d.stdout) as { queryRunId: string; status: string });
      expect(printed.every((run) => run.status === 'COMPLETED')).toBe(true);
      const runIds = printed.map((run) => run.queryRunId);
      expect(new Set(runIds).size).toBe(runIds.length);
      const named = executes
        .filter((d) => d.exitCode !== 0)
        .flatMap((d) => [...new Set(d.stderr.match(uuidRe) ?? [])].filter((id) => id !== ids.queries.topCustomers));
      const made = (await allRuns(`/queries/${ids.queries.topCustomers}/query-runs`)).filter((id) => !queryRunsBefore.has(id));
      // the server's runs are exactly those the commands know of: none made twice, none unaccounted for
      expect(
        made.filter((id) => !runIds.includes(id) && !named.includes(id)),
        'runs no command accounts for',
      ).toEqual([]);
      expect(runIds.every((id) => made.includes(id))).toBe(true);
      const log = (await truth('/__emulator/requests')).requests as { method: string; path: string; status: number }[];
      const executePosts = log.filter((r) => r.method === 'POST' && r.path === `/queries/${ids.queries.topCustomers}/execute`);
      expect(executePosts.filter((r) => r.status >= 200 && r.status < 300)).toHaveLength(made.length);

      // --- automation runs: found by their tag; no tag twice, and each successful trigger's tag once
      const triggers = done.filter((d) => d.kind === 'automations trigger');
      const automationRuns = [];
      for (let offset = 0; ; offset += 100) {
        const page = (await truth(`/automations/${automation}/runs?limit=100&offset=${offset}`)).runs as { id: string; metadata?: { soak?: number } }[];
        automationRuns.push(...page);
        if (page.length < 100) break;
      }
      const tags = automationRuns.map((r) => r.metadata?.soak).filter((tag): tag is number => typeof tag === 'number');
      expect(tags.length, 'an automation run made twice').toBe(new Set(tags).size);
      for (const d of triggers.filter((t) => t.exitCode === 0)) {
        const run = JSON.parse(d.stdout) as { id: string; state: string };
        expect(run.state).toBe('completed');
        expect(automationRuns.find((r) => r.id === run.id)?.metadata?.soak).toBe(d.tag);
      }
      expect(tags.every((tag) => triggers.some((t) => t.tag === tag))).toBe(true);

      // --- figures
      const faults = log.filter((r) => r.status === 0 || r.status === 429 || r.status === 503);
      const times = done.map((d) => d.ms).sort((a, b) => a - b);
      const byKind = [...new Set(done.map((d) => d.kind))].map((kind) => {
        const list = done.filter((d) => d.kind === kind);
        return `${kind}: ${list.length} (${list.filter((d) => d.exitCode === 0).length} ok)`;
      });
      console.log(
        [
          `soak: ${done.length} of ${jobs.length} commands in ${(elapsed / 1000).toFixed(1)} s, ${concurrency} at a time, fault rate ${faultRate}`,
          `  ${byKind.join('; ')}`,
          `  server: ${log.length} API requests, ${faults.length} faults injected (${faults.filter((r) => r.status === 429).length} × 429, ${faults.filter((r) => r.status === 503).length} × 503, ${faults.filter((r) => r.status === 0).length} dropped)`,
          `  runs made: ${made.length} query runs for ${executes.length} executes, ${tags.length} automation runs for ${triggers.length} triggers; none twice`,
          `  idempotent commands that failed after every retry: ${idempotentFailures.length} of ${idempotent.length}`,
          `  command time: median ${times[Math.floor(times.length / 2)]} ms, 95th percentile ${times[Math.floor(times.length * 0.95)]} ms`,
        ].join('\n'),
      );
      // every kind ran at least once (the jobs take turns), however slow the machine
      expect(new Set(done.map((d) => d.kind)).size).toBe(Math.min(kinds.length, jobs.length));
    },
    budgetMs + 60_000,
  );
});
