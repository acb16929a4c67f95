import { agentFields } from '../../../api/fields.js';
import type { Agent } from '../../../api/schemas/agents.js';
import { column, listText, objectOrNothing, type View } from '../../../output/view.js';

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
