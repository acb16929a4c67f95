/**
 * Drives `ws mcp` in-process with the MCP SDK's own client, over two streams that are its stdin and stdout: every
 * message and stderr kept. (A real process is driven raw, in test/e2e/mcp.test.ts.)
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { run } from '../../src/cli.js';
import { late } from './command.js';
import { emulatorKey, startTestEmulator, type TestEmulator } from './emulator.js';
import { fakeIO } from './fake-io.js';
import { tempConfigDir } from './ws.js';

export interface McpSession {
  client: Client;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  /** Every JSON-RPC message the server sent, as received. */
  messages: string[];
  stderr(): string;
  close(): Promise<void>;
}

/** The text of a result's first content item. */
export function textOf(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}

/** A client transport over two streams: what it sends is the server's stdin, what it reads the server's stdout. */
class StreamTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private readonly buffer = new ReadBuffer();

  constructor(
    private readonly toServer: PassThrough,
    private readonly fromServer: PassThrough,
  ) {}

  async start(): Promise<void> {
    this.fromServer.on('data', (chunk: Buffer) => {
      this.buffer.append(chunk);
      try {
        for (let message = this.buffer.readMessage(); message; message = this.buffer.readMessage()) this.onmessage?.(message);
      } catch (error) {
        this.onerror?.(error as Error);
      }
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.toServer.write(serializeMessage(message));
  }

  async close(): Promise<void> {
    this.toServer.end();
    this.onclose?.();
  }
}

/**
 * `ws mcp` run in-process, its stdin and stdout two streams the SDK's own client talks over: the same session as
 * startMcp without a process. The environment is built from scratch (a private config folder and what the test
 * gives); exitCode() is what `ws mcp` returned once the session ended.
 */
export async function startMcpInProcess(
  args: string[],
  env: Record<string, string | undefined>,
): Promise<McpSession & { exitCode(): Promise<number>; toServer: PassThrough }> {
  const io = fakeIO({ clock: Date.now, env: { WS_CONFIG_DIR: tempConfigDir(), ...env } });
  const toServer = new PassThrough();
  const fromServer = new PassThrough();
  io.stdin = toServer;
  io.stdout = fromServer;
  const exit = run(['mcp', ...args], io);
  const transport = new StreamTransport(toServer, fromServer);
  const messages: string[] = [];
  const client = new Client({ name: 'ws-in-process', version: '0' });
  // keep what the server sends, before the client reads it
  const start = transport.start.bind(transport);
  transport.start = async () => {
    const deliver = transport.onmessage!;
    transport.onmessage = (message) => {
      messages.push(JSON.stringify(message));
      deliver(message);
    };
    await start();
  };
  await client.connect(transport, { timeout: 20_000 });
  return {
    client,
    call: (name, callArgs = {}) => client.callTool({ name, arguments: callArgs }, undefined, { timeout: 30_000 }) as Promise<CallToolResult>,
    messages,
    stderr: () => io.err(),
    close: async () => {
      await client.close();
      await exit;
    },
    exitCode: () => exit,
    toServer,
  };
}

/**
 * For a test file of MCP tools: an emulator (demo data, fast runs) and two `ws mcp` sessions on it, one read-only and
 * one with --allow-writes, started before the file's tests. After them, the key is in no message the servers sent
 * and not on their stderr, whatever was asked, and the emulator closes (failing on a response the API description
 * does not allow). Beside them, the ground truth through the API itself, which does not go through ws.
 */
export function mcpSessions() {
  let started: { e: TestEmulator; readOnly: McpSession; writable: McpSession } | undefined;
  beforeAll(async () => {
    const e = await startTestEmulator();
    const [readOnly, writable] = await Promise.all([startMcpInProcess([], e.env), startMcpInProcess(['--allow-writes'], e.env)]);
    started = { e, readOnly, writable };
  }, 60_000);
  afterAll(async () => {
    for (const session of [started?.readOnly, started?.writable]) {
      await session?.close();
      for (const message of session?.messages ?? []) expect(message).not.toContain(emulatorKey);
      expect(session?.stderr() ?? '').not.toContain(emulatorKey);
    }
    await started?.e.close();
  });
  const notYet = 'mcpSessions: the emulator and the sessions start in beforeAll';
  const e = late(() => started?.e, notYet);
  const writable = late(() => started?.writable, notYet);

  /** Waits (bounded) until the API says the run has ended: its id. */
  async function ended(what: string, runId: string, path: string, state: (json: any) => string, final: string[]): Promise<string> {
    for (let i = 0; i < 200; i++) {
      if (final.includes(state((await e.api('GET', `${path}/${runId}`)).json))) return runId;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`${what} ${runId} did not end`);
  }

  return {
    e,
    readOnly: late(() => started?.readOnly, notYet),
    writable,
    /** The server is still there after an error: a read answers. */
    async stillAnswers(session: McpSession): Promise<void> {
      const result = await session.call('list_queries', { limit: 1 });
      expect(result.isError).toBeFalsy();
      expect((result.structuredContent as { queries: unknown[] }).queries).toHaveLength(1);
    },
    /** A tool that writes SQL, given blank SQL: a usage error saying what the SQL is, and nothing sent. */
    async refusesBlankSql(tool: string, args: Record<string, unknown>, said: string): Promise<void> {
      await e.clearRequests();
      const result = await writable.call(tool, args);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain(`error: the argument sql is ${said}: a query needs SQL, nothing was sent`);
      expect(await e.requests()).toEqual([]);
    },
    /** A query made through the API for one test, so that no other test's runs replace its rows. */
    async apiQuery(name: string, sql: string): Promise<{ id: string; slug: string }> {
      const { status, json } = await e.api('POST', '/queries', { name, sql });
      expect(status).toBe(201);
      return json;
    },
    /** Starts a run through the API and waits for it to end (bounded): its id. */
    async apiRun(queryId: string): Promise<string> {
      const started = await e.api('POST', `/queries/${queryId}/execute`, {});
      return ended('run', started.json.queryRunId as string, '/query-runs', (json) => json.status, ['COMPLETED', 'FAILED', 'CANCELLED']);
    },
    /** Triggers an automation through the API (or takes a run already started) and waits for it to end (bounded): its id. */
    async apiAutomationRun(automationId: string | undefined, runId?: string): Promise<string> {
      const id = runId ?? ((await e.api('POST', `/automations/${automationId}/runs`, {})).json.id as string);
      return ended('automation run', id, '/automation-runs', (json) => json.run.state, ['completed', 'failed', 'cancelled']);
    },
  };
}
