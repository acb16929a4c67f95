import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stubServer } from '../../helpers/command.js';

const { server, ws } = stubServer({ now: '2026-11-20T12:00:00.000Z', env: { NO_COLOR: '1' } });

const id = '50000000-0000-4000-8000-000000000002';
/** The server merges meta into the session's ({title}) and answers with the result. */
function merging(request: { body: string }) {
  const body = JSON.parse(request.body) as { visibility?: string; meta?: Record<string, unknown> };
  return { body: { id, visibility: body.visibility ?? 'organization', meta: { title: 'Onboarding', ...body.meta }, updatedAt: '2026-11-20T11:59:00.000Z' } };
}
const sent = () => server.requests.map((r) => [r.method, r.path, r.headers['x-session-id'], JSON.parse(r.body)]);

describe('ws sessions update', () => {
  it('--visibility: one PATCH naming the session in x-session-id; the answer printed, a note on stderr', async () => {
    server.on('PATCH', '/chat-sessions/update', merging);
    const result = await ws(['sessions', 'update', id, '--visibility', 'public']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(sent()).toEqual([['PATCH', '/chat-sessions/update', id, { visibility: 'public' }]]);
    expect(result.stdout).toBe(`id:\t${id}\nvisibility:\tpublic\nmeta:\t{"title":"Onboarding"}\nupdated:\t2026-11-20T11:59:00.000Z\n`);
    expect(result.stderr).toBe(`Updated chat session ${id}: visibility\n`);
  });

  it('in a terminal: aligned labels', async () => {
    server.on('PATCH', '/chat-sessions/update', merging);
    const result = await ws(['sessions', 'update', id, '--visibility', 'personal'], { tty: true, columns: 100 });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^visibility: +personal$/m);
    expect(result.stdout).toMatch(/^updated: +1 minute ago$/m);
  });

  it('--meta inline or @file is sent as JSON; --json prints the answer', async () => {
    server.on('PATCH', '/chat-sessions/update', merging);
    const inline = await ws(['sessions', 'update', id, '--meta', '{"pinned": true}', '-q']);
    expect(inline.exitCode, inline.stderr).toBe(0);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ws-sessions-')), 'meta.json');
    fs.writeFileSync(file, JSON.stringify({ tags: ['new-hire'] }));
    const fromFile = await ws(['sessions', 'update', id, '--meta', `@${file}`, '--visibility', 'organization', '--json']);
    expect(fromFile.exitCode, fromFile.stderr).toBe(0);
    expect(JSON.parse(fromFile.stdout)).toEqual({
      id,
      visibility: 'organization',
      meta: { title: 'Onboarding', tags: ['new-hire'] },
      updatedAt: '2026-11-20T11:59:00.000Z',
    });
    expect(sent().map((request) => request[3])).toEqual([{ meta: { pinned: true } }, { visibility: 'organization', meta: { tags: ['new-hire'] } }]);
  });

  it('--dry-run prints the request with its x-session-id header and sends nothing', async () => {
    const result = await ws(['sessions', 'update', id, '--visibility', 'public', '--dry-run']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe(`PATCH /chat-sessions/update\nx-session-id: ${id}\n{\n  "visibility": "public"\n}\n`);
    expect(result.stderr).toBe('dry run: nothing was sent\n');
    expect(server.requests).toEqual([]);
  });

  it.each([
    [['chat-legacy-42', '--visibility', 'public'], 'error: invalid chat session id "chat-legacy-42": must be a UUID'],
    [[id], 'error: nothing to update'],
    [[id, '--visibility', 'everyone'], "argument 'everyone' is invalid"],
    [[id, '--meta', '{not json'], '--meta'],
  ])('%j is exit 2 and sends nothing', async (args, message) => {
    const result = await ws(['sessions', 'update', ...args]);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
    expect(server.requests).toEqual([]);
  });

  it('a PATCH the server refuses (403) is exit 3 with its message', async () => {
    server.on('PATCH', '/chat-sessions/update', { status: 403, body: { message: 'only the owner can change visibility' } });
    const result = await ws(['sessions', 'update', id, '--visibility', 'public']);
    expect(result.exitCode).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('only the owner can change visibility');
  });
});
