import { agentFields } from '../../api/fields.js';
import type { Agent } from '../../api/schemas/agents.js';
import { column, type View } from '../../output/view.js';

/** A list for one detail line; null and empty lists show as "-". */
export function listText(values: readonly string[] | null | undefined): string | undefined {
  return values?.length ? values.join(', ') : undefined;
}

/** An object field worth a line only when it holds something. */
export function objectOrNothing(value: Record<string, unknown> | null | undefined): Record<string, unknown> | undefined {
  return value && Object.keys(value).length ? value : undefined;
}

export const agentView: View<Agent> = {
  fields: agentFields,
  columns: [
    column('ID', 'id', { kind: 'id' }),
    column('NAME', 'name', { flex: true }),
    column('KIND', 'kind'),
    column('STATUS', 'status', { kind: 'state' }),
    column('HANDLER', 'handlerType'),
    column('MAX TURNS', 'maxTurns', { kind: 'count' }),
    column('UPDATED', 'updatedAt', { kind: 'time' }),
  ],
  detail: (a) => ({
    rows: [
      ['name', a.name],
      ['id', a.id],
      ['description', a.description],
      ['kind', a.kind],
      ['status', a.status, 'state'],
      ['handler', a.handlerType],
      ['max turns', a.maxTurns, 'count'],
      ['tools', listText(a.tools?.map((tool) => tool.name))],
      ['sub-agents', listText(a.subAgents)],
      ['skills', listText(a.skills)],
      ['metadata', objectOrNothing(a.metadata), 'json'],
      ['input schema', objectOrNothing(a.inputSchema), 'json'],
      ['output schema', objectOrNothing(a.outputSchema), 'json'],
      ['organization', a.organizationSlug],
      ['last used', a.lastUsedAt, 'time'],
      ['created', a.createdAt, 'time'],
      ['updated', a.updatedAt, 'time'],
    ],
    block: { title: 'system prompt', text: a.systemPrompt },
  }),
};
