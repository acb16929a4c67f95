import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import type * as z from 'zod';
import { toJSONSchema } from 'zod/v4/core';
import type { Context } from '../context.js';
import { WsError, usageError } from '../errors.js';
import type { IO } from '../io.js';
import { PrintedCommands } from '../printed-commands.js';
import { redactSecret, stripControl, terminalText } from '../text.js';
import { version } from '../version.js';
import { render } from './render.js';
import { mcpRequestHints } from './request-hints.js';
import { listQueryResources, queryResourceTemplate, readQueryResource } from './resources.js';
import type { Tool, ToolContext } from './tool.js';
import { tools } from './tools/index.js';

const instructions = `Tools for a Workspace API v3 workspace (saved SQL queries and their runs, automations, agents, skills, chat sessions), with the profile and API key of the ws command-line tool. To answer from data: find a query (list_queries), run it (execute_query) and read its rows (get_query_run, from any offset: each answer's \`next\` is the call for the rows after). What failed lately: list_recent_failures. Each saved query is also a resource, ws://queries/<slug>. Errors carry ws's own message and a hint.`;

/**
 * The most one message may be: the SDK's stdio transport keeps a line in memory up to this size (its default),
 * and past it stops reading and closes.
 */
const maxMessageBytes = 10 * 1024 * 1024;

/** A tool's JSON Schema as MCP lists it (the root must be an object; zod's $schema line is left out). */
function jsonSchema(schema: z.ZodObject, io: 'input' | 'output') {
  const { $schema: _ignored, ...rest } = toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return { ...rest, type: 'object' as const };
}

/** A refusal of the arguments before any request: each problem names the argument and the rule. */
function argumentError(tool: Tool, error: z.ZodError): WsError {
  const problems = error.issues.map((issue) => `${issue.path.length ? issue.path.join('.') : 'arguments'}: ${issue.message}`);
  return usageError(
    `invalid arguments for ${tool.name}: ${problems.join('; ')}`,
    `the arguments ${tool.name} takes: ${Object.keys(tool.inputSchema.shape).join(', ') || 'none'}`,
  );
}

/** An error as a tool's text answer has it: `error: …` and `hint: …`, control characters removed (as the CLI does), bidi marks escaped, without the key. */
function errorText(error: unknown, secrets: string[]): string {
  const known = error instanceof WsError ? error : new WsError('api', (error as Error)?.message ?? String(error));
  const text = `error: ${known.message}${known.hint ? `\nhint: ${known.hint}` : ''}`;
  const shown = terminalText(text);
  return secrets.reduce((out, secret) => redactSecret(out, secret), shown);
}

function errorResult(error: unknown, secrets: string[]): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: errorText(error, secrets) }] };
}

/** Waits inside a tool stop when the client cancels the call (MCP's notifications/cancelled), never on a signal. */
function waitIO(io: IO, signal: AbortSignal): IO {
  return {
    ...io,
    onInterrupt: (listener) => {
      const stop = () => listener('SIGINT');
      signal.addEventListener('abort', stop, { once: true });
      return () => signal.removeEventListener('abort', stop);
    },
  };
}

/** The error for a message the transport would not read: the session cannot go on (the rest of that line is lost). */
function oversized(): WsError {
  return new WsError(
    'usage',
    `a message from the MCP client was over ${maxMessageBytes / 1024 / 1024} MiB (${maxMessageBytes.toLocaleString('en-US')} bytes), the most ws mcp reads: the session ended`,
    {
      hint: 'the tools take names, SQL and values far smaller than that: ask for less in one call, then start the server again',
    },
  );
}

/** Serves the tools and the query resources over stdio until the client closes stdin; stdout carries protocol messages only. */
export async function serve(ctx: Context, options: { allowWrites: boolean }): Promise<void> {
  const listed = tools.filter((tool) => options.allowWrites || !tool.writes);
  // the API client's hints name tools, not the CLI's commands
  ctx.useRequestHints(mcpRequestHints);
  const server = new Server({ name: 'ws', version: version() }, { capabilities: { tools: {}, resources: {} }, instructions });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: listed.map((tool) => ({
      name: tool.name,
      title: tool.annotations.title,
      description: tool.description,
      inputSchema: jsonSchema(tool.inputSchema, 'input'),
      outputSchema: jsonSchema(tool.outputSchema, 'output'),
      annotations: tool.annotations,
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    try {
      const found = tools.find((tool) => tool.name === request.params.name);
      if (!found) throw usageError(`unknown tool ${request.params.name}`, `the tools: ${listed.map((tool) => tool.name).join(', ')}`);
      if (found.writes && !options.allowWrites) {
        throw usageError(
          `${found.name} changes the workspace, and this server was started without --allow-writes: nothing was sent`,
          `ask the person to start it with \`${PrintedCommands.bare.command('mcp', '--allow-writes')}\` if they want this assistant to make changes`,
        );
      }
      const parsed = found.inputSchema.safeParse(request.params.arguments ?? {});
      if (!parsed.success) throw argumentError(found, parsed.error);
      const context: ToolContext = { http: () => ctx.http(), wait: { io: waitIO(ctx.io, extra.signal) } };
      const answer = await found.run(parsed.data, context);
      const hidden = ctx.secrets();
      const text = hidden.reduce((out, secret) => redactSecret(out, secret), stripControl(answer.text ?? render(answer.data)));
      const data = JSON.parse(hidden.reduce((out, secret) => redactSecret(out, secret), JSON.stringify(answer.data))) as Record<string, unknown>;
      return { content: [{ type: 'text', text }], structuredContent: data };
    } catch (error) {
      return errorResult(error, ctx.secrets());
    }
  });
  // Saved queries as resources, through the SDK's request schemas: its McpServer would list them all in one answer
  // (no cursor) and add about 200 KB of zod compatibility code to dist/vendor/mcp.cjs. A failure is a JSON-RPC
  // error with ws's message and hint, without the key.
  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      // MCP's "resource not found" is -32002, but this SDK (1.32) has no ErrorCode for it and its own McpServer
      // answers a missing resource with InvalidParams: a client that knows the SDK's codes gets one of them
      const code = error instanceof WsError && (error.kind === 'not_found' || error.kind === 'usage') ? ErrorCode.InvalidParams : ErrorCode.InternalError;
      throw new McpError(code, errorText(error, ctx.secrets()));
    }
  };
  server.setRequestHandler(ListResourcesRequestSchema, (request) => guarded(() => listQueryResources(ctx.http(), request.params?.cursor)));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [queryResourceTemplate] }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => guarded(() => readQueryResource(ctx.http(), request.params.uri)));
  const transport = new StdioServerTransport(ctx.io.stdin, ctx.io.stdout, { maxBufferSize: maxMessageBytes });
  // The transport stops reading only when stdin's data cannot be read (a line past its buffer), saying why only
  // through onerror, then closes: that must end ws with a message and an exit code, not as if the client had said
  // goodbye (stdin's end). The protocol wraps this handler, keeping it.
  let lastError: Error | undefined;
  transport.onerror = (error) => (lastError = error);
  let ended = false;
  const closed = new Promise<void>((resolve) => (server.onclose = resolve));
  ctx.io.stdin.once('end', () => {
    ended = true;
    void server.close();
  });
  await server.connect(transport);
  await closed;
  if (!ended)
    throw /maximum size/.test(lastError?.message ?? '')
      ? oversized()
      : new WsError('api', `the MCP transport stopped reading stdin${lastError ? `: ${lastError.message}` : ''}: the session ended`);
}
