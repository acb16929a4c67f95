/**
 * The MCP tool trigger_automation. With ws mcp's own client against the emulator (test/helpers/mcp.ts).
 */
import { describe, expect, it } from 'vitest';
import { mcpSessions, textOf } from '../../../helpers/mcp.js';

const { writable } = mcpSessions();

describe('trigger_automation', () => {
  it('trigger_automation names the call that follows the run', async () => {
    const triggered = await writable.call('trigger_automation', { automation: 'Morning revenue report' });
    const { run, next } = triggered.structuredContent as { run: { id: string }; next: unknown };
    expect(next).toEqual({ tool: 'get_automation_run', arguments: { run_id: run.id } });
    expect(textOf(triggered)).toContain('get_automation_run');
  });
});
