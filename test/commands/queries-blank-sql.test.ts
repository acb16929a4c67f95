import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stubServer } from '../helpers/command.js';

// no route is served: any request at all shows up in server.requests (and fails the test)
const { server, ws } = stubServer();
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-blank-sql-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const at = path.join(dir, name);
  fs.writeFileSync(at, text);
  return at;
}

const verbs: [string, string[]][] = [
  ['create', ['queries', 'create', '--name', 'Blank']],
  ['update', ['queries', 'update', 'daily_revenue']],
  ['update by id', ['queries', 'update', '00000000-0000-4000-8000-00000000a001']],
];

describe.each(verbs)('ws queries %s with SQL that is empty or only whitespace', (_verb, argv) => {
  it.each([
    ['--sql ""', ['--sql', ''], '--sql is empty'],
    ['--sql of spaces and a newline', ['--sql', '  \n'], '--sql is only whitespace'],
    ['--sql-file of an empty file', ['--sql-file', 'empty.sql'], '--sql-file <dir>/empty.sql is empty'],
    ['--sql-file of a file of blank lines', ['--sql-file', 'blank.sql'], '--sql-file <dir>/blank.sql is only whitespace'],
    ['--sql-file - with nothing on stdin (< /dev/null, or `cat missing.sql |`)', ['--sql-file', '-'], '--sql-file - (stdin) is empty'],
  ])('%s is exit 2 naming it, and nothing is sent', async (_name, flags, said) => {
    file('empty.sql', '');
    file('blank.sql', '\n \t\n\n');
    const args = flags.map((flag) => (flag.endsWith('.sql') ? path.join(dir, flag) : flag));
    const result = await ws([...argv, ...args], { stdin: '' });
    expect(result.stderr).toContain(`error: ${said.replace('<dir>', dir)}: a query needs SQL, nothing was sent`);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(server.requests).toEqual([]);
  });

  it('a dry run refuses it the same way', async () => {
    const result = await ws([...argv, '--sql', ' ', '--dry-run']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: --sql is only whitespace');
    expect(server.requests).toEqual([]);
  });
});
