/**
 * `ws help [topic | command…]`: a topic (environment, exit-codes, formatting) or the help of a command, on stdout with
 * exit 0; an unknown word is a usage error with a suggestion. It sends no request.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../../src/cli.js';
import { fakeIO } from '../../helpers/fake-io.js';

describe('ws help <command>', () => {
  it('`ws help queries list` shows the help of `queries list`', async () => {
    const io = fakeIO();
    expect(await run(['help', 'queries', 'list'], io)).toBe(0);
    expect(io.out()).toMatch(/^Usage: ws queries list \[options\]/);
    expect(io.out()).toContain('JSON fields (for --json a,b):');
  });

  it.each([false, true])('is the same as `ws <command> --help`, terminal: %s', async (tty) => {
    const viaHelp = fakeIO({ tty });
    const viaFlag = fakeIO({ tty });
    expect(await run(['help', 'queries', 'execute'], viaHelp)).toBe(0);
    expect(await run(['queries', 'execute', '--help'], viaFlag)).toBe(0);
    expect(viaHelp.out()).toBe(viaFlag.out());
    expect(viaHelp.out()).toMatch(/^Usage: ws queries execute \[options\] \[query\]/);
    expect(viaHelp.err()).toBe('');
  });

  it('`ws help` alone prints the root help', async () => {
    const alone = fakeIO();
    const root = fakeIO();
    expect(await run(['help'], alone)).toBe(0);
    expect(await run(['--help'], root)).toBe(0);
    expect(alone.out()).toBe(root.out());
    expect(alone.out()).toMatch(/^Usage: ws /);
  });
});

describe('--limit says where its default is which (issue 39)', () => {
  it.each([
    ['queries', 'execute'],
    ['queries', 'data'],
    ['runs', 'wait'],
  ])('ws %s %s --help: every row by default, the first 1000 in a terminal table or a chart', async (...command) => {
    const io = fakeIO();
    expect(await run([...command, '--help'], io)).toBe(0);
    const line = io
      .out()
      .split('\n')
      .findIndex((l) => l.trimStart().startsWith('--limit'));
    const text = io
      .out()
      .split('\n')
      .slice(line, line + 3)
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(text).not.toContain('(default 1000)');
    expect(text).toMatch(/default: every row; a table in a terminal and a chart show the first 1000/);
  });
});

describe('help topics', () => {
  it.each([
    ['environment', /^Environment variables\n/, 'WS_API_KEY'],
    ['exit-codes', /^Exit codes\n/, '130  interrupted'],
    ['formatting', /^Formatting\n/, '--jq <expression>'],
  ])('`ws help %s` prints the topic, exit 0', async (topic, heading, line) => {
    const io = fakeIO();
    expect(await run(['help', topic], io)).toBe(0);
    expect(io.out()).toMatch(heading);
    expect(io.out()).toContain(line);
    expect(io.err()).toBe('');
  });

  it('`ws help environment` names every variable the source reads', async () => {
    const { readFileSync, readdirSync } = await import('node:fs');
    const source = (readdirSync(new URL('../../../src', import.meta.url), { recursive: true, encoding: 'utf8' }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.startsWith('emulator'))
      .map((file) => readFileSync(new URL(`../../../src/${file}`, import.meta.url), 'utf8'))
      .join('\n');
    const read = new Set([...source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)|\benv\[['"]([A-Z][A-Z0-9_]*)['"]\]/g)].map((m) => m[1] ?? m[2]));
    expect(read.size).toBeGreaterThan(5);
    const io = fakeIO();
    await run(['help', 'environment'], io);
    for (const name of read) expect(io.out(), name).toMatch(new RegExp(`^  ${name} `, 'm'));
  });

  it.each([
    [['help', 'formating'], 'no help topic or command "formating"', 'did you mean `ws help formatting`?'],
    [['help', 'quries'], 'no help topic or command "quries"', 'did you mean `ws help queries`?'],
    [['help', 'queries', 'lst'], '`ws queries` has no command "lst"', 'did you mean `ws help queries list`?'],
    [['help', 'xyzzy'], 'no help topic or command "xyzzy"', 'run `ws help` for the commands and topics'],
    // names every object has are no topics either
    [['help', 'constructor'], 'no help topic or command "constructor"', 'run `ws help` for the commands and topics'],
    [['help', 'toString'], 'no help topic or command "toString"', 'run `ws help` for the commands and topics'],
    [['help', '__proto__'], 'no help topic or command "__proto__"', 'run `ws help` for the commands and topics'],
  ])('`ws %j` is a usage error with a suggestion (exit 2), not root help', async (argv, message, hint) => {
    const io = fakeIO();
    expect(await run(argv, io)).toBe(2);
    expect(io.out()).toBe('');
    expect(io.err()).toBe(`error: ${message}\nhint: ${hint}\n`);
  });
});
