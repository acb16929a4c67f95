// `npm run bench`: start-up time and memory of ws, as ratios against a baseline measured in the same run,
// so that a busy machine moves both sides alike. Needs `npm run build`. Prints a table; exits 0.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ws = path.join(root, 'bin/ws.js');
const { startEmulator } = await import(path.join(root, 'dist/emulator/emulator.js'));

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** Runs node with these arguments (asynchronously: the emulator answers from this same process). */
function node(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`node ${args.join(' ')} exited ${code}`))));
  });
}

async function timeRuns(args, env, runs) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint();
    await node(args, env);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return median(times);
}

async function peakRss(args, env) {
  const file = path.join(os.tmpdir(), `ws-bench-rss-${process.pid}`);
  await node(['--import', path.join(root, 'bench/max-rss.mjs'), ...args], { ...env, BENCH_RSS_FILE: file });
  const rss = Number(fs.readFileSync(file, 'utf8'));
  fs.rmSync(file);
  return rss;
}

const emulator = await startEmulator({ port: 0, host: '127.0.0.1', apiKeys: ['bench'], seed: 'demo', latencyMs: 0, faultRate: 0, faultSeed: 1, stepMs: 0 });
const env = { PATH: process.env.PATH, WS_BASE_URL: emulator.baseUrl, WS_API_KEY: 'bench', WS_CONFIG_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'ws-bench-')) };

async function call(method, url, body) {
  const response = await fetch(`${emulator.baseUrl}${url}`, { method, headers: { 'x-api-key': 'bench', 'content-type': 'application/json' }, body: body && JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status}`);
  return response.json();
}

/** A saved query of `rows` rows, executed to completion. */
async function queryOf(rows) {
  const query = await call('POST', '/queries', { name: `bench ${rows}`, sql: `SELECT range AS n, 'row ' || range AS label, range * 1.5 AS value FROM range(${rows})` });
  const { queryRunId } = await call('POST', `/queries/${query.id}/execute`, {});
  for (let i = 0; i < 600; i++) {
    const run = await call('GET', `/query-runs/${queryRunId}`);
    if (run.status === 'COMPLETED') return query.id;
    if (run.status === 'FAILED') throw new Error(run.message);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the bench query did not complete in 30 s');
}

try {
  const runs = 15;
  const bare = await timeRuns(['-e', '0'], env, runs);
  console.log(`start-up, median of ${runs} runs (baseline: node -e 0 = ${bare.toFixed(0)} ms)`);
  for (const args of [['--version'], ['--help'], ['queries', 'list', '--limit', '1']]) {
    const ms = await timeRuns([ws, ...args], env, runs);
    console.log(`  ws ${args.join(' ').padEnd(26)} ${ms.toFixed(0).padStart(5)} ms  ${(ms / bare).toFixed(2)}x node`);
  }

  console.log('\nmemory of `ws queries data <query> --all -o ndjson`, peak RSS (baseline: the same command with --limit 1000, one page)');
  const small = await queryOf(20_000);
  const large = await queryOf(200_000);
  const baseline = await peakRss([ws, 'queries', 'data', small, '--limit', '1000', '-o', 'ndjson'], env);
  console.log(`  one page (1,000 rows)      ${mib(baseline).padStart(10)}`);
  for (const [rows, id] of [[20_000, small], [200_000, large]]) {
    for (const format of ['ndjson', 'csv', 'json']) {
      const rss = await peakRss([ws, 'queries', 'data', id, '--all', '-o', format], env);
      console.log(`  ${rows.toLocaleString('en-US').padStart(7)} rows, -o ${format.padEnd(6)}  ${mib(rss).padStart(10)}  ${(rss / baseline).toFixed(2)}x baseline`);
    }
  }
} finally {
  await emulator.close();
}
