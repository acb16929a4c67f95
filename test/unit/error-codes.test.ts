/**
 * The error codes a script reads: one list (errorCodes in src/errors.ts), printed whole by `ws help exit-codes` and
 * docs/scripts-and-ci.md, each code with the exit code of its kind, and every code given in src/ given with that kind.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { helpTopics } from '../../src/help/topics.js';
import { errorCodes, exitCodes, outcomeExitCodes, WsError, type ErrorKind } from '../../src/errors.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const codes = Object.entries(errorCodes) as [string, readonly [ErrorKind, string]][];

describe('error codes', () => {
  it('`ws help exit-codes` lists every code with its exit code, on one line each', () => {
    const text = helpTopics['exit-codes']!.text;
    for (const [code, [kind]] of codes) expect(text, code).toMatch(new RegExp(`^  ${code} +${exitCodes[kind]} +\\S`, 'm'));
  });

  it("every exit code has its name in src/errors.ts, an error kind's or an outcome's (8: changes pending), and `ws help exit-codes` explains each", () => {
    expect(outcomeExitCodes).toEqual({ success: 0, changes_pending: 8 });
    const text = helpTopics['exit-codes']!.text;
    for (const code of [...Object.values(exitCodes), ...Object.values(outcomeExitCodes)])
      expect(text, String(code)).toMatch(new RegExp(`^  ${code} +\\S`, 'm'));
  });

  it('docs/scripts-and-ci.md lists exactly these codes, each with its exit code', () => {
    const guide = fs.readFileSync(path.join(root, 'docs', 'scripts-and-ci.md'), 'utf8');
    const rows = [...guide.matchAll(/^\| `([a-z_]+)` \| (\d+) \| .+ \|$/gm)].map((match) => [match[1], Number(match[2])]);
    expect(rows).toEqual(codes.map(([code, [kind]]) => [code, exitCodes[kind]]));
  });

  it("docs/configuration.md's table of network failures names the codes ws gives them, each an exit 1 code", () => {
    const guide = fs.readFileSync(path.join(root, 'docs', 'configuration.md'), 'utf8');
    const table = /^\| `code` \| what happened \|\n\|---\|---\|\n((?:\|.*\n)+)/m.exec(guide)?.[1] ?? '';
    const listed = [...table.matchAll(/^\| `(\w+)` \|/gm)].map((match) => match[1]!);
    for (const code of listed) expect(errorCodes[code as keyof typeof errorCodes]?.[0], code).toBe('api');
    // what network-errors.ts says of a failure below HTTP, and the timeout of --http-timeout (http.ts)
    const network = fs.readFileSync(path.join(root, 'src', 'api', 'network-errors.ts'), 'utf8');
    const given = new Set([...network.matchAll(/\bfail\(\s*'(\w+)'/g)].map((match) => match[1]!));
    given.add('http_timeout');
    expect(new Set(listed)).toEqual(given);
  });

  it("every error without a code of its own gets its kind's, which is listed under that kind", () => {
    for (const kind of Object.keys(exitCodes) as ErrorKind[]) {
      const { code } = new WsError(kind, 'x');
      expect(errorCodes[code][0], `${kind} -> ${code}`).toBe(kind);
    }
  });

  it('every code that src/ gives an error is listed under the kind of that error', () => {
    const files = (fs.readdirSync(path.join(root, 'src'), { recursive: true }) as string[]).filter(
      (file) => file.endsWith('.ts') && !file.startsWith('emulator'),
    );
    let checked = 0;
    for (const file of files) {
      const text = fs.readFileSync(path.join(root, 'src', file), 'utf8');
      // `new WsError('kind', …, { … code: 'x'` within one statement
      for (const match of text.matchAll(/new WsError\('(\w+)',[^;]*?\bcode: '(\w+)'/g)) {
        expect(Object.hasOwn(errorCodes, match[2]!), `${file}: ${match[2]}`).toBe(true);
        expect(errorCodes[match[2] as keyof typeof errorCodes][0], `${file}: ${match[2]}`).toBe(match[1]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });
});
