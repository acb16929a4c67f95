import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stubServer } from '../../helpers/command.js';
import { agent } from '../../helpers/resources.js';

const { server, ws } = stubServer({ env: { NO_COLOR: '1' } });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-agents-update-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
function write(name: string, text: string | Buffer): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

const before = agent({ name: 'sql_helper', maxTurns: 12, description: 'Answers questions with SQL', skills: ['revenue_analysis'] });
/** The PATCH answers with the agent changed as asked. */
const patched = (request: { body: string }) => ({ body: { ...before, ...JSON.parse(request.body) } });
const sent = () => server.requests.map((r) => `${r.method} ${r.path}${r.body ? ` ${r.body}` : ''}`);

describe('ws agents update', () => {
  it('reads the agent, sends only the flags given, prints the agent and names what changed', async () => {
    server.on('GET', '/agents/sql_helper', { body: before });
    server.on('PATCH', '/agents/sql_helper', patched);
    const result = await ws([
      'agents',
      'update',
      'sql_helper',
      '--max-turns',
      '20',
      '--description',
      'Writes SQL for the team',
      '--skill',
      'sql_style',
      '--skill',
      'revenue_analysis',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(sent()).toEqual([
      'GET /agents/sql_helper',
      'PATCH /agents/sql_helper {"description":"Writes SQL for the team","skills":["sql_style","revenue_analysis"],"maxTurns":20}',
    ]);
    expect(result.stdout).toContain('max turns:\t20\n');
    expect(result.stdout).toContain('skills:\tsql_style, revenue_analysis\n');
    expect(result.stderr).toBe('Updated agent sql_helper: description, skills, maxTurns\n');
  });

  it('in a terminal: aligned labels; with --json the updated agent', async () => {
    server.on('GET', '/agents/sql_helper', { body: before });
    server.on('PATCH', '/agents/sql_helper', patched);
    const tty = await ws(['agents', 'update', 'sql_helper', '--kind', 'sub'], { tty: true, columns: 100 });
    expect(tty.exitCode, tty.stderr).toBe(0);
    expect(tty.stdout).toMatch(/^kind: +sub$/m);
    expect(tty.stderr).toBe('Updated agent sql_helper: kind\n');
    const json = await ws(['agents', 'update', 'sql_helper', '--max-turns', '7', '--json']);
    expect(JSON.parse(json.stdout)).toEqual({ ...before, maxTurns: 7 });
  });

  it('the note names only the fields that changed, and those left as they were', async () => {
    server.on('GET', '/agents/sql_helper', { body: before });
    server.on('PATCH', '/agents/sql_helper', patched);
    const result = await ws(['agents', 'update', 'sql_helper', '--max-turns', '12', '--description', 'Writes the weekly report']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('Updated agent sql_helper: description (unchanged: maxTurns)\n');
  });

  it('values the agent already has: no PATCH, and the note says so (none with --json off a terminal)', async () => {
    server.on('GET', '/agents/sql_helper', { body: before });
    const result = await ws(['agents', 'update', 'sql_helper', '--max-turns', '12', '--kind', 'chat']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('max turns:\t12\n');
    expect(result.stderr).toBe('Agent sql_helper already has these values (kind, maxTurns): no PATCH was sent\n');
    const json = await ws(['agents', 'update', 'sql_helper', '--max-turns', '12', '--json', 'name,maxTurns']);
    expect(JSON.parse(json.stdout)).toEqual({ name: 'sql_helper', maxTurns: 12 });
    expect(json.stderr).toBe('');
    expect(sent()).toEqual(['GET /agents/sql_helper', 'GET /agents/sql_helper']);
  });

  it('--from-file (YAML): the fields of the file, a flag winning over the same field', async () => {
    server.on('GET', '/agents/report_writer', { body: agent({ name: 'report_writer' }) });
    server.on('PATCH', '/agents/report_writer', patched);
    const file = write(
      'report_writer.yaml',
      [
        'name: report_writer',
        'status: draft',
        'kind: chat',
        'maxTurns: 8',
        'systemPrompt: |',
        '  Write a short report.',
        '  Use plain words.',
        'tools:',
        '  - name: run_query',
        '    config: {maxRows: 50}',
        'subAgents: [sql_helper, acme/summariser]',
        'metadata: {owner: data-team}',
        '',
      ].join('\n'),
    );
    const result = await ws(['agents', 'update', 'report_writer', '--from-file', file, '--max-turns', '6', '-q']);
    expect(result.exitCode, result.stderr).toBe(0);
    // name and status are read-only: skipped, not sent
    expect(JSON.parse(server.requests[1]!.body)).toEqual({
      kind: 'chat',
      systemPrompt: 'Write a short report.\nUse plain words.\n',
      tools: [{ name: 'run_query', config: { maxRows: 50 } }],
      subAgents: ['sql_helper', 'acme/summariser'],
      maxTurns: 6,
      metadata: { owner: 'data-team' },
    });
  });

  it('--system-prompt-file and --from-file - read files and stdin', async () => {
    server.on('GET', '/agents/sql_helper', { body: before });
    server.on('PATCH', '/agents/sql_helper', patched);
    const prompt = write('prompt.md', 'You write DuckDB SQL.\nNever guess column names.\n');
    expect((await ws(['agents', 'update', 'sql_helper', '--system-prompt-file', prompt, '-q'])).exitCode).toBe(0);
    expect(JSON.parse(server.requests[1]!.body)).toEqual({ systemPrompt: 'You write DuckDB SQL.\nNever guess column names.\n' });
    const piped = await ws(['agents', 'update', 'sql_helper', '--from-file', '-', '-q'], { stdin: '{"description": "from stdin"}' });
    expect(piped.exitCode, piped.stderr).toBe(0);
    expect(JSON.parse(server.requests[3]!.body)).toEqual({ description: 'from stdin' });
  });

  it('files are read as queries are: not UTF-8 is exit 2 naming the byte, nothing sent; a leading byte order mark is dropped', async () => {
    server.on('GET', '/agents/sql_helper', { body: before });
    server.on('PATCH', '/agents/sql_helper', patched);
    const latin1 = write('latin1.md', Buffer.from('Réponds en français.\n', 'latin1'));
    const refused = await ws(['agents', 'update', 'sql_helper', '--system-prompt-file', latin1]);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toBe(
      `error: --system-prompt-file ${latin1} is not UTF-8 text: byte offset 1 (line 1) is 0xE9; it looks like Latin-1 or Windows-1252 (where these bytes read "é")\nhint: save it as UTF-8; nothing was sent\n`,
    );
    const json = write('bom.json', '\uFEFF{"description": "saved by Notepad"}');
    expect(await ws(['agents', 'update', 'sql_helper', '--from-file', json, '-q'])).toMatchObject({ exitCode: 0 });
    expect(server.requests.filter((r) => r.method === 'PATCH').map((r) => JSON.parse(r.body))).toEqual([{ description: 'saved by Notepad' }]);
  });

  it('--dry-run reads the agent and prints the request and each change; no PATCH', async () => {
    server.on('GET', '/agents/sql_helper', { body: before });
    const result = await ws(['agents', 'update', 'sql_helper', '--max-turns', '33', '--kind', 'chat', '--dry-run']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe('PATCH /agents/sql_helper\n{\n  "kind": "chat",\n  "maxTurns": 33\n}\n\nchanges:\n  maxTurns: 12 -> 33\nunchanged: kind\n');
    expect(result.stderr).toBe('dry run: nothing was sent\n');
    const json = await ws(['agents', 'update', 'sql_helper', '--max-turns', '33', '--dry-run', '-o', 'json']);
    expect(JSON.parse(json.stdout)).toEqual({
      dryRun: true,
      method: 'PATCH',
      path: '/agents/sql_helper',
      body: { maxTurns: 33 },
      changes: { maxTurns: { from: 12, to: 33 } },
      unchanged: [],
    });
    expect(sent()).toEqual(['GET /agents/sql_helper', 'GET /agents/sql_helper']);
  });

  it.each([
    [[], 'error: nothing to update'],
    [['--max-turns', '51'], 'error: invalid --max-turns 51'],
    [['--max-turns', '0'], '--max-turns'],
    [['--kind', 'robot'], "argument 'robot' is invalid"],
    [['--sub-agent', 'Not A Name'], '--sub-agent'],
    [['--system-prompt', 'a', '--system-prompt-file', 'b.md'], 'error: use --system-prompt or --system-prompt-file, not both'],
    [['--metadata', '[1,2]'], '--metadata'],
  ])('%j is exit 2 before any request', async (args, message) => {
    const result = await ws(['agents', 'update', 'sql_helper', ...args]);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
    expect(server.requests).toEqual([]);
  });

  it('a file out of range, of another agent, or with an unknown field is exit 2 naming the file; nothing sent', async () => {
    const cases: [string, string, RegExp | string][] = [
      ['too_many_turns.yaml', 'description: fine\nmaxTurns: 99\n', /^error: invalid too_many_turns\.yaml: maxTurns 99: .*50/m],
      [
        'bad_sub_agent.json',
        JSON.stringify({ subAgents: ['report_writer', 'Not A Name'] }),
        'bad_sub_agent.json: subAgents (subAgents.1) "Not A Name": must match',
      ],
      ['other.yaml', 'name: report_writer\nmaxTurns: 3\n', 'other.yaml describes agent report_writer, not sql_helper'],
      ['unknown.yaml', 'maxTurn: 3\n', 'unknown.yaml: unknown agent field maxTurn'],
    ];
    for (const [name, text, message] of cases) {
      const result = await ws(['agents', 'update', 'sql_helper', '--from-file', write(name, text)]);
      expect(result.exitCode, name).toBe(2);
      if (typeof message === 'string') expect(result.stderr, name).toContain(message);
      else expect(result.stderr, name).toMatch(message);
    }
    expect(server.requests).toEqual([]);
  });

  it('a PATCH the server refuses is exit 1 with its message', async () => {
    server.on('GET', '/agents/sql_helper', { body: before });
    server.on('PATCH', '/agents/sql_helper', { status: 422, body: { message: 'skill sql_style does not exist' } });
    const result = await ws(['agents', 'update', 'sql_helper', '--skill', 'sql_style']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('skill sql_style does not exist');
  });
});
