/**
 * `ws mcp` in-process, the command and its server: the MCP SDK's own client talks to it over the streams that are its stdin
 * and stdout, against the emulator. The tools it lists, how it starts and ends, what it answers without a key, and
 * the hints of failures below the tools. Each tool's answers are in test/commands/mcp/<group>/<tool>.test.ts; a
 * message past the transport's limit, which ends the real process, is in test/e2e/mcp.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { runWs } from '../../helpers/command.js';
import { emulatorKey } from '../../helpers/emulator.js';
import { mcpSessions, textOf, startMcpInProcess as startMcp } from '../../helpers/mcp.js';
import { tempConfigDir } from '../../helpers/ws.js';

const reads = [
  'list_queries',
  'get_query',
  'list_query_runs',
  'get_query_run',
  'list_automations',
  'get_automation',
  'list_automation_runs',
  'get_automation_run',
  'get_agent',
  'get_skill',
  'get_chat_session',
  'list_recent_failures',
  'execute_query',
];
const writes = ['create_query', 'update_query', 'trigger_automation', 'cancel_automation_run', 'update_agent', 'upsert_skill', 'update_chat_session'];

const { e, readOnly, writable } = mcpSessions();

describe('ws mcp', () => {
  it('lists the reading tools, each with schemas and annotations; --allow-writes adds the writing ones', async () => {
    const { tools } = await readOnly.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(reads);
    for (const tool of tools) {
      expect(tool.description!.length).toBeGreaterThan(60);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.annotations?.readOnlyHint).toBe(tool.name !== 'execute_query');
    }
    const all = (await writable.client.listTools()).tools;
    expect(all.map((tool) => tool.name)).toEqual([...reads, ...writes]);
    const annotations = Object.fromEntries(all.map((tool) => [tool.name, tool.annotations]));
    expect(annotations.cancel_automation_run).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    expect(annotations.create_query).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    expect(all.find((tool) => tool.name === 'execute_query')!.inputSchema.properties).toHaveProperty('wait_seconds');
  });

  it('without a key the server starts and each tool answers with the CLI message and hint', async () => {
    const session = await startMcp([], { WS_BASE_URL: e.baseUrl });
    try {
      expect((await session.client.listTools()).tools).toHaveLength(reads.length);
      const result = await session.call('list_queries');
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe('error: no API key configured for profile "default"\nhint: run `ws auth login`, or set WS_API_KEY');
    } finally {
      await session.close();
    }
  });

  it('a dropped create, 429, 503, a refused key and unknown ids: each hint names a tool to call, a CLI command only for a person', async () => {
    const session = await startMcp(['--allow-writes'], { ...e.env, WS_MAX_ATTEMPTS: '1' });
    try {
      await e.fault({ path: '^/queries$', method: 'POST', reset: true });
      const dropped = textOf(await session.call('create_query', { name: 'MCP dropped', sql: 'SELECT 1' }));
      expect(dropped).toMatch(/hint: check before sending it again: call list_queries .*\(in a shell: `ws queries list --sort created`\)/);
      for (const status of [429, 503]) {
        await e.fault({ path: '^/queries$', status });
        const busy = textOf(await session.call('list_queries'));
        expect(busy).toMatch(/hint: .*try again later/);
        expect(busy).not.toContain('--debug');
      }
      await e.fault({ path: '^/queries$', status: 401 });
      const refused = textOf(await session.call('list_queries'));
      expect(refused).toContain('hint: the API key ws mcp was started with was refused: a person must fix it (`ws auth status` in a shell');
      const unknown = '00000000-0000-4000-8000-00000000dead';
      const lists: [string, Record<string, string>, RegExp][] = [
        ['get_query_run', { run_id: unknown }, /hint: find the ids of runs: call list_query_runs/],
        ['get_automation_run', { run_id: unknown }, /hint: find the ids of runs: call list_automation_runs/],
        ['get_agent', { agent: unknown }, /hint: no tool lists the agents/],
        ['get_skill', { skill: unknown }, /hint: no tool lists the skills/],
        ['get_query', { query: unknown }, /hint: see which there are: call list_queries/],
      ];
      for (const [tool, args, hint] of lists) {
        const answer = await session.call(tool, args);
        expect(answer.isError).toBe(true);
        expect(textOf(answer)).toMatch(hint);
      }
    } finally {
      await session.close();
    }
  });

  it('ends with exit 0 when the client closes its stdin, stderr empty; listing tools sends nothing', async () => {
    const session = await startMcp([], e.env);
    await e.clearRequests();
    expect((await session.client.listTools()).tools.length).toBeGreaterThan(0);
    await session.close();
    expect(await session.exitCode()).toBe(0);
    expect(session.stderr()).toBe('');
    expect(await e.requests()).toEqual([]);
  });

  it('writes only protocol messages on stdout: each one a JSON-RPC line', async () => {
    const session = await startMcp([], e.env);
    await session.call('list_queries', { limit: 1 });
    await session.close();
    expect(session.messages.length).toBeGreaterThanOrEqual(2);
    for (const message of session.messages) expect(JSON.parse(message)).toMatchObject({ jsonrpc: '2.0' });
  });

  it.each([false, true])('an unknown option is exit 2 before serving (terminal: %s), nothing on stdout or sent', async (tty) => {
    await e.clearRequests();
    const result = await runWs(['mcp', '--allow-write'], e.env, { tty });
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error: unknown option '--allow-write'/);
    expect(await e.requests()).toEqual([]);
  });

  it('ws mcp --profile p --base-url u: the hints name commands without them, as always', async () => {
    const configDir = tempConfigDir();
    // no key: every tool answers with the no-key error; with one, a failed run names how to see it
    const [keyless, keyed] = await Promise.all([
      startMcp(['--profile', 'p', '--base-url', e.baseUrl], { WS_CONFIG_DIR: configDir }),
      startMcp(['--profile', 'p', '--base-url', e.baseUrl], { WS_CONFIG_DIR: configDir, WS_API_KEY: emulatorKey }),
    ]);
    try {
      expect(textOf(await keyless.call('list_queries'))).toBe('error: no API key configured for profile "p"\nhint: run `ws auth login`, or set WS_API_KEY');
      // a failed run names the tool to call, and for a person the CLI command, bare
      expect(textOf(await keyed.call('execute_query', { query: 'churn_report' }))).toMatch(/\(in a shell: ws runs get [0-9a-f-]{36}\)$/);
    } finally {
      await Promise.all([keyless.close(), keyed.close()]);
    }
  });
});
