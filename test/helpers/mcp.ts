/**
 * Drives `ws mcp` with the MCP SDK's own client over stdio: bin/ws spawned with an environment built
 * from scratch (PATH, a private config folder, what the test gives), every message and stderr kept.
 */
import type { Readable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { tempConfigDir, wsBin } from './ws.js';

export interface McpSession {
  client: Client;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  /** Every JSON-RPC message the server sent, as received. */
  messages: string[];
  stderr(): string;
  close(): Promise<void>;
}

export async function startMcp(args: string[], env: Record<string, string | undefined>): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [wsBin, 'mcp', ...args],
    env: Object.fromEntries(Object.entries({ PATH: process.env.PATH, WS_CONFIG_DIR: tempConfigDir(), ...env }).filter((entry): entry is [string, string] => entry[1] !== undefined)),
    stderr: 'pipe',
  });
  let stderr = '';
  (transport.stderr as Readable).on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const messages: string[] = [];
  const client = new Client({ name: 'ws-e2e', version: '0' });
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
    stderr: () => stderr,
    close: () => client.close(),
  };
}

/** The text of a result's first content item. */
export function textOf(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}
