import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { completionScript, shells, type Shell } from '../../src/completion/scripts.js';
import { commandTree } from '../../src/completion/tree.js';
import { helpTopics } from '../../src/help/topics.js';
import { fakeIO } from '../helpers/fake-io.js';
import { skipWithout } from '../helpers/tools.js';

const tree = commandTree(
  buildProgram(fakeIO(), () => async () => undefined),
  Object.keys(helpTopics),
);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-completion-'));
const scriptFile = (shell: Shell) => {
  const file = path.join(dir, `ws.${shell}`);
  fs.writeFileSync(file, completionScript(shell, tree));
  return file;
};

describe('completion scripts', () => {
  it.each(shells)('completions/ holds what `ws completion %s` generates (never edited by hand)', (shell) => {
    const committed = { bash: 'ws.bash', zsh: '_ws', fish: 'ws.fish' }[shell];
    expect(fs.readFileSync(new URL(`../../completions/${committed}`, import.meta.url), 'utf8')).toBe(completionScript(shell, tree));
  });
});

describe('bash completion', () => {
  const file = scriptFile('bash');
  /** What bash offers for the command line, the cursor at its last word. */
  const complete = (...line: string[]) =>
    execFileSync('bash', ['-c', `source "$0"; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _ws; printf '%s\\n' "\${COMPREPLY[@]}"`, file, ...line], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean);

  it.each([
    [['ws', 'qu'], ['queries']],
    [
      ['ws', 'queries', ''],
      ['list', 'get', 'create', 'update', 'execute', 'runs', 'data', 'pull', 'apply'],
    ],
    [
      ['ws', 'queries', 'list', '--so'],
      ['--sort', '--source'],
    ],
    [
      ['ws', 'queries', 'list', '--sort', ''],
      ['updated', 'created', 'name'],
    ],
    [
      ['ws', '-o', ''],
      ['table', 'json', 'ndjson', 'csv', 'tsv', 'yaml', 'markdown', 'chart', 'parquet', 'arrow'],
    ],
    [['ws', 'queries', 'list', '--json', 'id,na'], ['id,name']],
    [
      ['ws', '--profile', 'queries', 'au'],
      ['automations', 'auth'],
    ], // 'queries' is the value of --profile
    [['ws', 'help', 'queries', 'ex'], ['execute']],
    [['ws', 'automations', 'trigger', 'x', '--timeout', '5m', '--wa'], ['--wait']],
    [
      ['ws', 'completion', ''],
      ['bash', 'zsh', 'fish'],
    ],
    [['ws', 'completion', 'z'], ['zsh']],
    [['ws', 'completion', 'zsh', ''], []],
    [['ws', 'help', 'env'], ['environment']],
    [
      ['ws', 'help', 'e'],
      ['emulator', 'environment', 'exit-codes'],
    ],
    [['ws', 'queries', 'create', '--sql', ''], []], // no file names where a value is not a file
    [['ws', 'queries', 'list', '--search', 'x'], []],
    [
      ['ws', 'automations', 'g'],
      ['get', 'get-run'],
    ], // the former name `run` is recognised, not offered
  ])('%j -> %j', (line, expected) => {
    expect(complete(...line)).toEqual(expected);
  });

  it('offers file names where the value is a file, and nowhere else', () => {
    const files = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-completion-files-'));
    fs.writeFileSync(path.join(files, 'skill.md'), '');
    expect(complete('ws', 'queries', 'create', '--sql-file', `${files}/sk`)).toEqual([`${files}/skill.md`]);
    expect(complete('ws', 'skills', 'apply', `${files}/sk`)).toEqual([`${files}/skill.md`]);
    expect(complete('ws', 'queries', 'create', '--name', `${files}/sk`)).toEqual([]);
  });

  it('offers global options after any command', () => {
    expect(complete('ws', 'runs', 'get', '--jq-not-an-option', '--j')).toEqual(['--json', '--jq']);
  });
});

describe.skipIf(skipWithout('fish'))('fish completion (fish is installed by .ci/run)', () => {
  const file = scriptFile('fish');
  const complete = (line: string) =>
    execFileSync('fish', ['-c', `source $argv[1]; complete -C $argv[2]`, file, line], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map((entry) => entry.split('\t')[0]);

  it.each([
    ['ws qu', ['queries']],
    ['ws queries li', ['list']],
    ['ws queries list --sort ', ['created', 'name', 'updated']],
    ['ws --profile x queries list --so', ['--sort', '--source']],
    ['ws queries list --json id,na', ['id,name']],
    ['ws automations trigger x --wa', ['--wait']],
    ['ws completion ', ['bash', 'fish', 'zsh']],
    ['ws help ex', ['exit-codes']],
    ['ws queries list --search x', []],
  ])('%j -> %j', (line, expected) => {
    expect(complete(line)).toEqual(expected);
  });
});

describe.skipIf(skipWithout('zsh'))('zsh completion (zsh is installed by .ci/run)', () => {
  it('loads without errors and registers _ws for ws', () => {
    const result = spawnSync('zsh', ['-fc', 'source "$1" && whence -w _ws && print -r -- $_comps[ws]', 'zsh', scriptFile('zsh')], {
      encoding: 'utf8',
      env: { ...process.env, HOME: dir },
    });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('_ws: function\n_ws\n');
  });

  it('starts with #compdef ws, so that compinit picks it up from fpath', () => {
    expect(completionScript('zsh', tree).split('\n')[0]).toBe('#compdef ws');
  });
});
