/**
 * The MCP tool get_query_run: any window of a run's rows, and a run whose rows another run replaced. With ws mcp's own client against the emulator (test/helpers/mcp.ts).
 */
import { describe, expect, it } from 'vitest';
import { mcpSessions, textOf } from '../../../helpers/mcp.js';

const { e, readOnly, apiQuery, apiRun } = mcpSessions();

describe('get_query_run', () => {
  it('get_query_run reads the rows at offset 4,000 of a 5,000-row result, and each answer names the next call', async () => {
    const query = await apiQuery('MCP all orders', 'SELECT * FROM orders ORDER BY order_id');
    const first = await readOnly.call('execute_query', { query: query.slug, max_rows: 10 });
    const run = first.structuredContent as Record<string, any>;
    expect(run.total_row_count).toBe(5000);
    expect(run.next).toEqual({ tool: 'get_query_run', arguments: { run_id: run.run_id, offset: 10, max_rows: 10 } });
    expect(textOf(first)).toContain(`get_query_run with {"run_id":"${run.run_id}","offset":10,"max_rows":10}`);
    const page = await readOnly.call('get_query_run', { run_id: run.run_id, offset: 4000, max_rows: 5 });
    const data = page.structuredContent as Record<string, any>;
    const truth = await e.api('GET', `/queries/${query.id}/latest/data?offset=4000&limit=5`);
    expect(data.rows).toEqual(truth.json.rows);
    expect(data.rows[0].order_id).toBe(4001);
    expect(data).toMatchObject({ offset: 4000, returned_row_count: 5, total_row_count: 5000, rows_omitted: 4995 });
    expect(data.next).toEqual({ tool: 'get_query_run', arguments: { run_id: run.run_id, offset: 4005, max_rows: 5 } });
    const last = (await readOnly.call('get_query_run', { run_id: run.run_id, offset: 4998, max_rows: 5 })).structuredContent as Record<string, any>;
    expect(last.rows.map((row: any) => row.order_id)).toEqual([4999, 5000]);
    expect(last.next).toBeUndefined();
    // above the cap, `next` carries the clamped count: the clamp note is not said again on every page
    const clamped = (await readOnly.call('get_query_run', { run_id: run.run_id, max_rows: 5000 })).structuredContent as Record<string, any>;
    expect(clamped.notes).toContain('max_rows 5000 is more than 1,000: clamped to 1,000');
    expect(clamped.next).toEqual({ tool: 'get_query_run', arguments: { run_id: run.run_id, offset: 1000, max_rows: 1000 } });
    const after = (await readOnly.call(clamped.next.tool, clamped.next.arguments)).structuredContent as Record<string, any>;
    expect(after.notes.join('\n')).not.toContain('clamped');
  });

  it('a run whose rows another run replaced says which run has them now and how to read them', async () => {
    const query = await apiQuery('MCP replaced', 'SELECT order_id FROM orders ORDER BY order_id LIMIT 7');
    const older = await apiRun(query.id);
    const newer = await apiRun(query.id);
    const answer = await readOnly.call('get_query_run', { run_id: older });
    expect(answer.isError).toBeFalsy();
    const data = answer.structuredContent as Record<string, any>;
    expect(data).toMatchObject({ state: 'COMPLETED', rows: [], rows_replaced_by: newer, total_row_count: 7, rows_omitted: 7 });
    expect(data.next).toEqual({ tool: 'get_query_run', arguments: { run_id: newer, offset: 0, max_rows: 100 } });
    expect(textOf(answer)).toContain(`its rows were replaced by those of run ${newer}`);
    expect(textOf(answer)).not.toContain('waited for');
  });
});
