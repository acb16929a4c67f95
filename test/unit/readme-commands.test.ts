/**
 * The Commands table of README.md, written by hand, lists what the command tree has: every visible group, and for a
 * group of commands every visible command of it, no more and no fewer.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { fakeIO } from '../helpers/fake-io.js';

const readme = fs.readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** Each row of the table under `## Commands`: its group and the commands its second cell names. */
function tableRows(markdown: string): Map<string, string[]> {
  const section = markdown.split(/^## Commands$/m)[1]?.split(/^#/m)[0] ?? '';
  const rows = new Map<string, string[]>();
  for (const line of section.split('\n')) {
    const cells = /^\| `([\w-]+)` +\| (.*) \|$/.exec(line.trim());
    if (!cells) continue;
    // the commands are the words in backticks before any `;` or `:`, leaving out what parentheses say of them
    const named = cells[2]!.replace(/\([^)]*\)/g, '').split(/[;:]/)[0]!;
    rows.set(
      cells[1]!,
      [...named.matchAll(/`([\w-]+)`/g)].map((m) => m[1]!),
    );
  }
  return rows;
}

/** Each visible group of the command tree, and the visible commands of it (none for a command with no subcommands). */
function commandTree(): Map<string, string[]> {
  const program = buildProgram(fakeIO(), () => {});
  const help = program.createHelp();
  return new Map(help.visibleCommands(program).map((group) => [group.name(), help.visibleCommands(group).map((command) => command.name())]));
}

describe("README.md's Commands table", () => {
  it('has a row for each group of the command tree, and each row names every command of its group', () => {
    const rows = tableRows(readme);
    const tree = commandTree();
    expect([...rows.keys()].sort()).toEqual([...tree.keys()].sort());
    for (const [group, commands] of tree) {
      if (commands.length) expect(rows.get(group)!.sort(), `the row of ${group}`).toEqual([...commands].sort());
    }
  });

  it('is read as written: a command left out or one too many is told apart from the words about it', () => {
    const queries =
      '| `queries` | `list`, `get` (by slug), `runs`; the API has `x` |\n| `runs` | `get` (status; `y`), `wait`: or `z` |\n| `api` | `ws api PATH` |';
    expect(tableRows(`## Commands\n\n${queries}\n\n## Guides\n| \`no\` | \`row\` |`)).toEqual(
      new Map([
        ['queries', ['list', 'get', 'runs']],
        ['runs', ['get', 'wait']],
        ['api', []],
      ]),
    );
  });
});
