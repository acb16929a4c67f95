import { describe, expect, it } from 'vitest';
import { stubServer } from '../../helpers/command.js';
import { agent } from '../../helpers/resources.js';

const { server, ws } = stubServer({ now: '2026-11-20T12:00:00.000Z', env: { NO_COLOR: '1' } });

const id = '30000000-0000-4000-8000-000000000002';
const writer = agent({
  id,
  name: 'report_writer',
  kind: 'sub',
  status: 'draft',
  handlerType: 'code',
  maxTurns: 4,
  tools: null,
  subAgents: null,
  skills: [],
  systemPrompt: 'Summarise the rows you are given.\nFive sentences or fewer.',
});

describe('ws agents get', () => {
  it('by slug, through a pipe: labelled lines, the system prompt below', async () => {
    server.on('GET', '/agents/report_writer', { body: writer });
    const result = await ws(['agents', 'get', 'report_writer']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('name:\treport_writer\n');
    expect(result.stdout).toContain(`id:\t${id}\n`);
    expect(result.stdout).toContain('kind:\tsub\n');
    expect(result.stdout).toContain('status:\tdraft\n');
    expect(result.stdout).toContain('handler:\tcode\n');
    expect(result.stdout).toContain('max turns:\t4\n');
    expect(result.stdout).toMatch(/\nsystem prompt:\nSummarise the rows you are given\.\nFive sentences or fewer\.\n$/);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /agents/report_writer']);
  });

  it('in a terminal: aligned labels, lists joined, times relative to the clock', async () => {
    server.on('GET', '/agents/sql_helper', { body: agent({ skills: ['revenue_analysis', 'sql_style'] }) });
    const result = await ws(['agents', 'get', 'sql_helper'], { tty: true, columns: 100 });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^name: +sql_helper$/m);
    expect(result.stdout).toMatch(/^tools: +run_query$/m);
    expect(result.stdout).toMatch(/^skills: +revenue_analysis, sql_style$/m);
    expect(result.stdout).toMatch(/^updated: +3 hours ago$/m);
    expect(result.stdout).not.toContain('\t');
  });

  it('by UUID: --json is the agent as sent; --json fields picks fields', async () => {
    server.on('GET', `/agents/${id}`, { body: writer });
    const whole = await ws(['agents', 'get', id, '--json']);
    expect(JSON.parse(whole.stdout)).toEqual(writer);
    const picked = await ws(['agents', 'get', id, '--json', 'name,kind']);
    expect(JSON.parse(picked.stdout)).toEqual({ name: 'report_writer', kind: 'sub' });
    expect(server.requests.map((r) => r.path)).toEqual([`/agents/${id}`, `/agents/${id}`]);
  });

  it('-o yaml prints what `agents update --from-file` reads back', async () => {
    server.on('GET', '/agents/report_writer', { body: writer });
    const result = await ws(['agents', 'get', 'report_writer', '-o', 'yaml']);
    expect(result.stdout).toContain('name: report_writer\n');
    expect(result.stdout).toContain('maxTurns: 4\n');
  });

  it('an agent that does not exist is exit 4', async () => {
    server.on('GET', '/agents/no_such_agent', { status: 404, body: { message: 'agent not found' } });
    const result = await ws(['agents', 'get', 'no_such_agent']);
    expect(result.exitCode).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error: GET \/agents\/no_such_agent: not found \(HTTP 404\)/m);
  });

  it('usage errors are exit 2 and send nothing', async () => {
    for (const args of [[], ['sql_helper', '--json', 'name,prompt']]) {
      const result = await ws(['agents', 'get', ...args]);
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
    }
    expect(server.requests).toEqual([]);
  });
});
