import * as z from 'zod';
import type { HttpClient } from '../api/http.js';
import { formatDuration, plausibleDuration } from '../duration.js';
import type { WaitProgress } from '../workspace/query-runs.js';

/** What a tool may use: the API client (the CLI's own error without a key or base URL) and a wait that reports to nobody. */
export interface ToolContext {
  http(): HttpClient;
  /** For waits: no spinner, and the client's cancellation of the call stops the wait as Ctrl-C would. */
  wait: WaitProgress;
}

/** A tool's answer: the data (rows as objects keyed by column name) and a short text of it for text-only clients. */
export interface ToolAnswer<O> {
  data: O;
  /** By default src/mcp/render.ts's rendering of the data. */
  text?: string;
}

export interface ToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  /** Every tool reaches the workspace's API, not the open world. */
  openWorldHint?: false;
}

export interface Tool {
  name: string;
  description: string;
  inputSchema: z.ZodObject;
  outputSchema: z.ZodObject;
  annotations: ToolAnnotations;
  /** Changes the workspace: listed and run only with `ws mcp --allow-writes`. */
  writes: boolean;
  run(args: unknown, context: ToolContext): Promise<ToolAnswer<Record<string, unknown>>>;
}

/**
 * Defines a tool (as firebase-tools' `tool()` does): `run` gets arguments already checked against
 * `inputSchema` (see src/mcp/server.ts), and answers data of `outputSchema`'s shape.
 */
export function tool<I extends z.ZodObject, O extends z.ZodObject>(
  spec: { name: string; description: string; inputSchema: I; outputSchema: O; annotations: ToolAnnotations; writes?: boolean },
  run: (args: z.output<I>, context: ToolContext) => Promise<ToolAnswer<z.input<O>>>,
): Tool {
  return { ...spec, annotations: { openWorldHint: false, ...spec.annotations }, writes: spec.writes ?? false, run: run as Tool['run'] };
}

/**
 * A name, slug or id that goes in a URL, bounded by the API's own limits (a query's or an automation's name is
 * 1-500 characters, a slug up to 255): a longer one matches nothing, and a server refuses a URL that long
 * (HTTP 431) instead of saying so.
 */
export const boundedName = (max: number, what: string) => z.string().min(1).max(max, `at most ${max} characters (${what})`);
/** Arguments every lookup takes, with descriptions a model reads. */
export const queryArgument = () =>
  boundedName(500, "a query's name is 1-500 characters, its slug up to 255, by the API's limits").describe(
    'the saved query: its slug (daily_revenue), its name ("Daily revenue", case-insensitive) or its id (UUID)',
  );
export const automationArgument = () =>
  boundedName(500, "an automation's name is 1-500 characters, by the API's limits").describe('the automation: its name (case-insensitive) or its id (UUID)');

/** A call an answer suggests next: the tool and its arguments, for the assistant to make as it is. */
export interface NextCall {
  tool: string;
  arguments: Record<string, unknown>;
}
export const nextCallSchema = () =>
  z.object({ tool: z.string(), arguments: z.record(z.string(), z.unknown()) }).describe('the tool call to make next, as it is');
/** A call in a sentence: `get_query_run with {"run_id":"…"}`. */
export const callText = (call: NextCall) => `${call.tool} with ${JSON.stringify(call.arguments)}`;
export const limitArgument = (fallback: number, max: number) =>
  z.int().min(1).max(max).default(fallback).describe(`how many to return, at most ${max} (default ${fallback})`);

const snake = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * A write tool's arguments after a request body's fields: the same schemas (so the API's limits are checked
 * before anything is sent), in snake_case, each with a description for a model.
 */
export function bodyArguments(body: z.ZodObject, fields: Record<string, string>): Record<string, z.ZodType> {
  return Object.fromEntries(Object.entries(fields).map(([field, description]) => [snake(field), (body.shape[field] as z.ZodType).describe(description)]));
}

/** The request body from a write tool's arguments: the body's fields that were given, in the API's names. */
export function bodyFrom(args: Record<string, unknown>, fields: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(fields).flatMap((field) => (args[snake(field)] === undefined ? [] : [[field, args[snake(field)]]])));
}

/** A duration for a table cell (1.2s, 3m5s); nothing when unknown or impossible. */
export function duration(ms: number | null | undefined): string | undefined {
  const shown = plausibleDuration(ms);
  return shown === undefined ? undefined : formatDuration(shown);
}
