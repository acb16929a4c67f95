import { describe, expect, it } from 'vitest';
import { PrintedCommands } from '../../src/shell.js';

describe('PrintedCommands: the options a printed command carries', () => {
  const options = { profile: 'ci prod', baseUrl: 'https://bob:pw@ws.example.com/public/v3', allowInsecureHttp: true, httpTimeout: '2m', json: 'state,id', jq: '.state', crlf: true, wide: true, quiet: true, debug: true, color: false, pager: false };

  it('a command that goes on with this one: where it runs and what it prints, never user:password', () => {
    expect(PrintedCommands.of(options).continuing('runs', 'wait', 'r1')).toBe(
      "ws runs wait r1 --profile 'ci prod' --base-url https://ws.example.com/public/v3 --allow-insecure-http --http-timeout 2m --json state,id --jq .state --crlf --wide",
    );
  });

  it('any other command: where it runs only; ws config: the profile only', () => {
    const printed = PrintedCommands.of(options);
    expect(printed.command('automations', 'cancel', 'a1')).toBe("ws automations cancel a1 --profile 'ci prod' --base-url https://ws.example.com/public/v3 --allow-insecure-http --http-timeout 2m");
    expect(printed.command('config', 'set', 'output', 'table')).toBe("ws config set output table --profile 'ci prod'");
  });

  it('nothing given, nothing carried; -o as given', () => {
    expect(PrintedCommands.of({}).continuing('runs', 'wait', 'r1')).toBe('ws runs wait r1');
    expect(PrintedCommands.bare.command('runs', 'get', 'r1')).toBe('ws runs get r1');
    expect(PrintedCommands.of({ output: 'csv', json: true }).continuing('x')).toBe('ws x --json -o csv');
  });
});
