import { describe, expect, it } from 'vitest';
import { stubServer } from '../../helpers/command.js';
import { chatSession } from '../../helpers/resources.js';

const { server, ws } = stubServer({ now: '2026-11-20T12:00:00.000Z', env: { NO_COLOR: '1' } });

const id = '50000000-0000-4000-8000-000000000001';
const session = chatSession({ id, meta: { title: 'Revenue questions', pinned: false } });

describe('ws sessions get', () => {
  it('through a pipe: labelled lines with the meta as JSON', async () => {
    server.on('GET', `/chat-sessions/${id}`, { body: session });
    const result = await ws(['sessions', 'get', id]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain(`id:\t${id}\n`);
    expect(result.stdout).toContain('visibility:\tpersonal\n');
    expect(result.stdout).toContain('meta:\t{"title":"Revenue questions","pinned":false}\n');
    expect(result.stdout).toContain('created:\t2026-11-01T09:00:00.000Z\n');
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /chat-sessions/${id}`]);
  });

  it('in a terminal: aligned labels, times relative to the clock', async () => {
    server.on('GET', `/chat-sessions/${id}`, { body: session });
    const result = await ws(['sessions', 'get', id], { tty: true, columns: 100 });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^visibility: +personal$/m);
    expect(result.stdout).toMatch(/^created: +19 days ago$/m);
    expect(result.stdout).not.toContain('\t');
  });

  it('--json as sent; --json fields picks fields', async () => {
    server.on('GET', `/chat-sessions/${id}`, { body: session });
    expect(JSON.parse((await ws(['sessions', 'get', id, '--json'])).stdout)).toEqual(session);
    expect(JSON.parse((await ws(['sessions', 'get', id, '--json', 'id,meta'])).stdout)).toEqual({ id, meta: { title: 'Revenue questions', pinned: false } });
  });

  it('a legacy id (not a UUID) is read as it is', async () => {
    server.on('GET', '/chat-sessions/chat-legacy-42', { body: chatSession({ id: 'chat-legacy-42' }) });
    const result = await ws(['sessions', 'get', 'chat-legacy-42', '--json', 'id']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ id: 'chat-legacy-42' });
  });

  it('a session that does not exist is exit 4', async () => {
    server.on('GET', `/chat-sessions/${id}`, { status: 404, body: { message: 'no such session' } });
    const result = await ws(['sessions', 'get', id]);
    expect(result.exitCode).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`GET /chat-sessions/${id}: not found (HTTP 404)`);
  });

  it('usage errors are exit 2 and send nothing', async () => {
    for (const args of [[], [id, '--json', 'title']]) expect((await ws(['sessions', 'get', ...args])).exitCode, args.join(' ')).toBe(2);
    expect(server.requests).toEqual([]);
  });
});
