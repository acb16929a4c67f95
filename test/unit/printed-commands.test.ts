import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PrintedCommands } from '../../src/printed-commands.js';

describe('PrintedCommands: the options a printed command carries', () => {
  const options = {
    profile: 'ci prod',
    baseUrl: 'https://bob:pw@ws.example.com/public/v3',
    allowInsecureHttp: true,
    httpTimeout: '2m',
    json: 'state,id',
    jq: '.state',
    crlf: true,
    wide: true,
    quiet: true,
    debug: true,
    color: false,
    pager: false,
  };

  it('a command that goes on with this one: where it runs and what it prints, never user:password', () => {
    expect(PrintedCommands.of(options).continuing('runs', 'wait', 'r1')).toBe(
      "ws runs wait r1 --profile 'ci prod' --base-url https://ws.example.com/public/v3 --allow-insecure-http --http-timeout 2m --json state,id --jq .state --crlf --wide",
    );
  });

  it('a command that waits for what this one started: where it runs and the format, not the fields or --jq of this answer', () => {
    expect(PrintedCommands.of(options).following('runs', 'wait', 'r1', '--data')).toBe(
      "ws runs wait r1 --data --profile 'ci prod' --base-url https://ws.example.com/public/v3 --allow-insecure-http --http-timeout 2m --json --crlf --wide",
    );
    expect(PrintedCommands.of({ output: 'csv' }).following('automations', 'wait', 'a1')).toBe('ws automations wait a1 -o csv');
    expect(PrintedCommands.of({ jq: '.id' }).following('automations', 'wait', 'a1')).toBe('ws automations wait a1');
  });

  it('any other command: where it runs only; ws config: the profile only', () => {
    const printed = PrintedCommands.of(options);
    expect(printed.command('automations', 'cancel', 'a1')).toBe(
      "ws automations cancel a1 --profile 'ci prod' --base-url https://ws.example.com/public/v3 --allow-insecure-http --http-timeout 2m",
    );
    expect(printed.command('config', 'set', 'output', 'table')).toBe("ws config set output table --profile 'ci prod'");
  });

  it('nothing given, nothing carried; -o as given', () => {
    expect(PrintedCommands.of({}).continuing('runs', 'wait', 'r1')).toBe('ws runs wait r1');
    expect(PrintedCommands.bare.command('runs', 'get', 'r1')).toBe('ws runs get r1');
    expect(PrintedCommands.of({ output: 'csv', json: true }).continuing('x')).toBe('ws x --json -o csv');
  });
});

describe('where printed commands are written', () => {
  /**
   * Help texts and MCP tool descriptions are prose about commands, not commands printed to paste; network-errors.ts is
   * left to the rewrite of the transport.
   */
  const prose = /^(help\/|completion\/scripts\.ts$|cli\.ts$|api\/network-errors\.ts$|printed-commands\.ts$)/;
  const root = fileURLToPath(new URL('../../src', import.meta.url));

  it('outside src/commands and src/cmdutil, a ws command is built through PrintedCommands or the hint modules, never written by hand', () => {
    const files = (fs.readdirSync(root, { recursive: true }) as string[])
      .map((file) => file.split(path.sep).join('/'))
      .filter((file) => file.endsWith('.ts') && !/^(commands|cmdutil)\//.test(file) && !prose.test(file));
    const byHand: string[] = [];
    for (const file of files) {
      for (const [index, line] of fs.readFileSync(path.join(root, file), 'utf8').split('\n').entries()) {
        if (/^\s*(\/\/|\*|\/\*\*)/.test(line) || /\bdescription: /.test(line)) continue;
        // `ws auth login` in a string or template, or a command line joined by hand
        if (/(\\`|'`|"`)ws [a-z]|shellCommand\('ws'/.test(line)) byHand.push(`${file}:${index + 1}: ${line.trim().slice(0, 100)}`);
      }
    }
    expect(byHand).toEqual([]);
  });
});
