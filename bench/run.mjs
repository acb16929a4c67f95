// `npm run bench`: every performance case of ws next to its baselines, all measured in the same run and in
// turn (round after round), so that a busy machine slows both sides alike; only the ratios mean much.
// Every process runs in a clean environment (PATH and HOME, plus what the case needs). Prints a table of
// medians and ratios, writes it as JSON to .bench/results.json and as a section of docs/benchmarks.md (one
// section per Node major and part run, replaced by the next run of the same; the others are kept). It asserts
// nothing: it always exits 0 once measured; the budget lines say met or NOT MET.
//
//   WS_BENCH_NODE=/path/to/node   the Node that runs ws and the baselines (default: this one)
//   WS_BENCH_RUNS=n               rounds of the start-up and API cases (default 20)
//   WS_BENCH_ROWS=n               rows of the large export (default 1,000,000); the small one has a tenth
//   WS_BENCH_LATENCY_ROWS=n       rows of the export over a 50 ms round trip (default 300,000)
//   WS_BENCH_ONLY=latency         only that case (an emulator with --latency 50ms), not the whole bench
//   WS_BENCH_ONLY=start           only the start-up and API cases (no exports)
//   WS_BENCH_ONLY=export          only the exports and their memory
//   WS_BENCH_ONLY=keyring         only a command whose key is in the system keyring (a private GNOME Keyring), over
//                                 HTTP and over HTTPS (bench/https-front.mjs; needs openssl),
//                                 against the same command with WS_API_KEY
//   WS_BENCH_ONLY=complete        only Tab on names the API gives (`ws __complete`, names kept) against node -e 0
//   WS_BENCH_ONLY=typed           only the memory of an export in every format (csv, ndjson, json, yaml, parquet, arrow)
//                                 at WS_BENCH_ROWS (default here 2,000,000) and a tenth of it, and parquet's time
//                                 against csv's (issue 40)
//   WS_BENCH_EXPORT_RUNS=n        rounds of the typed exports (default 3)
//   WS_BENCH_ONLY=standalone      only the standalone ws (`npm run build:binary`) against bin/ws.js on its Node 24
//   WS_BENCH_ONLY=wait            only the --wait cases: from a run's completion to the first row on stdout, and to
//                                 the end of ws (with WS_BENCH_BEFORE, the build before in the same rounds)
//
// With a standalone ws built (`npm run build:binary`), it is measured next to bin/ws.js on the same Node 24.
//
//   WS_BENCH_BEFORE=/path/to/checkout  another build of ws (a clone at an older commit, `npm ci && npm run build`):
//                                      its start-up cases are measured in the same rounds, and this build's
//                                      compared with them (target: at most a few per cent slower)
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ws = path.join(root, 'bin/ws.js');
const bare = path.join(root, 'bench/bare-request.mjs');
const rssPreload = path.join(root, 'bench/max-rss.cjs');
const node = process.env.WS_BENCH_NODE || process.execPath;
const rounds = Number(process.env.WS_BENCH_RUNS || 20);
const largeRows = Number(process.env.WS_BENCH_ROWS || 1_000_000);
const smallRows = Math.round(largeRows / 10);
const latencyRows = Number(process.env.WS_BENCH_LATENCY_ROWS || 300_000);
const only = process.env.WS_BENCH_ONLY;
// what ws asks for per page of an export (src/api/queries.ts latestDataPageMax), the largest the emulator serves
const pageSize = 10_000;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-bench-'));
const cleanEnv = { PATH: process.env.PATH, HOME: process.env.HOME, WS_CONFIG_DIR: scratch };
const before = process.env.WS_BENCH_BEFORE ? path.join(path.resolve(process.env.WS_BENCH_BEFORE), 'bin/ws.js') : undefined;

const nodeVersion = spawnSync(node, ['-p', 'process.version'], { env: cleanEnv, encoding: 'utf8' }).stdout.trim();
const nodeMajor = Number(nodeVersion.replace(/^v/, '').split('.')[0]);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Runs a command to its end; resolves with its wall time (ms), its end time (epoch ms), its stdout and when its
 * first byte came (epoch ms).
 */
function timed(command, args, env, { keepStdout = false } = {}) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(command, args, { env, stdio: ['ignore', keepStdout ? 'pipe' : 'ignore', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let firstByteAt;
    child.stdout?.setEncoding('utf8').on('data', (chunk) => {
      firstByteAt ??= Date.now();
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (code !== 0) reject(new Error(`${path.basename(command)} ${args.join(' ')} exited ${code}: ${stderr.slice(0, 500)}`));
      else resolve({ ms, endedAt: Date.now(), stdout, firstByteAt });
    });
  });
}

/** Peak resident memory of one run of node with these arguments, written by bench/max-rss.cjs at exit. */
async function peakRss(args, env) {
  const file = path.join(scratch, `rss-${process.hrtime.bigint()}`);
  await timed(node, ['-r', rssPreload, ...args], { ...env, BENCH_RSS_FILE: file });
  const bytes = Number(fs.readFileSync(file, 'utf8'));
  fs.rmSync(file);
  return bytes;
}

/** The emulator in its own process (so serving does not compete with the timing loop), on a free port. */
async function startEmulator(extra = []) {
  // results past the emulator's default 100 MiB stored result (about 2,000,000 rows of the bench query) for WS_BENCH_ROWS
  const room = ['--max-result-size', '2GiB', '--memory-limit', '3GiB', '--run-timeout', '600s'];
  const child = spawn(process.execPath, [ws, 'emulator', 'start', '--port', '0', '--api-key', 'bench', '--step-duration', '300ms', ...room, ...extra], {
    env: cleanEnv,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let out = '';
  for await (const chunk of child.stdout.setEncoding('utf8')) {
    out += chunk;
    const baseUrl = /WS_BASE_URL=(\S+)/.exec(out)?.[1];
    if (baseUrl && /WS_API_KEY=\S+\n/.test(out)) return { child, baseUrl };
  }
  throw new Error(`the emulator did not start: ${out}`);
}

const { child: emulator, baseUrl } = await startEmulator(only === 'latency' ? ['--latency', '50ms'] : []);
const env = { ...cleanEnv, WS_BASE_URL: baseUrl, WS_API_KEY: 'bench' };

async function api(method, url, body, base = baseUrl) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { 'x-api-key': 'bench', 'content-type': 'application/json' },
    body: body && JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A saved query of `rows` rows, executed to completion. */
async function queryOf(rows, base = baseUrl) {
  const query = await api(
    'POST',
    '/queries',
    { name: `bench ${rows}`, sql: `SELECT range AS n, 'row ' || range AS label, range * 1.5 AS value FROM range(${rows})` },
    base,
  );
  const { queryRunId } = await api('POST', `/queries/${query.id}/execute`, {}, base);
  for (let i = 0; i < 1200; i++) {
    const run = await api('GET', `/query-runs/${queryRunId}`, undefined, base);
    if (run.status === 'COMPLETED') return query.id;
    if (run.status === 'FAILED') throw new Error(`the bench query of ${rows} rows failed: ${run.message}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the bench query did not complete in 60 s');
}

/**
 * The cases of the standalone ws against `node bin/ws.js` on the same Node 24 (from the build's cache): none, with
 * a note, when no archive of this platform was built.
 */
function standaloneCases(someQuery) {
  const version = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version;
  const archive = path.join(root, 'dist-bin', `ws-${version}-${process.platform}-${process.arch}.tar.gz`);
  const nodes = path.join(root, 'node_modules', '.cache', 'ws-binary');
  const node24 = fs.existsSync(nodes) && fs.readdirSync(nodes).find((name) => name.startsWith(`node-${process.platform}-${process.arch}-`));
  // [case, baseline, arguments, target (at most this ratio)]: issue 41 wants the binary ahead of the npm package
  const pairs = [
    ['standalone ws --version', 'ws --version, Node 24', ['--version'], 0.9],
    ['standalone ws queries get <id> --json', 'ws queries get <id> --json, Node 24', ['queries', 'get', someQuery, '--json'], 0.8],
  ];
  if (!fs.existsSync(archive) || !node24) return { pairs, note: 'no binary built: npm run build:binary' };
  // Both executables copied alike into the scratch folder: one just unpacked by tar measured about 5-9% more CPU time
  // a start than the same bytes copied whole (for Node itself as for ws), which would tell how each was written, not
  // what it runs.
  const unpacked = path.join(scratch, 'unpacked');
  fs.mkdirSync(unpacked);
  spawnSync('tar', ['-xzf', archive, '-C', unpacked, 'ws']);
  const standalone = path.join(scratch, 'ws');
  const node24Copy = path.join(scratch, 'node24');
  fs.copyFileSync(path.join(unpacked, 'ws'), standalone);
  fs.copyFileSync(path.join(nodes, node24, 'package', 'bin', 'node'), node24Copy);
  for (const file of [standalone, node24Copy]) fs.chmodSync(file, 0o755);
  for (const [name, baseline, args] of pairs) {
    addCase(name, standalone, args);
    addCase(baseline, node24Copy, [ws, ...args]);
  }
  return { pairs };
}

/** `sh -c` text: curl fetching the pages of `rows` rows one after another, through jq into csv (rows are objects: `[.[]]`). */
function curlPages(base, id, rows, name) {
  const config = path.join(scratch, `${name}.conf`);
  const urls = [];
  for (let offset = 0; offset < rows; offset += pageSize) urls.push(`url = "${base}/queries/${id}/latest/data?limit=${pageSize}&offset=${offset}"`);
  fs.writeFileSync(config, `header = "x-api-key: bench"\nsilent\nfail\n${urls.join('\n')}\n`);
  return ['-c', `curl -K '${config}' | jq -r '.rows[] | [.[]] | @csv' > /dev/null`];
}

/**
 * An export over a 50 ms round trip (`ws emulator --latency 50ms`): ws against curl + jq fetching the largest pages
 * one after another, 3 runs each, interleaved. ws keeps pages in flight, so the round trips overlap.
 */
async function latencyExport(base) {
  const environment = { ...cleanEnv, WS_BASE_URL: base, WS_API_KEY: 'bench' };
  console.log(`preparing ${latencyRows.toLocaleString('en-US')} rows in an emulator with --latency 50ms…`);
  const id = await queryOf(latencyRows, base);
  const curl = curlPages(base, id, latencyRows, 'latency');
  const times = { ws: [], curl: [] };
  await timed(node, [ws, 'queries', 'data', id, '--all', '-o', 'csv'], environment); // warm the caches
  for (let i = 0; i < 3; i++) {
    times.ws.push((await timed(node, [ws, 'queries', 'data', id, '--all', '-o', 'csv'], environment)).ms);
    times.curl.push((await timed('sh', curl, cleanEnv)).ms);
  }
  const wsMs = median(times.ws);
  const curlMs = median(times.curl);
  return {
    case: `ws queries data --all -o csv, ${latencyRows.toLocaleString('en-US')} rows, 50 ms latency`,
    ms: round(wsMs),
    baseline: `curl + jq @csv, pages of ${pageSize.toLocaleString('en-US')} in turn`,
    baselineMs: round(curlMs),
    ratio: round(wsMs / curlMs, 2),
    target: '<= 0.6x',
    met: wsMs <= 0.6 * curlMs,
    runs: times,
  };
}

const results = [];
const cases = new Map();
const gone = new Set();

/** A case measured once per round; one that fails on its first run is missing from this build and left out. */
function addCase(name, command, args, extra = {}) {
  cases.set(name, { name, command, args, times: [], ...extra });
}

function report(name, baseline, target, check, note) {
  const c = cases.get(name);
  const b = cases.get(baseline);
  if (!c || gone.has(name)) return results.push({ case: name, ms: null, baseline, note: note ?? 'not in this build' });
  const ms = median(c.times);
  const baselineMs = median(b.times);
  results.push({
    case: name,
    ms: round(ms),
    baseline,
    baselineMs: round(baselineMs),
    ratio: round(ms / baselineMs, 2),
    target,
    met: check(ms / baselineMs, ms, baselineMs),
  });
}

const round = (value, digits = 0) => Number(value.toFixed(digits));

/** The budget of issue 31 (`npm run bench` on Node 24 and 22): lines that say met or not, under the table. */
const budgets = [];
function budget(result, text) {
  budgets.push({ text, ratio: result.ratio, ms: result.ms, met: result.met });
}

try {
  if (only === 'latency') {
    console.log(
      `ws benchmark on Node ${nodeVersion} (${node}), ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)}; the export over 50 ms latency only`,
    );
    results.push(await latencyExport(baseUrl));
  } else await wholeBench();
} finally {
  emulator.kill('SIGTERM');
}

async function wholeBench() {
  if (only === 'keyring') return keyringCases();
  if (only === 'complete') return completeCases();
  if (only === 'typed') return typedCases();
  if (only === 'wait') return waitCases();
  if (only === 'standalone') return standaloneOnlyCases();
  if (only !== 'export') await startCases();
  if (only !== 'export') await keyringCases();
  if (only !== 'export') await completeCases();
  if (only !== 'start') await exportCases();
}

/**
 * A Secret Service of the bench's own: a private D-Bus session bus with GNOME Keyring on it, unlocked, holding
 * `key` for the profile of each { origin, configDir } (as test/helpers/secret-service.ts starts one for the tests).
 */
async function startKeyring(profiles, key) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-bench-keyring-'));
  fs.mkdirSync(path.join(dir, 'run'), { mode: 0o700 });
  const base = { PATH: process.env.PATH, HOME: dir, XDG_RUNTIME_DIR: path.join(dir, 'run'), XDG_DATA_HOME: path.join(dir, 'data') };
  const [address, pid] = execFileSync('dbus-daemon', ['--session', '--fork', '--print-address=1', '--print-pid=1'], { env: base, encoding: 'utf8' })
    .trim()
    .split('\n');
  const env = { ...base, DBUS_SESSION_BUS_ADDRESS: address };
  const daemon = spawn('gnome-keyring-daemon', ['--foreground', '--unlock', '--components=secrets'], { env, stdio: ['pipe', 'ignore', 'ignore'] });
  daemon.stdin.end('ws-bench');
  const stop = () => {
    daemon.kill();
    process.kill(Number(pid));
    fs.rmSync(dir, { recursive: true, force: true });
  };
  for (let tries = 0; tries < 100 && !fs.existsSync(path.join(dir, 'data', 'keyrings', 'login.keyring')); tries++) await new Promise((r) => setTimeout(r, 50));
  for (const { origin, configDir } of profiles) {
    const account = `default (${path.join(configDir, 'config.json')})`;
    const stored = spawnSync('secret-tool', ['store', '--label', 'ws bench', 'service', `ws:${origin}`, 'username', account], { env, input: key });
    if (stored.status !== 0) {
      stop();
      throw new Error(`secret-tool store failed: ${stored.stderr}`);
    }
  }
  return { address, stop };
}

/** The bench's emulator behind a TLS terminator of its own (bench/https-front.mjs): its HTTPS base URL and authority's file. */
async function startHttpsFront() {
  const dir = fs.mkdtempSync(path.join(scratch, 'https-'));
  const child = spawn(process.execPath, [path.join(root, 'bench/https-front.mjs'), baseUrl, dir], { env: cleanEnv, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  for await (const chunk of child.stdout.setEncoding('utf8')) {
    out += chunk;
    const [url, caFile] = out.includes('\n') ? out.trim().split(' ') : [];
    if (caFile) return { child, baseUrl: url, caFile };
  }
  throw new Error(`the HTTPS front did not start: ${out}`);
}

/**
 * Issue 41: a command whose key is in the system keyring (GNOME Keyring on a private session bus) against the same
 * command with WS_API_KEY, interleaved round after round: over plain HTTP to the emulator, and over HTTPS (a
 * workspace is reached so) through a TLS terminator in front of it. Skipped, saying so, without dbus-daemon, GNOME
 * Keyring, secret-tool and openssl.
 */
async function keyringCases() {
  const missing = ['dbus-daemon', 'gnome-keyring-daemon', 'secret-tool', 'openssl'].filter(
    (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0,
  );
  const commands = [
    ['ws queries list', ['queries', 'list']],
    ['ws queries get <id> --json', ['queries', 'get', null, '--json']],
  ];
  const schemes = ['http', 'https'];
  const named = (words, scheme, where) => `${words}, ${scheme}, key in ${where}`;
  if (missing.length) {
    for (const scheme of schemes) {
      for (const [words] of commands) {
        results.push({
          case: named(words, scheme, 'the system keyring'),
          ms: null,
          baseline: named(words, scheme, 'WS_API_KEY'),
          note: `not measured: ${missing.join(', ')} missing`,
        });
      }
    }
    return;
  }
  const someQuery = (await api('GET', '/queries?limit=1')).queries[0].id;
  const front = await startHttpsFront();
  const profiles = [
    { scheme: 'http', baseUrl, env: {} },
    // the authority as Node's own extra root (as a public one would be a default root): ws's plain HTTPS, not the
    // path of a company's CA file (undici and every default root read, some 30 ms more)
    { scheme: 'https', baseUrl: front.baseUrl, env: { NODE_EXTRA_CA_CERTS: front.caFile } },
  ].map((p) => {
    const origin = new URL(p.baseUrl).origin;
    const configDir = fs.mkdtempSync(path.join(scratch, 'keyring-'));
    const profile = { baseUrl: p.baseUrl, apiKeyStore: 'keyring', apiKeyOrigin: origin };
    fs.writeFileSync(path.join(configDir, 'config.json'), JSON.stringify({ profiles: { default: profile } }));
    // the same profile with the key in WS_API_KEY instead
    const envDir = fs.mkdtempSync(path.join(scratch, 'env-key-'));
    fs.writeFileSync(path.join(envDir, 'config.json'), JSON.stringify({ profiles: { default: { baseUrl: p.baseUrl } } }));
    return { ...p, origin, configDir, envDir };
  });
  const keyring = await startKeyring(profiles, 'bench');
  try {
    console.log(
      `ws benchmark on Node ${nodeVersion} (${node}), ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)}; the key in the system keyring, over HTTP and HTTPS, ${rounds} rounds`,
    );
    await pairedRounds(
      profiles.flatMap((p) =>
        commands.map(([words, argv]) => {
          const args = [ws, ...argv.map((word) => word ?? someQuery)];
          const inKeyring = { ...cleanEnv, ...p.env, WS_CONFIG_DIR: p.configDir, DBUS_SESSION_BUS_ADDRESS: keyring.address };
          const inEnv = { ...cleanEnv, ...p.env, WS_CONFIG_DIR: p.envDir, WS_API_KEY: 'bench' };
          return {
            name: named(words, p.scheme, 'the system keyring'),
            baseline: named(words, p.scheme, 'WS_API_KEY'),
            command: node,
            args,
            env: inKeyring,
            baseCommand: node,
            baseArgs: args,
            baseEnv: inEnv,
          };
        }),
      ),
      '<= 1.1x',
      1.1,
      (p) => `${p.name.replace(', key in the system keyring', '')} with the key in the system keyring at most 1.1x the same with WS_API_KEY`,
    );
  } finally {
    keyring.stop();
    front.child.kill();
  }
}

/** Interleaved rounds of pairs { name, baseline, command, args, env, baseCommand, baseArgs, baseEnv }: their medians, in results. */
async function pairedRounds(pairs, target, limit, text) {
  const times = pairs.map(() => ({ ws: [], base: [] }));
  // the first round warms the caches
  for (let i = 0; i <= rounds; i++) {
    for (const [at, p] of pairs.entries()) {
      const measured = (await timed(p.command, p.args, p.env)).ms;
      const baseline = (await timed(p.baseCommand, p.baseArgs, p.baseEnv)).ms;
      if (i > 0) {
        times[at].ws.push(measured);
        times[at].base.push(baseline);
      }
    }
  }
  for (const [at, p] of pairs.entries()) {
    const ms = median(times[at].ws);
    const baselineMs = median(times[at].base);
    results.push({
      case: p.name,
      ms: round(ms),
      baseline: p.baseline,
      baselineMs: round(baselineMs),
      ratio: round(ms / baselineMs, 2),
      target,
      met: ms <= limit * baselineMs,
    });
    budget(results.at(-1), text(p));
  }
}

/**
 * Issue 41: Tab on names only the API knows, with the names kept from an earlier Tab (dist/complete.cjs answers),
 * against `node -e 0`, interleaved.
 */
async function completeCases() {
  const home = fs.mkdtempSync(path.join(scratch, 'home-'));
  const configDir = fs.mkdtempSync(path.join(scratch, 'complete-'));
  fs.writeFileSync(
    path.join(configDir, 'config.json'),
    JSON.stringify({ profiles: { default: { baseUrl, apiKey: 'bench', apiKeyOrigin: new URL(baseUrl).origin } } }),
    { mode: 0o600 },
  );
  const tabEnv = { PATH: process.env.PATH, HOME: home, WS_CONFIG_DIR: configDir };
  const words = [
    ['ws __complete ws queries get "" (names kept)', ['queries', 'get', '']],
    ['ws __complete ws automations trigger "" (names kept)', ['automations', 'trigger', '']],
  ];
  // the first Tab asks the API and keeps the names; later ones print them (and ask again, in the background, past 30 s)
  for (const [, line] of words) await timed(node, [ws, '__complete', 'ws', ...line], tabEnv);
  console.log(
    `ws benchmark on Node ${nodeVersion} (${node}), ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)}; Tab with names kept, ${rounds} rounds`,
  );
  await pairedRounds(
    words.map(([name, line]) => ({
      name,
      baseline: 'node -e 0',
      command: node,
      args: [ws, '__complete', 'ws', ...line],
      env: tabEnv,
      baseCommand: node,
      baseArgs: ['-e', '0'],
      baseEnv: cleanEnv,
    })),
    '<= 1.2x',
    1.2,
    (p) => `Tab: \`${p.name.replace(' (names kept)', '')}\` with the names kept at most 1.2x \`node -e 0\` (the target is Node 24's)`,
  );
}

/**
 * Issue 40: the peak memory of `queries data --all -o <format> --out x.<format>` at 2,000,000 rows (WS_BENCH_ROWS) and
 * at a tenth of them, in every format, and how long each takes next to csv, in the same rounds.
 */
async function typedCases() {
  const big = Number(process.env.WS_BENCH_ROWS || 2_000_000);
  const small = Math.round(big / 10);
  const runs = Number(process.env.WS_BENCH_EXPORT_RUNS || 3);
  console.log(`ws benchmark on Node ${nodeVersion} (${node}), ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)}; typed exports, ${runs} rounds`);
  console.log(`preparing ${small.toLocaleString('en-US')} and ${big.toLocaleString('en-US')} rows in the emulator…`);
  const ids = { small: await queryOf(small), big: await queryOf(big) };
  const formats = ['csv', 'ndjson', 'json', 'yaml', 'parquet', 'arrow'];
  const measured = Object.fromEntries(formats.map((format) => [format, { small: [], big: [], ms: [] }]));
  for (let i = 0; i < runs; i++) {
    for (const format of formats) {
      for (const size of ['small', 'big']) {
        const file = path.join(scratch, 'rss');
        // -o as well: --out takes no format from .yaml
        const args = ['-r', rssPreload, ws, 'queries', 'data', ids[size], '--all', '-o', format, '--out', path.join(scratch, `rows.${format}`)];
        const { ms } = await timed(node, args, { ...env, BENCH_RSS_FILE: file });
        measured[format][size].push(Number(fs.readFileSync(file, 'utf8')));
        if (size === 'big') measured[format].ms.push(ms);
      }
    }
  }
  const rows = (n) => n.toLocaleString('en-US');
  for (const format of formats) {
    const bigRss = median(measured[format].big);
    const smallRss = median(measured[format].small);
    const met = bigRss <= 150 * 2 ** 20 && bigRss <= 1.25 * smallRss;
    results.push({
      case: `ws queries data --all --out x.${format}: peak RSS, ${rows(big)} rows`,
      mib: round(bigRss / 2 ** 20, 1),
      baseline: `${rows(small)} rows`,
      baselineMib: round(smallRss / 2 ** 20, 1),
      ratio: round(bigRss / smallRss, 2),
      target: '<= 150 MiB, <= 1.25x',
      met,
    });
    budget(results.at(-1), `an export's memory flat in ${format}: at most 150 MiB at ${rows(big)} rows and 1.25x that at ${rows(small)}`);
  }
  const csvMs = median(measured.csv.ms);
  for (const format of formats.filter((format) => format !== 'csv')) {
    const ms = median(measured[format].ms);
    results.push({
      case: `ws queries data --all --out x.${format}, ${rows(big)} rows`,
      ms: round(ms),
      baseline: '--out x.csv',
      baselineMs: round(csvMs),
      ratio: round(ms / csvMs, 2),
      target: format === 'parquet' ? '<= 1.5x' : '(measured)',
      met: format === 'parquet' ? ms <= 1.5 * csvMs : null,
    });
    if (format === 'parquet') budget(results.at(-1), 'a parquet export at most 1.5x the time of csv');
  }
}

/** The cases added so far, round after round, after one untimed round that finds the cases this build lacks. */
async function measureCases() {
  // the untimed round warms the disk cache and the compile caches
  for (const c of cases.values()) {
    try {
      await timed(c.command, c.args, c.env ?? env);
    } catch {
      gone.add(c.name);
    }
  }
  // each round starts one case further on, so that no case always runs right after the same one (after an API call,
  // the emulator's own work at the end of it may still take a core of the two)
  const measured = [...cases.values()].filter((c) => !gone.has(c.name));
  for (let i = 0; i < rounds; i++) {
    for (let j = 0; j < measured.length; j++) {
      const c = measured[(i + j) % measured.length];
      c.times.push((await timed(c.command, c.args, c.env ?? env)).ms);
    }
  }
}

/** A ratio's check: at most `limit` (a function declaration: the bench's top level runs before later constants). */
function startTarget(limit) {
  return (ratio) => ratio <= limit;
}

/** The lines of the standalone ws against the npm package on the same Node 24, with their budgets. */
function reportStandalone(standalone) {
  for (const [name, baseline, , limit] of standalone.pairs) {
    report(name, baseline, `<= ${limit}x`, startTarget(limit), standalone.note);
    if (results.at(-1).ms !== null)
      budget(results.at(-1), `the standalone \`${name.replace('standalone ', '')}\` at most ${limit}x the npm package's on Node 24`);
  }
}

/** WS_BENCH_ONLY=standalone: the standalone ws and bin/ws.js on its Node 24 alone, in turn. */
async function standaloneOnlyCases() {
  const someQuery = (await api('GET', '/queries?limit=1')).queries[0].id;
  const standalone = standaloneCases(someQuery);
  console.log(
    `ws benchmark: the standalone ws against bin/ws.js on its Node 24, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)}; ${rounds} rounds`,
  );
  await measureCases();
  reportStandalone(standalone);
}

async function startCases() {
  const someQuery = (await api('GET', '/queries?limit=1')).queries[0].id;
  const listUrl = `${baseUrl}/queries?limit=50&offset=0`; // what `ws queries list` sends
  const getUrl = `${baseUrl}/queries/${someQuery}`;

  addCase('node -e 0', node, ['-e', '0']);
  addCase('ws --version', node, [ws, '--version']);
  addCase('ws --help', node, [ws, '--help']);
  addCase('ws queries --help', node, [ws, 'queries', '--help']);
  // Tab on static words (commands, options, choices, fields) is answered by the completion script itself;
  // `ws __complete` runs only for names that ws must look up (here the profiles, read from the config file)
  const bashScript = path.join(scratch, 'ws.bash');
  fs.writeFileSync(bashScript, spawnSync(node, [ws, 'completion', 'bash'], { env: cleanEnv, encoding: 'utf8' }).stdout);
  addCase('bash: ws queries <Tab>', 'bash', ['-c', `source '${bashScript}'; COMP_WORDS=(ws queries ''); COMP_CWORD=2; _ws; printf '%s\\n' "\${COMPREPLY[@]}"`]);
  fs.writeFileSync(path.join(scratch, 'config.json'), JSON.stringify({ profiles: { default: {}, staging: {} } }));
  addCase('ws __complete ws --profile ""', node, [ws, '__complete', 'ws', '--profile', '']);
  addCase('ws queries --help, compile cache off', node, [ws, 'queries', '--help'], { env: { ...env, NODE_DISABLE_COMPILE_CACHE: '1' } });
  addCase('bare node:http GET /queries/<id>', node, [bare, 'http', getUrl]);
  addCase('bare fetch GET /queries/<id>', node, [bare, 'fetch', getUrl]);
  addCase('ws queries get <id> --json', node, [ws, 'queries', 'get', someQuery, '--json']);
  addCase('ws queries get <id> --json, compile cache off', node, [ws, 'queries', 'get', someQuery, '--json'], {
    env: { ...env, NODE_DISABLE_COMPILE_CACHE: '1' },
  });
  addCase('bare node:http GET /queries?limit=50', node, [bare, 'http', listUrl]);
  addCase('ws queries list', node, [ws, 'queries', 'list']);

  // The same commands of another build, for what a change costs every command's start-up (WS_BENCH_BEFORE)
  const beforeCases = [
    ['ws --version', ['--version']],
    ['ws queries --help', ['queries', '--help']],
    ['ws queries get <id> --json', ['queries', 'get', someQuery, '--json']],
    ['ws queries list', ['queries', 'list']],
  ];
  if (before) for (const [name, args] of beforeCases) addCase(`${name}, the build before`, node, [before, ...args]);

  // The standalone ws (`npm run build:binary`), unpacked here, next to bin/ws.js on the Node it is made of
  const standalone = standaloneCases(someQuery);
  console.log(
    `ws benchmark on Node ${nodeVersion} (${node}), ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)}; ${rounds} rounds${before ? `; the build before: ${before}` : ''}`,
  );
  await measureCases();

  report('ws --version', 'node -e 0', '<= 1.2x', startTarget(1.2));
  budget(results.at(-1), '`ws --version` at most 1.2x `node -e 0`');
  report('ws --help', 'node -e 0', '<= 1.2x', startTarget(1.2));
  budget(results.at(-1), '`ws --help` at most 1.2x `node -e 0`');
  report('ws queries --help', 'node -e 0', '<= 1.2x', startTarget(1.2));
  report('bash: ws queries <Tab>', 'node -e 0', '<= 1.5x', startTarget(1.5));
  report('ws __complete ws --profile ""', 'node -e 0', '(measured)', () => null);
  report('ws queries --help, compile cache off', 'ws queries --help', '(cache helps: > 1x)', () => null);
  report('bare fetch GET /queries/<id>', 'bare node:http GET /queries/<id>', '(baseline)', () => null);
  report('ws queries get <id> --json', 'bare node:http GET /queries/<id>', '<= 2x', startTarget(2));
  const get = results.at(-1);
  const fetchMs = median(cases.get('bare fetch GET /queries/<id>').times);
  results.push({
    case: 'ws queries get <id> --json',
    ms: get.ms,
    baseline: 'bare fetch GET /queries/<id>',
    baselineMs: round(fetchMs),
    ratio: round(get.ms / fetchMs, 2),
    target: '<= 1.25x',
    met: get.ms <= 1.25 * fetchMs,
  });
  budget(results.at(-1), 'one API call (`ws queries get <id> --json`) at most 1.25x a bare `fetch` script');
  report('ws queries get <id> --json, compile cache off', 'ws queries get <id> --json', '(cache helps: > 1x)', () => null);
  report('ws queries list', 'bare node:http GET /queries?limit=50', '<= 2x', startTarget(2));
  reportStandalone(standalone);
  if (before) for (const [name] of beforeCases) report(name, `${name}, the build before`, '<= 1.05x', startTarget(1.05));

  for (const name of ['ws --version', 'ws --help', 'ws queries --help', 'ws queries get <id> --json']) {
    const samples = [];
    for (let i = 0; i < 3; i++) samples.push(await peakRss(cases.get(name).args, env));
    const rss = median(samples);
    results.push({
      case: `${name}: peak RSS`,
      mib: round(rss / 2 ** 20, 1),
      target: name.includes('get') ? '(measured)' : '<= 60 MiB',
      met: name.includes('get') ? null : rss <= 60 * 2 ** 20,
    });
  }

  await waitCases();
}

/**
 * --wait, from the run's completion on the server (its completedAt; the emulator runs on this machine's clock):
 * to the first row on stdout (`-o csv`), and with --no-data to the end of ws; medians of several rounds, this build
 * and the build before (WS_BENCH_BEFORE) in turn. A run takes the same 0.9 s here every time (three states of
 * 300 ms), and `queries execute` starts its wait with the run: its polls fall at the same moments of the run each
 * round, so its lag is near the best or the worst a poll schedule gives, the same all along. `runs wait --data` is
 * started at a random moment of a run the bench started (0-300 ms in): its median is the lag a run of any length
 * meets.
 */
async function waitCases() {
  const waitQuery = (await api('POST', '/queries', { name: 'bench wait', sql: 'SELECT 1 AS one' })).id;
  const completedAt = async (runId) => Date.parse((await api('GET', `/query-runs/${runId}/result`)).completedAt);
  const builds = [['ws', ws], ...(before ? [['the build before', before]] : [])];
  const lags = Object.fromEntries(builds.map(([name]) => [name, { firstRow: [], end: [], anyMoment: [] }]));
  const waitRounds = Math.max(5, Math.round(rounds / 2));
  if (only === 'wait')
    console.log(`ws benchmark on Node ${nodeVersion} (${node}), ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)}; --wait, ${waitRounds} rounds`);
  for (let i = 0; i < waitRounds; i++) {
    for (const [name, bin] of builds) {
      const rows = await timed(node, [bin, 'queries', 'execute', waitQuery, '--wait', '-o', 'csv'], env, { keepStdout: true });
      // one run at a time: the query's latest successful run is the one just waited for
      const { lastSuccessfulRunId } = await api('GET', `/queries/${waitQuery}`);
      lags[name].firstRow.push(rows.firstByteAt - (await completedAt(lastSuccessfulRunId)));
      const status = await timed(node, [bin, 'queries', 'execute', waitQuery, '--wait', '--no-data', '--json', 'queryRunId'], env, { keepStdout: true });
      lags[name].end.push(status.endedAt - (await completedAt(JSON.parse(status.stdout).queryRunId)));
      const { queryRunId } = await api('POST', `/queries/${waitQuery}/execute`, {});
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 300));
      const waited = await timed(node, [bin, 'runs', 'wait', queryRunId, '--data', '-o', 'csv'], env, { keepStdout: true });
      lags[name].anyMoment.push(waited.firstByteAt - (await completedAt(queryRunId)));
    }
  }
  const line = (key, what, target) => {
    const ms = median(lags.ws[key]);
    const then = lags['the build before'];
    results.push({
      case: `ws ${what}`,
      ms: round(ms),
      ...(then ? { baseline: 'the build before', baselineMs: round(median(then[key])), ratio: round(ms / median(then[key]), 2) } : {}),
      target: `<= ${target} ms`,
      met: ms <= target,
    });
  };
  // a time, not a ratio: the build before is there to compare, not the target
  line('firstRow', 'queries execute --wait: first row on stdout after the run completed', 50);
  budget({ ...results.at(-1), ratio: undefined }, '`queries execute --wait`: the first row on stdout at most 50 ms after the run completed');
  line('anyMoment', 'runs wait --data, started at a random moment of the run: first row on stdout after it completed', 50);
  budget({ ...results.at(-1), ratio: undefined }, '`runs wait --data` started at any moment: the first row on stdout at most 50 ms after the run completed');
  line('end', 'queries execute --wait: end after the run completed (--no-data)', 300);
}

async function exportCases() {
  // exports: ws against curl fetching the same pages piped through jq (rows are objects, so `[.[]]` first)
  console.log(`preparing ${smallRows.toLocaleString('en-US')} and ${largeRows.toLocaleString('en-US')} rows in the emulator…`);
  const small = await queryOf(smallRows);
  const large = await queryOf(largeRows);
  const curlJq = curlPages(baseUrl, large, largeRows, 'curl');
  const exportArgs = (id, bin = ws) => ['-r', rssPreload, bin, 'queries', 'data', id, '--all', '-o', 'csv'];
  const exports = { ws: [], curl: [], wsRss: [], smallRss: [], beforeMs: [], beforeRss: [], beforeSmallRss: [] };
  const runs = [
    ['wsRss', large, ws, 'ws'],
    ['smallRss', small, ws],
  ];
  if (before) runs.push(['beforeRss', large, before, 'beforeMs'], ['beforeSmallRss', small, before]);
  for (let i = 0; i < 3; i++) {
    for (const [key, id, bin, timeKey] of runs) {
      const file = path.join(scratch, 'rss');
      const { ms } = await timed(node, exportArgs(id, bin), { ...env, BENCH_RSS_FILE: file });
      exports[key].push(Number(fs.readFileSync(file, 'utf8')));
      if (timeKey) exports[timeKey].push(ms);
    }
    exports.curl.push((await timed('sh', curlJq, cleanEnv)).ms);
  }
  const wsMs = median(exports.ws);
  const curlMs = median(exports.curl);
  results.push({
    case: `ws queries data --all -o csv, ${largeRows.toLocaleString('en-US')} rows`,
    ms: round(wsMs),
    rowsPerSecond: round(largeRows / (wsMs / 1000)),
    baseline: 'curl + jq @csv',
    baselineMs: round(curlMs),
    ratio: round(wsMs / curlMs, 2),
    target: '<= 1x',
    met: wsMs <= curlMs,
  });
  const largeRss = median(exports.wsRss);
  const smallRss = median(exports.smallRss);
  results.push({
    case: `ws queries data --all -o csv: peak RSS, ${largeRows.toLocaleString('en-US')} rows`,
    mib: round(largeRss / 2 ** 20, 1),
    baseline: `${smallRows.toLocaleString('en-US')} rows`,
    baselineMib: round(smallRss / 2 ** 20, 1),
    ratio: round(largeRss / smallRss, 2),
    target: '<= 1.2x',
    met: largeRss <= 1.2 * smallRss,
  });
  budget(results.at(-1), "an export's memory flat: peak RSS of 10x the rows at most 1.2x");
  if (before) {
    const beforeMs = median(exports.beforeMs);
    const beforeRss = median(exports.beforeRss);
    const beforeSmallRss = median(exports.beforeSmallRss);
    const rows = largeRows.toLocaleString('en-US');
    results.push({
      case: `ws queries data --all -o csv, ${rows} rows`,
      ms: round(wsMs),
      baseline: 'the build before',
      baselineMs: round(beforeMs),
      ratio: round(wsMs / beforeMs, 2),
      target: '<= 1.05x',
      met: wsMs <= 1.05 * beforeMs,
    });
    budget(results.at(-1), 'an export as fast as the build before (at most 1.05x)');
    results.push({
      case: `ws queries data --all -o csv: peak RSS, ${rows} rows`,
      mib: round(largeRss / 2 ** 20, 1),
      baseline: 'the build before',
      baselineMib: round(beforeRss / 2 ** 20, 1),
      ratio: round(largeRss / beforeRss, 2),
      target: '<= 1.05x',
      met: largeRss <= 1.05 * beforeRss,
    });
    budget(results.at(-1), "an export's peak memory as the build before's (at most 1.05x)");
    results.push({
      case: `the build before: peak RSS, ${rows} rows`,
      mib: round(beforeRss / 2 ** 20, 1),
      baseline: `${smallRows.toLocaleString('en-US')} rows`,
      baselineMib: round(beforeSmallRss / 2 ** 20, 1),
      ratio: round(beforeRss / beforeSmallRss, 2),
      target: '(measured)',
      met: null,
    });
  }

  // the same export where every round trip takes 50 ms: a second emulator, so the cases above stay as they were
  const slow = await startEmulator(['--latency', '50ms']);
  try {
    results.push(await latencyExport(slow.baseUrl));
  } finally {
    slow.child.kill('SIGTERM');
  }
}

const mark = (met) => (met === true ? 'yes' : met === false ? 'NO' : '');
const rows = results.map((r) => [
  r.case,
  r.ms != null ? `${r.ms} ms` : r.mib != null ? `${r.mib} MiB` : 'n/a',
  r.baseline ? `${r.baseline}${r.baselineMs != null ? ` ${r.baselineMs} ms` : r.baselineMib != null ? ` ${r.baselineMib} MiB` : ''}` : '',
  r.ratio != null ? `${r.ratio}x` : (r.note ?? ''),
  r.target ?? '',
  mark(r.met),
]);
const header = ['case', 'ws (median)', 'baseline (median)', 'ratio', 'target', 'met'];
const escapeCell = (cell) => String(cell).replaceAll('|', '\\|');
const table = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.map(escapeCell).join(' | ')} |`)].join(
  '\n',
);
const budgetLines = budgets
  .map(({ text, ratio, ms, met }) => `- ${met ? 'met' : 'NOT MET'}: ${text} (${ratio ?? ms}${ratio === undefined ? ' ms' : 'x'})`)
  .join('\n');
console.log(`\n${table}\n${budgetLines ? `\n${budgetLines}\n` : ''}`);

const date = new Date().toISOString();
const out = path.join(root, '.bench', 'results.json');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${JSON.stringify({ node: nodeVersion, cores: os.cpus().length, rounds, date, results, budgets }, null, 2)}\n`);
console.log(`written to ${path.relative(process.cwd(), out)}`);
writeBenchmarksDoc();
fs.rmSync(scratch, { recursive: true, force: true });

/** docs/benchmarks.md: this run's section (by Node major and part) in place of the last one, the others kept. */
function writeBenchmarksDoc() {
  const doc = path.join(root, 'docs', 'benchmarks.md');
  // the standalone ws is measured against its own Node 24, whichever Node runs the bench
  const key = only === 'standalone' ? 'standalone' : `node-${nodeMajor}${only ? `-${only}` : ''}`;
  const commit = (dir) => spawnSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim() || 'unknown';
  const parts = {
    start: 'start-up and API cases',
    export: 'exports',
    typed: 'typed exports and their memory',
    latency: 'the export over 50 ms latency',
    wait: 'the --wait cases',
    standalone: 'the standalone ws',
  };
  const part = only ? `, ${parts[only] ?? only} only` : '';
  const section = [
    `<!-- bench:${key} -->`,
    only === 'standalone' ? '## The standalone ws against bin/ws.js on its Node 24' : `## Node ${nodeVersion}${part}`,
    '',
    `${date.slice(0, 16).replace('T', ' ')} UTC, build ${commit(root)}${before ? ` against the build before, ${commit(path.dirname(path.dirname(before)))}` : ''}; ` +
      `${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}, ` +
      `load ${os.loadavg()[0].toFixed(2)} at the end; ${rounds} rounds of the start-up cases, 3 of the exports; medians.`,
    '',
    table,
    ...(budgetLines ? ['', 'Budget (issue 31, on Node 24 and 22):', '', budgetLines] : []),
    `<!-- /bench:${key} -->`,
  ].join('\n');
  const intro = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (bench/run.mjs): do not edit by hand. Each run replaces the section of its Node major',
    '(and part, with WS_BENCH_ONLY) and keeps the others. The machine may be shared and busy: compare the ratios,',
    'which are measured in the same rounds, rather than the times.',
    '',
  ].join('\n');
  const old = fs.existsSync(doc) ? fs.readFileSync(doc, 'utf8') : intro;
  const sections = [...old.matchAll(/<!-- bench:([\w-]+) -->[\s\S]*?<!-- \/bench:\1 -->/g)].map((match) => [match[1], match[0]]);
  const kept = new Map(sections);
  kept.set(key, section);
  const ordered = [...kept.entries()].sort(([a], [b]) => b.localeCompare(a, 'en', { numeric: true }));
  fs.mkdirSync(path.dirname(doc), { recursive: true });
  fs.writeFileSync(doc, `${intro}\n${ordered.map(([, text]) => text).join('\n\n')}\n`);
  console.log(`written to ${path.relative(process.cwd(), doc)}`);
}
