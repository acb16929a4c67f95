/**
 * The suite keeps itself honest: a test run leaves no temporary folder behind, a test that needs fish, zsh or tmux
 * fails under CI when the program is missing (outside CI it is skipped, saying so), an end-to-end test never runs
 * against a dist/ older than src/, and every command and every MCP tool has a test file named after it. The run checks are a nested vitest run of one test file, in folders of their own.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { buildIfStale, staleBuild } from '../helpers/fresh-build.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-suite-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A PATH with node, sh and bash only: fish, zsh and tmux are missing, whether this machine has them or not. */
function pathWithout(): string {
  const bin = fs.mkdtempSync(path.join(scratch, 'bin-'));
  for (const program of ['sh', 'bash']) {
    const found = spawnSync('sh', ['-c', 'command -v "$0"', program], { encoding: 'utf8' }).stdout.trim();
    fs.symlinkSync(found, path.join(bin, program));
  }
  fs.symlinkSync(process.execPath, path.join(bin, 'node'));
  return bin;
}

/** test/unit/completion.test.ts (it makes temporary folders, and needs fish and zsh) in a vitest run of its own. */
function runCompletionTests(env: Record<string, string>) {
  return execa(process.execPath, [path.join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', 'test/unit/completion.test.ts'], {
    cwd: root,
    env: { PATH: pathWithout(), HOME: os.homedir(), ...env },
    extendEnv: false,
    reject: false,
    timeout: 120_000,
  });
}

describe('a test run', () => {
  it('removes every temporary folder its tests made; outside CI it skips the fish and zsh tests, saying why', async () => {
    const tmp = fs.mkdtempSync(path.join(scratch, 'tmp-'));
    const run = await runCompletionTests({ TMPDIR: tmp });
    const output = `${run.stdout}\n${run.stderr}`;
    expect(run.exitCode, output).toBe(0);
    expect(output).toMatch(/skipped: the tests that need fish: fish is not installed/);
    expect(output).toMatch(/skipped: the tests that need zsh: zsh is not installed/);
    expect(fs.readdirSync(tmp)).toEqual([]);
  }, 150_000);

  it('fails under CI when fish or zsh is missing, naming it', async () => {
    const run = await runCompletionTests({ TMPDIR: fs.mkdtempSync(path.join(scratch, 'tmp-')), CI: 'true' });
    const output = `${run.stdout}\n${run.stderr}`;
    expect(run.exitCode, output).toBe(1);
    expect(output).toContain('fish is not installed: under CI the tests that need it fail instead of skipping');
    expect(output).toContain('zsh is not installed: under CI the tests that need it fail instead of skipping');
    expect(output).not.toMatch(/skipped: the tests/);
  }, 150_000);
});

describe('a dist/ older than src/', () => {
  /** A project of one source file whose build copies it into dist/. */
  function project(): string {
    const dir = fs.mkdtempSync(path.join(scratch, 'project-'));
    fs.mkdirSync(path.join(dir, 'src'));
    fs.mkdirSync(path.join(dir, 'scripts'));
    fs.writeFileSync(path.join(dir, 'src', 'cli.ts'), 'one');
    fs.writeFileSync(path.join(dir, 'package.json'), '{}');
    fs.writeFileSync(
      path.join(dir, 'scripts', 'build.mjs'),
      "import fs from 'node:fs';\nfs.mkdirSync('dist', { recursive: true });\nfs.writeFileSync('dist/cli.cjs', fs.readFileSync('src/cli.ts'));\n",
    );
    return dir;
  }
  const built = (dir: string) => fs.readFileSync(path.join(dir, 'dist', 'cli.cjs'), 'utf8');

  it('is rebuilt before the tests; a fresh one is left alone', async () => {
    const dir = project();
    const lines: string[] = [];
    expect(staleBuild(dir)).toBe('there is no dist/');
    expect(await buildIfStale(dir, (line) => lines.push(line))).toBe(true);
    expect(built(dir)).toBe('one');
    expect(staleBuild(dir)).toBeUndefined();
    expect(await buildIfStale(dir, (line) => lines.push(line))).toBe(false);

    // an edit of src/ after the build (its time a minute later, so that no file system's clock granularity hides it)
    fs.writeFileSync(path.join(dir, 'src', 'cli.ts'), 'two');
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(dir, 'src', 'cli.ts'), later, later);
    expect(staleBuild(dir)).toBe(`${path.join('src', 'cli.ts')} is newer than dist/`);
    expect(await buildIfStale(dir, (line) => lines.push(line))).toBe(true);
    expect(built(dir)).toBe('two');
    expect(lines).toEqual([
      'there is no dist/: building before the tests (npm run build)',
      `${path.join('src', 'cli.ts')} is newer than dist/: building before the tests (npm run build)`,
    ]);
  });

  it('is not what this run tests: its globalSetup built first if src/ had changed', () => {
    expect(staleBuild(root)).toBeUndefined();
  });
});

/**
 * Each command's module and each MCP tool's without the test file named after it, as `src/… has no test/…` lines:
 * a command is what a group's index.ts loads with `import('./<verb>.js')` (test/commands/<group>/<verb>.test.ts;
 * a group without an index.ts, each of its files), a tool what src/mcp/tools/index.ts imports from
 * './<group>/<tool>.js' (test/commands/mcp/<group>/<tool>.test.ts).
 */
function untested(dir: string): string[] {
  const read = (file: string) => fs.readFileSync(path.join(dir, file), 'utf8');
  const wanted: [string, string][] = [];
  const commands = path.join(dir, 'src', 'commands');
  for (const group of fs.readdirSync(commands).sort()) {
    const folder = `src/commands/${group}`;
    const verbs = fs.existsSync(path.join(dir, folder, 'index.ts'))
      ? [...read(`${folder}/index.ts`).matchAll(/import\('\.\/([\w-]+)\.js'\)/g)].map((m) => m[1]!)
      : fs.readdirSync(path.join(dir, folder)).flatMap((file) => (file.endsWith('.ts') ? [file.slice(0, -3)] : []));
    for (const verb of verbs) wanted.push([`${folder}/${verb}.ts`, `test/commands/${group}/${verb}.test.ts`]);
  }
  for (const [, tool] of read('src/mcp/tools/index.ts').matchAll(/from '\.\/([\w-]+\/[\w-]+)\.js'/g))
    wanted.push([`src/mcp/tools/${tool}.ts`, `test/commands/mcp/${tool}.test.ts`]);
  return wanted.filter(([, test]) => !fs.existsSync(path.join(dir, test))).map(([file, test]) => `${file} has no ${test}`);
}

describe('every command and every MCP tool', () => {
  it('has its own test file, named after it', () => {
    expect(untested(root)).toEqual([]);
  });

  it('is checked: a command or a tool without its test file is named, with the file it needs', () => {
    const dir = fs.mkdtempSync(path.join(scratch, 'tests-'));
    const write = (file: string, text = '') => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    };
    write('src/commands/runs/index.ts', "runner(commands.get, () => import('./get.js'));\nrunner(commands.wait, () => import('./wait.js'));\n");
    write('src/commands/runs/declaration.ts');
    write('src/commands/help/help.ts');
    write('src/mcp/tools/index.ts', "import { getAgentTool } from './agents/get-agent.js';\nimport type { Tool } from '../tool.js';\n");
    write('test/commands/runs/wait.test.ts');
    expect(untested(dir)).toEqual([
      'src/commands/help/help.ts has no test/commands/help/help.test.ts',
      'src/commands/runs/get.ts has no test/commands/runs/get.test.ts',
      'src/mcp/tools/agents/get-agent.ts has no test/commands/mcp/agents/get-agent.test.ts',
    ]);
    write('test/commands/help/help.test.ts');
    write('test/commands/runs/get.test.ts');
    write('test/commands/mcp/agents/get-agent.test.ts');
    expect(untested(dir)).toEqual([]);
  });
});
