import { skillFields } from '../../../api/fields.js';
import type { Skill } from '../../../api/schemas/skills.js';
import { column, listText, objectOrNothing, type View } from '../../../output/view.js';

export const skillView: View<Skill> = {
  fields: skillFields,
  columns: [
    column('ID', 'id', { kind: 'id' }),
    column('SLUG', 'slug', { flex: true }),
    column('NAME', 'name', { flex: true }),
    column('UPDATED', 'updatedAt', { kind: 'time' }),
  ],
  detail: (s) => ({
    rows: [
      ['name', s.name],
      ['slug', s.slug],
      ['id', s.id],
      ['description', s.description],
      ['tools', listText(s.tools)],
      ['sub-agents', listText(s.subAgents)],
      ['sections', objectOrNothing(s.sections), 'json'],
      ['organization', s.organizationSlug],
      ['last used', s.lastUsedAt, 'time'],
      ['created', s.createdAt, 'time'],
      ['updated', s.updatedAt, 'time'],
    ],
    block: { title: 'knowledge', text: s.knowledge },
  }),
};

export type SkillAction = 'created' | 'updated' | 'unchanged';

/** The skills `ws skills apply` sent, each with what happened to it. */
export function appliedSkillsView(actions: Map<Skill, SkillAction>): View<Skill> {
  return {
    fields: skillFields,
    columns: [
      column('SLUG', 'slug', { key: true }),
      column('NAME', 'name', { flex: true }),
      column('ACTION', 'action', { value: (s) => actions.get(s) }),
      column('ID', 'id', { kind: 'id' }),
    ],
  };
}
