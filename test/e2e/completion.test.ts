/**
 * End to end: the generated completion scripts in real bash, fish and zsh with `ws` on the PATH, against the
 * emulator. zsh runs interactively in tmux with the script installed on fpath, as a user installs it, and keys are
 * typed. What `ws __complete` prints for each word is tested in-process in test/commands/completion/completion.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { execa } from 'execa';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoIds, pollUntil, startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { skipWithout } from '../helpers/tools.js';
import { installWs, ws } from '../helpers/ws.js';

let emu: TestEmulator;
let dir: string;
let binDir: string;
let env: Record<string, string>;

function configDir(profiles: Record<string, { baseUrl?: string; apiKey?: string }>): string {
  const at = fs.mkdtempSync(path.join(dir, 'config-'));
  fs.writeFileSync(path.join(at, 'config.json'), JSON.stringify({ profiles }), { mode: 0o600 });
  return at;
}

beforeAll(async () => {
  emu = await startTestEmulator();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-e2e-completion-'));
  binDir = path.join(dir, 'bin');
  fs.mkdirSync(binDir);
  installWs(binDir);
  for (const shell of ['bash', 'zsh', 'fish'] as const) {
    const result = await ws(['completion', shell]);
    expect(result.exitCode, result.stderr).toBe(0);
    fs.writeFileSync(path.join(dir, shell === 'zsh' ? '_ws' : `ws.${shell}`), result.stdout);
  }
  // a machine loaded by parallel tests may take more than the default 1 s to answer a Tab; the names a Tab keeps
  // (src/completion/names-cache.ts) go to a cache folder of this file's, not the user's (the shells in tmux have a HOME)
  env = {
    ...emu.env,
    PATH: `${binDir}:${process.env.PATH}`,
    WS_CONFIG_DIR: configDir({}),
    WS_COMPLETE_TIMEOUT: '30s',
    XDG_CACHE_HOME: path.join(dir, 'cache'),
  };
});
afterAll(async () => {
  await emu?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await emu.clearRequests();
});

describe('bash', () => {
  /** What bash offers, the cursor at the last word, with ws on the PATH (async: the emulator runs in this process). */
  const complete = async (...line: string[]) =>
    (
      await execa(
        'bash',
        ['-c', `source "$0"; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _ws; printf '%s\\n' "\${COMPREPLY[@]}"`, path.join(dir, 'ws.bash'), ...line],
        { env, timeout: 20_000 },
      )
    ).stdout
      .split('\n')
      .filter(Boolean);

  it.each([
    [['ws', 'queries', 'get', 'dai'], ['daily_revenue']],
    [['ws', 'queries', 'execute', '--wait', 'revenue_'], ['revenue_by_country']],
    [['ws', 'automations', 'get', 'Morn'], ['Morning\\ revenue\\ report']],
    [['ws', 'queries', 'g'], ['get']],
    [
      ['ws', 'queries', 'list', '--direction', ''],
      ['asc', 'desc'],
    ],
    [['ws', 'queries', 'get', '--json', 'id,sl'], ['id,slug']],
  ])('%j -> %j', async (line, expected) => {
    expect(await complete(...line)).toEqual(expected);
  });

  it('queries pull: folders, then query slugs; queries apply: files and folders; --param: the parameters', async () => {
    const files = fs.mkdtempSync(path.join(dir, 'files-'));
    fs.mkdirSync(path.join(files, 'queries'));
    fs.writeFileSync(path.join(files, 'query.sql'), '');
    expect(await complete('ws', 'queries', 'pull', `${files}/`)).toEqual([`${files}/queries`]);
    expect((await complete('ws', 'queries', 'apply', `${files}/`)).sort()).toEqual([`${files}/queries`, `${files}/query.sql`]);
    expect((await complete('ws', 'queries', 'apply', `${files}/query.sql`, `${files}/q`)).sort()).toEqual([`${files}/queries`, `${files}/query.sql`]);
    expect(await complete('ws', 'queries', 'pull', files, 'revenue_b')).toEqual(['revenue_by_country']);
    expect(await complete('ws', 'queries', 'execute', 'revenue_by_country', '--param', '')).toEqual(['start_date=', 'min_amount=']);
    expect(await complete('ws', 'queries', 'create', '--param', '')).toEqual([]);
  });

  it('--profile offers profile names, not file names', async () => {
    env.WS_CONFIG_DIR = configDir({ default: {}, prod: {} });
    expect(await complete('ws', '--profile', '')).toEqual(['default', 'prod']);
    env.WS_CONFIG_DIR = configDir({});
  });
});

describe.skipIf(skipWithout('fish'))('fish (installed by .ci/run)', () => {
  const complete = async (line: string) =>
    (await execa('fish', ['-c', 'source $argv[1]; complete -C $argv[2]', path.join(dir, 'ws.fish'), line], { env, timeout: 20_000 })).stdout
      .split('\n')
      .filter(Boolean);

  it.each([
    ['ws queries get dai', ['daily_revenue\tDaily revenue']],
    ['ws automations trigger Nig', [`Nightly churn export\t${demoIds.automations.nightlyExport}`]],
    ['ws runs g', ['get\tShow the status and history of a query run']],
    ['ws queries list --json id,na', ['id,name']],
    ['ws queries pull queries/ dai', ['daily_revenue\tDaily revenue']],
    ['ws queries execute revenue_by_country --param m', ['min_amount=\tnumber, default 0, smallest order amount included']],
    ['ws queries create --param ', []],
  ])('%j -> %j', async (line, expected) => {
    expect(await complete(line)).toEqual(expected);
  });

  it('queries pull: folders first; queries apply: files and folders', async () => {
    const files = fs.mkdtempSync(path.join(dir, 'fish-files-'));
    fs.mkdirSync(path.join(files, 'queries'));
    fs.writeFileSync(path.join(files, 'query.sql'), '');
    expect(await complete(`ws queries pull ${files}/`)).toEqual([`${files}/queries/\tDirectory`]);
    expect((await complete(`ws queries apply ${files}/`)).map((line) => line.split('\t')[0])).toEqual([`${files}/queries/`, `${files}/query.sql`]);
  });
});

/**
 * An interactive shell in tmux: `typed` types a line and Tab (and `after`, e.g. a mark to see whether a space came)
 * and returns the screen once it matches. `start` runs the shell, sources `rc` and waits for the prompt `mark> `.
 */
function interactive(name: string, mark: string) {
  const socket = `ws-completion-${name}-${process.pid}`;
  const tmux = async (...args: string[]) => (await execa('tmux', ['-L', socket, ...args], { timeout: 20_000 })).stdout;
  const screen = () => tmux('capture-pane', '-p', '-t', 'z');
  const typed = async (keys: string, expected: RegExp, after = '') => {
    await tmux('send-keys', '-t', 'z', 'C-u', 'C-l');
    await tmux('send-keys', '-t', 'z', '-l', keys);
    await tmux('send-keys', '-t', 'z', 'Tab');
    if (after) {
      // the Tab may ask ws over HTTP: wait until the line changes before typing on
      await pollUntil(
        async () => (await screen()).split('\n').find((line) => line.startsWith(`${mark}> `)) !== `${mark}> ${keys}` || undefined,
        `${name} to complete "${keys}"`,
        20_000,
        100,
      );
      await tmux('send-keys', '-t', 'z', '-l', after);
    }
    let shown = '';
    try {
      return await pollUntil(
        async () => {
          shown = await screen();
          return expected.test(shown) && shown;
        },
        `${name} to show ${expected} after "${keys}"`,
        20_000,
        100,
      );
    } catch (error) {
      throw new Error(`${(error as Error).message}; the screen:\n${shown}`);
    }
  };
  const start = async (command: string, rc: string) => {
    await tmux('new-session', '-d', '-s', 'z', '-x', '160', '-y', '40', command);
    await tmux('send-keys', '-t', 'z', `source '${rc}'`, 'Enter');
    await pollUntil(async () => new RegExp(`^${mark}>\\s*$`, 'm').test(await screen()), `the ${name} prompt`, 20_000, 100); // capture-pane drops trailing spaces
  };
  const stop = () => spawnSync('tmux', ['-L', socket, 'kill-server']);
  return { typed, start, stop };
}

const exportsOf = (variables: Record<string, string>) => Object.entries(variables).map(([name, value]) => `export ${name}='${value}'`);

describe.skipIf(skipWithout('tmux'))('bash, interactive in tmux', { timeout: 60_000 }, () => {
  const { typed, start, stop } = interactive('bash', 'BP');
  beforeAll(async () => {
    const rc = path.join(dir, 'bashrc');
    fs.writeFileSync(rc, [...exportsOf(env), `source '${path.join(dir, 'ws.bash')}'`, "PS1='BP> '", ''].join('\n'));
    await start('bash --norc --noprofile -i', rc);
  }, 30_000);
  afterAll(stop);

  it('--param of queries execute: a parameter name and =, with no space after it; a slug gets its space', async () => {
    await typed('ws queries execute revenue_by_country --param mi', /^BP> ws queries execute revenue_by_country --param min_amount=X$/m, 'X');
    await typed('ws queries pull . dai', /^BP> ws queries pull \. daily_revenue X$/m, 'X');
  });
});

describe.skipIf(skipWithout('fish', 'tmux'))('fish, interactive in tmux (fish is installed by .ci/run)', { timeout: 60_000 }, () => {
  const { typed, start, stop } = interactive('fish', 'FP');
  beforeAll(async () => {
    const rc = path.join(dir, 'config.fish');
    const exports = Object.entries(env).map(([name, value]) => `set -gx ${name} '${value}'`);
    fs.writeFileSync(
      rc,
      [...exports, `source '${path.join(dir, 'ws.fish')}'`, "function fish_prompt; echo -n 'FP> '; end", 'function fish_right_prompt; end', ''].join('\n'),
    );
    await start('fish --no-config -i', rc);
  }, 30_000);
  afterAll(stop);

  it('--param of queries execute: a parameter name and =, with no space after it', async () => {
    await typed('ws queries execute revenue_by_country --param mi', /^FP> ws queries execute revenue_by_country --param min_amount=X$/m, 'X');
  });
});

describe.skipIf(skipWithout('zsh', 'tmux'))('zsh, interactive in tmux, the script on fpath (zsh is installed by .ci/run)', { timeout: 60_000 }, () => {
  const { typed, start, stop } = interactive('zsh', 'ZP');

  beforeAll(async () => {
    const fpath = path.join(dir, 'fpath');
    fs.mkdirSync(fpath);
    fs.copyFileSync(path.join(dir, '_ws'), path.join(fpath, '_ws'));
    const rc = path.join(dir, 'zshrc');
    fs.writeFileSync(rc, [...exportsOf(env), `fpath=('${fpath}' $fpath)`, 'autoload -U compinit && compinit -u -D', "PS1='ZP> '", ''].join('\n'));
    await start('zsh -f -i', rc);
  }, 30_000);
  afterAll(stop);

  it('completes a command word (the #compdef line made compinit load _ws from fpath)', async () => {
    await typed('ws queri', /^ZP> ws queries X$/m, 'X');
  });

  it('adds no space after a --json field, so the next field can follow the comma', async () => {
    await typed('ws queries list --json id,na', /^ZP> ws queries list --json id,name,$/m, ',');
  });

  it('lists enum values', async () => {
    const shown = await typed('ws queries list --sort ', /created +name +updated/);
    expect(shown).toMatch(/created +name +updated/);
  });

  it('completes a query slug from the running emulator', async () => {
    await typed('ws queries get dai', /^ZP> ws queries get daily_revenue X$/m, 'X');
  });

  it('queries pull: a folder, then a query slug; queries apply: a file', async () => {
    const files = fs.mkdtempSync(path.join(dir, 'zsh-files-'));
    fs.mkdirSync(path.join(files, 'queries'));
    fs.writeFileSync(path.join(files, 'query.sql'), '');
    await typed(`ws queries pull ${files}/q`, new RegExp(`^ZP> ws queries pull ${files}/queries/X$`, 'm'), 'X');
    await typed(`ws queries pull ${files} dai`, new RegExp(`^ZP> ws queries pull ${files} daily_revenue X$`, 'm'), 'X');
    await typed(`ws queries apply ${files}/query.`, new RegExp(`^ZP> ws queries apply ${files}/query.sql X$`, 'm'), 'X');
  });

  it('--param of queries execute: a parameter name and =, with no space after it', async () => {
    await typed('ws queries execute revenue_by_country --param mi', /^ZP> ws queries execute revenue_by_country --param min_amount=X$/m, 'X');
  });
});
