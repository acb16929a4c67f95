import { describe, expect, it } from 'vitest';
import { stubServer } from '../../helpers/command.js';
import { skill } from '../../helpers/resources.js';

const { server, ws } = stubServer({ now: '2026-11-20T12:00:00.000Z', env: { NO_COLOR: '1' } });

const id = '40000000-0000-4000-8000-000000000001';
const revenue = skill({ id, knowledge: 'Revenue counts paid orders only.\nRefunds are excluded.' });

describe('ws skills get', () => {
  it('by slug, through a pipe: labelled lines, the knowledge below', async () => {
    server.on('GET', '/skills/revenue_analysis', { body: revenue });
    const result = await ws(['skills', 'get', 'revenue_analysis']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('name:\tRevenue analysis\n');
    expect(result.stdout).toContain('slug:\trevenue_analysis\n');
    expect(result.stdout).toContain(`id:\t${id}\n`);
    expect(result.stdout).toContain('tools:\trun_query\n');
    expect(result.stdout).toMatch(/\nknowledge:\nRevenue counts paid orders only\.\nRefunds are excluded\.\n$/);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /skills/revenue_analysis']);
  });

  it('in a terminal: aligned labels, times relative to the clock', async () => {
    server.on('GET', '/skills/revenue_analysis', { body: revenue });
    const result = await ws(['skills', 'get', 'revenue_analysis'], { tty: true, columns: 100 });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^slug: +revenue_analysis$/m);
    expect(result.stdout).toMatch(/^updated: +3 hours ago$/m);
    expect(result.stdout).not.toContain('\t');
  });

  it('by UUID: --json as sent, --json fields picks fields, -o yaml', async () => {
    server.on('GET', `/skills/${id}`, { body: revenue });
    expect(JSON.parse((await ws(['skills', 'get', id, '--json'])).stdout)).toEqual(revenue);
    expect(JSON.parse((await ws(['skills', 'get', id, '--json', 'slug,knowledge'])).stdout)).toEqual({
      slug: 'revenue_analysis',
      knowledge: revenue.knowledge,
    });
    expect((await ws(['skills', 'get', id, '-o', 'yaml'])).stdout).toContain('slug: revenue_analysis\n');
  });

  it('a skill that does not exist is exit 4', async () => {
    server.on('GET', '/skills/nope', { status: 404, body: { message: 'skill not found' } });
    const result = await ws(['skills', 'get', 'nope']);
    expect(result.exitCode).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('GET /skills/nope: not found (HTTP 404)');
  });

  it('usage errors are exit 2 and send nothing', async () => {
    for (const args of [[], ['revenue_analysis', '--json', 'slug,body']]) {
      const result = await ws(['skills', 'get', ...args]);
      expect(result.exitCode, args.join(' ')).toBe(2);
    }
    expect(server.requests).toEqual([]);
  });
});
