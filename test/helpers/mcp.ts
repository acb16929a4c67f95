/**
 * Drives `ws mcp` in-process with the MCP SDK's own client, over two streams that are its stdin and stdout: every
 * message and stderr kept. (A real process is driven raw, in test/e2e/mcp.test.ts.)
 */
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { run } from '../../src/cli.js';
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
