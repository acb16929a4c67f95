import { describe, expect, it } from 'vitest';
import { stubServer } from '../../helpers/command.js';
import { automation } from '../../helpers/fixtures.js';

const { server, ws } = stubServer({ now: '2026-11-20T12:00:00.000Z', env: { NO_COLOR: '1' } });

const id = '20000000-0000-4000-8000-000000000001';
const inputSchema = { type: 'object', properties: { start_date: { type: 'string' }, min_amount: { type: 'number' } } };
const morning = automation({
  id,
  name: 'Morning revenue report',
  description: 'Revenue every morning',
  cadence: { type: 'daily', time: '06:00' },
  inputSchema,
});
const list = (workflows: Record<string, unknown>[]) => ({ body: { workflows, total: workflows.length, limit: 200, offset: 0 } });

describe('ws automations get', () => {
  it('by id: one GET, and labelled lines with cadence and inputs through a pipe', async () => {
    server.on('GET', `/automations/${id}`, { body: morning });
    const result = await ws(['automations', 'get', id]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('name:\tMorning revenue report\n');
    expect(result.stdout).toContain(`id:\t${id}\n`);
    expect(result.stdout).toContain('description:\tRevenue every morning\n');
    expect(result.stdout).toContain('cadence:\tdaily 06:00\n');
    expect(result.stdout).toContain('inputs:\tstart_date, min_amount\n');
    expect(result.stdout).toContain('updated:\t2026-11-20T10:00:00.000Z\n');
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /automations/${id}`]);
  });

  it('in a terminal: aligned labels and times relative to the clock', async () => {
    server.on('GET', `/automations/${id}`, { body: morning });
    const result = await ws(['automations', 'get', id], { tty: true, columns: 100 });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^name: +Morning revenue report$/m);
    expect(result.stdout).toMatch(/^cadence: +daily 06:00$/m);
    expect(result.stdout).toMatch(/^updated: +2 hours ago$/m);
    expect(result.stdout).not.toContain('\t');
  });

  it('--json is the automation as the API sent it; --json fields picks fields', async () => {
    server.on('GET', `/automations/${id}`, { body: morning });
    const whole = await ws(['automations', 'get', id, '--json']);
    expect(JSON.parse(whole.stdout)).toEqual(morning);
    const picked = await ws(['automations', 'get', id, '--json', 'name,cadence']);
    expect(JSON.parse(picked.stdout)).toEqual({ name: 'Morning revenue report', cadence: { type: 'daily', time: '06:00' } });
  });

  it('by its exact name: looked up through the search', async () => {
    server.on('GET', '/automations', list([morning, automation({ name: 'Morning revenue report (old)' })]));
    const result = await ws(['automations', 'get', 'Morning revenue report', '--json', 'id']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ id });
    expect(server.requests.map((r) => [r.path, r.query.search])).toEqual([['/automations', 'Morning revenue report']]);
  });

  it('a name no automation has is exit 4 with the similar ones', async () => {
    server.on('GET', '/automations', list([morning]));
    const result = await ws(['automations', 'get', 'Morning']);
    expect(result.exitCode).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `error: no automation is named "Morning"\nhint: the likeliest: "Morning revenue report" (${id}); see which there are: \`ws automations list\`\n`,
    );
  });

  it('a name two automations share is exit 4 listing both ids', async () => {
    const [a, b] = [automation(), automation()];
    server.on('GET', '/automations', list([a, b]));
    const result = await ws(['automations', 'get', 'Weekly export']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toBe(
      `error: the name "Weekly export" matches 2 automations\nhint: use the id of one: Weekly export (${a.id}), Weekly export (${b.id})\n`,
    );
  });

  it('a name in another case names the one automation that has it', async () => {
    server.on('GET', '/automations', list([morning]));
    const result = await ws(['automations', 'get', 'morning revenue report', '--json', 'id']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ id });
  });

  it('"Weekly export" and "weekly export": each exact name is one; a third case is exit 4 listing both', async () => {
    const [upper, lower] = [automation({ name: 'Weekly export' }), automation({ name: 'weekly export' })];
    server.on('GET', '/automations', list([upper, lower]));
    const exact = await ws(['automations', 'get', 'weekly export', '--json', 'id']);
    expect(JSON.parse(exact.stdout)).toEqual({ id: lower.id });
    const result = await ws(['automations', 'get', 'WEEKLY EXPORT']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toBe(
      `error: the name "WEEKLY EXPORT" matches 2 automations without regard to case\nhint: use the id of one: Weekly export (${upper.id}), weekly export (${lower.id})\n`,
    );
  });

  it('an id the server does not know is exit 4', async () => {
    server.on('GET', `/automations/${id}`, { status: 404, body: { message: 'automation not found' } });
    const result = await ws(['automations', 'get', id]);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('not found (HTTP 404)');
  });

  it('without an automation it is exit 2, nothing sent', async () => {
    const result = await ws(['automations', 'get']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain("missing required argument 'automation'");
    expect(server.requests).toEqual([]);
  });
});
