/**
 * An export stopped part-way says what its output holds (issue 38, item 4): a stop signal at a fixed point of a
 * 1,000,000-row export (the pages from that row on are held back until the signal was sent, so the point is
 * exact), a full disk (/dev/full) and a file size limit (`ulimit -f`, which cuts a write in the middle). The rows in
 * the file are counted and compared with what ws says, and the command it gives prints exactly the rest.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { execa, execaSync } from 'execa';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiServer, type RecordedRequest } from '../helpers/api-server.js';
import { pollUntil, startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { createQuery } from '../helpers/query-setup.js';
import { workerFromRows } from '../../src/query-runs/export-thread.js';
import { tempConfigDir, ws, wsCommand } from '../helpers/ws.js';

const total = 1_000_000;
let emu: TestEmulator;
/** In front of the emulator: forwards every request as it is, and holds the rows from `heldFrom` on until released. */
let front: ApiServer;
let env: Record<string, string>;
let queryId: string;
let heldFrom = Infinity;
const releases: (() => void)[] = [];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-export-stops-'));

async function forward(request: RecordedRequest) {
  const query = new URLSearchParams(request.query).toString();
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${emu.baseUrl}${request.path}${query ? `?${query}` : ''}`, {
      method: request.method,
      headers: { 'x-api-key': emu.env.WS_API_KEY, ...(request.body ? { 'content-type': 'application/json' } : {}) },
      ...(request.body ? { body: request.body } : {}),
    });
    text = await response.text();
  } catch {
    // the emulator closed at the end of the file, with pages of a stopped export still asked for
    return { destroy: true };
  }
  if (request.path.endsWith('/latest/data') && Number(request.query.offset ?? 0) >= heldFrom) await new Promise<void>((resolve) => releases.push(resolve));
  return { status: response.status, headers: { 'content-type': 'application/json' }, body: text };
}

beforeAll(async () => {
  emu = await startTestEmulator();
  front = new ApiServer();
  for (const method of ['GET', 'POST']) front.on(method, /.*/, forward);
  await front.start();
  env = { WS_BASE_URL: front.baseUrl, WS_API_KEY: emu.env.WS_API_KEY, WS_CONFIG_DIR: tempConfigDir() };
  const run = (args: string[]) => ws(args, env);
  queryId = (await createQuery(run, 'Numbers', `SELECT range AS n, 'row ' || range AS label FROM range(${total})`)).id;
  const executed = await run(['queries', 'execute', queryId, '--wait', '--no-data']);
  expect(executed.exitCode, executed.stderr).toBe(0);
}, 60_000);
afterEach(() => {
  heldFrom = Infinity;
  for (const release of releases.splice(0)) release();
});
afterAll(async () => {
  await front?.stop();
  await emu?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The lines of a file, its last one ended. */
function linesOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  return text.slice(0, -1).split('\n');
}

const csvRows = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `${from + i},row ${from + i}`);

/** ws with `args`, its stdout redirected by a shell to `file` (as `ws … > file`), after `limit` (e.g. `ulimit -f 1000`). */
function spawnTo(args: string[], file: string, limit = ':') {
  const [command, commandArgs] = wsCommand(args);
  const quoted = [command, ...commandArgs].map((word) => `'${word}'`).join(' ');
  return execa('sh', ['-c', `${limit}; exec ${quoted} > '${file}'`], { env, extendEnv: false, reject: false, timeout: 60_000, stripFinalNewline: false });
}

/**
 * Starts `args` with stdout to `file`, waits until the file holds `rows` rows after `header` lines, and sends `signal`.
 * `rows` is where a page starts (pages of these rows start at 0, 1,000, then every 10,000), so the file holds exactly it.
 */
async function stopAt(args: string[], file: string, rows: number, signal: 'SIGTERM' | 'SIGINT', header = 1) {
  heldFrom = rows;
  const child = spawnTo(args, file);
  await pollUntil(async () => fs.existsSync(file) && fs.readFileSync(file, 'utf8').split('\n').length - 1 === rows + header, `${rows} rows in ${file}`, 30_000);
  child.kill(signal);
  return child;
}

describe('a stop signal during an export', () => {
  it('SIGTERM to `queries data --all -o csv > file`: exit 143, the rows the file holds and the command that prints exactly the rest', async () => {
    const file = path.join(dir, 'term.csv');
    const result = await stopAt(['queries', 'data', queryId, '--all', '-o', 'csv'], file, 201_000, 'SIGTERM');
    expect(result.exitCode, String(result.stderr)).toBe(143);
    const lines = linesOf(file);
    expect(lines).toEqual(['n,label', ...csvRows(0, 201_000)]);
    const runId = String(result.stderr).match(/--run (\S+)/)?.[1];
    const resume = `ws queries data ${queryId} --run ${runId} --offset 201000 --all -o csv`;
    expect(result.stderr).toBe(`error: stopped (SIGTERM); the output is partial: it holds the first 201000 rows\nhint: print the rest: ${resume}\n`);
    heldFrom = Infinity;
    for (const release of releases.splice(0)) release();
    const rest = path.join(dir, 'rest.csv');
    const resumed = await spawnTo(resume.split(' ').slice(1), rest);
    expect(resumed.exitCode, String(resumed.stderr)).toBe(0);
    expect(linesOf(rest)).toEqual(['n,label', ...csvRows(201_000, total)]);
  }, 90_000);

  it('SIGINT to `-o ndjson` (a program reads stderr): exit 130 and the JSON error with partial, rowsWritten and resumeCommand', async () => {
    const file = path.join(dir, 'int.ndjson');
    const result = await stopAt(['queries', 'data', queryId, '--all', '-o', 'ndjson'], file, 501_000, 'SIGINT', 0);
    expect(result.exitCode, String(result.stderr)).toBe(130);
    const lines = linesOf(file);
    expect(lines).toHaveLength(501_000);
    expect(JSON.parse(lines.at(-1)!)).toEqual({ n: 500_999, label: 'row 500999' });
    const error = JSON.parse(String(result.stderr)).error;
    expect(error).toMatchObject({ code: 'interrupted', partial: true, rowsWritten: 501_000, queryId });
    expect(error.message).toBe('stopped; the output is partial: it holds the first 501000 rows');
    expect(error.resumeCommand).toMatch(new RegExp(`^ws queries data ${queryId} --run \\S+ --offset 501000 --all -o ndjson$`));
  }, 60_000);

  it('SIGTERM to `queries execute --wait -o csv > file` during its rows: the same, not ignored', async () => {
    const file = path.join(dir, 'execute.csv');
    const result = await stopAt(['queries', 'execute', queryId, '--wait', '-o', 'csv'], file, 101_000, 'SIGTERM');
    expect(result.exitCode, String(result.stderr)).toBe(143);
    expect(linesOf(file)).toHaveLength(1 + 101_000);
    expect(String(result.stderr)).toMatch(
      /\nerror: stopped \(SIGTERM\); the output is partial: it holds the first 101000 rows\nhint: print the rest: ws queries data numbers --run \S+ --offset 101000 --all -o csv\n$/,
    );
  }, 60_000);
});

describe('-o parquet stopped part-way', () => {
  it('SIGTERM to `-o parquet > file`: exit 143, says the file is not readable and the command that writes it again', async () => {
    const file = path.join(dir, 'stopped.parquet');
    heldFrom = 300_000;
    const child = spawnTo(['queries', 'data', queryId, '--all', '-o', 'parquet'], file);
    // row groups were written, and the rows from 300,000 on are held back
    await pollUntil(async () => releases.length > 0 && fs.statSync(file).size > 1_000_000, 'row groups in the file', 30_000);
    child.kill('SIGTERM');
    const result = await child;
    expect(result.exitCode, String(result.stderr)).toBe(143);
    expect(String(result.stderr)).toMatch(
      new RegExp(
        `^error: stopped \\(SIGTERM\\); the parquet output is not readable: its end, which readers need, was not written\\nhint: write it again: ws queries data ${queryId} --run \\S+ --all -o parquet\\n$`,
      ),
    );
  }, 60_000);
});

describe('--out <file> stopped part-way', () => {
  it('SIGTERM in the middle of `queries data --all --out sales.csv`: the target as it was, no other file, the command that writes it again', async () => {
    const folder = fs.mkdtempSync(path.join(dir, 'out-'));
    const target = path.join(folder, 'sales.csv');
    fs.writeFileSync(target, 'yesterday\n');
    heldFrom = 301_000;
    const child = spawnTo(['queries', 'data', queryId, '--all', '--out', target], '/dev/null');
    // the rows go to a file of their own beside the target until it is whole
    const part = await pollUntil(
      async () => {
        const name = fs.readdirSync(folder).find((entry) => entry.endsWith('.part'));
        return name && fs.readFileSync(path.join(folder, name), 'utf8').split('\n').length - 1 === 301_001 ? name : undefined;
      },
      '301,000 rows in the temporary file',
      30_000,
    );
    expect(part).toMatch(/^sales\.csv\.ws-\d+\.part$/);
    child.kill('SIGTERM');
    const result = await child;
    expect(result.exitCode, String(result.stderr)).toBe(143);
    expect(fs.readdirSync(folder)).toEqual(['sales.csv']);
    expect(fs.readFileSync(target, 'utf8')).toBe('yesterday\n');
    expect(String(result.stderr)).toMatch(
      new RegExp(
        `^error: stopped \\(SIGTERM\\); ${target} was not written \\(301000 rows were read before this\\)\\nhint: write it again: ws queries data ${queryId} --run \\S+ --all --out ${target}\\n$`,
      ),
    );
  }, 60_000);
});

describe('a write that fails', () => {
  it('a full disk (/dev/full): exit 1, output_failed, saying so', async () => {
    const result = await spawnTo(['queries', 'data', queryId, '--limit', '20000', '-o', 'ndjson'], '/dev/full');
    expect(result.exitCode).toBe(1);
    expect(JSON.parse(String(result.stderr)).error).toMatchObject({
      code: 'output_failed',
      message: 'cannot write the output: ENOSPC: no space left on device, write',
    });
  });

  it('a file size limit that cuts a page mid-row: the file is cut back to its last whole row, and that count is said', async () => {
    const file = path.join(dir, 'limited.csv');
    // 1,000 blocks of 512 or 1,024 bytes, as the shell counts: about 20,000 to 45,000 rows, never a page's end
    const result = await spawnTo(['queries', 'data', queryId, '--all', '-o', 'csv'], file, 'ulimit -f 1000');
    expect(result.exitCode, String(result.stderr)).toBe(1);
    const said = Number(String(result.stderr).match(/it holds the first (\d+) rows/)?.[1]);
    expect(said).toBeGreaterThan(10_000);
    // pages end at row 1,000, then every 10,000 rows
    expect((said - 1000) % 10_000).not.toBe(0);
    expect(linesOf(file)).toEqual(['n,label', ...csvRows(0, said)]);
    expect(String(result.stderr)).toMatch(/^error: cannot write the output: EFBIG: file too large, write; the output is partial/);
    expect(String(result.stderr)).toMatch(new RegExp(`--offset ${said} --all -o csv\n$`));
  });

  it('a last write cut short, which Node reports nowhere: found by the file size, cut back, exit 1', async () => {
    const file = path.join(dir, 'last.csv');
    // the limit falls in the last page of these 40,000 rows: no later write would fail
    const result = await spawnTo(['queries', 'data', queryId, '--limit', '40000', '-o', 'csv'], file, 'ulimit -f 1000');
    expect(result.exitCode, String(result.stderr)).toBe(1);
    const said = Number(String(result.stderr).match(/it holds the first (\d+) rows/)?.[1]);
    expect(said).toBeGreaterThan(10_000);
    expect(said).toBeLessThan(40_000);
    expect(linesOf(file)).toEqual(['n,label', ...csvRows(0, said)]);
    expect(String(result.stderr)).toMatch(new RegExp(`--offset ${said} --limit ${40_000 - said} -o csv\\n$`));
  });
});

describe('an export in a worker of its own (issue 40, item 4)', () => {
  /** The peak RSS of ws that `--debug` says once the export's worker ended, in MiB; undefined when there was none. */
  const workerPeak = (stderr: string) => {
    const said = /^\* export: written by a worker \(young generation \d+ MiB\); peak RSS of ws (\d+) MiB$/m.exec(stderr)?.[1];
    return said === undefined ? undefined : Number(said);
  };
  // with margin on a shared machine: measured with --debug (its lines) beside the test's own proxy, Node 20 89-90
  // (with two busy loops beside it too; once over 140 among 14 test files run at once), 22 98 and 24 112-118 MiB
  // (before pages were kept as bytes and the worker's old generation had a limit: 140-160 on Node 20, 150-190 on 22
  // and 24; 156 on 24 for this bound). Under the whole suite on two cores it reached 170 on Node 20 (V8's marking
  // gets less time while the export allocates): this bound catches an export whose memory grows with its rows
  // (before the worker: 250-320 MiB at this size on Node 24), not the bench's 150 MiB target
  const peakBound = 210;

  it(`1,000,000 rows to --out x.csv: every row, written by the worker, peak RSS at most ${peakBound} MiB`, async () => {
    const target = path.join(dir, 'worker.csv');
    const result = await ws(['queries', 'data', queryId, '--all', '--out', target, '--debug'], env, { timeout: 90_000 });
    expect(result.exitCode, result.stderr).toBe(0);
    const lines = linesOf(target);
    expect(lines).toHaveLength(1 + total);
    expect(lines.slice(0, 2)).toEqual(['n,label', '0,row 0']);
    expect(lines.at(-1)).toBe(`${total - 1},row ${total - 1}`);
    const peak = workerPeak(result.stderr);
    expect(peak, 'the --debug line of the export worker').toBeDefined();
    expect(peak).toBeLessThanOrEqual(peakBound);
  }, 120_000);

  it('rows as wide as one answer holds (a page of 61 MB of JSON, two rows of text) go through the worker, in csv and parquet', async () => {
    // the worker's old generation has a limit (oldGenerationMb, from the largest answer): no valid export reaches it
    const run = (args: string[]) => ws(args, env);
    const wide = await createQuery(run, 'Wide rows', `SELECT 0 AS n, repeat('x', 40000000) AS text UNION ALL SELECT 1, repeat('世', 7000000) ORDER BY n`);
    const executed = await run(['queries', 'execute', wide.id, '--wait', '--no-data']);
    expect(executed.exitCode, executed.stderr).toBe(0);
    const csv = path.join(dir, 'wide.csv');
    const result = await ws(['queries', 'data', wide.id, '--all', '--out', csv, '--debug'], env, { timeout: 90_000 });
    expect(result.exitCode, result.stderr.slice(-2000)).toBe(0);
    expect(workerPeak(result.stderr), 'written by the worker').toBeDefined();
    expect(linesOf(csv)).toEqual(['n,text', `0,${'x'.repeat(40_000_000)}`, `1,${'世'.repeat(7_000_000)}`]);
    const parquet = path.join(dir, 'wide.parquet');
    const typed = await ws(['queries', 'data', wide.id, '--all', '--out', parquet, '--debug'], env, { timeout: 90_000 });
    expect(typed.exitCode, typed.stderr.slice(-2000)).toBe(0);
    expect(workerPeak(typed.stderr), 'written by the worker').toBeDefined();
    const instance = await DuckDBInstance.create(':memory:');
    try {
      const connection = await instance.connect();
      const read = await connection.runAndReadAll(
        `SELECT n::INTEGER AS n, length(text)::INTEGER AS length, text = repeat(CASE n WHEN 0 THEN 'x' ELSE '世' END, length(text)) AS same FROM read_parquet('${parquet}') ORDER BY n`,
      );
      connection.closeSync();
      expect(read.getRowObjectsJS()).toEqual([
        { n: 0, length: 40_000_000, same: true },
        { n: 1, length: 7_000_000, same: true },
      ]);
    } finally {
      instance.closeSync();
    }
  }, 180_000);

  it('1,000,000 rows to --out x.parquet, written by the worker: DuckDB reads every row back', async () => {
    const target = path.join(dir, 'worker.parquet');
    const result = await ws(['queries', 'data', queryId, '--all', '--out', target, '--debug'], env, { timeout: 90_000 });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(workerPeak(result.stderr)).toBeDefined();
    const instance = await DuckDBInstance.create(':memory:');
    try {
      const connection = await instance.connect();
      const read = await connection.runAndReadAll(
        `SELECT count(*)::INTEGER AS count, sum(n)::VARCHAR AS sum, count(DISTINCT n)::INTEGER AS distinct, bool_and(label = 'row ' || n) AS labels FROM read_parquet('${target}')`,
      );
      connection.closeSync();
      expect(read.getRowObjectsJS()).toEqual([{ count: total, sum: String((total * (total - 1)) / 2), distinct: total, labels: true }]);
    } finally {
      instance.closeSync();
    }
  }, 120_000);

  it("a result known to be small is written by ws itself, so that no worker starts between a run's end and its first row", async () => {
    const run = (args: string[]) => ws(args, env);
    const small = await createQuery(run, 'Few numbers', `SELECT range AS n FROM range(${workerFromRows})`);
    const few = await run(['queries', 'execute', small.id, '--wait', '-o', 'csv', '--debug']);
    expect(few.exitCode, few.stderr).toBe(0);
    expect(few.stdout.split('\n')).toHaveLength(1 + workerFromRows + 1);
    expect(workerPeak(few.stderr), 'no worker for a run of few rows').toBeUndefined();
    const limited = await run(['queries', 'execute', queryId, '--wait', '--limit', '10', '-o', 'csv', '--debug']);
    expect(limited.exitCode, limited.stderr).toBe(0);
    expect(limited.stdout.split('\n')).toHaveLength(1 + 10 + 1);
    expect(workerPeak(limited.stderr), 'no worker for --limit 10').toBeUndefined();
    const many = await run(['queries', 'execute', queryId, '--wait', '-o', 'csv', '--debug']);
    expect(many.exitCode, many.stderr).toBe(0);
    expect(workerPeak(many.stderr), 'a worker for a run of 1,000,000 rows').toBeDefined();
  }, 120_000);

  it('`-o csv | head -1`: the reader gone, the worker stops and ws ends quietly, exit 0', async () => {
    const [command, commandArgs] = wsCommand(['queries', 'data', queryId, '--all', '-o', 'csv', '--debug']);
    const quoted = [command, ...commandArgs].map((word) => `'${word}'`).join(' ');
    const result = await execa('bash', ['-o', 'pipefail', '-c', `${quoted} | head -1`], { env, extendEnv: false, reject: false, timeout: 60_000 });
    expect(result.exitCode, String(result.stderr)).toBe(0);
    expect(result.stdout).toBe('n,label');
    expect(workerPeak(String(result.stderr))).toBeDefined();
    expect(String(result.stderr)).not.toMatch(/^error|EPIPE/m);
  }, 60_000);

  it('a pipe read late (full, non-blocking): the worker waits for it, and every row arrives once and in order', async () => {
    const [command, commandArgs] = wsCommand(['queries', 'data', queryId, '--limit', '200000', '-o', 'csv', '--debug']);
    const quoted = [command, ...commandArgs].map((word) => `'${word}'`).join(' ');
    const file = path.join(dir, 'late.csv');
    const result = await execa('bash', ['-o', 'pipefail', '-c', `${quoted} | (sleep 1; cat) > '${file}'`], {
      env,
      extendEnv: false,
      reject: false,
      timeout: 60_000,
    });
    expect(result.exitCode, String(result.stderr)).toBe(0);
    expect(workerPeak(String(result.stderr))).toBeDefined();
    expect(linesOf(file)).toEqual(['n,label', ...csvRows(0, 200_000)]);
  }, 60_000);

  it("stderr's reader gone (--debug into `head -c 100`): the worker writes every row all the same, exit 0", async () => {
    const [command, commandArgs] = wsCommand(['queries', 'data', queryId, '--limit', '200000', '-o', 'csv', '--debug']);
    const quoted = [command, ...commandArgs].map((word) => `'${word}'`).join(' ');
    const file = path.join(dir, 'stderr-gone.csv');
    const result = await execa('bash', ['-c', `${quoted} 2> >(head -c 100 > /dev/null) > '${file}'`], {
      env,
      extendEnv: false,
      reject: false,
      timeout: 60_000,
    });
    expect(result.exitCode, String(result.stderr)).toBe(0);
    expect(linesOf(file)).toEqual(['n,label', ...csvRows(0, 200_000)]);
  }, 60_000);

  it('SIGINT, then SIGTERM while the worker cannot stop (its pipe is full and unread): ws ends at once by SIGTERM, saying so', async () => {
    // stdout is a pipe (a FIFO this test holds open) that nobody reads: the worker's write waits, so the first signal
    // cannot stop it between two pages
    const fifo = path.join(dir, 'unread.fifo');
    execaSync('mkfifo', [fifo]);
    const held = fs.openSync(fifo, 'r+');
    try {
      const child = spawnTo(['queries', 'data', queryId, '--all', '-o', 'csv'], fifo);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      child.kill('SIGINT');
      await new Promise((resolve) => setTimeout(resolve, 300));
      child.kill('SIGTERM');
      const result = await child;
      expect(result.signal ?? result.exitCode, String(result.stderr)).toSatisfy((end: unknown) => end === 'SIGTERM' || end === 143);
      expect(String(result.stderr)).toBe('error: stopped (SIGINT, then SIGTERM)\n');
    } finally {
      fs.closeSync(held);
    }
  }, 60_000);
});
