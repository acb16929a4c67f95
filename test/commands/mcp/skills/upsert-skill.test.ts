/**
 * The MCP tool upsert_skill: creates the skill of a slug or replaces it whole; only with --allow-writes. With ws mcp's
 * own client against the emulator (test/helpers/mcp.ts).
 */
import { describe, expect, it } from 'vitest';
import { routes } from '../../../helpers/emulator.js';
import { mcpSessions, textOf } from '../../../helpers/mcp.js';

const { e, readOnly, writable } = mcpSessions();

describe('upsert_skill', () => {
  it('creates a skill, then replaces it whole: what the API has is what was sent', async () => {
    const created = await writable.call('upsert_skill', {
      slug: 'mcp_made',
      name: 'MCP made',
      description: 'made here',
      knowledge: 'first',
      tools: ['run_query'],
    });
    expect(created.isError, textOf(created)).toBeFalsy();
    const { skill } = created.structuredContent as { skill: Record<string, any> };
    expect(skill).toMatchObject({ slug: 'mcp_made', name: 'MCP made', description: 'made here', knowledge: 'first', tools: ['run_query'] });
    const replaced = await writable.call('upsert_skill', { slug: 'mcp_made', name: 'MCP made', description: 'made here', knowledge: 'second' });
    expect(replaced.isError, textOf(replaced)).toBeFalsy();
    const now = (await e.api('GET', '/skills/mcp_made')).json;
    expect(now).toMatchObject({ id: skill.id, knowledge: 'second' });
    expect((replaced.structuredContent as { skill: unknown }).skill).toEqual(now);
  });

  it('is refused without --allow-writes, and nothing is sent', async () => {
    await e.clearRequests();
    const refused = await readOnly.call('upsert_skill', { slug: 'mcp_refused', name: 'MCP refused', description: 'refused' });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('upsert_skill changes the workspace, and this server was started without --allow-writes: nothing was sent');
    expect(routes(await e.requests())).toEqual([]);
  });
});
