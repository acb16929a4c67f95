import path from 'node:path';
import { isUuid } from '../../../ids.js';
import type { Agent, UpdateAgentBody } from '../../../api/schemas/agents.js';
import type { Context } from '../../../context.js';
import { printDryRun } from '../../../cmdutil/dry-run.js';
import { usageError } from '../../../errors.js';
import { jsonArgument, readStructured, readText, requireObject } from '../../../cmdutil/inputs.js';
import { canonical } from '../../../cmdutil/apply-plan.js';
import type { Agents } from '../declaration.js';

type UpdateOptions = Agents['update']['opts'];

/** The fields PATCH /agents/{identifier} takes. */
export const agentBodyFields = [
  'description',
  'kind',
  'handlerType',
  'systemPrompt',
  'tools',
  'subAgents',
  'skills',
  'maxTurns',
  'metadata',
  'inputSchema',
  'outputSchema',
];

/**
 * Agent fields the endpoint does not change. A file may hold them (so that `ws agents get x -o yaml` can be
 * edited and applied); they are skipped, but `id` and `name` must match the agent named on the command line.
 */
const readOnlyFields = [
  'id',
  'name',
  'status',
  'organizationId',
  'organizationSlug',
  'createdById',
  'updatedById',
  'createdAt',
  'updatedAt',
  'lastUsedAt',
  'userAgent',
];

/** A PATCH body before validation, and for each field the flag (or file field) it came from. */
export interface Draft {
  body: Record<string, unknown>;
  sources: Record<string, string>;
}

async function fromFile(ctx: Context, file: string, agent: string): Promise<Draft> {
  const label = file === '-' ? '--from-file (stdin)' : path.basename(file);
  const loaded = requireObject(await readStructured(ctx.io, file, '--from-file'), `--from-file ${file}`);
  const unknown = Object.keys(loaded).filter((key) => !agentBodyFields.includes(key) && !readOnlyFields.includes(key));
  if (unknown.length) {
    throw usageError(
      `${label}: unknown agent field${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`,
      `the fields an update takes: ${agentBodyFields.join(', ')}`,
    );
  }
  const other = isUuid(agent) ? loaded.id : loaded.name;
  if (other !== undefined && String(other).toLowerCase() !== agent.toLowerCase()) {
    throw usageError(`${label} describes agent ${String(other)}, not ${agent}`, 'name the agent the file describes, or remove id and name from the file');
  }
  const fields = agentBodyFields.filter((field) => field in loaded);
  return {
    body: Object.fromEntries(fields.map((field) => [field, loaded[field]])),
    sources: Object.fromEntries(fields.map((field) => [field, `${label}: ${field}`])),
  };
}

async function fromFlags(ctx: Context, opts: UpdateOptions): Promise<Draft> {
  if (opts.systemPrompt !== undefined && opts.systemPromptFile !== undefined) throw usageError('use --system-prompt or --system-prompt-file, not both');
  const stdin = [opts.systemPromptFile, opts.toolsFile, opts.inputSchemaFile, opts.outputSchemaFile, opts.fromFile].filter((file) => file === '-');
  if (stdin.length > 1) throw usageError('only one file flag can read stdin (-)');
  const draft: Draft = { body: {}, sources: {} };
  const set = (field: string, flag: string, value: unknown) => {
    if (value === undefined) return;
    draft.body[field] = value;
    draft.sources[field] = flag;
  };
  const structured = async (file: string | undefined, flag: string) => (file === undefined ? undefined : readStructured(ctx.io, file, flag));
  const object = async (file: string | undefined, flag: string) => (file === undefined ? undefined : requireObject(await structured(file, flag), flag));
  set('description', '--description', opts.description);
  set('kind', '--kind', opts.kind);
  set('handlerType', '--handler', opts.handler);
  if (opts.systemPromptFile !== undefined) set('systemPrompt', '--system-prompt-file', await readText(ctx.io, opts.systemPromptFile, '--system-prompt-file'));
  else set('systemPrompt', '--system-prompt', opts.systemPrompt);
  set('tools', '--tools-file', await structured(opts.toolsFile, '--tools-file'));
  set('subAgents', '--sub-agent', opts.subAgent);
  set('skills', '--skill', opts.skill);
  set('maxTurns', '--max-turns', opts.maxTurns);
  set('metadata', '--metadata', opts.metadata === undefined ? undefined : requireObject(await jsonArgument(ctx.io, opts.metadata, '--metadata'), '--metadata'));
  set('inputSchema', '--input-schema-file', await object(opts.inputSchemaFile, '--input-schema-file'));
  set('outputSchema', '--output-schema-file', await object(opts.outputSchemaFile, '--output-schema-file'));
  return draft;
}

/** The PATCH body from --from-file and the flags; a flag wins over the same field in the file. */
export async function draftUpdate(ctx: Context, agent: string, opts: UpdateOptions): Promise<Draft> {
  const flags = await fromFlags(ctx, opts);
  const file = opts.fromFile === undefined ? { body: {}, sources: {} } : await fromFile(ctx, opts.fromFile, agent);
  return { body: { ...file.body, ...flags.body }, sources: { ...file.sources, ...flags.sources } };
}

export interface AgentDiff {
  changes: Record<string, { from: unknown; to: unknown }>;
  unchanged: string[];
}

/** What the PATCH would change on the agent as it is now, field by field. */
export function diffAgent(agent: Agent, body: UpdateAgentBody): AgentDiff {
  const diff: AgentDiff = { changes: {}, unchanged: [] };
  for (const [field, to] of Object.entries(body)) {
    const from = (agent as Record<string, unknown>)[field] ?? null;
    if (canonical(from) === canonical(to)) diff.unchanged.push(field);
    else diff.changes[field] = { from, to };
  }
  return diff;
}

function short(value: unknown): string {
  const text = JSON.stringify(value ?? null);
  return text.length > 72 ? `${text.slice(0, 69)}...` : text;
}

/** `--dry-run`: the request, then each field's old and new value. */
export function printAgentDryRun(ctx: Context, request: { method: string; path: string; body: UpdateAgentBody }, diff: AgentDiff): Promise<void> {
  const changed = Object.entries(diff.changes);
  let text = changed.length
    ? `changes:\n${changed.map(([field, { from, to }]) => `  ${field}: ${short(from)} -> ${short(to)}\n`).join('')}`
    : 'changes: none, the agent already has these values\n';
  if (diff.unchanged.length) text += `unchanged: ${diff.unchanged.join(', ')}\n`;
  return printDryRun(ctx, request, { fields: { ...diff }, text });
}
